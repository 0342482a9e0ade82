import Foundation

/// A JSON number that keeps its exact value.
///
/// Integers in the `Int64` and `UInt64` ranges are stored as integers. Decimals and exponents from parsed text keep
/// their significant digits (up to 19 inline, more as text), so `0.1000000000000000055511151231257827` and
/// `12345678901234567890123456789` are written back exactly. Conversions to `Double`, `Int` and `Decimal` are views
/// computed on request.
///
/// Two numbers are equal when their mathematical values are equal: `1`, `1.0` and `10e-1` are equal.
///
/// ```swift
/// let n = try JSON(parsing: "12345678901234567890123456789").numberValue!
/// n.description  // → "12345678901234567890123456789"
/// n.doubleValue  // → 1.2345678901234568e+28
/// ```
public struct JSONNumber: Sendable {
  @usableFromInline enum Storage: Sendable {
    case int(Int64)
    /// Only for values above `Int64.max`.
    case uint(UInt64)
    /// `±significand × 10^exponent`; the significand has at most 19 digits, trailing zeros kept as written.
    case decimal(significand: UInt64, exponent: Int32, isNegative: Bool)
    case double(Double)
    /// Validated JSON number text too long for the other forms.
    case text(JSONNumberText)
  }

  @usableFromInline var storage: Storage

  @usableFromInline init(storage: Storage) { self.storage = storage }

  /// Creates a number from an integer.
  /// - Parameter value: The integer; any width, as long as it fits `Int64` or `UInt64`, else its digits are kept.
  public init(_ value: some BinaryInteger) {
    if let v = Int64(exactly: value) {
      storage = .int(v)
    } else if let v = UInt64(exactly: value) {
      storage = .uint(v)
    } else {
      storage = .text(JSONNumberText(String(value)))
    }
  }

  /// Creates a number from a double.
  ///
  /// Non-finite doubles can be stored but not written: the writer reports an error for them.
  /// - Parameter value: The double.
  public init(_ value: Double) { storage = .double(value) }

  /// Creates a number from a `Decimal`, keeping its digits.
  /// - Parameter value: The decimal; `nil` results for NaN.
  public init?(_ value: Decimal) {
    guard !value.isNaN else { return nil }
    self.init(text: "\(value)")
  }

  /// Creates a number from JSON number text such as `-12.5e3`.
  /// - Parameter text: Text that matches the RFC 8259 number grammar exactly.
  /// - Returns: `nil` when the text is not a JSON number.
  public init?(text: some StringProtocol) {
    var utf8 = Array(text.utf8)
    guard let parsed = utf8.withUnsafeMutableBytes({ NumberParser.parse(UnsafeRawBufferPointer($0)) }) else {
      return nil
    }
    self = parsed
  }

  /// Whether the value is a whole number (`3`, `3.0` and `3e2` are; `3.5` is not).
  public var isInteger: Bool {
    switch storage {
    case .int, .uint: return true
    case .double(let d): return d.isFinite && d.rounded(.towardZero) == d
    case .decimal, .text:
      let canonical = DecimalDigits(self)
      return canonical.digits.isEmpty || canonical.exponent >= 0
    }
  }

  /// The value as `Int64` when it is an integer in range.
  public var int64Value: Int64? {
    switch storage {
    case .int(let v): return v
    case .uint: return nil
    case .double(let d): return Int64(exactly: d)
    case .decimal, .text: return DecimalDigits(self).integer(as: Int64.self)
    }
  }

  /// The value as `UInt64` when it is a non-negative integer in range.
  public var uint64Value: UInt64? {
    switch storage {
    case .int(let v): return UInt64(exactly: v)
    case .uint(let v): return v
    case .double(let d): return UInt64(exactly: d)
    case .decimal, .text: return DecimalDigits(self).integer(as: UInt64.self)
    }
  }

  /// The value as any fixed-width integer (`Int128` included) when it is an integer in that type's range.
  func exactInteger<I: FixedWidthInteger>(_: I.Type) -> I? {
    switch storage {
    case .int(let v): return I(exactly: v)
    case .uint(let v): return I(exactly: v)
    case .double(let d): return I(exactly: d)
    case .decimal, .text: return DecimalDigits(self).integer(as: I.self)
    }
  }

  /// The value as `Int` when it is an integer in range.
  public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

  /// The nearest `Double` (correctly rounded); `±infinity` for magnitudes beyond `Double.greatestFiniteMagnitude`.
  public var doubleValue: Double {
    switch storage {
    case .int(let v): return Double(v)
    case .uint(let v): return Double(v)
    case .double(let d): return d
    case .decimal(let significand, let exponent, let isNegative):
      return DoubleConversion.double(significand: significand, exponent: Int(exponent), isNegative: isNegative)
        ?? Double(description) ?? .nan
    case .text(let text): return Double(text.value) ?? .nan
    }
  }

