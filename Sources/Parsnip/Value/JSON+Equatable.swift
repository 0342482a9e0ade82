extension JSON: Equatable {
  /// Values are equal when they have the same kind and equal contents.
  ///
  /// Numbers compare by mathematical value (`1 == 1.0`); objects compare without regard to member order; strings
  /// (and keys) compare by Unicode scalars, as JSON specifies, not by Swift's canonical equivalence.
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): ExactKey.equal(a, b)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }
}

extension JSON: Hashable {
  /// Hashes the value consistently with `==`.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(1); hasher.combine(b)
    case .number(let n): hasher.combine(2); hasher.combine(n)
    case .string(let s): hasher.combine(3); hasher.combine(s)
    case .array(let a): hasher.combine(4); hasher.combine(a)
    case .object(let o): hasher.combine(5); hasher.combine(o)
    }
  }
}
