/// The facts a number scan learns, enough to build a `JSONNumber` or a `Double` without a second pass.
struct ScannedNumber {
  /// Offset just past the number.
  var end: Int
  /// Up to the first 19 significant digits.
  var significand: UInt64 = 0
  /// Power of ten applied to `significand` (includes digits dropped beyond the first 19).
  var exponent: Int = 0
  var isNegative = false
  /// No fraction and no exponent part.
  var isIntegerSyntax = true
  /// All significant digits fit in `significand` and the exponent is in a sane range.
  var isExact = true

  /// The value of an integer written without fraction or exponent, when it fits in `Int64` (`-0` is 0).
  var int64Value: Int64? {
    guard isIntegerSyntax, isExact else { return nil }
    // `Int64.min`'s magnitude is one past `Int64.max`.
    if isNegative { return significand <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- significand) : nil }
    return significand <= UInt64(Int64.max) ? Int64(significand) : nil
  }
}

/// Strict RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum NumberParser {
  enum Failure: Error {
    /// Offset of the byte that broke the grammar, and what was expected there.
    case invalid(offset: Int, expected: String)
  }

  /// The value facts of a number that ``validate(_:from:end:)`` accepted, starting at `start`: the readers' half
  /// of the work (the scanner only validates), so the grammar and its errors live in `validate` alone.
  @inline(__always)
  static func read(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) -> ScannedNumber {
    var i = start
    var result = ScannedNumber(end: start)
    if p[i] == .minus {
      result.isNegative = true
      i &+= 1
    }
    var significand: UInt64 = 0
    var digits = 0  // significant digits consumed into `significand`
    var dropped = 0  // significant integer digits beyond 19
    if i < end, p[i] == .zero {
      i &+= 1
    } else {
      // Digits past 19 only move the exponent.
      accumulateDigits(p, &i, end: end, into: &significand, counting: &digits)
      let droppedStart = i
      while i < end, p[i].isDigit { i &+= 1 }
      dropped = i &- droppedStart
    }
    var exponent = dropped
    if i < end, p[i] == .period {
      result.isIntegerSyntax = false
      i &+= 1
      // Leading fraction zeros are not significant digits.
      if digits == 0 {
        while i < end, p[i] == .zero {
          exponent &-= 1
          i &+= 1
        }
      }
      let fractionStart = i
      accumulateDigits(p, &i, end: end, into: &significand, counting: &digits)
      exponent &-= i &- fractionStart
      let droppedStart = i
      while i < end, p[i].isDigit { i &+= 1 }
      dropped &+= i &- droppedStart
    }
    if i < end, p[i] | 0x20 == .lowerE {
      result.isIntegerSyntax = false
      i &+= 1
      var negativeExponent = false
      if i < end, p[i] == .minus || p[i] == .plus {
        negativeExponent = p[i] == .minus
        i &+= 1
      }
      var e = 0
      while i < end, p[i].isDigit {
        // Past nine digits the exponent saturates far beyond what `isExact` accepts, whatever the fraction takes off.
        e = e < 100_000_000 ? e &* 10 &+ Int(p[i] &- .zero) : 1 << 40
        i &+= 1
      }
      exponent &+= negativeExponent ? -e : e
    }
    result.end = i
    result.significand = significand
    result.exponent = exponent
    result.isExact = dropped == 0 && exponent > -100_000_000 && exponent < 100_000_000
    return result
  }

  /// The grammar check and tape flags of a number, without its value: what the tape needs, since every reader
  /// reads a number's value from its text when asked (``read(_:from:end:)``).
  struct Validated {
    /// Offset just past the number.
    var end: Int
    /// A fraction or an exponent part.
    var isFloat: Bool
    /// An integer beyond what `read` keeps exactly: more than 19 digits, or a negative one below `Int64.min`.
    var isBigInteger: Bool

    /// The number's tape kind with its flags (`Tape.Flag.isFloat`, `Tape.Flag.isBigInteger`).
    var tapeKind: UInt8 {
      if isFloat { return Tape.Kind.number.rawValue | Tape.Flag.isFloat }
      return isBigInteger ? Tape.Kind.number.rawValue | Tape.Flag.isBigInteger : Tape.Kind.number.rawValue
    }
  }

  /// Validates a number starting at `start`, stopping at the first byte that cannot continue it: the one check of
  /// the grammar, counting digits eight at a time.
  /// - Throws: ``Failure/invalid(offset:expected:)`` at the byte that breaks the grammar.
  @inline(__always)
  static func validate(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) throws(Failure) -> Validated {
    var i = start
    let isNegative = p[i] == .minus
    if isNegative { i &+= 1 }
    guard i < end, p[i].isDigit else { throw .invalid(offset: i, expected: "a digit after '-'") }
    var integerDigits = 1
    if p[i] == .zero {
      i &+= 1
      if i < end, p[i].isDigit {
        throw .invalid(offset: i, expected: "'.', 'e' or the end of the number after a leading '0'")
      }
    } else {
      integerDigits = digitRun(p, from: i, end: end)
      i &+= integerDigits
    }
    var isFloat = false
    if i < end, p[i] == .period {
      isFloat = true
      i &+= 1
      guard i < end, p[i].isDigit else { throw .invalid(offset: i, expected: "a digit after '.'") }
      i &+= digitRun(p, from: i, end: end)
    }
    if i < end, p[i] | 0x20 == .lowerE {
      isFloat = true
      i &+= 1
      if i < end, p[i] == .minus || p[i] == .plus { i &+= 1 }
      guard i < end, p[i].isDigit else { throw .invalid(offset: i, expected: "a digit in the exponent") }
      i &+= digitRun(p, from: i, end: end)
    }
    var isBigInteger = false
    if !isFloat, integerDigits >= 19 {
      // 19 digits fit `UInt64`; a negative one must also not pass 9223372036854775808 (`Int64.min`'s magnitude).
      isBigInteger = integerDigits > 19 || (isNegative && exceedsInt64MinMagnitude(p + start + 1))
    }
    return Validated(end: i, isFloat: isFloat, isBigInteger: isBigInteger)
  }

  /// The number of ASCII digits from `i`, eight at a time (SWAR) and then byte by byte near `end`.
  @inline(__always)
  static func digitRun(_ p: UnsafePointer<UInt8>, from i: Int, end: Int) -> Int {
    var j = i
    while j &+ 8 <= end {
      // Bytes 0x30...0x39 become 0...9; a byte of 10 or more gets its high bit set by adding 0x76 or has it already.
      // Carries only go upwards, from bytes at or past the first non-digit, so the lowest flag is that byte.
      let t = UInt64(littleEndian: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030
      let nonDigits = ((t &+ 0x7676_7676_7676_7676) | t) & 0x8080_8080_8080_8080
      if nonDigits != 0 { return j &- i &+ nonDigits.trailingZeroBitCount &>> 3 }
      j &+= 8
    }
    while j < end, p[j].isDigit { j &+= 1 }
    return j &- i
  }

  /// Whether the 19 digits at `p` spell more than 9223372036854775808.
  private static func exceedsInt64MinMagnitude(_ p: UnsafePointer<UInt8>) -> Bool {
    var value: UInt64 = 0  // at most 9999999999999999999, below `UInt64.max`
    for k in 0..<19 { value = value &* 10 &+ UInt64(p[k] &- .zero) }
    return value > UInt64(Int64.max) + 1
  }

  /// Reads digits from `i` into `significand` while it has room (19 digits in all, `digits` so far): runs of
  /// digits (ids, long doubles) eight at a time, then one at a time (one check a digit). The integer part's and the
  /// fraction's one loop.
  @inline(__always)
  static func accumulateDigits(
    _ p: UnsafePointer<UInt8>, _ i: inout Int, end: Int, into significand: inout UInt64, counting digits: inout Int
  ) {
    while digits <= 11, i &+ 8 <= end, let eight = eightDigits(p + i) {
      significand = significand &* 100_000_000 &+ eight
      digits &+= 8
      i &+= 8
    }
    while i < end, digits < 19, p[i].isDigit {
      significand = significand &* 10 &+ UInt64(p[i] &- .zero)
      digits &+= 1
      i &+= 1
    }
  }

  /// The value of the eight bytes at `p` when all of them are ASCII digits (SWAR: the digits are combined in pairs,
  /// then fours, then eights, three multiplications in all).
  @inline(__always)
  static func eightDigits(_ p: UnsafePointer<UInt8>) -> UInt64? {
    let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    // Every byte is 0x30...0x39: its high nibble is 3, and adding 6 does not carry out of the low nibble.
    guard word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
      (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
    else { return nil }
    var v = word &- 0x3030_3030_3030_3030  // byte k holds digit k (the first digit in the lowest byte)
    v = (v &* 10 &+ (v >> 8)) & 0x00FF_00FF_00FF_00FF
    v = (v &* 100 &+ (v >> 16)) & 0x0000_FFFF_0000_FFFF
    return (v &* 10_000 &+ (v >> 32)) & 0xFFFF_FFFF
  }

  /// The sign and magnitude of a validated integer of at most 19 digits, written at `start ..< start + count`: a
  /// number node the scanner flagged neither float nor big integer, so the magnitude cannot overflow (and is at
  /// most 2^63 when negative). The tree's, the document's and the decoder's fast path.
  @inline(__always)
  static func smallInteger(
    _ p: UnsafePointer<UInt8>, from start: Int, count: Int
  ) -> (magnitude: UInt64, isNegative: Bool) {
    let end = start &+ count
    var i = start
    let isNegative = p[i] == .minus
    if isNegative { i &+= 1 }
    var magnitude: UInt64 = 0
    while i &+ 8 <= end, let eight = eightDigits(p + i) {
      magnitude = magnitude &* 100_000_000 &+ eight
      i &+= 8
    }
    while i < end {
      magnitude = magnitude &* 10 &+ UInt64(p[i] &- .zero)
      i &+= 1
    }
    return (magnitude, isNegative)
  }

  /// A ``smallInteger(_:from:count:)`` as `I`, or `nil` when it is out of `I`'s range.
  @inline(__always)
  static func exactInteger<I: FixedWidthInteger>(_: I.Type, magnitude: UInt64, isNegative: Bool) -> I? {
    if I.bitWidth > 64 {  // Int128, UInt128: every magnitude fits; constant-folded for the others
      if !isNegative || magnitude == 0 { return I(magnitude) }
      return I.isSigned ? 0 - I(magnitude) : nil
    }
    if !isNegative {
      return magnitude <= UInt64(I.max) ? I(truncatingIfNeeded: magnitude) : nil
    }
    if magnitude == 0 { return 0 }
    guard I.isSigned, magnitude - 1 <= UInt64(I.max) else { return nil }
    return I(truncatingIfNeeded: 0 &- magnitude)
  }

  /// The value of a ``smallInteger(_:from:count:)``: the same `JSONNumber` as ``number(_:from:_:)`` gives after
  /// ``read(_:from:end:)``, without the fraction and exponent work.
  @inline(__always)
  static func integer(magnitude: UInt64, isNegative: Bool) -> JSONNumber {
    if isNegative {
      // `-0` keeps its sign, as in `number(_:from:_:)`; the flags say the magnitude is at most 2^63.
      if magnitude == 0 { return JSONNumber(storage: .decimal(significand: 0, exponent: 0, isNegative: true)) }
      return JSONNumber(storage: .int(Int64(truncatingIfNeeded: 0 &- magnitude)))
    }
    return magnitude <= UInt64(Int64.max)
      ? JSONNumber(storage: .int(Int64(magnitude))) : JSONNumber(storage: .uint(magnitude))
  }

  /// Builds the lossless value for a number scanned at `start..<scanned.end`.
  static func number(_ p: UnsafePointer<UInt8>, from start: Int, _ scanned: ScannedNumber) -> JSONNumber {
    if scanned.isIntegerSyntax && scanned.isExact {
      if scanned.isNegative && scanned.significand == 0 {
        // `-0` is not an integer value but is a distinct double; keep its sign (text `-0`, double `-0.0`).
        return JSONNumber(storage: .decimal(significand: 0, exponent: 0, isNegative: true))
      }
      if let value = scanned.int64Value { return JSONNumber(storage: .int(value)) }
      if !scanned.isNegative { return JSONNumber(storage: .uint(scanned.significand)) }
    }
    if scanned.isExact, !scanned.isIntegerSyntax, scanned.exponent >= Int(Int32.min), scanned.exponent <= Int(Int32.max)
    {
      // Keep the digits as written (with trailing fraction zeros) when they fit.
      if let kept = keptDigits(p, from: start, to: scanned.end) {
        // Zero keeps its fraction digits (`0.00`) but not a positive exponent: `0e5` written as `000000` would not
        // be JSON.
        let exponent = kept.significand == 0 ? Swift.min(kept.exponent, 0) : kept.exponent
        return JSONNumber(
          storage: .decimal(significand: kept.significand, exponent: exponent, isNegative: scanned.isNegative))
      }
    }
    let text = String(decoding: UnsafeBufferPointer(start: p + start, count: scanned.end - start), as: UTF8.self)
    return JSONNumber(storage: .text(JSONNumberText(text)))
  }

  /// Significand and exponent of a validated number keeping trailing fraction zeros, or `nil` past 19 digits.
  private static func keptDigits(
    _ p: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) -> (
    significand: UInt64, exponent: Int32
  )? {
    var i = start
    if p[i] == .minus { i += 1 }
    var significand: UInt64 = 0
    var digits = 0
    var exponent = 0
    var inFraction = false
    while i < end {
      let c = p[i]
      if c == .period {
        inFraction = true
      } else if c.isDigit {
        if digits > 0 || c != .zero {
          guard digits < 19 else { return nil }
          digits += 1
        }
        significand = significand &* 10 &+ UInt64(c &- .zero)
        if inFraction { exponent -= 1 }
      } else {
        break
      }
      i += 1
    }
    if i < end {  // exponent part
      i += 1
      var negative = false
      if p[i] == .minus || p[i] == .plus {
        negative = p[i] == .minus
        i += 1
      }
      var e = 0
      while i < end {
        e = e * 10 + Int(p[i] &- .zero)
        guard e < Int(Int32.max) / 2 else { return nil }
        i += 1
      }
      exponent += negative ? -e : e
    }
    guard exponent >= Int(Int32.min), exponent <= Int(Int32.max) else { return nil }
    return (significand, Int32(exponent))
  }

  /// Parses a whole buffer as one JSON number.
  static func parse(_ buffer: UnsafeRawBufferPointer) -> JSONNumber? {
    guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count > 0 else { return nil }
    guard let checked = try? validate(base, from: 0, end: buffer.count), checked.end == buffer.count else { return nil }
    return number(base, from: 0, read(base, from: 0, end: buffer.count))
  }

  /// The value of a number node flagged `Tape.Flag.json5`: the JSON5 literals `Infinity`, `-Infinity` or `NaN`.
  static func nonFiniteLiteral(_ p: UnsafePointer<UInt8>, from start: Int, count: Int) -> Double {
    if p[start] == UInt8(ascii: "N") { return .nan }
    return p[start] == .minus ? -.infinity : .infinity
  }

  /// Converts a scanned number to the nearest `Double` (correctly rounded).
  static func double(_ p: UnsafePointer<UInt8>, from start: Int, _ scanned: ScannedNumber) -> Double {
    if scanned.isExact {
      if let d = DoubleConversion.double(
        significand: scanned.significand, exponent: scanned.exponent, isNegative: scanned.isNegative)
      {
        return d
      }
    } else if scanned.exponent > -100_000_000, scanned.exponent < 100_000_000,
      let d = EiselLemire.double(truncatedSignificand: scanned.significand, exponent: scanned.exponent)
    {
      // Inexact with a sane exponent means digits beyond the 19th were dropped.
      return scanned.isNegative ? -d : d
    }
    let text = String(decoding: UnsafeBufferPointer(start: p + start, count: scanned.end - start), as: UTF8.self)
    return Double(text) ?? .nan
  }
}

/// Decimal → binary conversion.
enum DoubleConversion {
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The correctly rounded double for `±significand × 10^exponent`, or `nil` when no fast path applies.
  @inline(__always)
  static func double(significand: UInt64, exponent: Int, isNegative: Bool) -> Double? {
    if significand == 0 { return isNegative ? -0.0 : 0.0 }
    // Clinger's fast path: both operands exact in a double, one correctly rounded operation.
    if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
      var d = Double(significand)
      if exponent < 0 { d /= powersOfTen[-exponent] } else { d *= powersOfTen[exponent] }
      return isNegative ? -d : d
    }
    if let d = EiselLemire.double(significand: significand, exponent: exponent) {
      return isNegative ? -d : d
    }
    return nil
  }
}