  /// The value as a `Decimal`, or `nil` when `Decimal` cannot hold its magnitude.
  public var decimalValue: Decimal? {
    switch storage {
    case .int(let v): return Decimal(v)
    case .uint(let v): return Decimal(v)
    case .double(let d): return d.isFinite ? Decimal(string: JSONNumber(d).description) : nil
    case .decimal, .text: return Decimal(string: description)
    }
  }
}

/// Number text kept verbatim; a class so that `JSONNumber` stays small.
@usableFromInline final class JSONNumberText: Sendable {
  let value: String
  init(_ value: String) { self.value = value }
}

extension JSONNumber: CustomStringConvertible {
  /// The number as JSON text: integers and source digits as written, doubles as the shortest text that round-trips.
  ///
  /// Non-finite doubles, which JSON cannot represent, are described as `NaN`, `Infinity` or `-Infinity`.
  public var description: String {
    var bytes: [UInt8] = []
    NumberFormatting.append(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension JSONNumber: Equatable {
  /// Numbers are equal when their mathematical values are equal.
  /// - Parameters:
  ///   - lhs: A number.
  ///   - rhs: Another number.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.int(let a), .int(let b)): return a == b
    case (.uint(let a), .uint(let b)): return a == b
    case (.int, .uint), (.uint, .int): return false
    case (.double(let a), .double(let b)): return a == b
    default: return DecimalDigits(lhs) == DecimalDigits(rhs)
    }
  }
}

extension JSONNumber: Hashable {
  /// Hashes the mathematical value, consistently with `==`.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    switch storage {
    case .int(let v): hasher.combine(DecimalDigits.integerHash(UInt64(v.magnitude), isNegative: v < 0))
    case .uint(let v): hasher.combine(DecimalDigits.integerHash(v, isNegative: false))
    default:
      let canonical = DecimalDigits(self)
      if let small = canonical.integer(as: UInt64.self) {
        hasher.combine(DecimalDigits.integerHash(small, isNegative: false))
      } else if let small = canonical.integer(as: Int64.self) {
        hasher.combine(DecimalDigits.integerHash(UInt64(small.magnitude), isNegative: small < 0))
      } else {
        hasher.combine(canonical)
      }
    }
  }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// Creates a number from an integer literal.
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self.init(value) }
  /// Creates a number from a floating-point literal.
  /// - Parameter value: The double.
  public init(floatLiteral value: Double) { self.init(value) }
}

/// A number's exact value in canonical decimal form: sign, significant digits without leading or trailing zeros,
/// and the power of ten of the last digit. Zero has no digits and is never negative.
///
/// Exponents are exact at any size: one beyond `Int`'s comfortable range keeps its decimal digits in
/// `hugeExponent`, and `exponent` then only says its sign (`Int.max` or `Int.min`).
struct DecimalDigits: Hashable {
  var isNegative: Bool
  var digits: [UInt8]  // ASCII digits
  var exponent: Int
  /// The magnitude of an exponent of 19 digits or more (ASCII, no leading zeros); `nil` when `exponent` is exact.
  var hugeExponent: [UInt8]?

  /// Exponents with more digits than this are kept as digits (so that adding the small adjustments below never
  /// overflows `Int`).
  private static let smallExponentDigits = 18

  init(_ number: JSONNumber) {
    var text: [UInt8] = []
    if case .double(let d) = number.storage {
      // The shortest round-trip digits identify a double exactly among doubles.
      NumberFormatting.appendShortest(d, to: &text)
    } else {
      NumberFormatting.append(number, to: &text)
    }
    self.init(jsonText: text)
  }

