extension IRegexp {
  /// Working memory for matching, reused across calls so that a filter testing many strings does not allocate
  /// per string.
  struct Scratch {
    var current = StateSet()
    var next = StateSet()
    var stack: [Int] = []
  }

  /// A set of program counters with O(1) insert, lookup and clear (the sparse-set technique).
  struct StateSet {
    var dense: [Int] = []
    var sparse: [Int] = []
    var count = 0

    mutating func prepare(capacity: Int) {
      if sparse.count < capacity {
        sparse = Array(repeating: 0, count: capacity)
        dense = Array(repeating: 0, count: capacity)
      }
      count = 0
    }

    @inline(__always) func contains(_ pc: Int) -> Bool {
      let slot = sparse[pc]
      return slot < count && dense[slot] == pc
    }

    @inline(__always) mutating func insert(_ pc: Int) {
      sparse[pc] = count
      dense[count] = pc
      count += 1
    }
  }

  /// Whether the whole string matches (`match()` in RFC 9535 section 2.4.6).
  func matches(_ string: String, scratch: inout Scratch) -> Bool {
    run(string, searching: false, scratch: &scratch)
  }

  /// Whether some substring matches (`search()` in RFC 9535 section 2.4.7).
  func containsMatch(in string: String, scratch: inout Scratch) -> Bool {
    run(string, searching: true, scratch: &scratch)
  }

  /// Convenience for tests: whole-string match with fresh scratch memory.
  func matches(_ string: String) -> Bool {
    var scratch = Scratch()
    return matches(string, scratch: &scratch)
  }

  /// Convenience for tests: substring search with fresh scratch memory.
  func containsMatch(in string: String) -> Bool {
    var scratch = Scratch()
    return containsMatch(in: string, scratch: &scratch)
  }

  /// Simulates the automaton on every live state at once, one scalar at a time. When `searching`, a new thread
  /// starts at every position and the first reachable `match` wins; otherwise `match` must be live at the end.
  func run(_ string: String, searching: Bool, scratch: inout Scratch) -> Bool {
    var current = scratch.current
    var next = scratch.next
    var stack = scratch.stack
    scratch = Scratch()
    defer { scratch = Scratch(current: current, next: next, stack: stack) }
    current.prepare(capacity: program.count)
    next.prepare(capacity: program.count)

    let scalars = string.unicodeScalars
    var index = scalars.startIndex
    let end = scalars.endIndex
    if addClosure(0, to: &current, stack: &stack, atStart: true, atEnd: index == end) && searching {
      return true
    }
    while index != end {
      let scalar = scalars[index]
      scalars.formIndex(after: &index)
      let atEnd = index == end
      next.count = 0
      var matched = false
      for slot in 0..<current.count {
        let pc = current.dense[slot]
        let advances: Bool
        switch program[pc] {
        case .scalar(let value): advances = value == scalar.value
        case .any: advances = scalar.value != 0x0A && scalar.value != 0x0D
        case .set(let classIndex): advances = classes[classIndex].contains(scalar)
        default: advances = false
        }
        if advances && addClosure(pc + 1, to: &next, stack: &stack, atStart: false, atEnd: atEnd) {
          matched = true
        }
      }
      if searching {
        if matched || addClosure(0, to: &next, stack: &stack, atStart: false, atEnd: atEnd) { return true }
      }
      swap(&current, &next)
      if current.count == 0 && !searching { return false }
    }
    if searching { return false }
    for slot in 0..<current.count {
      if case .match = program[current.dense[slot]] { return true }
    }
    return false
  }

  /// Adds `pc` and every state reachable from it without consuming input; returns whether `match` is reachable.
  /// An explicit stack replaces recursion; the set doubles as the visited mark, so empty loops terminate.
  func addClosure(_ pc: Int, to set: inout StateSet, stack: inout [Int], atStart: Bool, atEnd: Bool) -> Bool {
    var reachesMatch = false
    stack.append(pc)
    while let pc = stack.popLast() {
      if set.contains(pc) { continue }
      set.insert(pc)
      switch program[pc] {
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .jump(let target):
        stack.append(target)
      case .assertStart:
        if atStart { stack.append(pc + 1) }
      case .assertEnd:
        if atEnd { stack.append(pc + 1) }
      case .match:
        reachesMatch = true
      case .scalar, .any, .set:
        break
      }
    }
    return reachesMatch
  }
}
