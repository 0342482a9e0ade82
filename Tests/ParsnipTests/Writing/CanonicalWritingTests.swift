import Foundation
import Testing

@testable import Parsnip

/// RFC 8785 (JSON Canonicalization Scheme) output, checked against the examples of the RFC.
@Suite struct CanonicalWritingTests {
  static func canonical(_ text: String) throws -> String {
    try JSON(parsing: text).string(options: .canonical)
  }

  @Test func mainExampleOfSection3_2_2() throws {
    let input = #"""
      {
        "numbers": [333333333.33333329, 1E30, 4.50,
                    2e-3, 0.000000000000000000000000001],
        "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
        "literals": [null, true, false]
      }
      """#
    let expected =
      #"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"#
      + #""string":"€$\u000f\nA'B\"\\\\\"/"}"#
    #expect(try Self.canonical(input) == expected)
  }

  @Test func membersSortByUTF16CodeUnitsAsInSection3_2_3() throws {
    let input = #"""
      {
        "\u20ac": "Euro Sign",
        "\r": "Carriage Return",
        "\ufb33": "Hebrew Letter Dalet With Dagesh",
        "1": "One",
        "\ud83d\ude00": "Emoji: Grinning Face",
        "\u0080": "Control",
        "\u00f6": "Latin Small Letter O With Diaeresis"
      }
      """#
    let json = try JSON(parsing: try Self.canonical(input))
    // U+1F600 (surrogates D83D DE00) sorts before U+FB33 in UTF-16, though after it by scalar value.
    #expect(
      json.objectValue?.values.compactMap(\.stringValue) == [
        "Carriage Return", "One", "Control", "Latin Small Letter O With Diaeresis", "Euro Sign",
        "Emoji: Grinning Face", "Hebrew Letter Dalet With Dagesh",
      ])
    let scalarSorted = try JSON(parsing: input).string(options: .init(sortsKeys: true))
    #expect(scalarSorted.hasSuffix(#""דּ":"Hebrew Letter Dalet With Dagesh","😀":"Emoji: Grinning Face"}"#))
  }

  /// Appendix B: IEEE 754 bit patterns and their canonical text.
  @Test(
    arguments: [
      (0x0000_0000_0000_0000, "0"),
      (0x8000_0000_0000_0000, "0"),
      (0x0000_0000_0000_0001, "5e-324"),
      (0x8000_0000_0000_0001, "-5e-324"),
      (0x7FEF_FFFF_FFFF_FFFF, "1.7976931348623157e+308"),
      (0xFFEF_FFFF_FFFF_FFFF, "-1.7976931348623157e+308"),
      (0x4340_0000_0000_0000, "9007199254740992"),
      (0xC340_0000_0000_0000, "-9007199254740992"),
      (0x4430_0000_0000_0000, "295147905179352830000"),
      (0x44B5_2D02_C7E1_4AF5, "9.999999999999997e+22"),
      (0x44B5_2D02_C7E1_4AF6, "1e+23"),
      (0x44B5_2D02_C7E1_4AF7, "1.0000000000000001e+23"),
      (0x444B_1AE4_D6E2_EF4E, "999999999999999700000"),
      (0x444B_1AE4_D6E2_EF4F, "999999999999999900000"),
      (0x444B_1AE4_D6E2_EF50, "1e+21"),
      (0x3EB0_C6F7_A0B5_ED8C, "9.999999999999997e-7"),
      (0x3EB0_C6F7_A0B5_ED8D, "0.000001"),
      (0x41B3_DE43_5555_5553, "333333333.3333332"),
      (0x41B3_DE43_5555_5554, "333333333.33333325"),
      (0x41B3_DE43_5555_5555, "333333333.3333333"),
      (0x41B3_DE43_5555_5556, "333333333.3333334"),
      (0x41B3_DE43_5555_5557, "333333333.33333343"),
      (0xBECB_F647_612F_3696, "-0.0000033333333333333333"),
      (0x4314_3FF3_C1CB_0959, "1424953923781206.2"),
    ] as [(UInt64, String)])
  func numbersOfAppendixB(bits: UInt64, expected: String) throws {
    let d = Double(bitPattern: bits)
    #expect(try JSON(d).string(options: .canonical) == expected)
    // The same value reached from text, as a parsed decimal, gives the same canonical text.
    #expect(try Self.canonical(d.description) == expected)
  }

  @Test func nonFiniteNumbersOfAppendixBAreErrors() {
    for bits: UInt64 in [0x7FFF_FFFF_FFFF_FFFF, 0x7FF0_0000_0000_0000] {
      let error = #expect(throws: JSONWritingError.self) {
        try JSON(Double(bitPattern: bits)).bytes(options: .canonical)
      }
      #expect(error?.kind == .nonFiniteNumber)
    }
  }

  @Test(arguments: [
    ("-0", "0"),
    ("-0.0", "0"),
    ("1E3", "1000"),
    ("1.000", "1"),
    ("4.50", "4.5"),
    ("100e-2", "1"),
    ("1e21", "1e+21"),
    ("123456789012345678901234567890", "1.2345678901234568e+29"),
    ("9007199254740993", "9007199254740992"),
    ("-9223372036854775808", "-9223372036854776000"),
    ("18446744073709551615", "18446744073709552000"),
    ("0.1000000000000000055511151231257827", "0.1"),
  ])
  func numbersBecomeTheNearestDoublesText(text: String, expected: String) throws {
    #expect(try Self.canonical(text) == expected)
  }

  @Test func numbersBeyondTheDoubleRangeAreErrors() throws {
    let error = try #require(throws: JSONWritingError.self) { try Self.canonical(#"{"big": [1e400]}"#) }
    #expect(error.kind == .numberOutOfRange)
    #expect(error.path == "$['big'][0]")
    // Outside canonical mode the digits are kept.
    #expect(try JSON(parsing: "1e400").string() == "1e+400")
    // Underflow is not an error: the nearest double is zero.
    #expect(try Self.canonical("1e-400") == "0")
  }

  @Test func byteComparisonsAgreeWithUTF16AndScalarOrder() {
    var rng = SeededRandom(seed: 11)
    let alphabet: [Unicode.Scalar] = [
      "a", "b", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FB33}", "\u{FFFF}",
      "\u{10000}", "😀", "\u{10FFFF}",
    ]
    func random() -> String {
      var s = String.UnicodeScalarView()
      for _ in 0..<Int(rng.next() % 12) { s.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
      return String(s)
    }
    for _ in 0..<20_000 {
      let (a, b) = (random(), random())
      #expect(KeyOrdering.utf16Precedes(a, b) == a.utf16.lexicographicallyPrecedes(b.utf16), "\(a) \(b)")
      #expect(
        KeyOrdering.scalarsPrecede(a, b) == a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars), "\(a) \(b)")
    }
  }

  @Test func sortedMembersMatchAReferenceSort() {
    var rng = SeededRandom(seed: 12)
    let pieces = ["a", "b", "longcommonprefix", "é", "\u{E000}", "\u{FFFF}", "😀", "\u{0}", "Z"]
    for _ in 0..<500 {
      var keys = Set<String>()
      for _ in 0..<Int(rng.next() % 20) {
        keys.insert((0..<Int(rng.next() % 4)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined())
      }
      let members = keys.shuffled(using: &rng).map { JSONObject.Member(key: $0, value: nil) }
      #expect(
        KeyOrdering.sorted(members, utf16: true).map(\.key)
          == keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
      #expect(
        KeyOrdering.sorted(members, utf16: false).map(\.key)
          == keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }
  }

  @Test func otherOptionsAreIgnored() throws {
    let json = try JSON(parsing: #"{"b": "/é", "a": [1, 2]}"#)
    var options = JSON.WritingOptions(indent: 4, sortsKeys: false, escapesSlashes: true, asciiOnly: true)
    options.isCanonical = true
    #expect(try json.string(options: options) == #"{"a":[1,2],"b":"/é"}"#)
    #expect(try json.string(options: options) == (try json.string(options: .canonical)))
  }

  @Test func canonicalOutputIsAFixedPoint() throws {
    let input = #"{"z": [1.50, -0, 1E-7, "\u00e9\ud83d\ude00"], "a": {"y": null, "x": true}, "": 1e2}"#
    let once = try Self.canonical(input)
    #expect(once == #"{"":100,"a":{"x":true,"y":null},"z":[1.5,0,1e-7,"é😀"]}"#)
    #expect(try Self.canonical(once) == once)
  }
}
