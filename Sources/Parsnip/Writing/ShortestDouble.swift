/// Shortest round-trip decimal digits of a double, by Raffaello Giulietti's Schubfach algorithm
/// ("The Schubfach way to render doubles", 2020; the algorithm behind Java's `Double.toString` since JDK 19).
///
/// For a positive finite double `v = c × 2^q`, Schubfach scales the rounding interval of `v` by a 128-bit
/// approximation of `10^-k` (with round-to-odd, so comparisons stay exact) and picks, among the decimals inside the
/// interval, one with the fewest digits, closest to `v` (ties to an even digit). Only two candidate lengths are
/// examined, so the work is three 64×128-bit multiplications and a handful of comparisons, with no loop and no
/// allocation. The result matches Swift's `description` digit for digit.
enum ShortestDouble {
  /// The digits of a positive finite `d` as `significand × 10^exponent`, with no trailing zeros in `significand`
  /// (at most 17 digits).
  @inline(__always)
  static func decimal(_ d: Double) -> (significand: UInt64, exponent: Int) {
    let bits = d.bitPattern
    let fraction = bits & ((1 << 52) - 1)
    let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
    var c: UInt64
    let q: Int
    if biasedExponent != 0 {
      c = fraction | (1 << 52)
      q = biasedExponent &- 1075
      // Integers below 2^53: their own digits are the shortest representation.
      if q <= 0, q >= -52, c & ((1 << UInt64(-q)) &- 1) == 0 {
        return removingTrailingZeros(c >> UInt64(-q), exponent: 0)
      }
    } else {
      c = fraction
      q = -1074
    }
    let (s, k) = schubfach(c: c, q: q, lowerBoundaryIsCloser: fraction == 0 && biasedExponent > 1)
    return removingTrailingZeros(s, exponent: k)
  }

  /// The Schubfach core: the decimal `s × 10^k` in the rounding interval of `c × 2^q`.
  @inline(__always)
  private static func schubfach(c: UInt64, q: Int, lowerBoundaryIsCloser: Bool) -> (UInt64, Int) {
    let isEven = c & 1 == 0
    // The interval bounds and the value, in units of 2^(q-2).
    let cbl = 4 &* c &- 2 &+ (lowerBoundaryIsCloser ? 1 : 0)
    let cb = 4 &* c
    let cbr = 4 &* c &+ 2
    // k = floor(log10(2^q)), or floor(log10(3/4 × 2^q)) when the lower bound is closer.
    let k = (q &* 1_262_611 &- (lowerBoundaryIsCloser ? 524_031 : 0)) >> 22
    // h ∈ 1...4 aligns the 128-bit power of ten with the bounds.
    let h = q &+ floorLog2Pow10(-k) &+ 1
    let g = PowersOfTen128.significand(-k)
    let vbl = roundToOdd(g, cbl << UInt64(h))
    let vb = roundToOdd(g, cb << UInt64(h))
    let vbr = roundToOdd(g, cbr << UInt64(h))
    // Interval ends, inclusive when c is even (round-half-even reading).
    let lower = vbl &+ (isEven ? 0 : 1)
    let upper = vbr &- (isEven ? 0 : 1)
    let s = vb / 4
    if s >= 10 {
      // One digit fewer: s' × 10^(k+1), tried first since it is shorter.
      let sp = s / 10
      let upInside = lower <= 40 &* sp
      let wpInside = 40 &* sp &+ 40 <= upper
      if upInside != wpInside { return (sp &+ (wpInside ? 1 : 0), k &+ 1) }
    }
    let uInside = lower <= 4 &* s
    let wInside = 4 &* s &+ 4 <= upper
    if uInside != wInside { return (s &+ (wInside ? 1 : 0), k) }
    // Both s and s+1 are inside: take the closer one, ties to even.
    let mid = 4 &* s &+ 2
    let roundsUp = vb > mid || (vb == mid && s & 1 != 0)
    return (s &+ (roundsUp ? 1 : 0), k)
  }

  /// `floor(g × cp / 2^128)` with its lowest bit set when the discarded part is not zero (round to odd).
  @inline(__always)
  private static func roundToOdd(_ g: (hi: UInt64, lo: UInt64), _ cp: UInt64) -> UInt64 {
    let x = g.lo.multipliedFullWidth(by: cp)
    let y = g.hi.multipliedFullWidth(by: cp)
    let (middle, carry) = y.low.addingReportingOverflow(x.high)
    let high = y.high &+ (carry ? 1 : 0)
    return high | (middle > 1 ? 1 : 0)
  }

