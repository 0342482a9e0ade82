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
  /// Hashes the value consistently with `==`, iteratively, so values of any depth hash on any thread.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .array, .object: hasher.combine(containerHash)
    default: combineLeaf(into: &hasher)
    }
  }

  private func combineLeaf(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(1); hasher.combine(b)
    case .number(let n): hasher.combine(2); hasher.combine(n)
    case .string(let s): hasher.combine(3); hasher.combine(s)
    case .array, .object: preconditionFailure("containers hash through containerHash")
    }
  }

  /// The hash of an array or object, computed bottom-up with a heap stack: an array combines its elements' hashes
  /// in order; an object combines the hashes of its (key, value hash) pairs order-independently.
  private var containerHash: Int {
    struct Frame {
      var container: JSON
      var next = 0
      var hasher = Hasher()
      var memberHashes = 0  // objects: the XOR of the members' hashes, independent of their order
    }
    func start(_ container: JSON) -> Frame {
      var frame = Frame(container: container)
      if case .array(let elements) = container {
        frame.hasher.combine(4)
        frame.hasher.combine(elements.count)
      } else if case .object(let object) = container {
        frame.hasher.combine(5)
        frame.hasher.combine(object.count)
      }
      return frame
    }
    /// Adds a finished child's hash to the frame of its container.
    func add(_ childHash: Int, to frame: inout Frame) {
      if case .object(let object) = frame.container {
        var member = Hasher()
        member.combine(object._members[frame.next - 1].key)
        member.combine(childHash)
        frame.memberHashes ^= member.finalize()
      } else {
        frame.hasher.combine(childHash)
      }
    }
    var stack = [start(self)]
    while true {
      let top = stack.count - 1
      let child: JSON?
      switch stack[top].container {
      case .array(let elements): child = stack[top].next < elements.count ? elements[stack[top].next] : nil
      case .object(let object): child = stack[top].next < object.count ? object._members[stack[top].next].value : nil
      default: child = nil
      }
      if let child {
        stack[top].next += 1
        switch child {
        case .array, .object: stack.append(start(child))
        default:
          var leaf = Hasher()
          child.combineLeaf(into: &leaf)
          add(leaf.finalize(), to: &stack[top])
        }
        continue
      }
      var finished = stack.removeLast()
      finished.hasher.combine(finished.memberHashes)
      let hash = finished.hasher.finalize()
      if stack.isEmpty { return hash }
      add(hash, to: &stack[stack.count - 1])
    }
  }
}
