import Foundation
import Testing

@testable import Parsnip

/// `assumesTopLevelDictionary` (issue 13): object members without braces, compared with JSONDecoder.
@Suite struct AssumesTopLevelDictionaryTests {
  struct Pair: Decodable, Equatable { var a: Int; var b: Int }

  static func decoders(json5: Bool) -> (ParsnipDecoder, JSONDecoder) {
    let parsnip = ParsnipDecoder()
    parsnip.assumesTopLevelDictionary = true
    parsnip.allowsJSON5 = json5
    let foundation = JSONDecoder()
    foundation.assumesTopLevelDictionary = true
    foundation.allowsJSON5 = json5
    return (parsnip, foundation)
  }

  @Test(arguments: [
    (false, #""a": 1, "b": 2"#), (false, #"{"a": 1, "b": 2}"#), (false, "\u{FEFF}\"a\": 1, \"b\": 2"),
    (true, "a: 1, b: 2"), (true, "a: 1, b: 2,"), (true, "{a: 1, b: 2}"), (true, "// pair\n/* x */ {a: 1, b: 2}"),
    (true, "// pair\na: 1,\nb: 0x2"),
  ])
  func decodesMembersWithoutBracesAsFoundationDoes(json5: Bool, text: String) throws {
    let (parsnip, foundation) = Self.decoders(json5: json5)
    let data = Data(text.utf8)
    #expect(try foundation.decode(Pair.self, from: data) == Pair(a: 1, b: 2))
    #expect(try parsnip.decode(Pair.self, from: data) == Pair(a: 1, b: 2))
  }

  @Test func anEmptyTextIsAnEmptyObject() throws {
    for json5 in [false, true] {
      let (parsnip, foundation) = Self.decoders(json5: json5)
      #expect(try foundation.decode([String: Int].self, from: Data("  ".utf8)) == [:])
      #expect(try parsnip.decode([String: Int].self, from: Data("  ".utf8)) == [:])
    }
  }

  @Test func errorsPointIntoTheTextAsWritten() throws {
    for (json5, text, line, column) in [
      (false, "\"a\": 1,\n\"b\" 2", 2, 5), (true, "a: 1\nb: 2", 2, 1), (false, "[1]", 1, 1),
      (true, "a: 1, b: 2,,", 1, 12),
    ] {  // (a trailing comma in strict text is the documented difference: Foundation accepts it)
      let (parsnip, foundation) = Self.decoders(json5: json5)
      #expect(throws: DecodingError.self) { try foundation.decode([String: Int].self, from: Data(text.utf8)) }
      let error = #expect(throws: DecodingError.self) { try parsnip.decode([String: Int].self, from: Data(text.utf8)) }
      guard case .dataCorrupted(let context) = error, let parse = context.underlyingError as? JSONParseError else {
        Issue.record("expected a parse error for \(text), got \(String(describing: error))")
        continue
      }
      #expect((parse.line, parse.column) == (line, column), "\(text): \(parse)")
    }
  }

  @Test func aTypeMismatchKeepsItsPathAndLocation() throws {
    let (parsnip, _) = Self.decoders(json5: true)
    let error = #expect(throws: DecodingError.self) {
      try parsnip.decode(Pair.self, from: Data("a: 1,\n b: true".utf8))
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["b"])
    #expect(context.debugDescription.hasSuffix("(line 2, column 5)"), "\(context.debugDescription)")
  }

  @Test func theTreeParserTakesTheSameOption() throws {
    let options = JSON.ParsingOptions(assumesTopLevelObject: true)
    #expect(try JSON(parsing: #""a": [1, 2], "b": null"#, options: options) == ["a": [1, 2], "b": nil])
    #expect(try JSONDocument(parsing: Array(#""a": 1"#.utf8), options: options).root["a"]?.intValue == 1)
  }
}
