import Foundation
import Testing

@testable import Parsnip

/// Encodes with Parsnip and Foundation and checks that both outputs parse to the same JSON value.
func expectEncodesLikeFoundation<T: Encodable>(
  _ value: T, _ configure: (ParsnipEncoder, JSONEncoder) -> Void = { _, _ in },
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let parsnip = ParsnipEncoder()
  let foundation = JSONEncoder()
  configure(parsnip, foundation)
  let ours = try parsnip.encode(value)
  let theirs = try foundation.encode(value)
  let oursJSON = try JSON(parsing: ours)
  let theirsJSON = try JSON(parsing: theirs)
  #expect(
    oursJSON == theirsJSON,
    "Parsnip: \(String(decoding: ours, as: UTF8.self))\nFoundation: \(String(decoding: theirs, as: UTF8.self))",
    sourceLocation: sourceLocation)
  // The tree path (encodeToJSON) gives the same value as the streamed text.
  #expect(try parsnip.encodeToJSON(value) == oursJSON, sourceLocation: sourceLocation)
}

/// A type-erased Encodable for argument tables.
struct AnyEncodableValue: Encodable, CustomTestStringConvertible, Sendable {
  let label: String
  let encodeBody: @Sendable (any Encoder) throws -> Void
  init<T: Encodable & Sendable>(_ label: String, _ value: T) {
    self.label = label
    encodeBody = { encoder in try value.encode(to: encoder) }
  }
  func encode(to encoder: any Encoder) throws { try encodeBody(encoder) }
  var testDescription: String { label }
}

enum Suit: String, Codable, Sendable { case hearts, spades }
enum Rank: Int, Codable, Sendable {
  case ace = 1
  case king = 13
}

struct Everything: Codable, Equatable, Sendable {
  var bool = true
  var int = -42
  var int8 = Int8.min
  var int16 = Int16.max
  var int32 = Int32.min
  var int64 = Int64.max
  var uint = UInt.max
  var uint8 = UInt8.max
  var uint16 = UInt16.max
  var uint32 = UInt32.max
  var uint64 = UInt64.max
  var float: Float = 0.1
  var double = 0.1
  var string = "héllo \"world\" \\ / \n\t\u{1} 😀"
  var optionalPresent: Int? = 3
  var optionalAbsent: String? = nil
  var array = [1, 2, 3]
  var strings = ["a", "b/c"]
  var doubles = [1.5, -0.0, 1e21, 5e-324, 1e-7]
  var bools = [true, false]
  var nested = [[1], [], [2, 3]]
  var dictionary = ["one": 1, "two/2": 2]
  var intKeyed = [1: "a", 2: "b"]
  var suit = Suit.hearts
  var rank = Rank.king
  var url = URL(string: "https://example.com/a?b=c")!
  var data = Data([0, 1, 2, 254, 255])
  var decimal = Decimal(string: "12345678901234567890.123")!
  var date = Date(timeIntervalSince1970: 1_427_298_550.357)
  var empty: [String: Int] = [:]
  var optionals: [Int?] = [1, nil, 3]
}

final class Base: Codable, @unchecked Sendable {
  var name = "base"
  var tags = ["x"]
}

final class Holder: Codable, @unchecked Sendable {
  var first = Base()
  var second: Base? = nil
  var list = [Base(), Base()]
}

