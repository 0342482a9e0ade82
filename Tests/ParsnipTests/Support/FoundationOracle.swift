import Foundation

/// Foundation as an oracle: `JSONSerialization` reads both texts, and the trees are compared structurally, numbers by
/// `Double` value (Foundation on Linux returns `NSDecimalNumber` for some texts and `NSNumber` for others, so plain
/// `isEqual` would compare representations rather than values).
enum FoundationOracle {
  /// Whether Foundation reads `a` and `b` as the same document; returns the first difference otherwise.
  static func difference(_ a: Data, _ b: Data) throws -> String? {
    difference(
      try JSONSerialization.jsonObject(with: a, options: .fragmentsAllowed),
      try JSONSerialization.jsonObject(with: b, options: .fragmentsAllowed), at: "$")
  }

  private static func difference(_ x: Any, _ y: Any, at path: String) -> String? {
    switch (x, y) {
    case (let x as [String: Any], let y as [String: Any]):
      guard Set(x.keys) == Set(y.keys) else { return "\(path): keys \(x.keys.sorted()) vs \(y.keys.sorted())" }
      for (key, value) in x {
        if let found = difference(value, y[key]!, at: path + "[\"\(key)\"]") { return found }
      }
      return nil
    case (let x as [Any], let y as [Any]):
      guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) elements" }
      for (index, (u, v)) in zip(x, y).enumerated() {
        if let found = difference(u, v, at: path + "[\(index)]") { return found }
      }
      return nil
    case (let x as String, let y as String):
      return x == y ? nil : "\(path): \"\(x)\" vs \"\(y)\""
    case (is NSNull, is NSNull):
      return nil
    case (let x as NSNumber, let y as NSNumber):
      if isBoolean(x) != isBoolean(y) { return "\(path): \(x) vs \(y)" }
      return value(x) == value(y) ? nil : "\(path): \(x) vs \(y)"
    default:
      return "\(path): \(type(of: x)) \(x) vs \(type(of: y)) \(y)"
    }
  }

  /// The nearest `Double`, read from the number's decimal text (`NSDecimalNumber.doubleValue` rounds inexactly).
  private static func value(_ number: NSNumber) -> Double {
    Double(number.stringValue) ?? number.doubleValue
  }

  /// Foundation stores `true` and `false` as `char` numbers, and parsed numbers as `long long` or `double`.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
