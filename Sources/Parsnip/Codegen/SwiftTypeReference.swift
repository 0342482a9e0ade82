/// A Swift type as codegen refers to it in a property or element position.
indirect enum SwiftTypeReference: Hashable {
  case bool, int, double, string, date, url, decimal, number, json
  case array(SwiftTypeReference)
  case dictionary(SwiftTypeReference)
  case optional(SwiftTypeReference)
  /// One of the generated declarations, by index.
  case declared(Int)

  /// The type without its outer `Optional`.
  var unwrapped: SwiftTypeReference {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }

  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// Whether writing the type needs `import Parsnip`.
  var usesParsnip: Bool {
    switch self {
    case .json, .number: true
    case .array(let t), .dictionary(let t), .optional(let t): t.usesParsnip
    default: false
    }
  }

  /// Whether the type holds a `Date` anywhere (then the coders need a date strategy).
  var containsDate: Bool {
    switch self {
    case .date: true
    case .array(let t), .dictionary(let t), .optional(let t): t.containsDate
    default: false
    }
  }

  /// A structural key: equal for references that generate the same code.
  var signature: String {
    switch self {
    case .bool: "b"
    case .int: "i"
    case .double: "d"
    case .string: "s"
    case .date: "t"
    case .url: "u"
    case .decimal: "D"
    case .number: "n"
    case .json: "j"
    case .array(let t): "[\(t.signature)]"
    case .dictionary(let t): "{\(t.signature)}"
    case .optional(let t): "\(t.signature)?"
    case .declared(let index): "#\(index)"
    }
  }
}
