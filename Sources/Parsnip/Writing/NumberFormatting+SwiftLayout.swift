extension NumberFormatting {
  /// Writes the shortest round-trip text of a finite `d` as Swift's `description` lays it out, without its `.0`
  /// suffix: the text Foundation's `JSONEncoder` writes, which ``ParsnipEncoder`` matches byte for byte. Plain
  /// digits from `0.0001` up to `2^53` (`1000000000000000`, `0.0001`), exponent notation with at least two exponent
  /// digits beyond (`1e+16`, `1e-05`, `1.2345678901234568e+17`); `-0` for negative zero (at most 25 bytes).
  @inline(__always)
  static func writeDoubleInSwiftLayout(_ d: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
    if d == 0 {
      if d.sign == .minus {
        start[0] = .minus
        start[1] = .zero
        return 2
      }
      start[0] = .zero
      return 1
    }
    let (significand, exponent) = ShortestDouble.decimal(d.magnitude)
    var p = start
    if d < 0 {
      p[0] = .minus
      p += 1
    }
    let k = digitCount(significand)
    let n = k &+ exponent  // digits before the decimal point
    if n >= -3 && d.magnitude <= 0x1p53 {
      if n >= k {
        // Integer: the digits, then zeros.
        writeDigits(significand, count: k, to: p)
        var i = k
        while i < n {
          p[i] = .zero
          i &+= 1
        }
        return (p - start) &+ n
      }
      if n > 0 {
        // A point inside the digits: write them one byte to the right, then slide the integer part back.
        writeDigits(significand, count: k, to: p + 1)
        var i = 0
        while i < n {
          p[i] = p[i &+ 1]
          i &+= 1
        }
        p[n] = .period
        return (p - start) &+ k &+ 1
      }
      // 0.000ddd
      p[0] = .zero
      p[1] = .period
      var i = 2
      while i < 2 &- n {
        p[i] = .zero
        i &+= 1
      }
      writeDigits(significand, count: k, to: p + i)
      return (p - start) &+ i &+ k
    }
    // d.ddde±xx
    writeDigits(significand, count: k, to: p + 1)
    p[0] = p[1]
    var i = 1
    if k > 1 {
      p[1] = .period
      i = k &+ 1
    }
    p[i] = .lowerE
    let e = n &- 1
    p[i &+ 1] = e < 0 ? .minus : .plus
    let magnitude = UInt64(e.magnitude)
    if magnitude < 10 {
      p[i &+ 2] = .zero
      p[i &+ 3] = UInt8(truncatingIfNeeded: magnitude) &+ .zero
      return (p - start) &+ i &+ 4
    }
    return (p - start) &+ i &+ 2 &+ writeUnsigned(magnitude, to: p + i + 2)
  }
}
