import Foundation
import Testing
@testable import Parsnip

/// Every number form: exact integers at the Int64/UInt64 limits, `-0`, and digits kept beyond what a double holds.
@Suite struct NumberParsingTests {
  static func number(_ text: String) throws -> JSONNumber {
    try #require(try JSON(parsing: text).numberValue)
  }

  @Test func integerLimitsAreExact() throws {
    #expect(try Self.number("9223372036854775807").int64Value == .max)
    #expect(try Self.number("-9223372036854775808").int64Value == .min)
    #expect(try Self.number("9223372036854775808").int64Value == nil)
    #expect(try Self.number("9223372036854775808").uint64Value == 9_223_372_036_854_775_808)
    #expect(try Self.number("18446744073709551615").uint64Value == .max)
    #expect(try Self.number("18446744073709551616").uint64Value == nil)
    #expect(try Self.number("-9223372036854775809").int64Value == nil)
    #expect(try Self.number("-1").uint64Value == nil)
    #expect(try Self.number("0").int64Value == 0)
  }

  @Test(arguments: [
    "0", "-1", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
    "18446744073709551616", "-9223372036854775809", "-18446744073709551616",
    "12345678901234567890123456789", "-12345678901234567890123456789",
    "0.1000000000000000055511151231257827", "3.141592653589793238462643383279502884197",
    "1.5", "1.50", "-0.0", "0.000001", "1.0000000000000000001",
  ])
  func descriptionKeepsTheDigits(_ text: String) throws {
    #expect(try Self.number(text).description == text)
    #expect(try JSON(parsing: "[\(text)]").description == "[\(text)]")
  }

  @Test func negativeZeroKeepsItsSign() throws {
    let zero = try Self.number("-0")
    #expect(zero.description == "-0")
    #expect(zero.doubleValue.sign == .minus)
    #expect(zero.doubleValue == 0)
    #expect(zero == 0)
    #expect(zero.int64Value == 0)
    #expect(try Self.number("-0.0").doubleValue.sign == .minus)
    #expect(try Self.number("-0e5").doubleValue.sign == .minus)
    #expect(try Self.number("0").doubleValue.sign == .plus)
  }

  @Test(arguments: [
    ("1", 1.0), ("-1", -1), ("1.5", 1.5), ("1e2", 100), ("1E+2", 100), ("1e-2", 0.01), ("-2.5E-3", -0.0025),
    ("0.1", 0.1), ("123456789012345678901234567890", 1.2345678901234568e29), ("1e400", .infinity),
    ("-1e400", -.infinity), ("1e-400", 0), ("4.9e-324", .leastNonzeroMagnitude),
    ("18446744073709551615", 18446744073709551615.0),
  ])
  func doubleValuesAreCorrectlyRounded(_ text: String, _ expected: Double) throws {
    #expect(try Self.number(text).doubleValue == expected)
    #expect(try Self.number(text).doubleValue == Double(text))
  }

  @Test func equalityIsByValue() throws {
    #expect(try Self.number("1") == Self.number("1.0"))
    #expect(try Self.number("1") == Self.number("10e-1"))
    #expect(try Self.number("100") == Self.number("1e2"))
    #expect(try Self.number("0.1000000000000000055511151231257827") != Self.number("0.1"))
    #expect(try Self.number("12345678901234567890123456789") == Self.number("1.2345678901234567890123456789e28"))
  }

  @Test func randomIntegersAreExact() throws {
    var rng = SeededRandom(seed: 42)
    for _ in 0..<10_000 {
      let value = Int64(bitPattern: rng.next()) >> (rng.next() % 64)
      #expect(try Self.number(String(value)).int64Value == value)
      let unsigned = rng.next()
      #expect(try Self.number(String(unsigned)).uint64Value == unsigned)
    }
  }

  @Test func hugeNumbersDoNotHang() throws {
    let digits = String(repeating: "7", count: 1_000_000)
    #expect(try Self.number(digits).description.count == 1_000_000)
    #expect(try Self.number(digits).doubleValue == .infinity)
    #expect(try Self.number("0." + digits).doubleValue == 0.7777777777777778)
    #expect(try Self.number("1e" + digits).doubleValue == .infinity)
    #expect(try Self.number("1e-" + digits).doubleValue == 0)
  }

