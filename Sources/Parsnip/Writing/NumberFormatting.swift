/// Number → JSON text.
///
/// The kernels write into raw memory that the caller has reserved (``maximumInlineLength`` bytes are always enough,
/// except for verbatim `.text` numbers, which are copied as they are); the `append…(to: &[UInt8])` wrappers serve
/// callers that build arrays (descriptions, the Codable encoder).
///
/// Layout follows ECMAScript's Number-to-String (also RFC 8785): plain digits while the decimal point falls within
/// 21 digits (`123`, `1.5`, `100000000000000000000`), `0.000001` down to six leading zeros, exponent notation
/// beyond (`1e+21`, `1.5e-7`). Doubles print their shortest round-trip digits (``ShortestDouble``); parsed decimals
/// keep every digit they were written with (`2.50` stays `2.50`).
enum NumberFormatting {
  /// Bytes that any kernel below may write for one number (a sign, 19 digits, a point, up to 6 leading zeros, or
  /// an exponent of up to 11 characters).
  static let maximumInlineLength = 48

  // MARK: Array wrappers

  /// Appends the JSON text of a number.
  ///
  /// Non-finite doubles are appended as `NaN`/`Infinity`/`-Infinity`; the writer checks for them first and
  /// reports an error.
  static func append(_ number: JSONNumber, to out: inout [UInt8]) {
    if case .text(let text) = number.storage {
      out.append(contentsOf: text.value.utf8)
      return
    }
    appendInline(to: &out) { write(number, to: $0) }
  }

  /// Appends a signed integer.
  static func appendInteger(_ v: Int64, to out: inout [UInt8]) {
    appendInline(to: &out) { writeInteger(v, to: $0) }
  }

  /// Appends an unsigned integer, with a minus sign first when `isNegative`.
  static func appendUnsigned(_ v: UInt64, isNegative: Bool, to out: inout [UInt8]) {
    appendInline(to: &out) { p in
      if isNegative { p[0] = .minus }
      return writeUnsigned(v, to: p + (isNegative ? 1 : 0)) + (isNegative ? 1 : 0)
    }
  }

  /// Writes `±significand × 10^exponent` keeping every digit of the significand, in the style of ECMAScript's
  /// Number-to-String: plain notation when the decimal point falls within 21 digits, exponent notation otherwise.
  static func appendDecimal(significand: UInt64, exponent: Int, isNegative: Bool, to out: inout [UInt8]) {
    appendInline(to: &out) {
      writeDecimal(significand: significand, exponent: exponent, isNegative: isNegative, to: $0)
    }
  }

  /// Appends the shortest text that parses back to `d`, in ECMAScript layout (`1e+21`, `0.000001`, `1.5`).
  ///
  /// Zero is `0` (`-0` for negative zero); non-finite values are appended as `NaN`, `Infinity` or `-Infinity`.
  static func appendShortest(_ d: Double, to out: inout [UInt8]) {
    appendInline(to: &out) { writeDouble(d, to: $0) }
  }

