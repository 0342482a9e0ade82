import Foundation
import Testing

@testable import Parsnip

/// String escaping: the minimal RFC 8259 escapes in `JSON.stringify` spelling, optional `\/` and ASCII-only output,
/// and the 8-bytes-at-a-time scan at every alignment.
@Suite struct StringEscapingTests {
  static func quoted(_ s: String, escapesSlashes: Bool = false, asciiOnly: Bool = false) -> String {
    var out: [UInt8] = []
    StringEscaping.appendQuoted(s, to: &out, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
    return String(decoding: out, as: UTF8.self)
  }

  /// A scalar-at-a-time reference escaper, deliberately naive.
  static func reference(_ s: String, escapesSlashes: Bool, asciiOnly: Bool) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "/" where escapesSlashes: out += "\\/"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || (asciiOnly && scalar.value >= 0x80) {
          for unit in String(scalar).utf16 {
            let hex = String(unit, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  @Test func matchesJSONStringify() {
    // Expected text produced by node: JSON.stringify("\u0000\u0001\u0007\b\t\n\u000b\f\r\u000e\u001f \"\\/\u007f…")
    let input = "\u{00}\u{01}\u{07}\u{08}\t\n\u{0B}\u{0C}\r\u{0E}\u{1F} \"\\/\u{7F}\u{80}\u{2028}\u{2029}é😀"
    let expected =
      #""\u0000\u0001\u0007\b\t\n\u000b\f\r\u000e\u001f \"\\/"# + "\u{7F}\u{80}\u{2028}\u{2029}é😀\""
    #expect(Self.quoted(input) == expected)
  }

  @Test func slashesAreEscapedOnlyOnRequest() {
    #expect(Self.quoted("a/b") == #""a/b""#)
    #expect(Self.quoted("a/b", escapesSlashes: true) == #""a\/b""#)
    #expect(Self.quoted("https://example.com/x/y", escapesSlashes: true) == #""https:\/\/example.com\/x\/y""#)
  }

  @Test func asciiOnlyUsesSurrogatePairsAboveTheBasicPlane() {
    #expect(Self.quoted("é", asciiOnly: true) == #""\u00e9""#)
    #expect(Self.quoted("€", asciiOnly: true) == #""\u20ac""#)
    #expect(Self.quoted("😀", asciiOnly: true) == #""\ud83d\ude00""#)
    #expect(Self.quoted("\u{10FFFF}", asciiOnly: true) == #""\udbff\udfff""#)
    #expect(Self.quoted("aé😀b\u{7F}", asciiOnly: true) == #""a\u00e9\ud83d\ude00b"# + "\u{7F}\"")
    #expect(Self.quoted("日本語テキスト", asciiOnly: true) == #""\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8""#)
  }

  @Test func everySpecialCharacterAtEveryOffset() throws {
    // Exercises the block scans (64 and 16 bytes in the writer's buffer, 8 in both writers, and the whole-string
    // test of strings under 16 bytes): specials before, inside and after blocks, at every alignment, in each of a
    // 64-byte block's four parts, next to multi-byte scalars (whose high bytes must not be mistaken for specials),
    // through the generic escaper and through the writer's buffer.
    let specials: [String] = ["\"", "\\", "/", "\n", "\u{00}", "\u{1F}", "\u{7F}", "é", "€", "😀", " ", "~"]
    var failures: [String] = []
    for length in Array(0..<40) + Array(60..<68) + Array(124..<130) {
      for offset in 0...length {
        for special in specials {
          var s = String(repeating: "a", count: offset) + special + String(repeating: "z", count: length - offset)
          if length % 3 == 0 { s += special }
          for (slashes, ascii) in [(false, false), (true, false), (false, true), (true, true)] {
            let ours = Self.quoted(s, escapesSlashes: slashes, asciiOnly: ascii)
            let theirs = Self.reference(s, escapesSlashes: slashes, asciiOnly: ascii)
            if ours != theirs { failures.append("\(s.debugDescription) \(slashes) \(ascii): \(ours) vs \(theirs)") }
            let options = JSON.WritingOptions(escapesSlashes: slashes, asciiOnly: ascii)
            let written = String(decoding: try JSON.string(s).bytes(options: options), as: UTF8.self)
            if written != theirs { failures.append("writer \(s.debugDescription) \(slashes) \(ascii): \(written)") }
          }
        }
      }
    }
    #expect(failures.count == 0, "\(failures.prefix(5))")
  }

  @Test func everyASCIIByteAtEveryPositionOfTheBlockScans() throws {
    // The block scans test quotes and controls together, as bytes below 0x21 once bit 1 is flipped: every ASCII
    // byte (the quote's neighbours 0x20, 0x21 and 0x23 included) must be escaped exactly when RFC 8259 says so,
    // wherever it falls in a 64-byte block, a 16-byte block or the words after them.
    var failures: [String] = []
    for value in UInt8(0)..<0x80 {
      let byte = String(decoding: [value], as: UTF8.self)
      for length in [15, 16, 17, 63, 64, 65, 130] {
        for offset in 0..<length {
          let s = String(repeating: "m", count: offset) + byte + String(repeating: "m", count: length - offset - 1)
          for slashes in [false, true] {
            let expected = Self.reference(s, escapesSlashes: slashes, asciiOnly: false)
            let written = String(
              decoding: try JSON.string(s).bytes(options: .init(escapesSlashes: slashes)), as: UTF8.self)
            if written != expected { failures.append("0x\(String(value, radix: 16)) at \(offset) of \(length)") }
          }
        }
      }
    }
    #expect(failures.count == 0, "\(failures.prefix(5))")
  }

  @Test func randomStringsMatchTheReference() {
    var rng = SeededRandom(seed: 7)
    let alphabet: [Unicode.Scalar] = [
      "a", "b", " ", "\"", "\\", "/", "\n", "\t", "\u{00}", "\u{08}", "\u{1B}", "\u{7F}", "\u{80}", "é", "ß",
      "\u{2028}", "€", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}",
    ]
    for _ in 0..<2_000 {
      var s = String.UnicodeScalarView()
      for _ in 0..<Int(rng.next() % 160) { s.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
      let string = String(s)
      for (slashes, ascii) in [(false, false), (true, true)] {
        #expect(
          Self.quoted(string, escapesSlashes: slashes, asciiOnly: ascii)
            == Self.reference(string, escapesSlashes: slashes, asciiOnly: ascii))
      }
    }
  }

  @Test func longStringsAreCopiedWhole() throws {
    let long = String(repeating: "abcdefgh", count: 100_000) + "\n" + String(repeating: "é", count: 50_000)
    let written = try JSON.string(long).string()
    #expect(written.utf8.count == long.utf8.count + 3)
    #expect(try JSON(parsing: written) == .string(long))
  }

  @Test func escapedOutputParsesBackToTheSameString() throws {
    let samples = ["", "plain", "q\"uote", "back\\slash", "ctl\u{01}\u{1F}", "tab\tnl\ncr\r", "😀é€", "a/b"]
    for sample in samples {
      for options in [JSON.WritingOptions.compact, .init(escapesSlashes: true), .init(asciiOnly: true), .canonical] {
        let bytes = try JSON.string(sample).bytes(options: options)
        #expect(bytes.allSatisfy { $0 >= 0x20 }, "no raw control characters")
        #expect(try JSON(parsing: bytes) == .string(sample))
        if options.asciiOnly { #expect(bytes.allSatisfy { $0 < 0x80 }) }
      }
    }
  }
}
