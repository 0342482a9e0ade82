extension RegularExpression {
  /// Working memory for matching, reused across calls so that a filter or a schema testing many strings does not
  /// allocate per string.
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

  /// Whether the whole string matches (JSONPath's `match()`). Throws only
  /// ``Failure/Kind-swift.enum/budgetExceeded``, and only for a pattern that backtracks.
  func matches(
    _ string: String, scratch: inout Scratch, budget: Int = RegularExpression.defaultBacktrackingBudget
  ) throws(Failure) -> Bool {
    if backtracks { return try backtrack(string, searching: false, budget: budget) }
    return runAutomaton(string, searching: false, scratch: &scratch)
  }

  /// Whether some substring matches (JSONPath's `search()`, JSON Schema's `pattern`). Throws only
  /// ``Failure/Kind-swift.enum/budgetExceeded``, and only for a pattern that backtracks.
  func containsMatch(
    in string: String, scratch: inout Scratch, budget: Int = RegularExpression.defaultBacktrackingBudget
  ) throws(Failure) -> Bool {
    if backtracks { return try backtrack(string, searching: true, budget: budget) }
    return runAutomaton(string, searching: true, scratch: &scratch)
  }

  /// Whole-string match with fresh scratch memory.
  func matches(_ string: String) throws(Failure) -> Bool {
    var scratch = Scratch()
    return try matches(string, scratch: &scratch)
  }

  /// Substring search with fresh scratch memory.
  func containsMatch(in string: String) throws(Failure) -> Bool {
    var scratch = Scratch()
    return try containsMatch(in: string, scratch: &scratch)
  }

  /// Simulates the automaton on every live state at once, one scalar at a time. When `searching`, a new thread
  /// starts at every position and the first reachable `match` wins; otherwise `match` must be live at the end.
  func runAutomaton(_ string: String, searching: Bool, scratch: inout Scratch) -> Bool {
    var current = scratch.current
    var next = scratch.next
    var stack = scratch.stack
    scratch = Scratch()
    defer { scratch = Scratch(current: current, next: next, stack: stack) }
    let program = self.program
    let classes = self.classes
    current.prepare(capacity: program.count)
    next.prepare(capacity: program.count)

    // Two shortcuts for searching: a pattern that starts with `^` starts no thread after the first position, and
    // one that starts with a literal scalar skips ahead to that scalar while no other thread is live.
    var startsAnew = searching
    var firstScalar: UInt32?
    switch program.first {
    case .assertStart?: startsAnew = false
    case .scalar(let value)?: firstScalar = value
    default: break
    }
    let scalars = string.unicodeScalars
    var index = scalars.startIndex
    let end = scalars.endIndex
    var upcoming: UInt32? = index != end ? scalars[index].value : nil
    if addClosure(0, to: &current, stack: &stack, previous: nil, next: upcoming) && searching { return true }
    while index != end {
      if startsAnew, let firstScalar, current.count == 1, current.dense[0] == 0 {
        while index != end && scalars[index].value != firstScalar { scalars.formIndex(after: &index) }
        if index == end { return false }
      }
      let scalar = scalars[index]
      scalars.formIndex(after: &index)
      upcoming = index != end ? scalars[index].value : nil
      next.count = 0
      var matched = false
      for slot in 0..<current.count {
        let pc = current.dense[slot]
        let advances: Bool
        switch program[pc] {
        case .scalar(let value): advances = value == scalar.value
        case .any: advances = scalar.value != 0x0A && scalar.value != 0x0D
        case .anyButLineTerminator: advances = !Self.isLineTerminator(scalar.value)
        case .set(let classIndex): advances = classes[classIndex].contains(scalar)
        default: advances = false
        }
        if advances
          && addClosure(pc + 1, to: &next, stack: &stack, previous: scalar.value, next: upcoming)
        {
          matched = true
        }
      }
      if searching {
        if matched || (startsAnew && addClosure(0, to: &next, stack: &stack, previous: scalar.value, next: upcoming)) {
          return true
        }
      }
      swap(&current, &next)
      if current.count == 0 && !startsAnew { return false }
    }
    if searching { return false }
    for slot in 0..<current.count {
      if case .match = program[current.dense[slot]] { return true }
    }
    return false
  }

  /// Adds `pc` and every state reachable from it without consuming input, between the scalars `previous` and
  /// `next` (`nil` at the ends); returns whether `match` is reachable. An explicit stack replaces recursion; the
  /// set doubles as the visited mark, so empty loops terminate.
  func addClosure(
    _ pc: Int, to set: inout StateSet, stack: inout [Int], previous: UInt32?, next: UInt32?
  ) -> Bool {
    let program = storage.program
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
        if previous == nil { stack.append(pc + 1) }
      case .assertEnd:
        if next == nil { stack.append(pc + 1) }
      case .wordBoundary(let negated):
        if (ScalarClass.isWordScalar(previous) != ScalarClass.isWordScalar(next)) != negated { stack.append(pc + 1) }
      case .match:
        reachesMatch = true
      case .scalar, .any, .anyButLineTerminator, .set:
        break
      case .save, .backReference, .look, .lookEnd, .markProgress, .checkProgress:
        // Only in programs that backtrack, which never run here.
        break
      }
    }
    return reachesMatch
  }

  @inline(__always) static func isLineTerminator(_ value: UInt32) -> Bool {
    value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
  }
}
