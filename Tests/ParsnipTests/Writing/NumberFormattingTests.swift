import Foundation
import Testing

@testable import Parsnip

/// Number text for every `JSONNumber` storage, in the default (lossless) mode.
@Suite struct NumberFormattingTests {
  static func written(_ number: JSONNumber) throws -> String {
    try JSON.number(number).string()
  }

  @Test(arguments: [
    ("0", "0"),
    ("-0", "-0"),  // the sign of zero is kept, as for -0.0
    ("7", "7"),
    ("-7", "-7"),
    ("9223372036854775807", "9223372036854775807"),
    ("-9223372036854775808", "-9223372036854775808"),
    ("18446744073709551615", "18446744073709551615"),
    ("12345678901234567890123456789", "12345678901234567890123456789"),
    ("-2.50", "-2.50"),
    ("0.1000000000000000055511151231257827", "0.1000000000000000055511151231257827"),
    ("1.0", "1.0"),
    ("0.00", "0.00"),
    ("-0.0", "-0.0"),
    ("0e5", "0"),
    ("-0e-3", "-0.000"),
    ("0.0e-30", "0.00000000000000000000"),
    ("1E2", "100"),
    ("1.5e3", "1500"),
    ("12.5e-1", "1.25"),
    ("1e-6", "0.000001"),
    ("1e-7", "1e-7"),
    ("1.50e-7", "1.50e-7"),
    ("1e21", "1e+21"),
    ("1e20", "100000000000000000000"),
    ("123456789012345678e10", "1.23456789012345678e+27"),
    ("1e400", "1e+400"),
    ("-1e-400", "-1e-400"),
    ("1e999999999", "1e999999999"),  // too large an exponent for inline storage: kept verbatim
  ])
  func parsedNumbersKeepTheirValueAndDigits(text: String, expected: String) throws {
    let json = try JSON(parsing: text)
    let written = try json.string()
    #expect(written == expected)
    // Whatever the layout, the value is the same.
    #expect(try JSON(parsing: written) == json)
  }

  @Test func decimalPointAfterEveryDigitOfEverySignificandLength() throws {
    // The point is placed by sliding the integer digits back one byte: in one word up to eight of them, byte by
    // byte beyond.
    let digits = Array("98765432109876543")
    for length in 2...digits.count {
      for point in 1..<length {
        for sign in ["", "-"] {
          let text = sign + String(digits[..<point]) + "." + String(digits[point..<length])
          #expect(try JSON(parsing: text).string() == text)
        }
      }
    }
  }

  @Test func integersOfEveryWidthAndDigitCount() throws {
    var v: UInt64 = 1
    for _ in 0..<20 {
      for candidate in [v - 1, v, v + 1] {
        #expect(try Self.written(JSONNumber(candidate)) == String(candidate))
        if let signed = Int64(exactly: candidate) {
          #expect(try Self.written(JSONNumber(-signed)) == String(-signed))
        }
      }
      let (next, overflow) = v.multipliedReportingOverflow(by: 10)
      if overflow { break }
      v = next
    }
    #expect(try Self.written(JSONNumber(UInt64.max)) == "18446744073709551615")
    #expect(try Self.written(JSONNumber(Int64.min)) == "-9223372036854775808")
  }

  @Test func doublesUseShortestTextInECMAScriptLayout() throws {
    #expect(try Self.written(JSONNumber(0.1)) == "0.1")
    #expect(try Self.written(JSONNumber(-0.0)) == "-0")
    #expect(try Self.written(JSONNumber(0.0)) == "0")
    #expect(try Self.written(JSONNumber(1e21)) == "1e+21")
    #expect(try Self.written(JSONNumber(1e-7)) == "1e-7")
    #expect(try Self.written(JSONNumber(123e-20)) == "1.23e-18")
    #expect(try Self.written(JSONNumber(0.000001)) == "0.000001")
  }

  @Test func decimalLayoutAtEveryPointPosition() {
    // digits "123" with the point at every position from far left to far right, by ECMAScript's rules.
    let expected: [Int: String] = [
      -7: "1.23e-8", -6: "1.23e-7", -5: "0.00000123", 0: "0.123", 1: "1.23", 2: "12.3", 3: "123", 4: "1230",
      21: "123000000000000000000", 22: "1.23e+21",
    ]
    for (pointPosition, text) in expected {
      var bytes: [UInt8] = []
      NumberFormatting.appendDigits(Array("123".utf8), pointPosition: pointPosition, isNegative: false, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == text, "point at \(pointPosition)")
    }
    var single: [UInt8] = []
    NumberFormatting.appendDigits([UInt8(ascii: "5")], pointPosition: -323, isNegative: true, to: &single)
    #expect(String(decoding: single, as: UTF8.self) == "-5e-324")
  }

  /// The in-place kernels (digits stored 8 bytes at a time) agree with the digit-array layout, for every digit count
  /// and point position; in arrays, so that bytes stored past a number must be overwritten by what follows.
  @Test func decimalKernelsAgreeWithTheDigitLayout() throws {
    var random = SeededRandom(seed: 8)
    var numbers: [JSON] = []
    var expected: [String] = []
    for digits in 1...19 {
      for _ in 0..<60 {
        var significand = UInt64.random(in: 1...9, using: &random)
        for _ in 1..<digits { significand = significand * 10 + UInt64.random(in: 0...9, using: &random) }
        let exponent = Int.random(in: -30...30, using: &random)
        let isNegative = Bool.random(using: &random)
        var reference: [UInt8] = []
        let text = Array(String(significand).utf8)
        NumberFormatting.appendDigits(
          text, pointPosition: text.count + exponent, isNegative: isNegative, to: &reference)
        var kernel: [UInt8] = []
        NumberFormatting.appendDecimal(
          significand: significand, exponent: exponent, isNegative: isNegative, to: &kernel)
        #expect(kernel == reference, "\(significand)e\(exponent)")
        numbers.append(
          .number(
            JSONNumber(
              storage: .decimal(
                significand: significand, exponent: Int32(exponent), isNegative: isNegative))))
        expected.append(String(decoding: reference, as: UTF8.self))
        let integer = significand / UInt64.random(in: 1...1000, using: &random)
        numbers.append(.number(JSONNumber(isNegative ? -Int64(integer) : Int64(integer))))
        expected.append(isNegative && integer != 0 ? "-\(integer)" : "\(integer)")
      }
    }
    #expect(try JSON.array(numbers + ["x"]).string() == "[" + (expected + [#""x""#]).joined(separator: ",") + "]")
  }

  @Test func descriptionsStillMatchTheWriter() throws {
    for text in ["1", "-2.50", "1e400", "12345678901234567890123456789", "0.1"] {
      let number = try #require(JSONNumber(text: text))
      #expect(number.description == (try JSON.number(number).string()))
    }
    #expect(JSONNumber(Double.nan).description == "NaN")
    #expect(JSONNumber(-Double.infinity).description == "-Infinity")
  }

  @Test func shortestDecimalIsTheFewestDigitsThatRoundTrip() {
    #expect(ShortestDouble.decimal(1234.5) == (12345, -1))
    #expect(ShortestDouble.decimal(Double(bitPattern: 1)) == (5, -324))
  }
}
