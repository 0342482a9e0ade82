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
  /// Hashes the value consistently with `==` (numbers by value, objects regardless of member order).
  ///
  /// Like `==`, hashing is iterative, so values of any depth hash on any thread.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(Self.digest(self)) }

  /// One hash per value, computed bottom-up with the stack on the heap: an array's from its count and its
  /// elements' digests in order, an object's from its count and the XOR of one hash per member (key and value's
  /// digest), so member order does not matter and equal members never cancel distinct ones out.
  static func digest(_ root: JSON) -> Int {
    /// A container being hashed: its next child, and what its children contributed so far.
    struct Frame {
      var container: JSON
      var next = 0
      var hasher = Hasher()
      var members = 0
    }
    var stack: [Frame] = []
    var current = root
    while true {
      var digest: Int
      switch current {
      case .array(let elements) where !elements.isEmpty:
        var frame = Frame(container: current)
        frame.hasher.combine(4)
        frame.hasher.combine(elements.count)
        stack.append(frame)
        current = elements[0]
        continue
      case .object(let object) where !object.isEmpty:
        var frame = Frame(container: current)
        frame.hasher.combine(5)
        frame.hasher.combine(object.count)
        stack.append(frame)
        current = object._members[0].value
        continue
      default:
        digest = scalarDigest(current)
      }
      // Hand the digest to the innermost unfinished container; finish each container whose children are done.
      while let top = stack.indices.last {
        let next = stack[top].next
        let count: Int
        switch stack[top].container {
        case .object(let object):
          var member = Hasher()
          member.combine(object._members[next].key)
          member.combine(digest)
          stack[top].members ^= member.finalize()
          count = object.count
          if next + 1 < count { current = object._members[next + 1].value }
        case .array(let elements):
          stack[top].hasher.combine(digest)
          count = elements.count
          if next + 1 < count { current = elements[next + 1] }
        default: preconditionFailure("only non-empty containers are on the stack")
        }
        stack[top].next = next + 1
        if next + 1 < count { break }
        var finished = stack.removeLast()
        if case .object = finished.container { finished.hasher.combine(finished.members) }
        digest = finished.hasher.finalize()
      }
      if stack.isEmpty { return digest }
    }
  }

  /// The digest of a scalar or an empty container (the same as the container formula gives with no children).
  private static func scalarDigest(_ value: JSON) -> Int {
    var hasher = Hasher()
    switch value {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(1); hasher.combine(b)
    case .number(let n): hasher.combine(2); hasher.combine(n)
    case .string(let s): hasher.combine(3); hasher.combine(s)
    case .array: hasher.combine(4); hasher.combine(0)
    case .object: hasher.combine(5); hasher.combine(0); hasher.combine(0)
    }
    return hasher.finalize()
  }
}
