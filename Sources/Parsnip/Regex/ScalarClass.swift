/// A set of Unicode scalars, the meaning of a character class (`[...]`, `\d`, `\p{..}`): the union of its items,
/// possibly negated as a whole. The ASCII members are also kept as a 128-bit map, filled once when the class is
/// finished, so the common case is two shifts and a test.
struct ScalarClass: Sendable {
  enum Item: Sendable {
    case ranges([ClosedRange<UInt32>])
    /// Scalars outside these ranges (`\D`, `\W`, `\S` inside a class).
    case complementedRanges([ClosedRange<UInt32>])
    /// Scalars whose general category is in the mask (`UnicodeCategories.bit(_:)`).
    case categories(UInt32)
    /// Scalars whose general category is outside the mask (`\P{..}`).
    case complementedCategories(UInt32)
    case property(UnicodeProperty, negated: Bool)
  }

  var ranges: [ClosedRange<UInt32>] = []
  var items: [Item] = []
  var isNegated = false
  private var asciiLow: UInt64 = 0
  private var asciiHigh: UInt64 = 0

  mutating func add(_ scalar: UInt32) { ranges.append(scalar...scalar) }

  /// Computes the ASCII map; call once, after the last item.
  mutating func finish() {
    asciiLow = 0
    asciiHigh = 0
    for value in UInt32(0)..<128 where slowContains(Unicode.Scalar(UInt8(value))) {
      if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
    }
  }

  @inline(__always) func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
    if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
    return slowContains(scalar)
  }

  private func slowContains(_ scalar: Unicode.Scalar) -> Bool {
    var found = Self.contains(scalar.value, in: ranges)
    if !found {
      for item in items {
        if Self.contains(scalar, item) {
          found = true
          break
        }
      }
    }
    return found != isNegated
  }

  private static func contains(_ scalar: Unicode.Scalar, _ item: Item) -> Bool {
    switch item {
    case .ranges(let ranges): return contains(scalar.value, in: ranges)
    case .complementedRanges(let ranges): return !contains(scalar.value, in: ranges)
    case .categories(let mask): return mask & UnicodeCategories.bit(scalar.properties.generalCategory) != 0
    case .complementedCategories(let mask):
      return mask & UnicodeCategories.bit(scalar.properties.generalCategory) == 0
    case .property(let property, let negated): return property.contains(scalar) != negated
    }
  }

  private static func contains(_ value: UInt32, in ranges: [ClosedRange<UInt32>]) -> Bool {
    for range in ranges where range.contains(value) { return true }
    return false
  }

  // The ECMA-262 class escapes, as ranges.
  static let digitRanges: [ClosedRange<UInt32>] = [0x30...0x39]
  static let wordRanges: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
  /// WhiteSpace and LineTerminator: TAB, VT, FF, SP, NBSP, ZWNBSP, every Zs scalar, LF, CR, LS, PS.
  static let spaceRanges: [ClosedRange<UInt32>] = [
    0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
    0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
  ]

  /// Whether `\w` contains the scalar, for `\b` and `\B`.
  @inline(__always) static func isWordScalar(_ value: UInt32?) -> Bool {
    guard let value else { return false }
    return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39)
      || value == 0x5F
  }
}
