import Foundation
import Testing
@testable import Parsnip

/// The tree builder's shortcuts (interned strings, duplicate keys found while interning) give the same trees as
/// the plain definition: first position, last value, keys compared by Unicode scalars.
@Suite struct TreeBuilderTests {
  static let reject = JSON.ParsingOptions(duplicateKeys: .reject)

  /// Pads a document past the size from which interning matters, without changing its value.
  static func padded(_ text: String) -> String { text + String(repeating: " ", count: 5000) }

  @Test(arguments: [false, true])
  func nestedObjectsReusingTheParentsKeysAreNotDuplicates(padding: Bool) throws {
    let text = #"{"a": {"a": 1, "b": {"a": 2}}, "b": [{"a": 3, "b": 4}], "c": {"c": {"c": 5}}}"#
    let json = try JSON(parsing: padding ? Self.padded(text) : text, options: Self.reject)
    #expect(json["a"]["b"]["a"] == 2)
    #expect(json["b"][0]["b"] == 4)
    #expect(json["c"]["c"]["c"] == 5)
  }

  @Test(arguments: [false, true])
  func aDuplicateAfterANestedObjectWithTheSameKeyIsFound(padding: Bool) throws {
    let text = #"{"a": {"a": 1}, "b": 0, "a": 2}"#
    let json = try JSON(parsing: padding ? Self.padded(text) : text)
    #expect(json.objectValue?.keys == ["a", "b"])
    #expect(json["a"] == 2)
    let e = #expect(throws: JSONParseError.self) { try JSON(parsing: text, options: Self.reject) }
    #expect(e?.byteOffset == 24)
  }