@Suite struct ParsnipEncoderTests {
  static let values: [AnyEncodableValue] = [
    AnyEncodableValue("Int", 42),
    AnyEncodableValue("negative Int", Int.min),
    AnyEncodableValue("UInt64.max", UInt64.max),
    AnyEncodableValue("Double", 3.14159),
    AnyEncodableValue("tiny Double", 5e-324),
    AnyEncodableValue("huge Double", 1.7976931348623157e308),
    AnyEncodableValue("Float", Float(3.4e38)),
    AnyEncodableValue("String", "a\"b\\c/d\u{0}\u{1F}\u{7F}é𝄞"),
    AnyEncodableValue("Bool", false),
    AnyEncodableValue("nil", Int?.none),
    AnyEncodableValue("[Int]", [1, -2, 3]),
    AnyEncodableValue("[String]", ["x", "", "y"]),
    AnyEncodableValue("[Double]", [0.5, 100.0, -1e-300]),
    AnyEncodableValue("[Bool]", [true]),
    AnyEncodableValue("[[String: Int]]", [["a": 1], [:]]),
    AnyEncodableValue("[String: [Int]]", ["k": [1, 2]]),
    AnyEncodableValue("[Double: String]", [1.5: "a"]),
    AnyEncodableValue("[Int: Int]", [7: 8]),
    AnyEncodableValue("enum", [Suit.spades]),
    AnyEncodableValue("Everything", Everything()),
    AnyEncodableValue("[Everything]", [Everything(), Everything()]),
    AnyEncodableValue("classes", Holder()),
    AnyEncodableValue("Date", Date(timeIntervalSince1970: 0)),
    AnyEncodableValue("Data", Data("hello".utf8)),
    AnyEncodableValue("URL", URL(string: "file:///tmp/a%20b")!),
    AnyEncodableValue("Decimal", Decimal(string: "-0.000012345")!),
    AnyEncodableValue("optional struct", [Everything?.none, Everything()]),
  ]

  @Test("Output parses to the same value as Foundation's", arguments: values)
  func matchesFoundation(_ value: AnyEncodableValue) throws {
    try expectEncodesLikeFoundation(value)
  }

  @Test func compactSortedOutputIsByteForByteFoundations() throws {
    struct Record: Codable {
      var zeta = 1
      var alpha = "a/b"
      var Mid = [3, 2, 1]
      var nested = ["y": true, "x": false]
      var _under = -7
    }
    let parsnip = ParsnipEncoder()
    parsnip.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let ours = try parsnip.encodeToString(Record())
    #expect(ours == String(decoding: try foundation.encode(Record()), as: UTF8.self))
    #expect(ours == #"{"Mid":[3,2,1],"_under":-7,"alpha":"a\/b","nested":{"x":false,"y":true},"zeta":1}"#)
  }

  @Test func sortedKeysOrderByUnicodeScalarsIncludingEscapedKeys() throws {
    let value: [String: Int] = ["b": 1, "B": 2, "a\"q": 3, "a": 4, "é": 5, "e": 6, "a/": 7, "\u{1}": 8]
    let encoder = ParsnipEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(value)
    #expect(text == #"{"\u0001":8,"B":2,"a":4,"a\"q":3,"a\/":7,"b":1,"e":6,"é":5}"#)
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    #expect(text == String(decoding: try foundation.encode(value), as: UTF8.self))
  }

  @Test func slashesAreEscapedUnlessDisabled() throws {
    let encoder = ParsnipEncoder()
    #expect(try encoder.encodeToString("a/b") == #""a\/b""#)
    encoder.outputFormatting = .withoutEscapingSlashes
    #expect(try encoder.encodeToString("a/b") == #""a/b""#)
  }

  @Test func controlCharactersUseShortEscapesOrLowercaseHex() throws {
    let text = try ParsnipEncoder().encodeToString("\u{8}\u{C}\n\r\t\u{0}\u{1F}\"\\")
    #expect(text == #""\b\f\n\r\t\u0000\u001f\"\\""#)
  }

  @Test func longStringsWithEscapesEverywhereRoundTrip() throws {
    var text = ""
    for i in 0..<2000 { text += i % 7 == 0 ? "\"" : i % 11 == 0 ? "\n" : i % 13 == 0 ? "é" : "x" }
    let data = try ParsnipEncoder().encode(text)
    #expect(try JSON(parsing: data) == .string(text))
  }

