import Foundation
import Testing

@testable import Parsnip

/// The reference rule for partial snapshots, written from issue 43's table and settled against jiter 0.19
/// (`jiter.from_json(text, partial_mode=True | "trailing-strings")`): a plain recursive reading of a prefix of a
/// valid document, sharing nothing with `PartialJSON` but the parser of whole values.
///
/// - containers still open are closed; a key whose value shows nothing is left out;
/// - a number or literal cut by the end of the text shows when its text parses as it is (`2`, `true`), and not
///   otherwise (`2.`, `1e`, `-`, `fal`);
/// - an incomplete string shows in trailing-strings mode only, as the longest prefix of its body that parses
///   (cut before an incomplete escape, surrogate pair or UTF-8 character); an incomplete key never shows;
/// - a text with nothing to show (empty, white space, `-`, an incomplete top-level string in `on` mode) has no value.
enum PartialReference {
  static func snapshot(_ text: [UInt8], trailingStrings: Bool) -> JSON? {
    var reader = Reader(text: text, trailingStrings: trailingStrings)
    return reader.value().value
  }

  private struct Reader {
    let text: [UInt8]
    let trailingStrings: Bool
    var i = 0

    mutating func skipSpace() {
      while i < text.count, [0x20, 0x0A, 0x0D, 0x09].contains(text[i]) { i += 1 }
    }

    /// The value at `i`: what shows of it, and whether it is complete.
    mutating func value() -> (value: JSON?, complete: Bool) {
      skipSpace()
      guard i < text.count else { return (nil, false) }
      switch text[i] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = text[i] == UInt8(ascii: "{")
        i += 1
        var object = JSONObject()
        var elements: [JSON] = []
        func result(_ complete: Bool) -> (JSON?, Bool) {
          (isObject ? .object(object) : .array(elements), complete)
        }
        while true {
          skipSpace()
          guard i < text.count else { return result(false) }
          if text[i] == UInt8(ascii: isObject ? "}" : "]") {
            i += 1
            return result(true)
          }
          if text[i] == UInt8(ascii: ",") {
            i += 1
            continue
          }
          var key = ""
          if isObject {
            let (name, complete) = string()
            guard complete, case .string(let k)? = name else { return result(false) }
            key = k
            skipSpace()
            guard i < text.count else { return result(false) }
            i += 1  // ':'
          }
          let (child, complete) = value()
          if let child {
            if isObject { object[key] = child } else { elements.append(child) }
          }
          if !complete { return result(false) }
        }
      case UInt8(ascii: "\""):
        let (shown, complete) = string()
        return (complete || trailingStrings ? shown : nil, complete)
      default:
        let start = i
        while i < text.count, !Array(" \n\r\t,]}:".utf8).contains(text[i]) { i += 1 }
        let shown = try? JSON(parsing: text[start..<i])
        return (shown, i < text.count)
      }
    }

    /// A string at `i`: whole, or the longest prefix of its body that parses.
    mutating func string() -> (JSON?, Bool) {
      let start = i
      i += 1
      while i < text.count, text[i] != UInt8(ascii: "\"") {
        i += text[i] == UInt8(ascii: "\\") ? 2 : 1
      }
      if i < text.count {
        i += 1
        return (try? JSON(parsing: text[start..<i]), true)
      }
      i = text.count
      for cut in stride(from: text.count, through: start + 1, by: -1) {
        if let shown = try? JSON(parsing: Array(text[start..<cut]) + [UInt8(ascii: "\"")]) { return (shown, false) }
      }
      return (nil, false)
    }
  }
}

@Suite struct PartialJSONTests {
  static func snapshot(_ text: String, _ mode: PartialJSON.Mode) throws -> JSON {
    var partial = PartialJSON(mode: mode)
    try partial.append(text)
    return try partial.snapshot()
  }

