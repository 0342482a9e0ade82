import Testing
@testable import Parsnip

/// UTF-8 validation of strings (and of bytes outside them), against the standard library as the oracle.
@Suite struct UTF8ValidationTests {
  static func quoted(_ bytes: [UInt8]) -> [UInt8] { [0x22] + bytes + [0x22] }

  @Test(
    arguments: [
      ("overlong 2-byte slash", [0xC0, 0xAF]),
      ("overlong 2-byte, largest", [0xC1, 0xBF]),
      ("overlong 3-byte", [0xE0, 0x80, 0xAF]),
      ("overlong 3-byte, largest", [0xE0, 0x9F, 0xBF]),
      ("overlong 4-byte", [0xF0, 0x80, 0x80, 0xAF]),
      ("overlong 4-byte, largest", [0xF0, 0x8F, 0xBF, 0xBF]),
      ("high surrogate U+D800", [0xED, 0xA0, 0x80]),
      ("low surrogate U+DFFF", [0xED, 0xBF, 0xBF]),
      ("surrogate pair encoded as two scalars", [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
      ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
      ("F5 lead byte", [0xF5, 0x80, 0x80, 0x80]),
      ("5-byte form", [0xF8, 0x88, 0x80, 0x80, 0x80]),
      ("FF byte", [0xFF]),
      ("truncated 2-byte", [0xC3]),
      ("truncated 3-byte", [0xE2, 0x82]),
      ("truncated 4-byte", [0xF0, 0x9F, 0x98]),
      ("truncated before ASCII", [0xE2, 0x82, 0x41]),
      ("stray continuation", [0x80]),
      ("stray continuation after ASCII", [0x41, 0xBF]),
      ("continuation after a complete sequence", [0xC3, 0xA9, 0xA9]),
    ] as [(String, [UInt8])])
  func illFormedSequencesInStringsAreRejected(_ name: String, _ bytes: [UInt8]) {
    let e = ParseErrorTests.error(Self.quoted(bytes))
    #expect(e?.kind == .invalidUTF8, "\(name)")
    #expect(e?.message.hasPrefix("invalid UTF-8 byte 0x") == true, "\(name)")
    // Outside a string, a sequence that is ill-formed from its first byte is still named as invalid UTF-8.
    let illFormedAtStart =
      bytes[0] >= 0x80
      && bytes.withUnsafeBufferPointer {
        Scanner.utf8SequenceLength($0.baseAddress!, at: 0, end: $0.count) == nil
      }
    if illFormedAtStart {
      #expect(ParseErrorTests.error([0x5B] + bytes + [0x5D])?.kind == .invalidUTF8, "\(name)")
    }
  }

  @Test(
    arguments: [
      [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF], [0xEF, 0xBF, 0xBE], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
  func boundaryScalarsAreAccepted(_ bytes: [UInt8]) throws {
    let json = try JSON(parsing: Self.quoted(bytes))
    #expect(json.stringValue.map { Array($0.utf8) } == bytes)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // String(validating:as:)
  @Test func randomByteStringsAgreeWithTheStandardLibrary() {
    var rng = SeededRandom(seed: 0x07F8)
    var mismatches: [[UInt8]] = []
    for _ in 0..<50_000 {
      // Bytes biased towards the interesting lead and continuation ranges, never '"' or '\' or controls.
      let count = 1 + Int(rng.next() % 6)
      let bytes = (0..<count).map { _ -> UInt8 in
        let r = rng.next()
        switch r % 4 {
        case 0: return UInt8(0x80 + r >> 8 % 0x40)  // continuation
        case 1: return UInt8(0xC0 + r >> 8 % 0x40)  // lead bytes and invalid bytes
        case 2: return UInt8(0x41 + r >> 8 % 26)  // ASCII letters
        default: return [0xE0, 0xED, 0xF0, 0xF4, 0xC2, 0xEF][Int(r >> 8 % 6)]
        }
      }
      let oracle = String(validating: bytes, as: UTF8.self)
      let parsed = try? JSON(parsing: Self.quoted(bytes))
      if (oracle == nil) != (parsed == nil) || (parsed != nil && parsed?.stringValue != oracle) {
        mismatches.append(bytes)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Long runs of two- and three-byte sequences are validated a word at a time; corrupt one byte of such a run at
  /// every position (leads 0xC0, 0xC1, 0xE0 and 0xED, missing and extra continuations) and compare.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // String(validating:as:)
  @Test func corruptedMultibyteRunsAgreeWithTheStandardLibrary() {
    var rng = SeededRandom(seed: 0x5EED_0002)
    let scalars: [[UInt8]] = [
      [0xD0, 0x9B], [0xD1, 0x8F], [0xC2, 0x80], [0xDF, 0xBF], [0xE3, 0x81, 0x82], [0xE4, 0xB8, 0x80],
      [0xEF, 0xBF, 0xBD], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
    ]
    let corruptions: [UInt8] = [0xC0, 0xC1, 0xE0, 0xED, 0xA0, 0x80, 0xBF, 0xF0, 0xFF, 0x41, 0xE3, 0xD0]
    var mismatches: [[UInt8]] = []
    for round in 0..<20_000 {
      // A run of one script (plus spaces), as real text has.
      let script = rng.next() % 2 == 0 ? scalars[0..<4] : scalars[4..<10]
      var bytes: [UInt8] = []
      while bytes.count < 8 + Int(rng.next() % 40) {
        bytes += rng.next() % 8 == 0 ? [0x20] : script[script.startIndex + Int(rng.next() % UInt64(script.count))]
      }
      if round % 4 != 0 { bytes[Int(rng.next() % UInt64(bytes.count))] = corruptions[Int(rng.next() % 12)] }
      if round % 7 == 0 { bytes.insert(0xA9, at: Int(rng.next() % UInt64(bytes.count))) }
      let padding = [UInt8](repeating: 0x20, count: Int(rng.next() % 9))
      let oracle = String(validating: bytes, as: UTF8.self)
      let parsed = try? JSON(parsing: padding + [0x5B] + Self.quoted(bytes) + [0x2C, 0x31, 0x5D])
      if (oracle == nil) != (parsed == nil) || (parsed != nil && parsed?[0].stringValue != oracle) {
        mismatches.append(bytes)
      }
    }
    let firstFew = mismatches.prefix(5)
    #expect(mismatches.count == 0, "\(firstFew)")
  }

  @Test(arguments: [
    #""\uD800""#, #""\uDBFF""#, #""\uDC00""#, #""\uDFFF""#, #""\uDC00\uD800""#, #""\uD800\uD800""#,
    #""\uD800\u0041""#, #""\uD800\n""#, #""\uD800""#, #""a\uD800b""#, #"{"\uDFAA": 1}"#,
  ])
  func loneSurrogateEscapesAreRejected(_ text: String) {
    let e = ParseErrorTests.error(text)
    #expect(e?.kind == .invalidEscape)
    #expect(e?.message.contains("lone surrogate") == true)
  }

  @Test func surrogatePairEscapesDecode() throws {
    #expect(try JSON(parsing: #""\uD83D\uDE00 \uD834\uDD1E \udbff\udfff""#) == "😀 𝄞 \u{10FFFF}")
    #expect(try JSON(parsing: #""\u0000\u001f\u00e9\u20AC""#) == "\u{0}\u{1F}é€")
  }

  /// Decoded strings skip a second validation and are told whether they are ASCII; a non-ASCII string marked ASCII
  /// would report its UTF-8 length as its UTF-16 and character counts. Every way of reading a string is checked,
  /// with the non-ASCII byte in the fast 16-byte path, after it, at the end, and beside escapes; the padding takes
  /// the document past `StringTable.minimumSourceCount`, so keys and short values are interned.
  @Test func decodedStringsKnowWhetherTheyAreASCII() throws {
    struct Document: Decodable { let objects: [[String: String]] }
    let samples: [(json: String, string: String)] = [
      ("plain ascii", "plain ascii"), ("é", "é"), ("zoë", "zoë"),
      (String(repeating: "a", count: 20) + "é", String(repeating: "a", count: 20) + "é"), ("漢字かな", "漢字かな"),
      ("😀 tail", "😀 tail"), (String(repeating: "x", count: 40) + "€", String(repeating: "x", count: 40) + "€"),
      (#"tab\tthen é"#, "tab\tthen é"), (#"\u00e9 escaped"#, "é escaped"), (#"\u00e9\u00e9"#, "éé"),
    ]
    for padding in ["", String(repeating: "p", count: StringTable.minimumSourceCount)] {
      let members = samples.map { #""\#($0.json)": "\#($0.json)""# }.joined(separator: ", ")
      let bytes = Array(#"{"objects": [{\#(members)}, {\#(members)}], "padding": "\#(padding)"}"#.utf8)
      let tree = try JSON(parsing: bytes)
      let index = try JSONDocument(parsing: bytes)
      let decoded = try ParsnipDecoder().decode(Document.self, from: bytes).objects
      for object in 0..<2 {
        let members = try #require(tree["objects"][object].objectValue?.members)
        for (position, string) in samples.map(\.string).enumerated() {
          let readings = [
            ("tree key", members[position].key), ("tree value", members[position].value.stringValue),
            ("document", index.root["objects"]?[object]?[string]?.stringValue), ("decoder", decoded[object][string]),
          ]
          for (how, value) in readings {
            let value = try #require(value, "\(how) \(string)")
            #expect(value == string, "\(how)")
            #expect(value.utf16.count == string.utf16.count, "\(how) \(string)")
            #expect(value.count == string.count, "\(how) \(string)")
            #expect(value.hashValue == string.hashValue, "\(how) \(string)")
          }
        }
      }
    }
  }
}
