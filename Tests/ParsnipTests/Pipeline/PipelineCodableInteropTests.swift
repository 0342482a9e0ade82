import Foundation
import Testing

@testable import Parsnip

/// Pipelines and Codable used inside each other: `.codable(T.self)` in a pipeline, and a pipeline decoder for one
/// property of a `Decodable` type, with both `ParsnipDecoder` and Foundation's `JSONDecoder`.
@Suite struct PipelineCodableInteropTests {
  struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  struct Shape: Equatable {
    var name: String
    var points: [Point]
  }

  static let decodeShape: JSONDecoding<Shape> =
    decode(Shape.init) |> .required("name", .string) |> .required("points", .array(.codable(Point.self)))

  @Test func codableValuesInsideAPipeline() throws {
    let text = #"{"name": "line", "points": [{"x": 0, "y": 0}, {"x": 3, "y": 4}]}"#
    let expected = Shape(name: "line", points: [Point(x: 0, y: 0), Point(x: 3, y: 4)])
    #expect(try decodeJSON(text, with: Self.decodeShape).get() == expected)
    #expect(try Self.decodeShape(JSON(parsing: text)).get() == expected)
  }

  @Test func aCodableFailureInsideAPipelineHasTheWholePath() throws {
    let text = "{\"name\": \"line\", \"points\": [{\"x\": 0, \"y\": 0},\n {\"x\": \"3\", \"y\": 4}]}"
    let error = try #require(decodeJSON(text, with: Self.decodeShape).failure)
    guard case .decodable = error.kind else {
      Issue.record("expected a Decodable failure, got \(error.kind)")
      return
    }
    #expect(error.path.description == "points[1].x")
    #expect(error.line == 2)
    #expect(error.description.hasPrefix("Problem with the value at points[1].x (line 2, column 8): "))
    // The same failure from a tree names the same path.
    #expect(Self.decodeShape(try JSON(parsing: text)).failure?.path.description == "points[1].x")
  }

  /// A `Decodable` type that reads one property with a pipeline decoder (a comma-separated tag list).
  struct Post: Decodable, Equatable {
    var title: String
    var tags: [String]
    var editors: [String]?

    static let tagList: JSONDecoding<[String]> = JSONDecoding.string.map { $0.split(separator: ",").map(String.init) }

    enum CodingKeys: String, CodingKey { case title, tags, editors }

    init(title: String, tags: [String], editors: [String]? = nil) {
      self.title = title
      self.tags = tags
      self.editors = editors
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      title = try container.decode(String.self, forKey: .title)
      tags = try container.decode(forKey: .tags, with: Self.tagList)
      editors = try container.decodeIfPresent(forKey: .editors, with: Self.tagList)
    }
  }

  @Test(arguments: [true, false])
  func aPipelineDecoderInsideADecodableType(foundation: Bool) throws {
    func decode(_ text: String) throws -> Post {
      foundation
        ? try JSONDecoder().decode(Post.self, from: Data(text.utf8))
        : try ParsnipDecoder().decode(Post.self, from: Data(text.utf8))
    }
    #expect(try decode(#"{"title": "Hi", "tags": "a,b"}"#) == Post(title: "Hi", tags: ["a", "b"]))
    #expect(try decode(#"{"title": "Hi", "tags": "a", "editors": null}"#) == Post(title: "Hi", tags: ["a"]))
    #expect(try decode(#"{"title": "Hi", "tags": "a", "editors": "x,y"}"#).editors == ["x", "y"])
    do {
      _ = try decode(#"{"title": "Hi", "tags": 7}"#)
      Issue.record("expected a failure")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["tags"])
      #expect(context.debugDescription == "Problem with the given value: expected a String, found 7")
      #expect((context.underlyingError as? JSONDecodingError)?.kind == .typeMismatch(expected: "a String", found: "7"))
    }
  }

  indirect enum Nest: Equatable, Sendable {
    case leaf
    case node(Nest)
  }

  static let decodeNest: JSONDecoding<Nest> = JSONDecoding<JSON>.json.andThen { json in
    json == .null ? .succeed(.leaf) : JSONDecoding.field("n", .lazy { decodeNest }).map { Nest.node($0) }
  }

  @Test func recursionOverATreeStopsAtTheDecodersBudget() {
    // A tree built in code is not limited by the parser: the `.lazy` budget is what stops the recursion.
    var json: JSON = .null
    for _ in 0..<600 { json = ["n": json] }
    let error = Self.decodeNest(json).failure
    #expect(error?.kind == .nestingTooDeep(limit: 512))
    #expect(error?.description.hasSuffix("recursive decoders nested deeper than 512 levels") == true)
    var shallow: JSON = .null
    for _ in 0..<100 { shallow = ["n": shallow] }
    #expect((try? Self.decodeNest(shallow).get()) != nil)
  }
}
