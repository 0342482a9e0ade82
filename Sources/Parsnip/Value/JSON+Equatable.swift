extension JSON: Equatable {
  /// Values are equal when they have the same kind and equal contents.
  ///
  /// Numbers compare by mathematical value (`1 == 1.0`); objects compare without regard to member order; strings
  /// (and keys) compare by Unicode scalars, as JSON specifies, not by Swift's canonical equivalence.
  ///
  /// The comparison is iterative (its stack is on the heap), so values of any depth compare on any thread.
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    // Containers still to compare, with the position of the next element or member in each.
    var pending: [(lhs: JSON, rhs: JSON, next: Int)] = []
    var a = lhs
    var b = rhs
    while true {
      switch (a, b) {
      case (.null, .null): break
      case (.bool(let x), .bool(let y)): guard x == y else { return false }
      case (.number(let x), .number(let y)): guard x == y else { return false }
      case (.string(let x), .string(let y)): guard ExactKey.equal(x, y) else { return false }
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        if !x.isEmpty { pending.append((a, b, 0)) }
      case (.object(let x), .object(let y)):
        guard x.count == y.count else { return false }
        if !x.isEmpty { pending.append((a, b, 0)) }
      default: return false
      }
      // The next pair: the following child of the innermost unfinished container.
      while true {
        guard let top = pending.last else { return true }
        if top.next == Self.childCount(top.lhs) {
          pending.removeLast()
          continue
        }
        pending[pending.count - 1].next += 1
        switch (top.lhs, top.rhs) {
        case (.array(let x), .array(let y)):
          a = x[top.next]
          b = y[top.next]
        case (.object(let x), .object(let y)):
          let member = x._members[top.next]
          guard let other = y[member.key] else { return false }
          a = member.value
          b = other
        default: preconditionFailure("only containers are pending")
        }
        break
      }
    }
  }

  private static func childCount(_ container: JSON) -> Int {
    switch container {
    case .array(let elements): elements.count
    case .object(let object): object.count
    default: 0
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
