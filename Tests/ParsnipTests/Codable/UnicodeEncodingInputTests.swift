import Foundation
import Testing

@testable import Parsnip

/// UTF-16 and UTF-32 input (issue 13), detected as JSONDecoder detects it.
@Suite struct UnicodeEncodingInputTests {
  struct Note: Codable, Equatable { var text: String; var n: Int }
  static let note = Note(text: "zoë 😀 😀", n: 2)
  static let text = #"{"text": "zoë 😀 \ud83d\ude00", "n": 2}"#

  static let encodings: [(String, String.Encoding)] = [
    ("UTF-16LE", .utf16LittleEndian), ("UTF-16BE", .utf16BigEndian), ("UTF-16 with BOM", .utf16),
    ("UTF-32LE", .utf32LittleEndian), ("UTF-32BE", .utf32BigEndian),
  ]

  @Test(arguments: encodings.map(\.0))
  func decodesTheTextAsFoundationDoes(name: String) throws {
    let encoding = try #require(Self.encodings.first { $0.0 == name }?.1)
    let data = try #require(Self.text.data(using: encoding))
    #expect(try JSONDecoder().decode(Note.self, from: data) == Self.note)
    #expect(try ParsnipDecoder().decode(Note.self, from: data) == Self.note)
    #expect(try ParsnipDecoder().decode(Note.self, from: [UInt8](data)) == Self.note)
  }

  @Test func readsByteOrderMarksFoundationMisreads() throws {
    // UTF-32 with a little-endian mark: Foundation takes FF FE for UTF-16 and fails; the text is valid UTF-32LE.
    let data = try #require(Self.text.data(using: .utf32))
    #expect(Array(data.prefix(4)) == [0xFF, 0xFE, 0x00, 0x00])
    #expect(try ParsnipDecoder().decode(Note.self, from: data) == Self.note)
    var bigEndian = Data([0x00, 0x00, 0xFE, 0xFF])
    bigEndian.append(try #require(Self.text.data(using: .utf32BigEndian)))
    #expect(try ParsnipDecoder().decode(Note.self, from: bigEndian) == Self.note)
  }

  /// Foundation's test `bomPrefixes`: the same string behind each of its byte order marks, in the encoding each
  /// mark names. Its UTF-32 little-endian mark is `FE FF 00 00` (not the true `FF FE 00 00`, read above).
  static let bomPrefixes: [(name: String, prefix: [UInt8], encoding: String.Encoding)] = [
    ("UTF-8", [0xEF, 0xBB, 0xBF], .utf8), ("UTF-16BE", [0xFE, 0xFF], .utf16BigEndian),
    ("UTF-16LE", [0xFF, 0xFE], .utf16LittleEndian), ("UTF-32BE", [0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian),
    ("UTF-32LE", [0xFE, 0xFF, 0x00, 0x00], .utf32LittleEndian),
  ]

  @Test(arguments: bomPrefixes.map(\.name))
  func decodesFoundationsByteOrderMarkPrefixes(name: String) throws {
    let entry = try #require(Self.bomPrefixes.first { $0.name == name })
    let json = "\"👍🏻\""
    let data = Data(entry.prefix) + (try #require(json.data(using: entry.encoding)))
    #expect(try ParsnipDecoder().decode(String.self, from: data) == "👍🏻")
  }

  @Test func scalarsAndShortTexts() throws {
    #expect(try ParsnipDecoder().decode(Int.self, from: Data([0x35, 0x00])) == 5)
    #expect(try ParsnipDecoder().decode(Int.self, from: Data([0x00, 0x37])) == 7)
    #expect(
      try ParsnipDecoder().decode(String.self, from: try #require("\"é\"".data(using: .utf16LittleEndian))) == "é")
  }

  @Test func parseErrorsPointIntoTheTextAsGiven() throws {
    // "😀" takes 4 bytes in UTF-16 and UTF-8, one column; the error is at the second "2".
    let bad = "{\"a\": \"😀\",\n \"b\": 2 2}"
    for (encoding, unit) in [(String.Encoding.utf16LittleEndian, 2), (.utf32BigEndian, 4)] {
      let data = try #require(bad.data(using: encoding))
      let error = #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([String: String].self, from: data) }
      guard case .dataCorrupted(let context) = error, let parse = context.underlyingError as? JSONParseError else {
        Issue.record("expected a parse error, got \(String(describing: error))")
        continue
      }
      #expect((parse.line, parse.column) == (2, 9))
      let scalarsBefore = Array(bad.unicodeScalars).firstIndex { $0 == "2" }.map { $0 + 2 } ?? 0
      let offset = unit == 2 ? (scalarsBefore + 1) * 2 : scalarsBefore * 4
      #expect(parse.byteOffset == offset, "\(encoding)")
    }
  }

  @Test func invalidCodeUnitsAreErrors() throws {
    let cases: [[UInt8]] = [
      [0x22, 0x00, 0x00, 0xD8, 0x22, 0x00],  // a lone high surrogate in UTF-16LE
      [0x35, 0x00, 0x36],  // a truncated code unit
      [0x00, 0x00, 0x00, 0x22, 0x00, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x22],  // beyond U+10FFFF in UTF-32BE
    ]
    for bytes in cases {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(String.self, from: Data(bytes)) }
      let error = #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(String.self, from: Data(bytes)) }
      guard case .dataCorrupted(let context) = error, let parse = context.underlyingError as? JSONParseError else {
        Issue.record("expected a parse error for \(bytes), got \(String(describing: error))")
        continue
      }
      #expect(parse.kind == .invalidUTF8)
    }
  }
}
