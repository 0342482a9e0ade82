import Foundation

/// A coding key for any member name or array index.
struct StringCodingKey: CodingKey, Hashable, Sendable {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  /// A key for an array element, described as `Index 3` as Foundation does.
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  init(stringValue: String) { self.init(stringValue) }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}
