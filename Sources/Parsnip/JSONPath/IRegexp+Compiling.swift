extension IRegexp {
  /// Emits instructions for a parsed pattern, failing once the program grows past the size limit.
  struct Compiler {
    var program: [Instruction] = []
    /// Nodes visited; bounds the work for repetitions of empty groups such as `((){9999}){9999}`.
    var work = 0

    mutating func emit(_ node: Node) -> Bool {
      work += 1
      guard work <= 8 * IRegexp.maximumProgramSize else { return false }
      switch node {
      case .empty:
        return true
      case .scalar(let c):
        return append(.scalar(c))
      case .any:
        return append(.any)
      case .set(let index):
        return append(.set(index))
      case .start:
        return append(.assertStart)
      case .end:
        return append(.assertEnd)
      case .concatenation(let nodes):
        for node in nodes where !emit(node) { return false }
        return true
      case .alternation(let branches):
        var exits: [Int] = []
        for (index, branch) in branches.enumerated() {
          if index == branches.count - 1 {
            guard emit(branch) else { return false }
          } else {
            let split = program.count
            guard append(.split(split + 1, -1)), emit(branch) else { return false }
            exits.append(program.count)
            guard append(.jump(-1)) else { return false }
            program[split] = .split(split + 1, program.count)
          }
        }
        for exit in exits { program[exit] = .jump(program.count) }
        return true
      case .repetition(let node, let min, let max):
        for _ in 0..<min where !emit(node) { return false }
        if let max {
          // Each optional copy may be skipped to the end: a?a?a? matches the same strings as a{0,3}.
          var skips: [Int] = []
          for _ in min..<max {
            skips.append(program.count)
            guard append(.split(program.count + 1, -1)), emit(node) else { return false }
          }
          for skip in skips { program[skip] = .split(skip + 1, program.count) }
        } else {
          let loop = program.count
          guard append(.split(loop + 1, -1)), emit(node), append(.jump(loop)) else { return false }
          program[loop] = .split(loop + 1, program.count)
        }
        return true
      }
    }

    mutating func append(_ instruction: Instruction) -> Bool {
      guard program.count < IRegexp.maximumProgramSize else { return false }
      program.append(instruction)
      return true
    }
  }
}