  init(jsonText text: [UInt8]) {
    var i = 0
    isNegative = false
    if i < text.count, text[i] == UInt8(ascii: "-") { isNegative = true; i += 1 }
    var digits: [UInt8] = []
    var adjustment = 0  // added to the written exponent: minus the fraction digits, plus the trailing zeros
    var seenPoint = false
    while i < text.count {
      let c = text[i]
      if c == UInt8(ascii: ".") { seenPoint = true; i += 1; continue }
      if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { break }
      guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { break }
      if !(digits.isEmpty && c == UInt8(ascii: "0")) { digits.append(c) }
      if seenPoint { adjustment -= 1 }
      i += 1
    }
    var negativeExponent = false
    var written: ArraySlice<UInt8> = []  // the exponent's digits, without leading zeros
    if i < text.count {  // exponent part
      i += 1
      if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
        negativeExponent = text[i] == UInt8(ascii: "-")
        i += 1
      }
      var first = i
      while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") {
        if first == i, text[i] == UInt8(ascii: "0") { first += 1 }
        i += 1
      }
      written = text[first..<i]
    }
    while let last = digits.last, last == UInt8(ascii: "0") {
      digits.removeLast()
      adjustment += 1
    }
    self.digits = digits
    hugeExponent = nil
    exponent = 0
    if digits.isEmpty {
      isNegative = false
    } else if written.count <= Self.smallExponentDigits {
      let e = written.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      setExponent(negative: negativeExponent, magnitude: nil, small: (negativeExponent ? -e : e) + adjustment)
    } else {
      // |written| ≥ 10^18 dwarfs the adjustment (bounded by the text's length), so the sign stays.
      let magnitude = DecimalDigits.adding(negativeExponent ? -adjustment : adjustment, to: Array(written))
      setExponent(negative: negativeExponent, magnitude: magnitude, small: 0)
    }
  }

  /// Stores an exponent canonically: `small` when `magnitude` is `nil`, else `±magnitude`; exact in `exponent`
  /// below 10^18 in magnitude, in `hugeExponent` from there on.
  private mutating func setExponent(negative: Bool, magnitude: [UInt8]?, small: Int) {
    let limit = 1_000_000_000_000_000_000
    if let magnitude, magnitude.count <= Self.smallExponentDigits {
      let e = magnitude.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      exponent = negative ? -e : e
    } else if let magnitude {
      exponent = negative ? .min : .max
      hugeExponent = magnitude
    } else if small.magnitude >= limit {
      exponent = small < 0 ? .min : .max
      hugeExponent = Array(String(small.magnitude).utf8)
    } else {
      exponent = small
    }
  }

  /// `magnitude + delta` for ASCII digits `magnitude` larger than `|delta|`, without leading zeros.
  private static func adding(_ delta: Int, to magnitude: [UInt8]) -> [UInt8] {
    var digits = magnitude
    var carry = delta
    var i = digits.count - 1
    while carry != 0, i >= 0 {
      let v = Int(digits[i] - UInt8(ascii: "0")) + carry
      carry = v >= 0 ? v / 10 : (v - 9) / 10
      digits[i] = UInt8(ascii: "0") + UInt8(v - carry * 10)
      i -= 1
    }
    if carry > 0 { digits.insert(contentsOf: Array(String(carry).utf8), at: 0) }
    let zeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
    return Array(digits[zeros...])
  }

  /// Compares the positions of the two numbers' leading digits (`digits.count + exponent`), exactly.
  static func compareLeadingPositions(_ a: DecimalDigits, _ b: DecimalDigits) -> Int {
    func key(_ x: DecimalDigits) -> (rank: Int, position: [UInt8]) {
      guard let huge = x.hugeExponent else { return (0, []) }
      let position = adding(x.exponent < 0 ? -x.digits.count : x.digits.count, to: huge)
      return (x.exponent < 0 ? -1 : 1, position)
    }
    let (rankA, hugeA) = key(a)
    let (rankB, hugeB) = key(b)
    if rankA != rankB { return rankA < rankB ? -1 : 1 }
    if rankA == 0 {
      let leadA = a.digits.count + a.exponent
      let leadB = b.digits.count + b.exponent
      return leadA == leadB ? 0 : leadA < leadB ? -1 : 1
    }
    // Both huge with one sign: order the magnitudes (by length, then digits), reversed for negative exponents.
    if hugeA == hugeB { return 0 }
    let less = hugeA.count != hugeB.count ? hugeA.count < hugeB.count : hugeA.lexicographicallyPrecedes(hugeB)
    return (less ? -1 : 1) * rankA
  }

  func integer<T: FixedWidthInteger>(as type: T.Type) -> T? {
    if digits.isEmpty { return 0 }
    guard exponent >= 0, exponent <= 40 - digits.count else { return nil }
    var value: T = 0
    for d in digits {
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) = isNegative ? m.subtractingReportingOverflow(T(d - 48)) : m.addingReportingOverflow(T(d - 48))
      guard !o1, !o2 else { return nil }
      value = a
    }
    for _ in 0..<exponent {
      let (m, o) = value.multipliedReportingOverflow(by: 10)
      guard !o else { return nil }
      value = m
    }
    return value
  }

  static func integerHash(_ magnitude: UInt64, isNegative: Bool) -> Int {
    var hasher = Hasher()
    hasher.combine(magnitude)
    hasher.combine(isNegative && magnitude != 0)
    return hasher.finalize()
  }
}