  @Test func floatsUseTheirOwnShortestDigits() throws {
    #expect(
      try ParsnipEncoder().encodeToString([Float(0.1), Float(1) / 3, Float(16_777_216)]) == "[0.1,0.33333334,16777216]")
  }

  @Test func jsonValuesKeepExactDigitsAndMemberOrder() throws {
    let source = #"{"z":12345678901234567890123456789,"a":0.1000000000000000055511151231257827,"m":[1.50,-1,1E+2]}"#
    let json = try JSON(parsing: source)
    struct Wrapper: Encodable {
      var json: JSON
      var number: JSONNumber
    }
    let text = try ParsnipEncoder().encodeToString(Wrapper(json: json, number: json["z"].numberValue!))
    let expected =
      #"{"json":{"z":12345678901234567890123456789,"a":0.1000000000000000055511151231257827,"m":[1.50,-1,100]},"#
      + #""number":12345678901234567890123456789}"#
    #expect(text == expected)
  }

  @Test func encodeToJSONKeepsEncodingOrder() throws {
    struct Ordered: Encodable {
      var zulu = 1
      var alpha = 2
      var mike: [String: Int] = [:]
    }
    let json = try ParsnipEncoder().encodeToJSON(Ordered())
    #expect(json.objectValue?.keys == ["zulu", "alpha", "mike"])
  }

  @Test func outputsAreTheSameAsDataBytesAndString() throws {
    let encoder = ParsnipEncoder()
    let value = Everything()
    let data = try encoder.encode(value)
    #expect(Array(data) == (try encoder.encodeToBytes(value)))
    #expect(String(decoding: data, as: UTF8.self) == (try encoder.encodeToString(value)))
  }

  @Test func userInfoReachesEncodeTo() throws {
    struct Reader: Encodable {
      static let key = CodingUserInfoKey(rawValue: "prefix")!
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode((encoder.userInfo[Self.key] as? String ?? "") + "!")
      }
    }
    let encoder = ParsnipEncoder()
    encoder.userInfo[Reader.key] = "hi"
    #expect(try encoder.encodeToString([Reader()]) == #"["hi!"]"#)
  }

  @Test func codingPathsSeenByEncodeToMatchFoundation() throws {
    final class PathRecorder: @unchecked Sendable { var paths: [String] = [] }
    struct Probe: Encodable {
      let recorder: PathRecorder
      func encode(to encoder: any Encoder) throws {
        recorder.paths.append(
          encoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/"))
        var container = encoder.singleValueContainer()
        try container.encode(1)
      }
    }
    struct Outer: Encodable {
      let recorder: PathRecorder
      func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: PathCodingKey.self)
        try keyed.encode(Probe(recorder: recorder), forKey: PathCodingKey(stringValue: "a"))
        try keyed.encode(
          [Probe(recorder: recorder), Probe(recorder: recorder)], forKey: PathCodingKey(stringValue: "list"))
        var nested = keyed.nestedContainer(keyedBy: PathCodingKey.self, forKey: PathCodingKey(stringValue: "n"))
        try nested.encode(["k": Probe(recorder: recorder)], forKey: PathCodingKey(stringValue: "d"))
      }
    }
    let ours = PathRecorder()
    let theirs = PathRecorder()
    _ = try ParsnipEncoder().encode(Outer(recorder: ours))
    _ = try JSONEncoder().encode(Outer(recorder: theirs))
    #expect(ours.paths == ["a", "list/[0]", "list/[1]", "n/d/k"])
    // Foundation leaves the nested container's key out of the path ("d/k"); Parsnip reports the full path.
    #expect(ours.paths.prefix(3) == theirs.paths.prefix(3))
  }

  @Test func concurrentEncodesWithOneEncoderAreIndependent() async throws {
    let encoder = ParsnipEncoder()
    let expected = try JSON(parsing: encoder.encode(Everything()))
    try await withThrowingTaskGroup(of: Data.self) { group in
      for _ in 0..<8 { group.addTask { try encoder.encode(Everything()) } }
      for try await data in group { #expect(try JSON(parsing: data) == expected) }
    }
  }
}
