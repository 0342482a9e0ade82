import Foundation
import Testing
@testable import Parsnip

/// Correctly rounded decimal → double conversion: `NumberParser.double` (Clinger's fast path, Eisel–Lemire, the
/// truncated-significand check and the fallback) against `Double(String)`, the standard library's exact conversion.
@Suite struct EiselLemireTests {
  /// The double `NumberParser` computes for JSON number text.
  static func parsnipDouble(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { buffer -> Double? in
      guard let base = buffer.baseAddress,
        let checked = try? NumberParser.validate(base, from: 0, end: buffer.count), checked.end == buffer.count
      else { return nil }
      return NumberParser.double(base, from: 0, NumberParser.read(base, from: 0, end: buffer.count))
    }
  }

  /// Whether Parsnip's double for `text` has the same bits as the standard library's.
  static func agrees(_ text: String) -> Bool {
    guard let expected = Double(text), let actual = parsnipDouble(text) else { return false }
    return expected.bitPattern == actual.bitPattern
  }

  @Test(arguments: [
    // Subnormals and the bottom of the range.
    ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
    ("5e-324", Double.leastNonzeroMagnitude),
    ("2.4703282292062328e-324", Double.leastNonzeroMagnitude),  // just above half of 2^-1074: rounds up
    ("2.4703282292062327e-324", 0),  // just below half: rounds to zero
    ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),  // largest subnormal
    ("2.2250738585072014e-308", Double.leastNormalMagnitude),
    ("2.2250738585072012e-308", Double.leastNormalMagnitude),  // rounds up into the normal range
    ("1e-400", 0), ("-1e-400", -0.0), ("1e-343", 0), ("1e-324", 0),
    ("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000001e-240", 0),
    // The top of the range and overflow.
    ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ("1.7976931348623158e308", Double.greatestFiniteMagnitude),
    ("1.7976931348623159e308", Double.infinity),
    (
      "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9",
      Double.greatestFiniteMagnitude
    ),
    (
      "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
      Double.infinity
    ),  // exactly halfway to 2^1024: ties to even, which overflows
    ("1e309", Double.infinity), ("-1e309", -Double.infinity), ("1e99999999999", Double.infinity),
    // Halfway cases: ties go to the even significand.
    ("9007199254740993", 9_007_199_254_740_992),  // 2^53 + 1
    ("9007199254740995", 9_007_199_254_740_996),  // 2^53 + 3
    ("9007199254740993.0000000000000000001", 9_007_199_254_740_994),  // just above the tie
    ("9007199254740992.9999999999999999999", 9_007_199_254_740_992),
    ("1.00000000000000011102230246251565404236316680908203125", 1),  // 1 + 2^-53, exactly halfway
    ("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
    ("1.00000000000000011102230246251565404236316680908203124", 1),
    ("7.2057594037927933e16", 72_057_594_037_927_936),
    ("1e23", 1e23), ("8.98846567431158e307", 8.98846567431158e307), ("0.1", 0.1), ("0.3", 0.3),
    ("2.2204460492503131e-16", Double.ulpOfOne),
    // Digits beyond the 19 that fit a UInt64.
    ("3.14159265358979323846264338327950288419716939937510", Double.pi),
    ("123456789012345678901234567890", 1.2345678901234568e29),
    ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
    ("-0", -0.0), ("0e999", 0), ("-0.0e-999", -0.0),
  ])
  func hardCases(_ text: String, _ expected: Double) {
    let actual = Self.parsnipDouble(text)
    #expect(actual?.bitPattern == expected.bitPattern, "\(text) → \(String(describing: actual)), want \(expected)")
    #expect(Self.agrees(text), "\(text) disagrees with Double(String)")
  }

