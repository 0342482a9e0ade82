extension RegularExpression {
  /// Runs a program that has lookaround or back-references, which no automaton can simulate, by backtracking:
  /// depth first, in the pattern's order of preference, with an explicit stack. Every instruction executed (and
  /// every scalar a back-reference compares, and every start a lookbehind tries) is a step; past `budget` steps
  /// the match stops with `budgetExceeded`.
  func backtrack(_ string: String, searching: Bool, budget: Int) throws(Failure) -> Bool {
    var machine = Backtracker(regex: self, input: Array(string.unicodeScalars), budget: budget)
    if !searching { return try machine.run(from: 0, at: 0, lookEnd: nil, wholeInput: true) }
    for start in 0...machine.input.count where try machine.run(from: 0, at: start, lookEnd: nil, wholeInput: false) {
      return true
    }
    return false
  }

  struct Backtracker {
    enum Entry {
      /// Resume here when what follows fails.
      case branch(pc: Int, position: Int)
      /// Restore a capture slot.
      case slot(Int, Int)
      /// Restore a progress register.
      case register(Int, Int)
    }

    let program: [Instruction]
    let classes: [ScalarClass]
    let lookarounds: [Lookaround]
    let input: [Unicode.Scalar]
    let budget: Int
    var steps = 0
    var slots: [Int]
    var registers: [Int]
    var stack: [Entry] = []

    init(regex: RegularExpression, input: [Unicode.Scalar], budget: Int) {
      program = regex.program
      classes = regex.classes
      lookarounds = regex.lookarounds
      self.input = input
      self.budget = budget
      slots = Array(repeating: -1, count: regex.slotCount)
      registers = Array(repeating: -1, count: regex.registerCount)
    }

    mutating func spend(_ count: Int = 1) throws(Failure) {
      steps += count
      guard steps <= budget else {
        throw Failure(
          kind: .budgetExceeded, offset: 0,
          message: "the regular expression needed more than \(budget) backtracking steps on this input")
      }
    }

    /// Whether the program matches from `start` at `position`. At the top level (`lookEnd == nil` and the
    /// program's `match`) with `wholeInput`, the match must end at the input's end; a lookaround's body ends at
    /// its `lookEnd`, and a lookbehind's body must end at `lookEnd`'s position. On success the captures and
    /// registers stay as the match set them, undoable by the caller's backtracking; on failure they are restored.
    mutating func run(from start: Int, at position: Int, lookEnd: Int?, wholeInput: Bool) throws(Failure) -> Bool {
      let base = stack.count
      var pc = start
      var position = position
      let count = input.count
      while true {
        try spend()
        var fails = false
        switch program[pc] {
        case .scalar(let value):
          if position < count && input[position].value == value {
            pc += 1
            position += 1
          } else {
            fails = true
          }
        case .any:
          if position < count && input[position].value != 0x0A && input[position].value != 0x0D {
            pc += 1
            position += 1
          } else {
            fails = true
          }
        case .anyButLineTerminator:
          if position < count && !RegularExpression.isLineTerminator(input[position].value) {
            pc += 1
            position += 1
          } else {
            fails = true
          }
        case .set(let index):
          if position < count && classes[index].contains(input[position]) {
            pc += 1
            position += 1
          } else {
            fails = true
          }
        case .split(let first, let second):
          stack.append(.branch(pc: second, position: position))
          pc = first
        case .jump(let target):
          pc = target
        case .assertStart:
          if position == 0 { pc += 1 } else { fails = true }
        case .assertEnd:
          if position == count { pc += 1 } else { fails = true }
        case .wordBoundary(let negated):
          let before = ScalarClass.isWordScalar(position > 0 ? input[position - 1].value : nil)
          let after = ScalarClass.isWordScalar(position < count ? input[position].value : nil)
          if (before != after) != negated { pc += 1 } else { fails = true }
        case .save(let slot):
          stack.append(.slot(slot, slots[slot]))
          slots[slot] = position
          pc += 1
        case .backReference(let group):
          let from = slots[2 * group]
          let to = slots[2 * group + 1]
          if from < 0 || to < from {
            pc += 1  // a group that captured nothing matches the empty string
          } else {
            let length = to - from
            try spend(length)
            if position + length <= count && input[from..<to].elementsEqual(input[position..<position + length]) {
              position += length
              pc += 1
            } else {
              fails = true
            }
          }
        case .look(let index):
          let look = lookarounds[index]
          let mark = stack.count
          var holds = false
          if look.ahead {
            holds = try run(from: look.start, at: position, lookEnd: nil, wholeInput: false)
          } else {
            var from = position
            while from >= 0 {
              try spend()
              if try run(from: look.start, at: from, lookEnd: position, wholeInput: false) {
                holds = true
                break
              }
              from -= 1
            }
          }
          if holds && look.negated { unwind(to: mark) }
          if holds != look.negated {
            pc += 1  // the jump over the body
          } else {
            fails = true
          }
        case .lookEnd:
          if let lookEnd, position != lookEnd {
            fails = true
          } else {
            keepEffects(above: base)
            return true
          }
        case .markProgress(let register):
          stack.append(.register(register, registers[register]))
          registers[register] = position
          pc += 1
        case .checkProgress(let register):
          if registers[register] == position { fails = true } else { pc += 1 }
        case .match:
          if wholeInput && position != count {
            fails = true
          } else {
            keepEffects(above: base)
            return true
          }
        }
        guard fails else { continue }
        var resumed = false
        while stack.count > base {
          switch stack.removeLast() {
          case .branch(let target, let at):
            pc = target
            position = at
            resumed = true
          case .slot(let slot, let value):
            slots[slot] = value
          case .register(let register, let value):
            registers[register] = value
          }
          if resumed { break }
        }
        if !resumed { return false }
      }
    }

    /// After a successful sub-match: drops its untried alternatives (a lookaround is atomic) and keeps the
    /// restores of what it set, so the caller can still undo them.
    mutating func keepEffects(above base: Int) {
      var write = base
      for read in base..<stack.count {
        if case .branch = stack[read] { continue }
        stack[write] = stack[read]
        write += 1
      }
      stack.removeSubrange(write...)
    }

    /// Undoes everything above `mark`.
    mutating func unwind(to mark: Int) {
      while stack.count > mark {
        switch stack.removeLast() {
        case .branch: break
        case .slot(let slot, let value): slots[slot] = value
        case .register(let register, let value): registers[register] = value
        }
      }
    }
  }
}
