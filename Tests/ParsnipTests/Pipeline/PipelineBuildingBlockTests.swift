import Foundation
import Testing

@testable import Parsnip

/// elm-decode-pipeline's documented behaviours, and the other building blocks, from text and from trees.
@Suite struct PipelineBuildingBlockTests {
  struct Profile: Equatable {
    let name: String
    let nickname: String?
    let karma: Int
  }

  static let decodeProfile: JSONDecoding<Profile> =
    decode(Profile.init)
    |> .required("name", .string)
    |> .optional("nickname", .string)
    |> .optional("karma", .int, default: 0)

  /// Decodes `text` and the tree of `text`, expecting the same result both ways.
  func both<T: Equatable>(_ text: String, _ decoder: JSONDecoding<T>) throws -> T {
    let fromText = try decodeJSON(text, with: decoder).get()
    #expect(try decoder(JSON(parsing: text)).get() == fromText)
    return fromText
  }

  @Test func requiredFailsOnNull() throws {
    let result = decodeJSON(#"{"name": null}"#, with: Self.decodeProfile)
    #expect(throws: JSONDecodingError.self) { try result.get() }
    #expect(result.failure?.kind == .typeMismatch(expected: "a String", found: "null"))
    #expect(result.failure?.path == JSONKeyPath(components: [.key("name")]))
  }

  @Test func optionalGivesNilWhenMissingOrNull() throws {
    #expect(try both(#"{"name": "a"}"#, Self.decodeProfile) == Profile(name: "a", nickname: nil, karma: 0))
    #expect(try both(#"{"name": "a", "nickname": null, "karma": null}"#, Self.decodeProfile).nickname == nil)
  }

  @Test func optionalFailsOnAPresentMalformedValue() throws {
    let result = decodeJSON(#"{"name": "a", "nickname": 7}"#, with: Self.decodeProfile)
    #expect(result.failure?.kind == .typeMismatch(expected: "a String", found: "7"))
    #expect(result.failure?.path.description == "nickname")
  }

  @Test func optionalWithADefault() throws {
    #expect(try both(#"{"name": "a", "karma": 9}"#, Self.decodeProfile).karma == 9)
    #expect(try both(#"{"name": "a"}"#, Self.decodeProfile).karma == 0)
    #expect(decodeJSON(#"{"name": "a", "karma": "9"}"#, with: Self.decodeProfile).failure?.path.description == "karma")
  }

  @Test func requiredAtFollowsKeyPathsPointersAndKeyLists() throws {
    let text = #"{"user": {"avatar": {"url": "http://x/a.png"}, "tags": ["a", "b"]}}"#
    let pointer = try JSONPointer("/user/tags/1")
    let keyPath = try JSONKeyPath("user.tags[0]")
    #expect(try both(text, decode { (s: String) in s } |> .requiredAt("user.avatar.url", .string)) == "http://x/a.png")
    #expect(
      try both(text, decode { (s: String) in s } |> .requiredAt(["user", "avatar", "url"], .string)) == "http://x/a.png"
    )
    #expect(try both(text, decode { (s: String) in s } |> .requiredAt(pointer, .string)) == "b")
    #expect(try both(text, decode { (s: String) in s } |> .requiredAt(keyPath, .string)) == "a")
    let missing = decodeJSON(text, with: decode { (s: String) in s } |> .requiredAt("user.photo.url", .string))
    #expect(missing.failure?.kind == .missingKey("photo"))
    #expect(missing.failure?.path.description == "user")
  }

  @Test func optionalAtGivesNilWhenAnyStepIsMissing() throws {
    let decoder = decode { (s: String?) in s } |> .optionalAt("user.avatar.url", .string)
    #expect(try both(#"{"user": {}}"#, decoder) == nil)
    #expect(try both(#"{}"#, decoder) == nil)
    #expect(try both(#"{"user": {"avatar": {"url": null}}}"#, decoder) == nil)
    #expect(try both(#"{"user": {"avatar": {"url": "u"}}}"#, decoder) == "u")
    let a3 = try JSONPointer("/a/3")
    let pointer = decode { (s: String?) in s } |> .optionalAt(a3, .string)
    #expect(try both(#"{"a": ["x"]}"#, pointer) == nil)
    let wrong = decodeJSON(#"{"user": {"avatar": {"url": 5}}}"#, with: decoder)
    #expect(wrong.failure?.path.description == "user.avatar.url")
  }

  @Test func customRunsADecoderOnTheSameObject() throws {
    struct Point: Equatable { let x: Double, y: Double }
    let decodePoint: JSONDecoding<Point> =
      decode(Point.init) |> .custom(.index(0, .double)) |> .custom(.index(1, .double))
    #expect(try both("[1.5, -2]", decodePoint) == Point(x: 1.5, y: -2))
  }

  enum Shape: Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
  }

  static let decodeShape: JSONDecoding<Shape> = JSONDecoding.field("kind", .string).andThen { kind in
    switch kind {
    case "circle": decode(Shape.circle) |> .required("radius", .double)
    case "rectangle": decode(Shape.rectangle) |> .required("width", .double) |> .required("height", .double)
    default: .fail("unknown shape \"\(kind)\"")
    }
  }

  @Test func andThenDecodesATaggedUnion() throws {
    #expect(
      try both(
        #"[{"kind": "circle", "radius": 2}, {"kind": "rectangle", "width": 3, "height": 4}]"#, .array(Self.decodeShape))
        == [.circle(radius: 2), .rectangle(width: 3, height: 4)])
    let unknown = decodeJSON(#"[{"kind": "circle", "radius": 1}, {"kind": "hexagon"}]"#, with: .array(Self.decodeShape))
    #expect(
      unknown.failure?.description == #"Problem with the value at [1] (line 1, column 35): unknown shape "hexagon""#)
    let piped = JSONDecoding.field("kind", .string).andThen { _ in JSONDecoding.succeed(1) }
    #expect(try both(#"{"kind": "x"}"#, piped) == 1)
  }

  @Test func oneOfTakesTheFirstThatSucceeds() throws {
    let number: JSONDecoding<Double> = .oneOf([
      .double,
      JSONDecoding.string.andThen { text in
        Double(text).map { .succeed($0) } ?? .fail("not a number: \(text)")
      },
    ])
    #expect(try both(#"[1, "2.5"]"#, .array(number)) == [1, 2.5])
  }

  @Test func collections() throws {
    #expect(try both(#"{"b": 2, "a": 1}"#, .dictionary(.int)) == ["a": 1, "b": 2])
    let pairs = try decodeJSON(#"{"b": 2, "a": 1}"#, with: .keyValuePairs(.int)).get()
    #expect(pairs.map(\.key) == ["b", "a"])
    #expect(pairs.map(\.value) == [2, 1])
    #expect(try both("[1, null]", .array(.nullable(.int))) == [1, nil])
    #expect(try both(#"["a", "b", "c"]"#, .index(2, .string)) == "c")
    #expect(try both("[[1, 2], []]", .array(.array(.int))) == [[1, 2], []])
    #expect(try both("true", .succeed(42)) == 42)
  }

  @Test func primitives() throws {
    #expect(try both("true", .bool) == true)
    #expect(try both("-128", .int8) == -128)
    #expect(try both("65535", .uint16) == 65535)
    #expect(try both("2147483647", .int32) == Int32.max)
    #expect(try both("-9223372036854775808", .int64) == Int64.min)
    #expect(try both("18446744073709551615", .uint64) == UInt64.max)
    #expect(try both("4294967295", .uint32) == UInt32.max)
    #expect(try both("3.0", .int) == 3)
    #expect(try both("7", .uint) == 7)
    #expect(try both("255", .uint8) == 255)
    #expect(try both("-3", .int16) == -3)
    #expect(try both("0.1", .double) == 0.1)
    #expect(try both("0.1", .float) == 0.1 as Float)
    #expect(try both("12.345", .decimal) == Decimal(string: "12.345"))
    #expect(try both("123456789012345678901234567890", .number).description == "123456789012345678901234567890")
    #expect(try both(#"{"a": [1, null]}"#, .json) == ["a": [1, nil]])
    #expect(try both(#""https://example.com/a?b=c""#, .url) == URL(string: "https://example.com/a?b=c"))
    #expect(try both(#""AQID""#, .data) == Data([1, 2, 3]))
    #expect(try both(#""2015-03-25T15:49:10Z""#, .date()) == Date(timeIntervalSince1970: 1_427_298_550))
    #expect(try both("1427298550", .date(.secondsSince1970)) == Date(timeIntervalSince1970: 1_427_298_550))
    #expect(try both("1427298550000", .date(.millisecondsSince1970)) == Date(timeIntervalSince1970: 1_427_298_550))
    // Exact: no detour through Double.
    #expect(decodeJSON("9007199254740993", with: .int64).success == 9_007_199_254_740_993)
    #expect(
      decodeJSON("300", with: .int8).failure?.kind
        == .typeMismatch(expected: "an Int8 (a whole number from -128 to 127)", found: "300"))
    #expect(decodeJSON("3.5", with: .int).failure != nil)
  }
}

extension Result {
  var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
  var success: Success? { if case .success(let value) = self { value } else { nil } }
}