  @Test func everyTableEntryAgreesWithTheStandardLibrary() {
    var rng = SeededRandom(seed: 0x5EED_0001)
    var undecided = 0
    for exponent in -350...320 {
      for k in 0..<40 {
        // Mix short significands (exact products) with full 64-bit ones (truncated products).
        let significand: UInt64 = k < 10 ? UInt64(k + 1) * 7 : (k < 20 ? rng.next() >> (rng.next() % 60) : rng.next())
        let expected = Double("\(significand)e\(exponent)")!
        if let actual = EiselLemire.double(significand: significand, exponent: exponent) {
          #expect(actual.bitPattern == expected.bitPattern, "\(significand)e\(exponent)")
        } else {
          undecided += 1
        }
      }
    }
    // The algorithm decides all but a vanishing fraction of inputs.
    #expect(undecided < 10, "\(undecided) undecided")
  }

  @Test func truncatedSignificandsDecideWhenBothNeighboursAgree() {
    // 19 kept digits, more dropped: both ends of [w, w + 1) × 10^q round to the same double.
    #expect(EiselLemire.double(truncatedSignificand: 1_234_567_890_123_456_789, exponent: 11) == 1.2345678901234568e29)
    // Below a tie, w and w + 1 both round down: decided.
    #expect(EiselLemire.double(truncatedSignificand: 9_007_199_254_740_992_999, exponent: -3) == 9_007_199_254_740_992)
    // 2^53 + 1 = 9007199254740993 is a tie: w lands on it (rounds to even, down) and w + 1 above it (rounds up), so
    // only the dropped digits can decide and the fast path must refuse.
    #expect(EiselLemire.double(truncatedSignificand: 9_007_199_254_740_993_000, exponent: -3) == nil)
    #expect(Self.agrees("9007199254740992.9990000000000001"))
    #expect(Self.agrees("9007199254740993.0000000000000001"))
  }

  @Test func oneMillionRandomDoublesRoundTrip() {
    var rng = SeededRandom(seed: 0xD0_0B1E)
    var checked = 0
    var failures: [String] = []
    while checked < 1_000_000 {
      let d = Double(bitPattern: rng.next())
      guard d.isFinite else { continue }
      checked += 1
      // Shortest text (`description`), 17 significant digits, and 17 digits with up to 12 random digits appended.
      let shortest = d.description
      if Self.parsnipDouble(shortest)?.bitPattern != d.bitPattern { failures.append(shortest) }
      let seventeen = String(format: "%.16e", d)
      if Self.parsnipDouble(seventeen)?.bitPattern != d.bitPattern { failures.append(seventeen) }
      if checked % 4 == 0 {
        let parts = seventeen.split(separator: "e")
        var digits = String(parts[0])
        for _ in 0..<(1 + Int(rng.next() % 12)) { digits.append(Character(String(rng.next() % 10))) }
        let longer = digits + "e" + parts[1]
        if !Self.agrees(longer) { failures.append(longer) }
      }
      if failures.count > 10 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test(.requiresSharedData, arguments: ["canada.json", "mesh.json", "numbers.json", "marine_ik.json"])
  func everyNumberInTheCorporaAgrees(_ name: String) throws {
    let url = try #require(Fixtures.sharedDirectory("bench-data")).appendingPathComponent(name)
    let bytes = try [UInt8](Data(contentsOf: url))
    var count = 0
    var failures: [String] = []
    try bytes.withUnsafeBytes { buffer in
      try ScanPipeline.withScan(buffer, options: .default) { text throws(JSONParseError) in
        let (tape, source) = (text.tape, text.source)
        let base = source.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for i in 0..<tape.count where tape.kind(i) == .number {
          let start = tape.offset(i)
          let end = start + tape.aux(i)
          let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
          let scanned = NumberParser.read(base, from: start, end: end)
          let actual = NumberParser.double(base, from: start, scanned)
          if actual.bitPattern != Double(text)?.bitPattern { failures.append(text) }
          count += 1
        }
      }
    }
    #expect(count > 1000)
    #expect(failures.isEmpty, "\(failures.prefix(10))")
  }
}
