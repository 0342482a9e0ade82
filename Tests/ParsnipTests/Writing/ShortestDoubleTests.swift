import Foundation
import Testing

@testable import Parsnip

/// Shortest round-trip digits (Schubfach), checked against Swift's own `description` (also shortest and closest)
/// and against parsing back.
@Suite struct ShortestDoubleTests {
  /// The significant digits of a finite, non-zero double's text (any layout), without leading or trailing zeros.
  static func significantDigits(_ text: String) -> String {
    var mantissa = Substring(text)
    if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) { mantissa = mantissa[..<e] }
    let digits = mantissa.filter(\.isNumber)
    let trimmed = digits.drop(while: { $0 == "0" })
    return String(trimmed.reversed().drop(while: { $0 == "0" }).reversed())
  }

  static func text(_ d: Double) -> String {
    var bytes: [UInt8] = []
    NumberFormatting.appendShortest(d, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Checks one double: parses back exactly and has the same digits as Swift's `description`.
  static func check(_ d: Double) -> String? {
    let written = text(d)
    guard Double(written) == d else { return "\(d.bitPattern): \(written) does not parse back" }
    let ours = significantDigits(written)
    let swift = significantDigits(d.description)
    guard ours == swift else { return "\(d.bitPattern): digits \(ours) vs Swift \(swift) (\(written))" }
    return nil
  }

  @Test func millionRandomBitPatternsRoundTripWithSwiftsDigits() {
    var rng = SeededRandom(seed: 0x5EED_0F_D0_0B1E)
    var failures: [String] = []
    var checked = 0
    while checked < 1_000_000 {
      let d = Double(bitPattern: rng.next())
      guard d.isFinite, d != 0 else { continue }
      checked += 1
      if let failure = Self.check(d) {
        failures.append(failure)
        if failures.count > 10 { break }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func shortDecimalsRoundTripWithSwiftsDigits() {
    // Values people write: few digits, every scale. These exercise the "one digit fewer" branch and ties.
    var rng = SeededRandom(seed: 42)
    var failures: [String] = []
    for _ in 0..<200_000 {
      let digits = Double(rng.next() % 10_000_000)
      let scale = Int(rng.next() % 40) - 20
      let d = digits * pow(10, Double(scale))
      guard d.isFinite, d != 0 else { continue }
      if let failure = Self.check(d) { failures.append(failure) }
      if failures.count > 10 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func everyBinaryExponentAtItsEdges() {
    // Powers of two (where the lower neighbour is closer), the largest significand, and their neighbours.
    var failures: [String] = []
    for biased in UInt64(0)...2046 {
      for fraction: UInt64 in [0, 1, 2, (1 << 52) - 1, (1 << 52) - 2, 1 << 51, 0x5555_5555_5555_5] {
        let d = Double(bitPattern: biased << 52 | fraction)
        guard d != 0 else { continue }
        if let failure = Self.check(d) { failures.append(failure) }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(10))")
  }

  @Test func integersBelowTwoToThe53AreTheirOwnDigits() {
    for v: UInt64 in [1, 9, 10, 100, 123_456_789, 1 << 52, (1 << 53) - 1, 1 << 53, 4_503_599_627_370_497] {
      let d = Double(v)
      #expect(Self.text(d) == String(v))
    }
    #expect(Self.text(1e15) == "1000000000000000")
    #expect(Self.text(123e18) == "123000000000000000000")
  }

  @Test(arguments: [
    (Double(bitPattern: 1), "5e-324"),  // the smallest subnormal
    (1.7976931348623157e308, "1.7976931348623157e+308"),
    (2.2250738585072014e-308, "2.2250738585072014e-308"),
    (Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), "2.225073858507201e-308"),  // the largest subnormal
    (0.1, "0.1"),
    (0.3, "0.3"),
    (0.1 + 0.2, "0.30000000000000004"),
    (1.0 / 3.0, "0.3333333333333333"),
    (2.0 / 3.0, "0.6666666666666666"),
    (100.0, "100"),
    (1e21, "1e+21"),
    (1e-7, "1e-7"),
    (123.456, "123.456"),
    (9007199254740993.0, "9007199254740992"),
    (-1.5, "-1.5"),
  ])
  func knownTexts(value: Double, expected: String) {
    #expect(Self.text(value) == expected)
  }

  @Test func tableEntriesAreUpperBoundsOfPowersOfTen() {
    // Independent check of a few entries with exact decimal arithmetic: 10^e ≤ g·2^r < 10^e + 2^r.
    for e in [0, 1, 22, 27, 38, 39, 100, 308, 324] {
      var power = BigNatural(1)
      for _ in 0..<e { power.multiply(by: 10) }
      let top = power.top128Bits()
      let g = PowersOfTen128.significand(e)
      if power.bitWidth <= 128 {
        // Exact: g is the shifted power plus one.
        #expect(g.lo == top.lo &+ 1 && g.hi == top.hi &+ (top.lo == .max ? 1 : 0), "10^\(e)")
      } else {
        #expect(g.hi == top.hi && g.lo == top.lo &+ 1, "10^\(e)")
      }
      #expect(g.hi >> 63 == 1, "normalized 10^\(e)")
      #expect(ShortestDouble.floorLog2Pow10(e) == power.bitWidth - 1, "floor(log2(10^\(e)))")
    }
    // The first and last entries exist and are normalized.
    #expect(PowersOfTen128.significand(PowersOfTen128.minimumExponent).hi >> 63 == 1)
    #expect(PowersOfTen128.significand(PowersOfTen128.maximumExponent).hi >> 63 == 1)
  }

  @Test func logarithmApproximationsHoldOverTheWholeExponentRange() {
    // floor(log10(2^q)) and floor(log10(3/4 · 2^q)) as the fixed-point formulas compute them.
    for q in -1100...1000 {
      let exact = Int((Double(q) * log10(2.0)).rounded(.down))
      #expect((q * 1_262_611) >> 22 == exact, "q = \(q)")
      let exactThreeQuarters = Int((Double(q) * log10(2.0) + log10(0.75)).rounded(.down))
      #expect((q * 1_262_611 - 524_031) >> 22 == exactThreeQuarters, "q = \(q)")
    }
    for e in -330...330 {
      #expect(ShortestDouble.floorLog2Pow10(e) == Int((Double(e) * log2(10.0)).rounded(.down)), "e = \(e)")
    }
  }
}