  /// `floor(log2(10^e))` for `|e| ≤ 1650`.
  @inline(__always)
  static func floorLog2Pow10(_ e: Int) -> Int { (e &* 1_741_647) >> 19 }

  @inline(__always)
  private static func removingTrailingZeros(_ value: UInt64, exponent: Int) -> (UInt64, Int) {
    var s = value
    var e = exponent
    while s % 100_000_000 == 0 {
      s /= 100_000_000
      e &+= 8
    }
    if s % 10_000 == 0 {
      s /= 10_000
      e &+= 4
    }
    if s % 100 == 0 {
      s /= 100
      e &+= 2
    }
    if s % 10 == 0 {
      s /= 10
      e &+= 1
    }
    return (s, e)
  }
}

/// `g(e) = floor(10^e × 2^-r) + 1` with `2^127 ≤ 10^e × 2^-r < 2^128`, for `e` in `-292...324`: the upper
/// 128-bit approximations of powers of ten that Schubfach multiplies by.
///
/// The 617 entries are computed exactly with a small big-integer routine on first use (about 0.1 ms, once per
/// process) rather than pasted as a 10 KB literal table; `PowersOfTen128Tests` checks them against independent
/// arithmetic.
enum PowersOfTen128 {
  static let minimumExponent = -292
  static let maximumExponent = 324

  /// `hi, lo` pairs, entry `e - minimumExponent`.
  private static let table: [UInt64] = makeTable()

  @inline(__always)
  static func significand(_ e: Int) -> (hi: UInt64, lo: UInt64) {
    let i = (e &- minimumExponent) &* 2
    return table.withUnsafeBufferPointer { ($0[i], $0[i &+ 1]) }
  }

  private static func makeTable() -> [UInt64] {
    var table = [UInt64](repeating: 0, count: 2 * (maximumExponent - minimumExponent + 1))
    func store(_ e: Int, _ value: BigNatural) {
      var (hi, lo) = value.top128Bits()
      // + 1 makes g an upper bound even when 10^e is exact in 128 bits.
      let (sum, carry) = lo.addingReportingOverflow(1)
      lo = sum
      if carry { hi &+= 1 }
      table[2 * (e - minimumExponent)] = hi
      table[2 * (e - minimumExponent) + 1] = lo
    }
    var power = BigNatural(1)
    for e in 0...maximumExponent {
      store(e, power)
      power.multiply(by: 10)
    }
    // floor(2^L / 10^m) for successive m: repeated floor division by 10 is exact floor division by 10^m.
    // L = 1152 keeps at least 128 significant bits down to 10^-292.
    var quotient = BigNatural(powerOfTwo: 1152)
    for m in 1...(-minimumExponent) {
      quotient.divide(by: 10)
      store(-m, quotient)
    }
    return table
  }
}

/// A minimal arbitrary-precision natural number (little-endian 32-bit limbs), only for building tables.
struct BigNatural {
  var limbs: [UInt32]

  init(_ value: UInt32) { limbs = [value] }

  init(powerOfTwo n: Int) {
    limbs = [UInt32](repeating: 0, count: n / 32 + 1)
    limbs[n / 32] = 1 << UInt32(n % 32)
  }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for i in limbs.indices {
      let product = UInt64(limbs[i]) * UInt64(factor) + carry
      limbs[i] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 { limbs.append(UInt32(carry)) }
  }

  mutating func divide(by divisor: UInt32) {
    var remainder: UInt64 = 0
    for i in limbs.indices.reversed() {
      let current = remainder << 32 | UInt64(limbs[i])
      limbs[i] = UInt32(current / UInt64(divisor))
      remainder = current % UInt64(divisor)
    }
    while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
  }

  var bitWidth: Int {
    guard let top = limbs.last(where: { $0 != 0 }), let index = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
    return index * 32 + (32 - top.leadingZeroBitCount)
  }

  /// Bit `i` (0 = least significant).
  func bit(_ i: Int) -> UInt64 {
    guard i >= 0, i / 32 < limbs.count else { return 0 }
    return UInt64(limbs[i / 32] >> UInt32(i % 32) & 1)
  }

  /// The most significant 128 bits, truncated (shifted left with zeros when the number is shorter).
  func top128Bits() -> (hi: UInt64, lo: UInt64) {
    let width = bitWidth
    var hi: UInt64 = 0
    var lo: UInt64 = 0
    for j in 0..<128 {
      let b = bit(width - 1 - j)
      if j < 64 { hi |= b << UInt64(63 - j) } else { lo |= b << UInt64(127 - j) }
    }
    return (hi, lo)
  }
}
