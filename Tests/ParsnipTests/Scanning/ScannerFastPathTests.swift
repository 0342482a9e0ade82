import Foundation
import Testing
@testable import Parsnip

/// The scanner's block-at-a-time paths (16 and 8 bytes in strings, 16 in whitespace, UTF-8 checks) give
/// the same answers as byte-by-byte reading, wherever the interesting byte falls in a block.
@Suite struct ScannerFastPathTests {
  /// ASCII filler that never needs escaping.
  static func filler(_ n: Int) -> String { String((0..<n).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) }) }

  @Test func everyStringSpecialByteIsFoundAtEveryPosition() throws {
    for position in 0..<40 {
      for trailing in [0, 1, 7, 8, 15, 16, 17, 40] {
        let before = Self.filler(position)
        let after = Self.filler(trailing)
        // A closing quote, an escape, non-ASCII text.
        #expect(try JSON(parsing: "[\"\(before)\"]") == [.string(before)])
        #expect(try JSON(parsing: "[\"\(before)\\n\(after)\"]") == [.string(before + "\n" + after)])
        #expect(
          try JSON(parsing: "[\"\(before)\u{E9}\u{65E5}\u{1F600}\(after)\"]")
            == [.string(before + "\u{E9}\u{65E5}\u{1F600}" + after)])
        // An unescaped control character and an invalid byte are errors at their own offset.
        let control = Array("[\"\(before)".utf8) + [0x09] + Array("\(after)\"]".utf8)
        let e = ParseErrorTests.error(control)
        #expect(e?.kind == .unescapedControlCharacter)
        #expect(e?.byteOffset == 2 + position)
        let invalid = Array("[\"\(before)".utf8) + [0xE2, 0x28, 0xA1] + Array("\(after)\"]".utf8)
        #expect(ParseErrorTests.error(invalid)?.kind == .invalidUTF8)
        #expect(ParseErrorTests.error(invalid)?.byteOffset == 2 + position)
      }
    }
  }

  /// Every UTF-8 verdict inside long strings (where four bytes can always be read at once) matches the standard
  /// library's, for sequences of up to four bytes from the interesting ranges, with ASCII around them.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // String(validating:as:)
  @Test func fourByteChecksAgreeWithTheStandardLibrary() {
    let leads: [UInt8] = [
      0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
      0xF3, 0xF4, 0xF5, 0xFF,
    ]
    let continuations: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
    var mismatches: [[UInt8]] = []
    for lead in leads {
      for c1 in continuations {
        for c2 in continuations {
          for c3 in continuations {
            let bytes = [lead, c1, c2, c3]
            let text = Array("[\"abcdefghijklmnopq".utf8) + bytes + Array("rstuvwxyz\"]".utf8)
            let expected = String(validating: bytes, as: UTF8.self)
            let parsed = try? JSON(parsing: text)
            let agrees = expected.map { parsed == [.string("abcdefghijklmnopq" + $0 + "rstuvwxyz")] } ?? (parsed == nil)
            if !agrees { mismatches.append(bytes) }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Cyrillic text with its spaces is checked 16 bytes a step (`Scanner.skipTwoByteText`). Put one wrong or special
  /// byte at every position of such a run, with the run at every alignment, and compare the verdict and the error's
  /// offset with reading the same bytes one sequence at a time.
  @Test func twoByteTextIsCheckedLikeOneSequenceAtATime() {
    // "Артемий Попов" and more: two-byte sequences with spaces.
    let mismatches = Self.corruptionsReadByteByByte(
      in: "Артемий Попов Вячеслав Захаров",
      replacements: [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xD0], [0xD0, 0x41], [0xD0, 0xD0], [0xE2, 0x80, 0x99],
        [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF5], [0xFF], [0x22], [0x5C, 0x6E],
        [0x5C, 0x78], [0x09], [0x1F], [0x41], [0x20], [0xC2, 0x80], [0xDF, 0xBF],
      ])
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Chinese and Japanese text is checked five sequences per 16 bytes, then two a word (`Scanner.skipThreeByteText`);
  /// the same comparison, over a run long enough for several 16-byte steps and the word steps after them.
  @Test func threeByteTextIsCheckedLikeOneSequenceAtATime() {
    let mismatches = Self.corruptionsReadByteByByte(
      in: "中文字符测试，日本語のテキスト漢字かな交じり文と中文的混合文本",
      replacements: [
        [0x80], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xE3, 0x81],
        [0xE3, 0x41, 0x82], [0xEF, 0xBF, 0xBD], [0xC3, 0xA9], [0x41], [0x22], [0x0A],
      ])
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Scripts, widths and ASCII mixed, with a four-byte sequence among them.
  @Test func mixedTextIsCheckedLikeOneSequenceAtATime() {
    let mismatches = Self.corruptionsReadByteByByte(
      in: "Привет, 世界! ünï 日本語 text \u{1F600} と English、混在 ok",
      replacements: [
        [0x80], [0xBF], [0xC0, 0x80], [0xD0], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xE3, 0x41],
        [0xF0, 0x9F, 0x98, 0x80], [0xF0, 0x9F], [0x22], [0x5C, 0x6E], [0x09], [0x41],
      ])
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Each byte of `text` replaced by each of `replacements`, inside a string after 0 to 2 spaces: the inputs whose
  /// parse does not give the verdict of ``byteByByteVerdict(_:stringAt:)``.
  static func corruptionsReadByteByByte(in text: String, replacements: [[UInt8]]) -> [String] {
    let text = Array(text.utf8)
    var mismatches: [String] = []
    for prefix in 0..<3 {
      for position in 0..<text.count {
        for replacement in replacements {
          var body = text
          body.replaceSubrange(position..<position + 1, with: replacement)
          let head = Array(repeating: UInt8(ascii: " "), count: prefix) + Array("[\"".utf8)
          let input = head + body + Array("\",1]".utf8)
          let expected = byteByByteVerdict(input, stringAt: head.count)
          let got = ParseErrorTests.error(input).map { "\($0.kind) at \($0.byteOffset)" }
          // A quote ends the string early: the text after it is some other error.
          if expected != got, expected != "other" || got == nil {
            let verdicts = "\(got ?? "valid"), expected \(expected ?? "valid")"
            mismatches.append("\(prefix) \(position) \(replacement): \(verdicts)")
          }
        }
      }
    }
    return mismatches
  }

  /// Every byte after a backslash, at several alignments: the one-letter escapes are read in place, the rest go
  /// through the full escape check.
  @Test func everyByteAfterABackslashIsJudgedAsTheGrammarSays() {
    let oneLetter: [UInt8: String] = [
      0x22: "\"", 0x5C: "\\", 0x2F: "/", 0x62: "\u{08}", 0x66: "\u{0C}", 0x6E: "\n", 0x72: "\r", 0x74: "\t",
    ]
    for byte in UInt8.min...UInt8.max {
      for before in [0, 5, 16, 17] {
        let filler = Self.filler(before)
        let input = Array("[\"\(filler)\\".utf8) + [byte] + Array("abc\"]".utf8)
        if let decoded = oneLetter[byte] {
          #expect((try? JSON(parsing: input)) == [.string(filler + decoded + "abc")], "byte \(byte)")
        } else if byte == UInt8(ascii: "u") {
          #expect(ParseErrorTests.error(input)?.kind == .invalidEscape)  // "\uabc\"" has too few hex digits
        } else {
          let e = ParseErrorTests.error(input)
          #expect(e?.kind == .invalidEscape, "byte \(byte)")
          #expect(e?.byteOffset == 2 + before, "byte \(byte)")
        }
      }
    }
  }

  /// What reading a string one byte or sequence at a time reports for `input`, whose string's contents start at
  /// `start` and whose value is followed by `,1]`: `nil` when it parses.
  static func byteByByteVerdict(_ input: [UInt8], stringAt start: Int) -> String? {
    var j = start
    while true {
      let b = input[j]
      if b == 0x22 {
        // The string ends here; what follows must be `,1]` for the input to parse.
        return Array(input[(j + 1)...]) == Array(",1]".utf8) ? nil : "other"
      } else if b == 0x5C {
        let next = input[j + 1]
        guard Array("\"\\/bfnrt".utf8).contains(next) else { return "\(JSONParseError.Kind.invalidEscape) at \(j)" }
        j += 2
      } else if b < 0x20 {
        return "\(JSONParseError.Kind.unescapedControlCharacter) at \(j)"
      } else if b < 0x80 {
        j += 1
      } else {
        let length = input.withUnsafeBufferPointer { Scanner.utf8SequenceLength($0.baseAddress!, at: j, end: $0.count) }
        guard let length else { return "\(JSONParseError.Kind.invalidUTF8) at \(j)" }
        j += length
      }
    }
  }

  @Test func sequencesEndingTheInputAreCheckedWithinIt() {
    // No bytes after the sequence: the 4-byte load must not be used.
    for bytes: [UInt8] in [[0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80]] {
      let text = Array("\"".utf8) + bytes + Array("\"".utf8)
      #expect((try? JSON(parsing: text))?.stringValue.map { Array($0.utf8) } == bytes)
      #expect(ParseErrorTests.error(Array("\"".utf8) + bytes.dropLast())?.kind == .invalidUTF8)
    }
  }

  /// `"key" : value` (a space before the colon, as Python's `indent=` writes) takes its own path; every layout
  /// around the colon reads the same, and a missing colon is an error where the colon should be.
  @Test func everyLayoutAroundAKeysColonReadsTheSame() throws {
    for layout in [":", " :", " : ", " :  ", ": ", "  :", "\t:\t", "\n :\n", " \r\n: ", " :\n   "] {
      let text = "{\"a\"\(layout)1,\"b\"\(layout){\"c\"\(layout)[2]}}"
      #expect(try JSON(parsing: text) == ["a": 1, "b": ["c": [2]]], "\(layout.debugDescription)")
      #expect(try JSONDocument(parsing: Array(text.utf8)).root["b"]?["c"]?[0]?.intValue == 2)
    }
    for (text, offset) in [(#"{"a" 1}"#, 5), (#"{"a"  1}"#, 6), (#"{"a" "#, 5), (#"{"a""#, 4), (#"{"a" ,1}"#, 5)] {
      let e = ParseErrorTests.error(text)
      #expect(e?.message.contains("':' after an object key") == true, "\(text)")
      #expect(e?.byteOffset == offset, "\(text)")
    }
    // ` : ` is stepped over at once (one 4-byte compare); what follows it is read as a value, near the end too.
    for (text, offset) in [(#"{"a" : }"#, 7), (#"{"a" : x}"#, 7), (#"{"a" : "#, 7), (#"{"a" :  ,"#, 8)] {
      let e = ParseErrorTests.error(text)
      #expect(e?.message.contains("a value") == true, "\(text)")
      #expect(e?.byteOffset == offset, "\(text)")
    }
  }

  @Test func whitespaceRunsOfEveryLengthAreSkipped() throws {
    for length in 0..<40 {
      for pattern in [" ", "\n", "\r\n", "\t", " \n  "] {
        let space = String(String(repeating: pattern, count: length).prefix(length))
        let text = "[\(space)1\(space),\(space)\"a\"\(space)]\(space)"
        #expect(try JSON(parsing: text) == [1, "a"])
        #expect(try JSON(parsing: "{\(space)\"k\"\(space):\(space)true\(space)}") == ["k": true])
      }
    }
  }

  @Test func aLineBreakAndIndentationOfEveryWidthAreSkipped() throws {
    // Pretty-printed text: a line feed and spaces, found 16 at a time; tabs, returns and more spaces after them, and
    // the last 16 bytes of the input, go on through the general whitespace run.
    for width in 0..<40 {
      let indent = String(repeating: " ", count: width)
      for after in ["", "\t", "\r\n  ", "  \t "] {
        let gap = "\n" + indent + after
        #expect(try JSON(parsing: "{\(gap)\"k\":\(gap)[\(gap)1,\(gap)null\(gap)]\(gap)}\(gap)") == ["k": [1, nil]])
      }
      // A control character right after the indentation is an error at its own offset.
      let bytes = Array("[1,\n".utf8) + Array(indent.utf8) + [0x0B] + Array("2]".utf8)
      let e = ParseErrorTests.error(bytes)
      #expect(e?.kind == .unexpectedCharacter, "width \(width)")
      #expect(e?.byteOffset == 4 + width, "width \(width)")
    }
  }

  @Test func aControlCharacterInsideAWhitespaceRunIsAnErrorAtItsOffset() {
    for length in 0..<24 {
      for position in 0...length {
        var bytes = Array("[1,".utf8) + Array(repeating: UInt8(ascii: " "), count: length) + Array("2]".utf8)
        bytes.insert(0x0B, at: 3 + position)
        bytes[2 + position] = position == 0 ? UInt8(ascii: ",") : UInt8(ascii: "\n")
        let e = ParseErrorTests.error(bytes)
        #expect(e?.kind == .unexpectedCharacter, "length \(length), position \(position)")
        #expect(e?.byteOffset == 3 + position, "length \(length), position \(position)")
      }
    }
  }
}
