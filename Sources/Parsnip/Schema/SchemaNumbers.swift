/// Exact arithmetic for `multipleOf`: decided from the numbers' decimal digits, so `0.3` is a multiple of `0.1`,
/// `1e308` is not a multiple of `0.123456789`, and integers beyond 2^64 are read in full.
enum SchemaNumbers {
  /// Whether `value / divisor` is an integer (`divisor` > 0).
  static func isMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
    if case .int(let v) = value.storage, case .int(let d) = divisor.storage, d > 0 { return v % d == 0 }
    if case .double(let v) = value.storage, !v.isFinite { return false }
    if case .double(let d) = divisor.storage, !d.isFinite { return false }
    let v = DecimalDigits(value)
    let d = DecimalDigits(divisor)
    if v.digits.isEmpty { return true }
    guard !d.digits.isEmpty else { return false }
    // v = V·10^a and d = D·10^b with V and D free of trailing zeros: V·10^(a-b) must be a multiple of D, which
    // needs a ≥ b (else the quotient has a fractional power of ten V cannot cancel, V having no factor 10).
    guard v.hugeExponent == nil, d.hugeExponent == nil else {
      // Exponents beyond 10^18: decided through doubles (no JSON text of a sane size gets here).
      let q = value.doubleValue / divisor.doubleValue
      return q.isFinite && q.rounded(.towardZero) == q
    }
    let shift = v.exponent - d.exponent
    guard shift >= 0 else { return false }
    if d.digits.count <= 18 {
      let divisor = d.digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
      var remainder: UInt64 = 0
      for digit in v.digits { remainder = (remainder * 10 + UInt64(digit - 48)) % divisor }
      guard remainder != 0 else { return true }
      // remainder · 10^shift mod D, by repeated squaring.
      return multiplyMod(remainder, power(10, shift, divisor), divisor) == 0
    }
    // A divisor of more than 18 digits: schoolbook remainder on digit arrays; the shift is bounded by the text's
    // exponent, and past the divisor's length more zeros cycle, so at most that many are appended first.
    var remainder: [UInt8] = []
    let divisorDigits = d.digits.map { $0 - 48 }
    func step(_ digit: UInt8) {
      remainder.append(digit)
      while let first = remainder.first, first == 0, remainder.count > 1 { remainder.removeFirst() }
      while compare(remainder, divisorDigits) >= 0 { subtract(&remainder, divisorDigits) }
    }
    for digit in v.digits { step(digit - 48) }
    var zeros = 0
    while zeros < shift, !(remainder.allSatisfy { $0 == 0 }) {
      step(0)
      zeros += 1
      if zeros > 100_000 { break }
    }
    return remainder.allSatisfy { $0 == 0 }
  }

  private static func multiplyMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return m.dividingFullWidth((high, low)).remainder
  }

  private static func power(_ base: UInt64, _ exponent: Int, _ m: UInt64) -> UInt64 {
    var result: UInt64 = 1 % m
    var b = base % m
    var e = exponent
    while e > 0 {
      if e & 1 == 1 { result = multiplyMod(result, b, m) }
      b = multiplyMod(b, b, m)
      e >>= 1
    }
    return result
  }

  private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return 0
  }

  private static func subtract(_ a: inout [UInt8], _ b: [UInt8]) {
    var borrow = 0
    var i = a.count - 1
    var j = b.count - 1
    while i >= 0 {
      var x = Int(a[i]) - borrow - (j >= 0 ? Int(b[j]) : 0)
      borrow = 0
      if x < 0 {
        x += 10
        borrow = 1
      }
      a[i] = UInt8(x)
      i -= 1
      j -= 1
    }
    while let first = a.first, first == 0, a.count > 1 { a.removeFirst() }
  }
}
