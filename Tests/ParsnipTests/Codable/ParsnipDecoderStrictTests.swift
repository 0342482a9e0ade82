import Foundation
import Testing

@testable import Parsnip

/// `strictness`: unknown and duplicate keys as errors.
@Suite struct ParsnipDecoderStrictTests {
  struct Point: Codable, Equatable {
    var x: Int
    var y: Int
    var label: String?
  }

  struct Shape: Codable, Equatable {
    var points: [Point]
    var attributes: [String: String]
  }

  private func strict() -> ParsnipDecoder {
    let decoder = ParsnipDecoder()
    decoder.strictness = .strict
    return decoder
  }

  @Test func knownKeysPass() throws {
    let shape = try strict().decode(
      Shape.self,
      from: #"{"points": [{"x": 1, "y": 2, "label": null}, {"x": 3, "y": 4}], "attributes": {"any": "key"}}"#)
    #expect(shape.points.count == 2 && shape.attributes == ["any": "key"])
  }

  @Test func anUnknownKeyIsAnErrorNamingItsPath() throws {
    do {
      _ = try strict().decode(
        Shape.self, from: #"{"points": [{"x": 1, "y": 2}, {"x": 3, "y": 4, "z": 5}], "attributes": {}}"#)
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["points", "Index 1", "z"])
      #expect(context.debugDescription == #"points[1].z: unknown key "z" (not decoded by Point) (line 1, column 48)"#)
    }
    #expect(throws: DecodingError.self) {
      try strict().decode(Shape.self, from: #"{"points": [], "attributes": {}, "extra": 1}"#)
    }
  }

  @Test func lenientDecodingIgnoresUnknownKeys() throws {
    let shape = try ParsnipDecoder().decode(
      Shape.self, from: #"{"points": [{"x": 1, "y": 2, "z": 3}], "attributes": {}, "extra": 1}"#)
    #expect(shape.points == [Point(x: 1, y: 2, label: nil)])
  }

  @Test func duplicateKeysAreRejectedAnywhereInTheDocument() throws {
    do {
      _ = try strict().decode(Shape.self, from: #"{"points": [{"x": 1, "y": 2, "x": 3}], "attributes": {}}"#)
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["points", "Index 0", "x"])
      #expect((context.underlyingError as? JSONParseError)?.kind == .duplicateKey)
      #expect(context.debugDescription.hasPrefix(#"points[0].x: duplicate key "x""#))
    }
    let decoder = ParsnipDecoder()
    decoder.strictness = .rejectsDuplicateKeys
    #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: #"{"a": 1, "a": 2}"#) }
    #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: #"[{"a": 1, "a": 2}]"#, at: "") }
  }

  @Test func unknownKeysAloneLeaveDuplicatesToTheFirstValue() throws {
    let decoder = ParsnipDecoder()
    decoder.strictness.insert(.rejectsUnknownKeys)
    #expect(decoder.strictness.contains(.rejectsUnknownKeys) && !decoder.strictness.contains(.rejectsDuplicateKeys))
    #expect(try decoder.decode(Point.self, from: #"{"x": 1, "y": 2, "x": 5}"#).x == 1)
    decoder.strictness.remove(.rejectsUnknownKeys)
    #expect(decoder.strictness == .lenient)
  }

  @Test func classHierarchiesAndManualContainersCountTheirKeys() throws {
    let dog = try strict().decode(DecoderFixtures.Dog.self, from: #"{"name": "Rex", "breed": "collie"}"#)
    #expect(dog.breed == "collie")
    #expect(throws: DecodingError.self) {
      try strict().decode(DecoderFixtures.Dog.self, from: #"{"name": "Rex", "breed": "c", "age": 3}"#)
    }
    let manual = #"{"name":"n","point":[1,2],"nested":{"value":5},"sup":"s"}"#
    #expect(throws: Never.self) { try strict().decode(DecoderFixtures.Manual.self, from: manual) }
    let nestedExtra = #"{"name":"n","point":[1,2],"nested":{"value":5,"other":1},"sup":"s"}"#
    #expect(throws: DecodingError.self) { try strict().decode(DecoderFixtures.Manual.self, from: nestedExtra) }
  }

  @Test func droppedElementsDoNotTripTheUnknownKeyCheck() throws {
    struct Feed: Decodable { @LossyArray var points: [Point] }
    let feed = try strict().decode(Feed.self, from: #"{"points": [{"x": 1, "y": 2}, {"x": "bad", "y": 0, "zz": 1}]}"#)
    #expect(feed.points == [Point(x: 1, y: 2, label: nil)])
  }
}