  @Test func rejectReportsTheFirstDuplicateInTheText() {
    // The inner duplicate comes first in the text, though the outer object also repeats a key.
    let text = Self.padded(#"{"a": {"x": 1, "x": 2}, "a": 3}"#)
    let e = #expect(throws: JSONParseError.self) { try JSON(parsing: text, options: Self.reject) }
    #expect(e?.message == #"duplicate key "x" in object"#)
    #expect(e?.byteOffset == 15)
  }

  @Test(arguments: [false, true])
  func canonicallyEquivalentKeysStayDistinct(padding: Bool) throws {
    for text in [#"{"\u00e9": 1, "e\u0301": 2, "\u00e9": 3}"#, "{\"\u{E9}\": 1, \"e\u{301}\": 2, \"\u{E9}\": 3}"] {
      let json = try JSON(parsing: padding ? Self.padded(text) : text)
      let object = try #require(json.objectValue)
      #expect(object.count == 2)
      #expect(object.keys.map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
      #expect(object.values == [3, 2])
    }
  }

  /// Escaped strings are unescaped into a scratch buffer and made without a second UTF-8 validation: the bytes,
  /// and equality and hashing by canonical equivalence (a decomposed `e\u0301` is `é`), are what the tree, the
  /// document and the decoder give alike, for escapes that write ASCII, two-, three- and four-byte scalars.
  @Test func escapedStringsCompareByCanonicalEquivalence() throws {
    let text = #"["e\u0301", "caf\u00e9", "a\nb", "\ud83d\ude00!", "\u0041\u0042", "é\t", "\u00e9"]"#
    let expected = ["\u{E9}", "café", "a\nb", "😀!", "AB", "\u{E9}\t", "e\u{301}"]
    let tree = try JSON(parsing: text).arrayValue!.map { $0.stringValue! }
    let document = try JSONDocument(parsing: text)
    let read = (0..<expected.count).map { document.root[$0]?.stringValue ?? "" }
    let decoded = try ParsnipDecoder().decode([String].self, from: Data(text.utf8))
    for strings in [tree, read, decoded] {
      #expect(strings == expected)
      #expect(Set(strings) == Set(expected))
      #expect(strings.map { $0.utf8.count } == [3, 5, 3, 5, 2, 3, 2])
    }
    // Past `StringDecoding.scratchLimit` the string is unescaped in place: the same value.
    let long = String(repeating: #"\u00e9x\n"#, count: StringDecoding.scratchLimit / 4)
    let value = try JSON(parsing: "\"" + long + "\"").stringValue
    #expect(value == String(repeating: "\u{E9}x\n", count: StringDecoding.scratchLimit / 4))
  }

  @Test func escapedAndPlainSpellingsOfAKeyAreOneKey() throws {
    let text = Self.padded(#"[{"ab": 1, "x": 0, "a\u0062": 2}, {"a\u0062": 3, "ab": 4}]"#)
    #expect(try JSON(parsing: text) == [["ab": 2, "x": 0], ["ab": 4]])
    let e = #expect(throws: JSONParseError.self) { try JSON(parsing: text, options: Self.reject) }
    #expect(e?.byteOffset == 19)
  }

  @Test func stringsEndingTheInputAreReadWithinBounds() throws {
    // Interning reads whole words; exact-size buffers make an overrun visible to sanitizers and guard malloc.
    for length in 0..<40 {
      let content = String(repeating: "k", count: length)
      #expect(try JSON(parsing: Array("\"\(content)\"".utf8)) == .string(content))
      #expect(try JSON(parsing: Array("{\"\(content)\":\"\(content)\"}".utf8)) == [content: .string(content)])
      #expect(try JSON(parsing: Array("[\"\(content)\",\"\(content)\"]".utf8)) == [.string(content), .string(content)])
    }
  }

  @Test func repeatedValuesAreEqualStrings() throws {
    let values = ["", "en", "a somewhat longer value past the small-string size", "\u{65E5}\u{672C}", "tab\there"]
    let text =
      "["
      + (0..<3000).map { "\"\(values[$0 % values.count])\"".replacingOccurrences(of: "\t", with: "\\t") }
      .joined(separator: ",") + "]"
    let json = try JSON(parsing: text)
    #expect(json.arrayValue?.count == 3000)
    for (k, element) in (json.arrayValue ?? []).enumerated() {
      #expect(element.stringValue == values[k % values.count])
    }
  }

  /// Random objects with repeated keys, against the definition (`JSONObject(_:)` keeps first positions and last
  /// values), in documents large enough to fill the intern table.
  @Test(arguments: [1, 2, 3])
  func randomDocumentsMatchTheDefinition(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var expected: [JSON] = []
    var text = "["
    // Distinct filler strings first, so later keys meet a full table.
    let fillers = seed == 3 ? 40_000 : 200
    for k in 0..<fillers {
      text += "\"filler \(k)\","
      expected.append(.string("filler \(k)"))
    }
    for k in 0..<600 {
      let count = Int.random(in: 0..<30, using: &random)
      var pairs: [(String, JSON)] = []
      var members: [String] = []
      for m in 0..<count {
        let key = "k\(Int.random(in: 0..<(count + 2), using: &random))"
        let value: JSON = m % 3 == 0 ? ["k0": .number(JSONNumber(m))] : .number(JSONNumber(m))
        pairs.append((key, value))
        let spelled =
          Int.random(in: 0..<8, using: &random) == 0 ? key.replacingOccurrences(of: "k", with: "\\u006b") : key
        members.append("\"\(spelled)\": \(m % 3 == 0 ? "{\"k0\": \(m)}" : "\(m)")")
      }
      text += "{" + members.joined(separator: ", ") + "}" + (k == 599 ? "]" : ",")
      expected.append(.object(JSONObject(pairs)))
    }
    let json = try JSON(parsing: text)
    let array = try #require(json.arrayValue)
    #expect(array.count == expected.count)
    for (got, want) in zip(array, expected) where got != want || got.objectValue?.keys != want.objectValue?.keys {
      Issue.record("got \(got), expected \(want)")
      break
    }
  }

  /// The builder reads decimals from the scan it already has; the result must be the number `NumberParser` builds
  /// from the text (same storage, same digits), across integer, fraction and exponent shapes.
  @Test func numbersMatchTheNumberParser() throws {
    var random = SeededRandom(seed: 42)
    var texts = [
      "0", "-0", "0.0", "-0.0", "0e5", "0.00e-3", "1.50", "100", "1e2", "1E+2", "-1.0e-0", "0.1000",
      "12345678901234567890", "-9223372036854775808", "18446744073709551615", "1234567890123456789.5",
      "0.1234567890123456789", "0.12345678901234567890", "1e99999999999", "1.7976931348623157e308", "5e-324",
    ]
    for _ in 0..<3000 {
      var text = Bool.random(using: &random) ? "-" : ""
      let integerDigits = Int.random(in: 0..<22, using: &random)
      text +=
        integerDigits == 0
        ? "0"
        : String(Int.random(in: 1...9, using: &random))
          + (0..<integerDigits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
      if Bool.random(using: &random) {
        text +=
          "."
          + (0...Int.random(in: 0..<22, using: &random)).map { _ in
            String(Int.random(in: 0...9, using: &random) < 3 ? 0 : Int.random(in: 0...9, using: &random))
          }.joined()
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text += ["e", "E", "e+", "e-"].randomElement(using: &random)! + String(Int.random(in: 0..<400, using: &random))
      }
      texts.append(text)
    }
    for text in texts {
      let parsed = try #require(try JSON(parsing: "[\(text)]")[0].numberValue, "\(text)")
      let expected = try #require(JSONNumber(text: text), "\(text)")
      #expect(parsed.description == expected.description, "\(text)")
      // Integers past 19 digits that fit `UInt64` are integers in a tree (`JSONNumber(text:)` keeps their text).
      if case .uint = parsed.storage, case .text = expected.storage { continue }
      #expect(String(describing: parsed.storage) == String(describing: expected.storage), "\(text)")
    }
  }
}
