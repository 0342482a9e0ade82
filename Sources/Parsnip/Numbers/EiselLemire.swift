/// Correctly rounded decimal → `Double` conversion for `significand × 10^exponent` with a 64-bit significand.
///
/// The Eisel–Lemire algorithm (Daniel Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice and
/// Experience, 2021): multiply the normalized significand by a 128-bit approximation of 5^exponent
/// (``powersOfFive``), keep the top 55 bits of the product, and round to 53. The truncation error of the table is
/// small enough that the rounding is right except in cases the algorithm detects; in those it returns `nil` and the
/// caller falls back to an exact (slow) conversion. Subnormal results and overflow to infinity are handled here.
enum EiselLemire {
  /// Smallest exponent with a table entry; below it every 64-bit significand rounds to zero.
  static let smallestPowerOfTen = -342
  /// Largest exponent with a table entry; above it every nonzero significand overflows to infinity.
  static let largestPowerOfTen = 308

  /// The double nearest to `significand × 10^exponent` (ties to even), or `nil` when this fast algorithm cannot
  /// decide the rounding.
  ///
  /// - Parameters:
  ///   - significand: The decimal significand (any 64-bit value).
  ///   - exponent: The power of ten.
  /// - Returns: The correctly rounded non-negative double, `0` for underflow, `+infinity` for overflow, or `nil`.
  @inline(__always)
  static func double(significand: UInt64, exponent: Int) -> Double? {
    if significand == 0 || exponent < smallestPowerOfTen { return 0 }
    if exponent > largestPowerOfTen { return .infinity }

    // Normalize so the significand's top bit is set; the product's top bit is then bit 127 or 126.
    let leadingZeros = significand.leadingZeroBitCount
    let w = significand << UInt64(leadingZeros)
    let index = 2 &* (exponent &- smallestPowerOfTen)
    var (high, low) = w.multipliedFullWidth(by: powersOfFive[index])
    // 55 bits are needed (53, the rounding bit, and one lost when the top bit is 126). When the 9 bits below them
    // are all ones, a carry from the table's low word could still reach them: include that word.
    if high & 0x1FF == 0x1FF {
      let (extra, _) = w.multipliedFullWidth(by: powersOfFive[index &+ 1])
      let (sum, carry) = low.addingReportingOverflow(extra)
      low = sum
      if carry { high &+= 1 }
      // Outside the range where 5^exponent is exact in 128 bits, an all-ones low word leaves the carry unknown.
      if low == .max, exponent < -27 || exponent > 55 { return nil }
    }

    let upperBit = Int(high >> 63)
    let shift = UInt64(upperBit &+ 9)
    var mantissa = high >> shift
    // floor(log2(10^exponent)) + 63 via the 217706 / 2^16 ≈ log2(10) approximation (exact in this range).
    var power2 = ((217_706 &* exponent) >> 16) &+ 63 &+ upperBit &- leadingZeros &+ 1023

    if power2 <= 0 {
      // Subnormal (or zero): shift into place, then round. A tie cannot occur here, since 5^exponent is inexact.
      let extraShift = 1 &- power2
      if extraShift >= 64 { return 0 }
      mantissa >>= UInt64(extraShift)
      mantissa &+= mantissa & 1
      mantissa >>= 1
      // Rounding up may carry into the smallest normal exponent.
      power2 = mantissa < (1 << 52) ? 0 : 1
      return Double(bitPattern: UInt64(power2) << 52 | (mantissa & ((1 << 52) &- 1)))
    }

    // A product that is exact and falls exactly halfway between two doubles must round to even, not up. Exact
    // products happen only when 5^exponent fits the 64-bit word, i.e. for exponents in -4...23.
    if low <= 1, exponent >= -4, exponent <= 23, mantissa & 3 == 1, mantissa << shift == high {
      mantissa &= ~1
    }
    mantissa &+= mantissa & 1
    mantissa >>= 1
    if mantissa >= (2 << 52) {
      mantissa = 1 << 52
      power2 &+= 1
    }
    if power2 >= 0x7FF { return .infinity }
    return Double(bitPattern: UInt64(power2) << 52 | (mantissa & ((1 << 52) &- 1)))
  }

  /// The double for a significand whose digits beyond the first 19 were dropped: the exact value lies in
  /// `[significand, significand + 1) × 10^exponent`, so when both ends round to the same double, that is the answer.
  ///
  /// - Parameters:
  ///   - significand: The first 19 significant digits.
  ///   - exponent: The power of ten of the last kept digit.
  /// - Returns: The correctly rounded non-negative double, or `nil` when the dropped digits could change it.
  static func double(truncatedSignificand significand: UInt64, exponent: Int) -> Double? {
    guard let low = double(significand: significand, exponent: exponent),
      let high = double(significand: significand &+ 1, exponent: exponent), low == high
    else { return nil }
    return low
  }
}