  /// Lays out ASCII `digits` with the decimal point after `pointPosition` digits (ECMAScript rules, RFC 8785).
  static func appendDigits(_ digits: [UInt8], pointPosition n: Int, isNegative: Bool, to out: inout [UInt8]) {
    guard !digits.isEmpty else { return }
    // The layout is at most the digits, 21 zeros, a sign, a point and an exponent.
    let capacity = digits.count + 48
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: capacity))
    let written = digits.withUnsafeBufferPointer { d in
      out.withUnsafeMutableBufferPointer { o in
        layout(
          digits: d.baseAddress!, count: d.count, pointPosition: n, isNegative: isNegative, to: o.baseAddress! + start)
      }
    }
    out.removeLast(capacity - written)
  }

  @inline(__always)
  private static func appendInline(to out: inout [UInt8], _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumInlineLength) { buffer in
      let count = body(buffer.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  // MARK: Kernels

  /// Writes any storage except `.text` (which must be copied by the caller) and returns the byte count.
  @inline(__always)
  static func write(_ number: JSONNumber, to p: UnsafeMutablePointer<UInt8>) -> Int {
    switch number.storage {
    case .int(let v): return writeInteger(v, to: p)
    case .uint(let v): return writeUnsigned(v, to: p)
    case .double(let d): return writeDouble(d, to: p)
    case .decimal(let significand, let exponent, let isNegative):
      return writeDecimal(significand: significand, exponent: Int(exponent), isNegative: isNegative, to: p)
    case .text: preconditionFailure("verbatim number text is copied by the caller")
    }
  }

  /// Writes a signed integer (at most 20 bytes).
  @inline(__always)
  static func writeInteger(_ v: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
    if v < 0 {
      p[0] = .minus
      return writeUnsigned(v.magnitude, to: p + 1) &+ 1
    }
    return writeUnsigned(UInt64(v), to: p)
  }

  /// Writes the decimal digits of `v` (at most 20 bytes).
  @inline(__always)
  static func writeUnsigned(_ v: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
    if v < 10 {
      p[0] = UInt8(truncatingIfNeeded: v) &+ .zero
      return 1
    }
    let count = digitCount(v)
    writeDigits(v, count: count, to: p)
    return count
  }

  /// The number of decimal digits of `v` (1 for zero).
  @inline(__always)
  static func digitCount(_ v: UInt64) -> Int {
    // floor(log10(2^bits)) from the bit length, then one comparison (the bit-twiddling-hacks method).
    let bitLength = 64 &- (v | 1).leadingZeroBitCount
    let guess = (bitLength &* 1233) >> 12
    return guess &+ (v >= powerOfTen(guess) ? 1 : 0) + (v == 0 ? 1 : 0)
  }

  /// 10^e for e in 0...19, from a switch the compiler turns into a constant table.
  @inline(__always)
  static func powerOfTen(_ e: Int) -> UInt64 {
    switch e {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// Writes exactly `count` digits of `v` (with leading zeros when `v` has fewer), eight at a time.
  ///
  /// Each group of eight is stored with one unaligned 8-byte write, so when `count` is below 8 the bytes after the
  /// digits, up to `p + 8`, are overwritten too: callers reserve that room (every kernel here writes into at least
  /// 20 reserved bytes, and anything it writes after the digits lands on top).
  @inline(__always)
  static func writeDigits(_ v: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
    if count <= 8 {
      store(eightDigits(v) >> (UInt64(truncatingIfNeeded: 8 &- count) &<< 3), to: p)
      return
    }
    let low = v % 100_000_000
    var high = v / 100_000_000
    var q = p
    // A single digit before a group of eight (9 digits: ids; 17: most double significands) is one byte, not a
    // group converted and shifted.
    if count > 16 {
      let top = high / 100_000_000
      high %= 100_000_000
      if count == 17 {
        q.pointee = UInt8(truncatingIfNeeded: top) &+ .zero
      } else {
        store(eightDigits(top) >> (UInt64(truncatingIfNeeded: 24 &- count) &<< 3), to: q)
      }
      q += count &- 16
      store(eightDigits(high), to: q)
      q += 8
    } else if count == 9 {
      q.pointee = UInt8(truncatingIfNeeded: high) &+ .zero
      q += 1
    } else {
      store(eightDigits(high) >> (UInt64(truncatingIfNeeded: 16 &- count) &<< 3), to: q)
      q += count &- 8
    }
    store(eightDigits(low), to: q)
  }

  /// The eight decimal digits of `x` (below 10^8, with leading zeros) as ASCII bytes, the first digit in the lowest
  /// byte: two 4-digit halves in 32-bit lanes, split into 2-digit then 1-digit lanes by multiplying with reciprocals
  /// (`n * 10486 >> 20` is `n / 100` below 10 000, `n * 103 >> 10` is `n / 10` below 100).
  @inline(__always)
  static func eightDigits(_ x: UInt64) -> UInt64 {
    let high = x / 10_000
    var v = high | ((x &- high &* 10_000) << 32)
    let hundreds = ((v &* 10_486) >> 20) & 0x0000_007F_0000_007F
    v = hundreds | ((v &- hundreds &* 100) << 16)
    let tens = ((v &* 103) >> 10) & 0x000F_000F_000F_000F
    v = tens | ((v &- tens &* 10) << 8)
    return v | 0x3030_3030_3030_3030
  }

  @inline(__always)
  private static func store(_ word: UInt64, to p: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(p).storeBytes(of: word.littleEndian, as: UInt64.self)
  }

  /// Writes the shortest round-trip text of `d` in ECMAScript layout; `-0` for negative zero, and `NaN`,
  /// `Infinity`, `-Infinity` for non-finite values (at most 25 bytes).
  @inline(__always)
  static func writeDouble(_ d: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    guard d.isFinite else { return writeNonFinite(d, to: p) }
    return writeShortest(d, to: p, layout: .ecmaScript)
  }

  /// Writes the shortest round-trip digits of a finite `d` in `layout`; `0` and `-0` for zeros.
  @inline(__always)
  static func writeShortest(_ d: Double, to p: UnsafeMutablePointer<UInt8>, layout: DecimalLayout) -> Int {
    if d == 0 {
      if d.sign == .minus {
        p[0] = .minus
        p[1] = .zero
        return 2
      }
      p[0] = .zero
      return 1
    }
    let (significand, exponent) = ShortestDouble.decimal(d.magnitude)
    return writeDecimalLayout(
      significand: significand, exponent: exponent, isNegative: d < 0, to: p, layout: layout)
  }

  /// Writes `±significand × 10^exponent` keeping every digit of the significand (at most 34 bytes).
  ///
  /// A zero significand is written `0` (`-0`), or `0.0…` with its fraction zeros when the exponent is negative (at most 20).
  @inline(__always)
  static func writeDecimal(
    significand: UInt64, exponent: Int, isNegative: Bool, to p: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    guard significand != 0 else { return writeZero(exponent: exponent, isNegative: isNegative, to: p) }
    return writeDecimalLayout(significand: significand, exponent: exponent, isNegative: isNegative, to: p)
  }

  /// Where a decimal point goes and how exponents look: ECMAScript's rules (the tree writer), or Swift's
  /// `description` (Foundation's `JSONEncoder`, which ``ParsnipEncoder`` matches byte for byte).
  enum DecimalLayout {
    /// Plain digits while the point is within 21 digits left and 6 zeros right; exponents like `e+21`, `e-7`.
    case ecmaScript
    /// Plain digits from `0.0001` while the magnitude is at most 2^53 (`isSmall`); exponents of at least two
    /// digits, `e+16`, `e-05`.
    case swift(isSmall: Bool)
  }

  /// Writes `±significand × 10^exponent` (significand not zero) in `layout`, digits written in place.
  @inline(__always)
  static func writeDecimalLayout(
    significand: UInt64, exponent: Int, isNegative: Bool, to start: UnsafeMutablePointer<UInt8>,
    layout: DecimalLayout = .ecmaScript
  ) -> Int {
    var p = start
    if isNegative {
      p[0] = .minus
      p += 1
    }
    let k = digitCount(significand)
    let n = k &+ exponent  // digits before the decimal point
    let positional: Bool
    let exponentDigits: Int
    switch layout {
    case .ecmaScript: (positional, exponentDigits) = (n > -6 && n <= 21, 1)
    case .swift(let isSmall): (positional, exponentDigits) = (n >= -3 && isSmall, 2)
    }
    if positional {
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
        if n <= 8 {
          // In one word (a byte loop here becomes a `memmove` call): bytes below n from one byte further on, the
          // others as they are. `writeDigits` stored at least the eight bytes after `p`.
          let raw = UnsafeMutableRawPointer(p)
          let here = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
          let next = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
          let moved: UInt64 = n == 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: n &* 8)) &- 1
          raw.storeBytes(of: ((next & moved) | (here & ~moved)).littleEndian, as: UInt64.self)
        } else {
          var i = 0
          while i < n {
            p[i] = p[i &+ 1]
            i &+= 1
          }
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
    // d.ddde±x (Swift: ±xx)
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
    if exponentDigits == 2 && magnitude < 10 {
      p[i &+ 2] = .zero
      p[i &+ 3] = UInt8(truncatingIfNeeded: magnitude) &+ .zero
      return (p - start) &+ i &+ 4
    }
    return (p - start) &+ i &+ 2 &+ writeUnsigned(magnitude, to: p + i + 2)
  }

  @inline(never)
  private static func writeZero(exponent: Int, isNegative: Bool, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var i = 0
    if isNegative {
      p[0] = .minus
      i = 1
    }
    p[i] = .zero
    i &+= 1
    if exponent < 0 {
      // Keep the written fraction zeros (`0.00`), within reason: `0e-1000000` must not print a million zeros.
      p[i] = .period
      i &+= 1
      let zeros = Swift.min(-exponent, 20)
      (p + i).initialize(repeating: .zero, count: zeros)
      i &+= zeros
    }
    return i
  }

  @inline(never)
  static func writeNonFinite(_ d: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    let text: StaticString = d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity"
    p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    return text.utf8CodeUnitCount
  }

  /// Lays out the digits `d1…dk` of the value `0.d1…dk × 10^n` by ECMAScript's Number-to-String rules.
  static func layout(
    digits: UnsafePointer<UInt8>, count k: Int, pointPosition n: Int, isNegative: Bool,
    to p: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var i = 0
    if isNegative {
      p[0] = .minus
      i = 1
    }
    if k <= n && n <= 21 {
      (p + i).update(from: digits, count: k)
      (p + i + k).initialize(repeating: .zero, count: n - k)
      return i + n
    }
    if 0 < n && n <= 21 {
      (p + i).update(from: digits, count: n)
      p[i + n] = .period
      (p + i + n + 1).update(from: digits + n, count: k - n)
      return i + k + 1
    }
    if -6 < n && n <= 0 {
      p[i] = .zero
      p[i + 1] = .period
      (p + i + 2).initialize(repeating: .zero, count: -n)
      (p + i + 2 - n).update(from: digits, count: k)
      return i + 2 - n + k
    }
    p[i] = digits[0]
    i += 1
    if k > 1 {
      p[i] = .period
      (p + i + 1).update(from: digits + 1, count: k - 1)
      i += k
    }
    p[i] = .lowerE
    let e = n - 1
    p[i + 1] = e < 0 ? .minus : .plus
    return i + 2 + writeUnsigned(UInt64(e.magnitude), to: p + i + 2)
  }
}