  @Test(arguments: [
    (#"{"a": 1, "b": "hel"#, #"{"a":1}"#, #"{"a":1,"b":"hel"}"#),
    ("[1, 2.", "[1]", "[1]"),
    ("[1e", "[]", "[]"),
    (#"{"a": tr"#, "{}", "{}"),
    (#"{"a": [1, {"b": "x"#, #"{"a":[1,{}]}"#, #"{"a":[1,{"b":"x"}]}"#),
    (#"{"a": "x\"#, "{}", #"{"a":"x"}"#),
    ("[true, fal", "[true]", "[true]"),
    // Settled with jiter 0.19.
    ("[1, 2", "[1,2]", "[1,2]"),
    ("[1.5e3", "[1.5e3]", "[1.5e3]"),
    (#"{"a": -"#, "{}", "{}"),
    (#"{"a": ["#, #"{"a":[]}"#, #"{"a":[]}"#),
    (#"{"a""#, "{}", "{}"),
    (#"{"a":"#, "{}", "{}"),
    (#"{"a": "b", "c"#, #"{"a":"b"}"#, #"{"a":"b"}"#),
    (#"{"a": "\u00"#, "{}", #"{"a":""}"#),
    (#"{"a": "\ud83d"#, "{}", #"{"a":""}"#),
    (#"{"a": "\ud83d\ude00 x"#, "{}", #"{"a":"😀 x"}"#),
    (#"[""#, "[]", #"[""]"#),
    (#"{"a":1,"a":2"#, #"{"a":2}"#, #"{"a":2}"#),
    (#"{"a": {"b": 1}, "a": {"c"#, #"{"a":{}}"#, #"{"a":{}}"#),
    ("12", "12", "12"),
    ("[1]  ", "[1]", "[1]"),
  ])
  func table(text: String, on: String, trailingStrings: String) throws {
    #expect(try Self.snapshot(text, .on) == JSON(parsing: on), "\(text)")
    #expect(try Self.snapshot(text, .trailingStrings) == JSON(parsing: trailingStrings), "\(text)")
    for (mode, expected) in [(true, trailingStrings), (false, on)] {
      #expect(PartialReference.snapshot(Array(text.utf8), trailingStrings: mode) == (try JSON(parsing: expected)))
    }
  }

  @Test(arguments: ["", "   \n", "-", "tr", "\"abc"])
  func noValueYet(text: String) {
    #expect(throws: JSONParseError.self) { try Self.snapshot(text, .on) }
    if text != "\"abc" {
      #expect(throws: JSONParseError.self) { try Self.snapshot(text, .trailingStrings) }
    }
  }

  @Test func topLevelStringInTrailingStringsMode() throws {
    #expect(try Self.snapshot("\"abc", .trailingStrings) == "abc")
    #expect(try Self.snapshot("\"é", .trailingStrings) == "é")
    var cut = PartialJSON(mode: .trailingStrings)
    try cut.append([UInt8(ascii: "\""), UInt8(ascii: "a"), 0xC3])
    #expect(try cut.snapshot() == "a")
  }

  @Test func utf8IsCutAtWholeCharacters() throws {
    let value = "añ€😀"
    let bytes = Array(#"{"k": ""#.utf8) + Array(value.utf8)
    var expected = ""
    var partial = PartialJSON(mode: .trailingStrings)
    var fed = 0
    for (k, byte) in bytes.enumerated() {
      try partial.append([byte])
      fed += 1
      guard k >= 6 else { continue }
      // The characters whose last byte has arrived.
      let body = bytes[7..<fed]
      expected = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\u{FFFD}", with: "")
      #expect(try partial.snapshot() == ["k": .string(expected)])
    }
    #expect(expected == value)
  }

  @Test(arguments: ["]", "[1}", "{1: 2}", "[1 2]", "[1]x", "[1x]", "[\"\u{1}\"]"])
  func malformedTextFailsWithItsPlace(text: String) throws {
    var partial = PartialJSON()
    #expect(throws: JSONParseError.self) {
      try partial.append(text)
      _ = try partial.snapshot()
    }
    // The document stays failed.
    #expect(throws: JSONParseError.self) { try partial.append(" ") }
  }

  @Test func malformedOffsetsPointIntoTheWholeText() throws {
    var partial = PartialJSON()
    try partial.append("{\"a\": [1,\n")
    #expect {
      try partial.append(" 2x, 3]")
    } throws: { error in
      let error = error as? JSONParseError
      return error?.byteOffset == 12 && error?.line == 2 && error?.column == 3
    }
  }

  @Test func deepNestingIsAnError() throws {
    var partial = PartialJSON(maximumDepth: 64)
    #expect {
      try partial.append(String(repeating: "[", count: 100))
    } throws: { error in
      (error as? JSONParseError)?.kind == .nestingTooDeep && (error as? JSONParseError)?.byteOffset == 64
    }
    var deep = PartialJSON()
    try deep.append(String(repeating: "[", count: 512))
    #expect(try deep.snapshot().description.count > 0)
  }

  @Test func textLongerThanTheLimitIsAnError() throws {
    var partial = PartialJSON(mode: .trailingStrings, maximumLength: 1000)
    try partial.append("[\"" + String(repeating: "x", count: 990))
    #expect(try partial.snapshot()[0].stringValue?.count == 990)
    #expect {
      try partial.append(String(repeating: "x", count: 20))
    } throws: { error in
      (error as? JSONParseError)?.kind == .inputTooLarge
    }
  }

  @Test func aCompleteDocumentIsItsValue() throws {
    var partial = PartialJSON()
    try partial.append(#"{"a": [1, 2], "b": {"c": null}}"#)
    #expect(partial.isComplete)
    #expect(try partial.snapshot() == JSON(parsing: #"{"a": [1, 2], "b": {"c": null}}"#))
  }

  // MARK: - Every prefix, against the reference rule

  static let documents: [String] = [
    #"{"id": 7, "title": "Caf\u00e9 \"Le Z\u00e9bu\"", "tags": ["a", "b\\c", "😀é"], "score": -12.5e-3,"#
      + #" "ok": true, "none": null, "nested": {"deep": [[1, 2], {"x": [false]}], "empty": {}}, "list": []}"#,
    #"[1, -0.5, 1e10, "x", ["y", {"z": "\ud83d\ude00"}], {}, [], true, false, null, "tail\n"]"#,
    "  {\n  \"a\" : [ 1 , 2 ] ,\n  \"a\" : { \"b\" : \"c\" }\n}\n",
  ]

  /// Every prefix, taken from scratch and incrementally (one byte at a time), equals the reference.
  static func checkEveryPrefix(_ bytes: [UInt8]) throws {
    for mode in [PartialJSON.Mode.on, .trailingStrings] {
      var incremental = PartialJSON(mode: mode)
      for end in 0...bytes.count {
        if end > 0 { try incremental.append(bytes[(end - 1)..<end]) }
        let expected = PartialReference.snapshot(Array(bytes[..<end]), trailingStrings: mode == .trailingStrings)
        let fromIncremental = try? incremental.snapshot()
        #expect(fromIncremental == expected, "\(mode) prefix \(end): \(String(decoding: bytes[..<end], as: UTF8.self))")
        var scratch = PartialJSON(mode: mode)
        try scratch.append(bytes[..<end])
        #expect((try? scratch.snapshot()) == expected)
        if fromIncremental != expected { return }
      }
    }
  }

  @Test func everyPrefixOfSmallDocuments() throws {
    for text in Self.documents { try Self.checkEveryPrefix(Array(text.utf8)) }
  }

  /// Objects past the member count where keys are hashed, with keys repeated before and after it.
  @Test func everyPrefixOfALargeObjectWithRepeatedKeys() throws {
    let members = (0..<40).map { k in "\"k\(k % 25)\": \(k % 3 == 0 ? "[\(k)]" : "\(k)")" }
    try Self.checkEveryPrefix(Array(("{" + members.joined(separator: ", ") + "}").utf8))
  }

  /// The first 1200 bytes of four benchmark corpora (a prefix of a valid document is one too).
  @Test(.requiresSharedData) func everyPrefixOfBenchmarkCorpora() throws {
    for name in ["twitter.json", "github_events.json", "citm_catalog.json", "canada.json"] {
      guard let url = Fixtures.benchData.first(where: { $0.lastPathComponent == name }) else { continue }
      try Self.checkEveryPrefix(Array(try Data(contentsOf: url).prefix(1200)))
    }
  }

  /// Snapshots after random-sized tokens equal snapshots taken from scratch, and keeping an old snapshot while
  /// appending leaves it as it was.
  @Test func incrementalEqualsFromScratch() throws {
    var generator = SeededRandom(seed: 4303)
    var texts = Self.documents
    for _ in 0..<20 {
      texts.append(try PathsRandomJSON.value(depth: 5, using: &generator).string(options: .pretty))
    }
    for text in texts {
      let bytes = Array(text.utf8)
      for mode in [PartialJSON.Mode.on, .trailingStrings] {
        var partial = PartialJSON(mode: mode)
        var kept: [(JSON, Int)] = []
        var i = 0
        while i < bytes.count {
          let n = Swift.min(Int.random(in: 1...12, using: &generator), bytes.count - i)
          try partial.append(bytes[i..<(i + n)])
          i += n
          var scratch = PartialJSON(mode: mode)
          try scratch.append(bytes[..<i])
          let snapshot = try? partial.snapshot()
          #expect(snapshot == (try? scratch.snapshot()))
          if let snapshot, Bool.random(using: &generator) { kept.append((snapshot, i)) }
        }
        #expect(try partial.snapshot() == JSON(parsing: text))
        for (snapshot, end) in kept {
          var scratch = PartialJSON(mode: mode)
          try scratch.append(bytes[..<end])
          #expect(snapshot == (try scratch.snapshot()))
        }
      }
    }
  }

  // MARK: - Typed partial decoding

  struct Article: Decodable, Equatable {
    var title: String?
    var tags: [String]?
    var author: Author?
    struct Author: Decodable, Equatable {
      var name: String?
      var id: Int?
    }
  }

  @Test func snapshotsDecodeIntoOptionalMembers() throws {
    var partial = PartialJSON(mode: .trailingStrings)
    try partial.append(#"{"title": "Streams", "tags": ["a", "b"], "author": {"name": "Ad"#)
    #expect(
      try partial.decode(Article.self)
        == Article(title: "Streams", tags: ["a", "b"], author: .init(name: "Ad", id: nil)))
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var snake = PartialJSON()
    try snake.append(#"{"author": {"name": "Ada", "id": 3"#)
    #expect(try snake.decode(Article.self, using: decoder) == Article(author: .init(name: "Ada", id: 3)))
  }
}
