import Foundation
import Testing

@testable import Parsnip

/// Every reader goes through one scan pipeline, one duplicate-key check and one `SourceLocation`, so they report the
/// same answers and the same places.
@Suite struct ScanPipelineTests {
  struct Pair: Decodable { var a: Int; var b: Int }

  // MARK: JSON5 positions point into the user's text

  @Test func json5DecodingErrorsAreLocatedInTheJSON5Text() throws {
    let decoder = ParsnipDecoder()
    decoder.allowsJSON5 = true
    // The normalized text is `{"a":"x","b":2}` on one line: the error there is at 1:6.
    let text = "// comment\n{a: 'x', /* c */ b: 2,}"
    let error = try #require(throws: DecodingError.self) { try decoder.decode(Pair.self, from: text) }
    guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
    #expect(context.debugDescription.hasSuffix("(line 2, column 5)"), "\(context.debugDescription)")
  }

  @Test func json5DuplicateKeyErrorsOfDocumentsAreLocatedInTheJSON5Text() throws {
    let options = JSON.ParsingOptions(allowsJSON5: true, duplicateKeys: .reject)
    let text = "{a: 1, /* c */ a: 2}"
    let fromDocument = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: text, options: options) }
    #expect(fromDocument.byteOffset == 15)
    #expect(fromDocument.description == #"1:16: duplicate key "a" in object"#)
    let fromTree = try #require(throws: JSONParseError.self) { try JSON(parsing: text, options: options) }
    #expect(fromTree == fromDocument)
  }

  @Test func json5ByteOffsetsOfDocumentValuesPointIntoTheJSON5Text() throws {
    let text = "{/* x */ 'k': [1, 0x10], \"s\": 'v'}"
    let document = try JSONDocument(parsing: text, options: JSON.ParsingOptions(allowsJSON5: true))
    #expect(document.root["k"]?.byteOffset == 14)
    #expect(document.root["k"]?[1]?.byteOffset == 18)
    #expect(document.root["s"]?.byteOffset == 30)
    #expect(document.root["k"]?[1]?.intValue == 16)
    #expect(document.byteCount == text.utf8.count)
  }

  @Test func json5SyntaxErrorsOfEveryReaderAgree() throws {
    let text = "{a: 1,\n  b: [1 2]}"
    let options = JSON.ParsingOptions(allowsJSON5: true)
    let tree = try #require(throws: JSONParseError.self) { try JSON(parsing: text, options: options) }
    let document = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: text, options: options) }
    #expect(tree == document)
    let decoder = ParsnipDecoder()
    decoder.allowsJSON5 = true
    let error = try #require(throws: DecodingError.self) { try decoder.decode(JSON.self, from: text) }
    guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
    #expect(context.underlyingError as? JSONParseError == tree)
  }

  // MARK: One rule for key equality

  /// `é` precomposed and `e` + combining acute are canonically equivalent (`String ==` says equal) but different
  /// keys: different Unicode scalars.
  @Test func canonicallyEquivalentKeysAreDifferentKeysForEveryReader() throws {
    let text = #"{"\u00e9":1,"e\u0301":2}"#
    let options = JSON.ParsingOptions(duplicateKeys: .reject)
    #expect(try JSON(parsing: text, options: options).objectValue?.count == 2)
    #expect(try JSONDocument(parsing: text, options: options).root.count == 2)
    let decoder = ParsnipDecoder()
    decoder.strictness = .strict
    #expect(try decoder.decode(JSON.self, from: text).objectValue?.count == 2)
  }

  @Test func keysWithTheSameScalarsAreDuplicatesForEveryReader() throws {
    // The same key spelled with and without an escape, after an object whose keys differ only canonically.
    let text = #"{"x": {"\u00e9": 1, "e\u0301": 2}, "y": [{"\u00e9": 1, "é": 2}]}"#
    let options = JSON.ParsingOptions(duplicateKeys: .reject)
    let tree = try #require(throws: JSONParseError.self) { try JSON(parsing: text, options: options) }
    let document = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: text, options: options) }
    #expect(tree == document)
    #expect(tree.byteOffset == 55)
    let decoder = ParsnipDecoder()
    decoder.strictness = .strict
    let error = try #require(throws: DecodingError.self) { try decoder.decode(JSON.self, from: text) }
    guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
    #expect(context.underlyingError as? JSONParseError == tree)
    #expect(context.codingPath.map(\.stringValue) == ["y", "Index 0", "é"])
  }

  @Test func theFirstRepeatedKeyInTextOrderIsReportedEverywhere() throws {
    // The outer object's repeat comes after the inner one's.
    let text = #"{"a": {"x": 1, "x": 2}, "a": 3}"#
    let options = JSON.ParsingOptions(duplicateKeys: .reject)
    let tree = try #require(throws: JSONParseError.self) { try JSON(parsing: text, options: options) }
    let document = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: text, options: options) }
    #expect(tree.byteOffset == 15)
    #expect(document == tree)
  }

  // MARK: One SourceLocation

  @Test func decoderColumnsAfterAByteOrderMarkEqualTheParsers() throws {
    let parseError = try #require(throws: JSONParseError.self) { try JSON(parsing: "\u{FEFF}{\"a\": x, \"b\": 2}") }
    #expect((parseError.line, parseError.column) == (1, 7))
    let error = try #require(throws: DecodingError.self) {
      try ParsnipDecoder().decode(Pair.self, from: "\u{FEFF}{\"a\": \"x\", \"b\": 2}")
    }
    guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
    #expect(context.debugDescription.hasSuffix("(line 1, column 7)"), "\(context.debugDescription)")
  }

  @Test func aLoneCarriageReturnIsBlankSpaceInItsLine() throws {
    let error = try #require(throws: JSONParseError.self) { try JSON(parsing: "{\"a\":\r1 x}") }
    #expect((error.line, error.column) == (1, 9))
    let crlf = try #require(throws: JSONParseError.self) { try JSON(parsing: "{\"a\":\r\n1 x}") }
    #expect((crlf.line, crlf.column) == (2, 3))
  }

  /// Issue 14 item 10: the library said 5:1 and the CLI 6:1 for this error at 5:9.
  @Test func aLoneCarriageReturnInsideAJSONLinesLineKeepsItsLocation() throws {
    let text = "1\n2\n3\n4\n{\"a\":\r1 x}\n6\n"
    var iterator = JSONLines(bytes: Array(text.utf8), errorPolicy: .skip).makeIterator()
    while try iterator.next() != nil {}
    let error = try #require(iterator.skipped.first)
    #expect((error.line, error.column) == (5, 9))
    #expect(error.byteOffset == 16)
    #expect(error.description == "5:9: expected ',' or '}' after an object member, found 'x'")
  }

  @Test func jsonLinesDecodingErrorsHaveTheSameShape() throws {
    let text = "{\"a\": 1, \"b\": 2}\n{\"a\": 1,\r \"b\": }\n"
    var iterator = JSONLines(bytes: Array(text.utf8), errorPolicy: .skip).decoded(as: Pair.self).makeIterator()
    while try iterator.next() != nil {}
    let error = try #require(iterator.skipped.first)
    #expect((error.line, error.column, error.byteOffset) == (2, 16, 32))
  }
}
