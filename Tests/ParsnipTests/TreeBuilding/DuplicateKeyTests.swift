import Testing
@testable import Parsnip

/// Duplicate object keys: `.useLast` keeps the first position with the last value; `.reject` names the key.
@Suite struct DuplicateKeyTests {
  static let reject = JSON.ParsingOptions(duplicateKeys: .reject)

  @Test func useLastKeepsFirstPositionAndLastValue() throws {
    let json = try JSON(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
    #expect(json.objectValue?.keys == ["a", "b"])
    #expect(json["a"] == 3)
    #expect(json.description == #"{"a":3,"b":2}"#)
  }

  @Test func useLastInLargeObjectsWithAHashIndex() throws {
    let members = (0..<40).map { #""k\#($0 % 25)": \#($0)"# }.joined(separator: ", ")
    let json = try JSON(parsing: "{\(members)}")
    let object = try #require(json.objectValue)
    #expect(object.count == 25)
    #expect(object.keys == (0..<25).map { "k\($0)" })
    #expect(json["k0"] == 25)
    #expect(json["k14"] == 39)
    #expect(json["k15"] == 15)
  }

  @Test func keysAreComparedAfterUnescaping() throws {
    #expect(try JSON(parsing: #"{"a": 1, "\u0061": 2}"#) == ["a": 2])
    #expect(ParseErrorTests.error(#"{"a": 1, "b": {"a": 2}}"#) == nil)
  }

  /// RFC 8259 compares names by code points: "é" (U+00E9) and "e\u{301}" are different names, with or without another
  /// duplicate in the same object.
  @Test func canonicallyEquivalentKeysAreDistinct() throws {
    for text in [
      #"{"é": 1, "e\#u{301}": 2}"#, #"{"é": 1, "e\#u{301}": 2, "a": 3, "a": 4}"#, #"{"\u00e9": 1, "e\#u{301}": 2}"#,
    ] {
      let object = try #require(try JSON(parsing: text).objectValue, "\(text)")
      #expect(object.members.map { Array($0.key.unicodeScalars) }.prefix(2) == [["é"], ["e", "\u{301}"]], "\(text)")
      #expect((try? JSON(parsing: #"{"é": 1, "e\#u{301}": 2}"#, options: Self.reject)) != nil)
    }
  }

  @Test func rejectNamesTheKeyAndItsPosition() {
    let e = #expect(throws: JSONParseError.self) {
      try JSON(parsing: "{\"a\": 1,\n \"b\": 2, \"a\": 3}", options: Self.reject)
    }
    #expect(e?.kind == .duplicateKey)
    #expect(e?.byteOffset == 18)
    #expect(e?.description == #"2:10: duplicate key "a" in object"#)
  }

  @Test func rejectFindsNestedAndEscapedDuplicates() {
    let e = #expect(throws: JSONParseError.self) {
      try JSON(parsing: #"[{"x": {"k": 1, "\u006b": 2}}]"#, options: Self.reject)
    }
    #expect(e?.message == #"duplicate key "k" in object"#)
    #expect((try? JSON(parsing: #"[{"k": 1}, {"k": 2}]"#, options: Self.reject)) != nil)
  }

  /// Documents under 1 KiB find repeated keys by comparing key bytes; larger ones through the interning table. Padding
  /// a document with trailing whitespace moves it from one path to the other and must change nothing.
  @Test(arguments: [
    #"{"a": 1, "b": 2, "a": 3}"#, #"{"a": 1, "\u0061": 2}"#, #"[{"x": {"k": 1, "\u006b": 2}}]"#,
    #"[{"k": 1}, {"k": 2}]"#, #"{"a": {"a": {"a": 1}}, "b": [{"a": 1, "a": [2]}]}"#, #"{"é": 1, "e\#u{301}": 2}"#,
    #"{"a": 1, "b": {"c": 2, "d": 3, "c": 4}, "a": 5}"#,
    #"{"long key past sixteen bytes": 1, "long key past sixteen bytes": 2}"#,
    "{" + (0..<40).map { #""k\#($0 % 25)": \#($0)"# }.joined(separator: ", ") + "}",
  ])
  func smallAndLargeDocumentsAgree(_ text: String) throws {
    let padded = text + String(repeating: " ", count: 1100)
    #expect(try JSON(parsing: padded) == JSON(parsing: text))
    #expect(try JSON(parsing: padded).description == JSON(parsing: text).description)
    func rejection(_ text: String) -> JSONParseError? {
      do {
        _ = try JSON(parsing: text, options: Self.reject)
        return nil
      } catch { return error }
    }
    let small = rejection(text)
    let large = rejection(padded)
    #expect(small?.kind == large?.kind)
    #expect(small?.byteOffset == large?.byteOffset)
    #expect(small?.message == large?.message)
  }

  @Test func rejectInJSON5ReportsTheOriginalPosition() {
    let options = JSON.ParsingOptions(allowsJSON5: true, duplicateKeys: .reject)
    let e = #expect(throws: JSONParseError.self) {
      try JSON(parsing: "{ // note\n  a: 1, /* x */ 'a': 2 }", options: options)
    }
    #expect(e?.kind == .duplicateKey)
    #expect(e?.byteOffset == 26)
    #expect(e?.description == #"2:17: duplicate key "a" in object"#)
  }
}