  /// Digits are read eight at a time (`NumberParser.eightDigits`) while the significand has room: every length of
  /// integer and fraction run, with leading fraction zeros, must give what the standard library gives, and the
  /// digits of a number without an exponent must be kept as written.
  @Test func digitRunsOfEveryLengthReadExactly() throws {
    var rng = SeededRandom(seed: 7)
    func digits(_ count: Int, leadingNonZero: Bool) -> String {
      String(
        (0..<count).map { k in
          Character(String(leadingNonZero && k == 0 ? 1 + rng.next() % 9 : rng.next() % 10))
        })
    }
    for integerLength in 1...30 {
      // Every fraction length up to 20: each ends in the one-at-a-time loop at a different point.
      for (zeros, fractionLength) in [(0, 0), (1, 3), (1, 6), (3, 9), (9, 17), (0, 24)] + (1...20).map({ (0, $0) }) {
        let integer = digits(integerLength, leadingNonZero: true)
        let fraction =
          fractionLength == 0
          ? ""
          : "." + String(repeating: "0", count: zeros)
            + digits(fractionLength, leadingNonZero: true)
        for text in [integer + fraction, "-" + integer + fraction, "0" + (fraction.isEmpty ? "" : fraction)] {
          for suffix in ["", "e7", "E-3"] {
            let number = try Self.number(text + suffix)
            #expect(number.doubleValue == Double(text + suffix), "\(text + suffix)")
            // With an exponent, or below 1e-6, the description writes the same digits in exponent notation.
            if suffix.isEmpty, !text.hasPrefix("0.000000") {
              #expect(number.description == text, "\(text)")
              if fraction.isEmpty { #expect(number.int64Value == Int64(text), "\(text)") }
            }
            // The same number inside an array, where a `,` or `]` follows the digits.
            let array = try JSON(parsing: "[\(text + suffix),\(text + suffix)]")
            #expect(array[1].doubleValue == Double(text + suffix), "\(text + suffix)")
          }
        }
      }
    }
  }

  @Test func eightDigitsRejectsAnyOtherByte() {
    var rng = SeededRandom(seed: 11)
    for _ in 0..<1_000 {
      let value = rng.next() % 100_000_000
      var bytes = Array(String(format: "%08llu", value).utf8)
      #expect(bytes.withUnsafeBufferPointer { NumberParser.eightDigits($0.baseAddress!) } == value)
      let position = Int(rng.next() % 8)
      for other: UInt8 in [0x00, 0x20, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A, 0x3F, 0x40, 0x45, 0x65, 0x70, 0xB0, 0xB9, 0xFF] {
        bytes[position] = other
        #expect(bytes.withUnsafeBufferPointer { NumberParser.eightDigits($0.baseAddress!) } == nil, "\(bytes)")
      }
    }
  }

  /// `NumberParser.validate`, the one check of the grammar, against the grammar written as a regular expression:
  /// it accepts exactly where the longest match cannot go on (a `.`, `e` or digit after it would need more), ends
  /// where the match ends, and flags what `NumberParser.read` then finds.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Regex
  @Test func validationFollowsTheGrammar() throws {
    let known: [(String, Result<Int, NumberParser.Failure>)] = [
      ("-", .failure(.invalid(offset: 1, expected: "a digit after '-'"))),
      ("01", .failure(.invalid(offset: 1, expected: "'.', 'e' or the end of the number after a leading '0'"))),
      ("1.", .failure(.invalid(offset: 2, expected: "a digit after '.'"))),
      ("1e+", .failure(.invalid(offset: 3, expected: "a digit in the exponent"))),
      ("-0", .success(2)), ("1.5e3.", .success(5)), ("12345678.9x", .success(10)), ("0,", .success(1)),
    ]
    for (text, expected) in known {
      let bytes = Array(text.utf8)
      let outcome = bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(NumberParser.Failure) in
          try NumberParser.validate(buffer.baseAddress!, from: 0, end: buffer.count).end
        }
      }
      switch (outcome, expected) {
      case (.success(let end), .success(let expectedEnd)): #expect(end == expectedEnd, "\(text)")
      case (.failure(.invalid(let offset, let message)), .failure(.invalid(let expectedOffset, let expectedMessage))):
        #expect(offset == expectedOffset && message == expectedMessage, "\(text)")
      default: Issue.record("\(text): \(outcome), expected \(expected)")
      }
    }
    var texts = [
      "0", "-0", "-", "01", "-01", "1.", "1.e5", "1e", "1e+", "1e-", ".5", "-.5", "1x", "12345678.9x", "0.0000000001",
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
      "9999999999999999999", "-9999999999999999999", "10000000000000000000", "-1000000000000000000",
      "18446744073709551615", "18446744073709551616", "1234567890123456789012", "1E400", "-1e-400", "1.5E+3",
      "123456789012345678", "-123456789012345678", "1234567890123456789e0", "12345678", "123456789", "1234567",
    ]
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("0123456789-+.eE x".utf8)
    for _ in 0..<20_000 {
      let length = Int.random(in: 1...28, using: &generator)
      texts.append(
        String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
      let digits = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
        "0123456789".randomElement(using: &generator)!
      }
      texts.append((Bool.random(using: &generator) ? "-" : "") + String(digits))
    }
    let grammar = #/-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/#
    for text in texts {
      let bytes = Array(text.utf8)
      var accepted: Int?
      if let match = text.prefixMatch(of: grammar) {
        let end = match.output.0.utf8.count
        let next = end < bytes.count ? bytes[end] : nil
        let plain = match.output.2 == nil && match.output.3 == nil
        let goesOn =
          (plain && next == UInt8(ascii: "."))
          || (match.output.3 == nil && (next == UInt8(ascii: "e") || next == UInt8(ascii: "E")))
          || (plain && match.output.1 == "0" && next.map { (0x30...0x39).contains($0) } == true)
        if !goesOn { accepted = end }
      }
      bytes.withUnsafeBufferPointer { buffer in
        let p = buffer.baseAddress!
        guard let checked = try? NumberParser.validate(p, from: 0, end: buffer.count) else {
          #expect(accepted == nil, "\(text) is valid up to \(accepted ?? 0)")
          return
        }
        #expect(checked.end == accepted, "\(text)")
        let full = NumberParser.read(p, from: 0, end: checked.end)
        #expect(full.end == checked.end, "\(text)")
        #expect(checked.isFloat == !full.isIntegerSyntax, "\(text)")
        let big =
          full.isIntegerSyntax && (!full.isExact || (full.isNegative && full.significand > UInt64(Int64.max) + 1))
        #expect(checked.isBigInteger == big, "\(text)")
      }
    }
  }

  /// Integers the scanner flags neither float nor big are read by `NumberParser.integer` (the tree's and the
  /// document's fast path): the same `JSONNumber`, storage included, as the full read and `NumberParser.number`.
  @Test func integerFastPathAgreesWithTheFullRead() throws {
    var texts = [
      "0", "-0", "7", "-7", "12345678", "-12345678", "123456789", "9223372036854775807", "-9223372036854775808",
      "9223372036854775808", "9999999999999999999", "-9223372036854775807", "1000000000000000000",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let length = Int.random(in: 1...19, using: &generator)
      var digits = String("123456789".randomElement(using: &generator)!)
      for _ in 1..<length { digits.append("0123456789".randomElement(using: &generator)!) }
      texts.append((Bool.random(using: &generator) ? "-" : "") + digits)
    }
    for text in texts {
      let bytes = Array(text.utf8)
      try bytes.withUnsafeBufferPointer { buffer in
        let p = buffer.baseAddress!
        let check = try NumberParser.validate(p, from: 0, end: buffer.count)
        guard !check.isFloat, !check.isBigInteger else { return }
        let full = NumberParser.number(p, from: 0, NumberParser.read(p, from: 0, end: buffer.count))
        let (magnitude, isNegative) = NumberParser.smallInteger(p, from: 0, count: buffer.count)
        let fast = NumberParser.integer(magnitude: magnitude, isNegative: isNegative)
        #expect("\(fast.storage)" == "\(full.storage)", "\(text)")
        #expect(fast.description == text, "\(text)")
      }
    }
    // Through the tree and the document.
    #expect(
      try JSON(parsing: "[-0, 9223372036854775808, -9223372036854775808]").description
        == "[-0,9223372036854775808,-9223372036854775808]")
  }
}
