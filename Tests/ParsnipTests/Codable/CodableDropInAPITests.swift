import Foundation
import Testing

@testable import Parsnip

/// Foundation coder API that ParsnipDecoder and ParsnipEncoder must also have (issue 13): 128-bit integers and
/// `CodableWithConfiguration`, each compared with JSONDecoder and JSONEncoder on this toolchain.
@Suite struct CodableDropInAPITests {
  // MARK: Int128 and UInt128

  struct Wide: Codable, Equatable {
    var signed: Int128
    var unsigned: UInt128
    var optional: Int128?
    var list: [UInt128]
  }

  static let extremes = Wide(
    signed: .min, unsigned: .max, optional: Int128(Int64.max) + 1, list: [0, UInt128(UInt64.max) + 1, .max])

  @Test func encodes128BitIntegersExactlyWithFoundationsBytes() throws {
    let encoder = ParsnipEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let bytes = try encoder.encode(Self.extremes)
    #expect(bytes == (try foundation.encode(Self.extremes)))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"list":[0,18446744073709551616,340282366920938463463374607431768211455],"#
        + #""optional":9223372036854775808,"signed":-170141183460469231731687303715884105728,"#
        + #""unsigned":340282366920938463463374607431768211455}"#)
    // The tree encoder (containers used out of order, and encodeToJSON's value) keeps every digit too.
    #expect(try encoder.encodeToJSON(Self.extremes)["signed"].description == "-170141183460469231731687303715884105728")
  }

  @Test func decodes128BitIntegersExactlyAsFoundationDoes() throws {
    let text = try JSONEncoder().encode(Self.extremes)
    #expect(try ParsnipDecoder().decode(Wide.self, from: text) == Self.extremes)
    #expect(try JSONDecoder().decode(Wide.self, from: text) == Self.extremes)
    // Whole numbers in other spellings, as for every integer type.
    #expect(try ParsnipDecoder().decode([Int128].self, from: "[1e3, -2, 3.0, 170141183460469231731687303715884105727]")
      == [1000, -2, 3, .max])
    #expect(try ParsnipDecoder().decode(Int128.self, from: try ParsnipEncoder().encode(Int128.min)) == .min)
  }

  @Test func rejects128BitIntegersOutOfRangeWithTheirPath() throws {
    for (text, type) in [("[340282366920938463463374607431768211456]", "UInt128"), ("[-1]", "UInt128"), ("[1.5]", "UInt128")] {
      let error = #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([UInt128].self, from: text) }
      guard case .dataCorrupted(let context) = error else {
        Issue.record("expected dataCorrupted, got \(String(describing: error))")
        continue
      }
      #expect(context.codingPath.map(\.intValue) == [0])
      #expect(context.debugDescription.contains(type))
    }
    let tooSmall = #expect(throws: DecodingError.self) {
      try ParsnipDecoder().decode(Int128.self, from: "-170141183460469231731687303715884105729")
    }
    #expect(tooSmall != nil)
  }

  // MARK: CodableWithConfiguration

  struct Price: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
    var cents: Int
    enum CodingKeys: CodingKey { case amount }

    init(cents: Int) { self.cents = cents }

    init(from decoder: any Decoder, configuration: Currency) throws {
      let amount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .amount)
      cents = amount * configuration.centsPerUnit
    }

    func encode(to encoder: any Encoder, configuration: Currency) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cents / configuration.centsPerUnit, forKey: .amount)
    }
  }

  struct Currency: Sendable { var centsPerUnit: Int }

  enum Euro: DecodingConfigurationProviding, EncodingConfigurationProviding {
    static var decodingConfiguration: Currency { Currency(centsPerUnit: 100) }
    static var encodingConfiguration: Currency { Currency(centsPerUnit: 100) }
  }

  @Test func decodesWithAConfigurationAsFoundationDoes() throws {
    let data = Data(#"{"amount": 12}"#.utf8)
    let yen = Currency(centsPerUnit: 1)
    #expect(try ParsnipDecoder().decode(Price.self, from: data, configuration: yen) == Price(cents: 12))
    #expect(try ParsnipDecoder().decode(Price.self, from: data, configuration: Euro.self) == Price(cents: 1200))
    #expect(try JSONDecoder().decode(Price.self, from: data, configuration: Euro.self) == Price(cents: 1200))
    // Errors are Foundation's, with the coding path.
    let error = #expect(throws: DecodingError.self) {
      try ParsnipDecoder().decode(Price.self, from: Data(#"{"amount": "12"}"#.utf8), configuration: yen)
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["amount"])
  }

  @Test func encodesWithAConfigurationToFoundationsBytes() throws {
    let price = Price(cents: 1200)
    let parsnip = try ParsnipEncoder().encode(price, configuration: Euro.self)
    #expect(parsnip == (try JSONEncoder().encode(price, configuration: Euro.self)))
    #expect(String(decoding: parsnip, as: UTF8.self) == #"{"amount":12}"#)
    #expect(
      String(decoding: try ParsnipEncoder().encode(price, configuration: Currency(centsPerUnit: 1)), as: UTF8.self)
        == #"{"amount":1200}"#)
  }
}

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
      (false, "\"a\": 1,\n\"b\" 2", 2, 5), (true, "a: 1\nb: 2", 2, 1), (false, "[1]", 1, 1), (true, "a: 1, b: 2,,", 1, 12),
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
    let error = #expect(throws: DecodingError.self) { try parsnip.decode(Pair.self, from: Data("a: 1,\n b: true".utf8)) }
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

  @Test func scalarsAndShortTexts() throws {
    #expect(try ParsnipDecoder().decode(Int.self, from: Data([0x35, 0x00])) == 5)
    #expect(try ParsnipDecoder().decode(Int.self, from: Data([0x00, 0x37])) == 7)
    #expect(try ParsnipDecoder().decode(String.self, from: try #require("\"é\"".data(using: .utf16LittleEndian))) == "é")
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
