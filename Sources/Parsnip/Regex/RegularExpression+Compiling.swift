extension RegularExpression {
  /// Emits instructions for a parsed pattern, failing once the program grows past the size limit. Programs that
  /// backtrack also record captures (for back-references) and guard each unbounded loop against iterations that
  /// match nothing; automaton programs need neither.
  struct Compiler {
    let backtracks: Bool
    let groupNames: [String: Int]
    var program: [Instruction] = []
    var lookarounds: [Lookaround] = []
    var registerCount = 0
    /// Nodes visited; bounds the work for repetitions of empty groups such as `((){9999}){9999}`.
    var work = 0

    init(backtracks: Bool, groupNames: [String: Int]) {
      self.backtracks = backtracks
      self.groupNames = groupNames
    }

    var tooLarge: Failure {
      Failure(
        kind: .tooLarge, offset: 0,
        message: "the pattern is too large to run: its program would exceed "
          + "\(RegularExpression.maximumProgramSize) instructions")
    }

    mutating func compile(_ tree: Node, patternLength: Int) throws(Failure) {
      if backtracks { try append(.save(0)) }
      try emit(tree)
      if backtracks { try append(.save(1)) }
      try append(.match)
    }

    mutating func emit(_ node: Node) throws(Failure) {
      work += 1
      guard work <= 8 * RegularExpression.maximumProgramSize else { throw tooLarge }
      switch node {
      case .empty:
        return
      case .scalar(let c):
        try append(.scalar(c))
      case .any:
        try append(.any)
      case .anyButLineTerminator:
        try append(.anyButLineTerminator)
      case .set(let index):
        try append(.set(index))
      case .start:
        try append(.assertStart)
      case .end:
        try append(.assertEnd)
      case .wordBoundary(let negated):
        try append(.wordBoundary(negated: negated))
      case .group(let inner, let capture):
        if backtracks, let capture { try append(.save(2 * capture)) }
        try emit(inner)
        if backtracks, let capture { try append(.save(2 * capture + 1)) }
      case .look(let inner, let ahead, let negated):
        // look(i); jump over the body; body; lookEnd.
        let index = lookarounds.count
        lookarounds.append(Lookaround(start: -1, ahead: ahead, negated: negated))
        try append(.look(index))
        let jump = program.count
        try append(.jump(-1))
        lookarounds[index].start = program.count
        try emit(inner)
        try append(.lookEnd)
        program[jump] = .jump(program.count)
      case .backReference(let group):
        try append(.backReference(group))
      case .namedBackReference(let name):
        try append(.backReference(groupNames[name] ?? 0))
      case .concatenation(let nodes):
        for node in nodes { try emit(node) }
      case .alternation(let branches):
        var exits: [Int] = []
        for (index, branch) in branches.enumerated() {
          if index == branches.count - 1 {
            try emit(branch)
          } else {
            let split = program.count
            try append(.split(split + 1, -1))
            try emit(branch)
            exits.append(program.count)
            try append(.jump(-1))
            program[split] = .split(split + 1, program.count)
          }
        }
        for exit in exits { program[exit] = .jump(program.count) }
      case .repetition(let node, let min, let max, let greedy):
        for _ in 0..<min { try emit(node) }
        if let max {
          // Each optional copy may be skipped to the end: a?a?a? matches the same strings as a{0,3}.
          var skips: [Int] = []
          for _ in min..<max {
            skips.append(program.count)
            try append(.split(-1, -1))
            try emit(node)
          }
          for skip in skips { program[skip] = choice(skip + 1, program.count, greedy: greedy) }
        } else {
          let loop = program.count
          try append(.split(-1, -1))
          let register = backtracks ? registerCount : -1
          if backtracks {
            registerCount += 1
            try append(.markProgress(register))
          }
          try emit(node)
          if backtracks { try append(.checkProgress(register)) }
          try append(.jump(loop))
          program[loop] = choice(loop + 1, program.count, greedy: greedy)
        }
      }
    }

    /// A split that prefers `body` when greedy and `exit` when lazy (only the backtracking matcher cares).
    func choice(_ body: Int, _ exit: Int, greedy: Bool) -> Instruction {
      greedy ? .split(body, exit) : .split(exit, body)
    }

    mutating func append(_ instruction: Instruction) throws(Failure) {
      guard program.count < RegularExpression.maximumProgramSize else { throw tooLarge }
      program.append(instruction)
    }
  }
}
