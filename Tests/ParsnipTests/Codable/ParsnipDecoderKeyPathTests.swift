import Foundation
import BenchmarkModels
import Testing

@testable import Parsnip

/// Decoding only the value at a key path or JSON Pointer.
@Suite struct ParsnipDecoderKeyPathTests {
  static let document = """
    {
      "statuses": [
        {"id": 1, "user": {"name": "ada", "tags": ["a", "b"]}},
        {"id": 2, "user": {"name": "bob", "tags": []}}
      ],
      "meta": {"a.b": {"c": 3}, "x/y": 4, "m~n": 5, "quote\\"d": 6, "": 7},
      "count": 2
    }
    """

  struct Status: Decodable, Equatable {
    var id: Int
  }

  @Test(arguments: [
    ("statuses[0].user.name", "ada"), ("statuses[1].user.name", "bob"), ("/statuses/0/user/name", "ada"),
    ("statuses[0].user.tags[1]", "b"), ("/statuses/0/user/tags/1", "b"), (#"statuses[1]["user"]["name"]"#, "bob"),
  ])
  func readsAStringAtAPath(path: String, expected: String) throws {
    #expect(try ParsnipDecoder().decode(String.self, from: Self.document, at: path) == expected)
  }

  @Test(arguments: [
    (#"meta["a.b"].c"#, 3), ("/meta/a.b/c", 3), ("/meta/x~1y", 4), ("/meta/m~0n", 5), (#"meta["quote\"d"]"#, 6),
    ("/meta/quote\"d", 6), ("/meta/", 7), (#"meta[""]"#, 7), ("count", 2),
  ])
  func namesWithPunctuation(path: String, expected: Int) throws {
    #expect(try ParsnipDecoder().decode(Int.self, from: Self.document, at: path) == expected)
  }

  @Test func decodesASubtreeIntoATypeFromEveryInputForm() throws {
    let decoder = ParsnipDecoder()
    let expected = [Status(id: 1), Status(id: 2)]
    #expect(try decoder.decode([Status].self, from: Self.document, at: "statuses") == expected)
    #expect(try decoder.decode([Status].self, from: Data(Self.document.utf8), at: "/statuses") == expected)
    #expect(try decoder.decode([Status].self, from: Array(Self.document.utf8), at: "statuses") == expected)
  }

  @Test func theEmptyPathIsTheWholeDocument() throws {
    struct Count: Decodable { var count: Int }
    #expect(try ParsnipDecoder().decode(Count.self, from: Self.document, at: "").count == 2)
  }

  @Test func errorsInsideTheSubtreeKeepTheFullPath() throws {
    do {
      // `.0` is a member name, and arrays have no members.
      _ = try ParsnipDecoder().decode(String.self, from: Self.document, at: "statuses[0].user.tags.0")
      Issue.record("expected a type mismatch")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 0", "user", "tags"])
      #expect(context.debugDescription.hasPrefix(#"statuses[0].user.tags: cannot look up "0" in an array"#))
    }
    do {
      _ = try ParsnipDecoder().decode([Int].self, from: Self.document, at: "statuses[0].user.tags")
      Issue.record("expected a type mismatch")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 0", "user", "tags", "Index 0"])
    }
  }

  @Test func missingKeyIsKeyNotFound() throws {
    do {
      _ = try ParsnipDecoder().decode(Int.self, from: Self.document, at: "statuses[0].user.age")
      Issue.record("expected keyNotFound")
    } catch DecodingError.keyNotFound(let key, let context) {
      #expect(key.stringValue == "age")
      #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 0", "user"])
      #expect(context.debugDescription.contains(#"key "age" not found"#))
    }
  }

  @Test func indexOutOfRangeIsValueNotFound() throws {
    do {
      _ = try ParsnipDecoder().decode(Int.self, from: Self.document, at: "/statuses/5/id")
      Issue.record("expected valueNotFound")
    } catch DecodingError.valueNotFound(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 5"])
      #expect(context.debugDescription.contains("index 5 is out of range for an array of 2 elements"))
    }
  }

  @Test(arguments: ["count.x", "count[0]", "/count/x", "statuses.id", "/statuses/01", "/statuses/-"])
  func walkingThroughTheWrongKindIsATypeMismatch(path: String) {
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Int.self, from: Self.document, at: path) }
  }

  /// Exactly the grammars of `JSONKeyPath` and `JSONPointer`: the decoder once had its own, which also took
  /// `['x']`, any `\`-escape, `a[01]` and `]` in bare names.
  @Test(arguments: [
    "a..b", ".a", "a.", "a[", "a[x]", "a[1", #"a["b"#, "a]b", "a[0]b", "/a~2", "/a~", "a['b']", #"a["\x"]"#,
    "a[01]", "a[-1]",
  ])
  func malformedPathsAreDataCorrupted(path: String) throws {
    do {
      _ = try ParsnipDecoder().decode(Int.self, from: #"{"a": {"b": 1}}"#, at: path)
      Issue.record("expected an error for \(path)")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.hasPrefix("invalid path \(Excerpt.quoted(path))"))
      let grammar: any Error =
        path.hasPrefix("/") ? try #require(Self.pointerError(path)) : try #require(Self.keyPathError(path))
      #expect(context.debugDescription.hasSuffix(": \(grammar)"))
    }
  }

  static func pointerError(_ text: String) -> JSONPointerError? {
    do { _ = try JSONPointer(text) } catch { return error }
    return nil
  }

  static func keyPathError(_ text: String) -> JSONKeyPathError? {
    do { _ = try JSONKeyPath(text) } catch { return error }
    return nil
  }

  @Test func typedPathsDecodeFromEveryInputForm() throws {
    let decoder = ParsnipDecoder()
    let keyPath = try JSONKeyPath(#"meta["a.b"].c"#)
    let pointer = try JSONPointer("/meta/a.b/c")
    #expect(try decoder.decode(Int.self, from: Self.document, at: keyPath) == 3)
    #expect(try decoder.decode(Int.self, from: Data(Self.document.utf8), at: keyPath) == 3)
    #expect(try decoder.decode(Int.self, from: Array(Self.document.utf8), at: keyPath) == 3)
    #expect(try decoder.decode(Int.self, from: Self.document, at: pointer) == 3)
    #expect(try decoder.decode(Int.self, from: Data(Self.document.utf8), at: pointer) == 3)
    #expect(try decoder.decode(Int.self, from: Array(Self.document.utf8), at: pointer) == 3)
    // A key path's index never names a member; a pointer's token names either.
    #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: #"{"0": 1}"#, at: JSONKeyPath("[0]")) }
    #expect(try decoder.decode(Int.self, from: #"{"0": 1}"#, at: JSONPointer("/0")) == 1)
  }

  @Test func duplicateKeysOnThePathTakeTheLastValue() throws {
    #expect(try ParsnipDecoder().decode(Int.self, from: #"{"a": 1, "a": 2}"#, at: "a") == 2)
  }

  @Test(.requiresSharedData) func decodesOnlyTheSubtreeOfALargeDocument() throws {
    let file = try #require(Fixtures.benchData.first { $0.lastPathComponent == "twitter.json" })
    let data = try Data(contentsOf: file)
    let name = try ParsnipDecoder().decode(String.self, from: data, at: "statuses[3].user.screen_name")
    let full = try JSONDecoder().decode(Twitter.Response.self, from: data)
    #expect(name == full.statuses[3].user.screenName)
    let metadata = try ParsnipDecoder().decode(Twitter.SearchMetadata.self, from: data, at: "/search_metadata")
    #expect(metadata == full.searchMetadata)
  }
}
