/// A regular expression in the interoperable I-Regexp dialect (RFC 9485), used by the JSONPath functions
/// `match()` and `search()`.
///
/// Supported: literal characters, `.` (any character but line feed and carriage return), character class
/// expressions `[...]` / `[^...]` with ranges, single-character escapes (`\n \r \t` and `\` before any of
/// `( ) * + - . ? [ \ ] ^ { | }`), Unicode general categories `\p{..}` / `\P{..}` (`L Lu Ll Lt Lm Lo M Mn Mc Me
/// N Nd Nl No P Pc Pd Ps Pe Pi Pf Po Z Zs Zl Zp S Sm Sc Sk So C Cc Cf Co Cn`), groups, alternation and the
/// quantifiers `* + ? {n} {n,} {n,m}`. Anything else (`\d`, `\w`, back-references, lookaround, `(?:`) makes the
/// pattern invalid. Characters are Unicode scalars.
///
/// `^` and `$` outside a class match the start and end of the input. RFC 9485 treats them as ordinary
/// characters, but the JSONPath compliance test suite, and every mapping of I-Regexp onto ECMAScript, PCRE or
/// .NET, treat them as anchors; Parsnip follows that shared behaviour.
///
/// Matching simulates the compiled automaton over all alternatives at once (Thompson's construction), so the
/// time is linear in the input for a given pattern and no pattern can make it backtrack exponentially. Patterns
/// whose automaton would exceed ``maximumProgramSize`` instructions (for example `(a{1000}){1000}`) or whose
/// groups nest deeper than ``maximumGroupDepth`` are rejected like invalid ones.
struct IRegexp: Sendable {
  enum Instruction: Sendable {
    /// Consume this scalar.
    case scalar(UInt32)
    /// Consume any scalar except U+000A and U+000D.
    case any
    /// Consume a scalar in `classes[index]`.
    case set(Int)
    /// Continue at both targets.
    case split(Int, Int)
    case jump(Int)
    case assertStart
    case assertEnd
    case match
  }

  let program: [Instruction]
  let classes: [ScalarClass]

  static let maximumProgramSize = 20_000
  static let maximumGroupDepth = 64

  /// Compiles a pattern; `nil` when it is not a valid I-Regexp or exceeds the size limits.
  init?(_ pattern: String) {
    var parser = Parser(scalars: Array(pattern.unicodeScalars))
    guard let tree = parser.parse() else { return nil }
    var compiler = Compiler()
    guard compiler.emit(tree) else { return nil }
    compiler.program.append(.match)
    program = compiler.program
    classes = parser.classes
  }

  /// A parsed pattern.
  indirect enum Node {
    case empty
    case scalar(UInt32)
    case any
    case set(Int)
    case start
    case end
    case concatenation([Node])
    case alternation([Node])
    case repetition(Node, min: Int, max: Int?)
  }

  /// A set of scalars: ranges and general categories, possibly negated as a whole.
  struct ScalarClass: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    /// Categories included (`\p{..}` inside the class), as a mask of `UnicodeCategories.bit(_:)`.
    var categories: UInt32 = 0
    /// Each `\P{..}` inside the class: scalars whose category is outside the mask are included.
    var complementedCategories: [UInt32] = []
    var isNegated = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
      let value = scalar.value
      var found = false
      for range in ranges where range.contains(value) {
        found = true
        break
      }
      if !found && (categories != 0 || !complementedCategories.isEmpty) {
        let bit = UnicodeCategories.bit(scalar.properties.generalCategory)
        if categories & bit != 0 {
          found = true
        } else {
          for mask in complementedCategories where mask & bit == 0 {
            found = true
            break
          }
        }
      }
      return found != isNegated
    }
  }

  /// Recursive-descent parser for the RFC 9485 grammar, on Unicode scalars.
  struct Parser {
    let scalars: [Unicode.Scalar]
    var position = 0
    var depth = 0
    var classes: [ScalarClass] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() -> Node? {
      guard let tree = parseAlternation(), position == scalars.count else { return nil }
      return tree
    }

    func peek() -> UInt32? { position < scalars.count ? scalars[position].value : nil }

    /// `branch *( "|" branch )`.
    mutating func parseAlternation() -> Node? {
      var branches: [Node] = []
      guard let first = parseBranch() else { return nil }
      branches.append(first)
      while peek() == 0x7C {  // |
        position += 1
        guard let branch = parseBranch() else { return nil }
        branches.append(branch)
      }
      return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// `*piece`, ending at `|`, `)` or the end.
    mutating func parseBranch() -> Node? {
      var pieces: [Node] = []
      while let c = peek(), c != 0x7C, c != 0x29 {
        guard let piece = parsePiece() else { return nil }
        pieces.append(piece)
      }
      switch pieces.count {
      case 0: return .empty
      case 1: return pieces[0]
      default: return .concatenation(pieces)
      }
    }

    /// `atom [ quantifier ]`.
    mutating func parsePiece() -> Node? {
      guard let atom = parseAtom() else { return nil }
      guard let c = peek() else { return atom }
      switch c {
      case 0x2A:  // *
        position += 1
        return .repetition(atom, min: 0, max: nil)
      case 0x2B:  // +
        position += 1
        return .repetition(atom, min: 1, max: nil)
      case 0x3F:  // ?
        position += 1
        return .repetition(atom, min: 0, max: 1)
      case 0x7B:  // {
        position += 1
        guard let min = parseQuantity() else { return nil }
        var max: Int? = min
        if peek() == 0x2C {  // ,
          position += 1
          if peek() == 0x7D {
            max = nil
          } else {
            guard let upper = parseQuantity(), upper >= min else { return nil }
            max = upper
          }
        }
        guard peek() == 0x7D else { return nil }
        position += 1
        return .repetition(atom, min: min, max: max)
      default:
        return atom
      }
    }

    /// `QuantExact = 1*DIGIT`; values beyond the program size limit are refused outright.
    mutating func parseQuantity() -> Int? {
      var value = 0
      var digits = 0
      while let c = peek(), c >= 0x30, c <= 0x39 {
        value = Swift.min(value * 10 + Int(c - 0x30), IRegexp.maximumProgramSize + 1)
        digits += 1
        position += 1
      }
      guard digits > 0, value <= IRegexp.maximumProgramSize else { return nil }
      return value
    }

    /// `NormalChar / charClass / "(" i-regexp ")"`, plus the `^` and `$` anchors.
    mutating func parseAtom() -> Node? {
      guard let c = peek() else { return nil }
      switch c {
      case 0x28:  // (
        depth += 1
        guard depth <= IRegexp.maximumGroupDepth else { return nil }
        position += 1
        guard let inner = parseAlternation(), peek() == 0x29 else { return nil }
        position += 1
        depth -= 1
        return inner
      case 0x2E:  // .
        position += 1
        return .any
      case 0x5B:  // [
        position += 1
        return parseClassExpression()
      case 0x5C:  // backslash
        position += 1
        if let category = parseCategoryEscape() {
          classes.append(category)
          return .set(classes.count - 1)
        }
        guard let escaped = parseSingleCharacterEscape() else { return nil }
        return .scalar(escaped)
      case 0x5E:  // ^
        position += 1
        return .start
      case 0x24:  // $
        position += 1
        return .end
      case 0x29, 0x2A, 0x2B, 0x3F, 0x5D, 0x7B, 0x7C, 0x7D:  // ) * + ? ] { | }
        return nil
      default:
        position += 1
        return .scalar(c)
      }
    }

    /// After `\`: `SingleCharEsc`, the escaped character.
    mutating func parseSingleCharacterEscape() -> UInt32? {
      guard let c = peek() else { return nil }
      position += 1
      switch c {
      case 0x6E: return 0x0A  // n
      case 0x72: return 0x0D  // r
      case 0x74: return 0x09  // t
      case 0x28...0x2B, 0x2D, 0x2E, 0x3F, 0x5B...0x5E, 0x7B...0x7D: return c
      default: return nil
      }
    }

    /// After `\`: `p{Category}` or `P{Category}`; leaves the position unchanged when not a category escape.
    mutating func parseCategoryEscape() -> ScalarClass? {
      guard let c = peek(), c == 0x70 || c == 0x50, position + 1 < scalars.count, scalars[position + 1] == "{"
      else { return nil }
      let start = position
      position += 2
      var name = ""
      while let letter = peek(), letter != 0x7D, name.unicodeScalars.count < 3 {
        name.unicodeScalars.append(scalars[position])
        position += 1
      }
      guard peek() == 0x7D, let mask = UnicodeCategories.mask(named: name) else {
        position = start
        return nil
      }
      position += 1
      var result = ScalarClass()
      if c == 0x70 { result.categories = mask } else { result.complementedCategories = [mask] }
      return result
    }

    /// After `[`: `[ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`.
    mutating func parseClassExpression() -> Node? {
      var result = ScalarClass()
      if peek() == 0x5E {  // ^
        result.isNegated = true
        position += 1
      }
      var isFirst = true
      while true {
        guard let c = peek() else { return nil }
        if c == 0x5D {  // ]
          guard !isFirst else { return nil }
          position += 1
          break
        }
        if c == 0x2D {  // - is allowed only first or last
          let isLast = position + 1 < scalars.count && scalars[position + 1] == "]"
          guard isFirst || isLast else { return nil }
          position += 1
          result.ranges.append(0x2D...0x2D)
          isFirst = false
          continue
        }
        isFirst = false
        if c == 0x5C, let escape = lookaheadCategoryEscape() {
          result.categories |= escape.categories
          result.complementedCategories += escape.complementedCategories
          continue
        }
        guard let low = parseClassCharacter() else { return nil }
        if peek() == 0x2D, position + 1 < scalars.count, scalars[position + 1] != "]" {
          position += 1
          guard let high = parseClassCharacter(), low <= high else { return nil }
          result.ranges.append(low...high)
        } else {
          result.ranges.append(low...low)
        }
      }
      classes.append(result)
      return .set(classes.count - 1)
    }

    /// A `\p{..}` / `\P{..}` at the current backslash, consumed when present.
    mutating func lookaheadCategoryEscape() -> ScalarClass? {
      let start = position
      position += 1
      if let category = parseCategoryEscape() { return category }
      position = start
      return nil
    }

    /// `CCchar`: any scalar but `-`, `[`, `\`, `]`, or a single-character escape.
    mutating func parseClassCharacter() -> UInt32? {
      guard let c = peek() else { return nil }
      switch c {
      case 0x5C:
        position += 1
        return parseSingleCharacterEscape()
      case 0x2D, 0x5B, 0x5D:
        return nil
      default:
        position += 1
        return c
      }
    }
  }

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

/// Unicode general categories as bits, for `\p{..}`.
enum UnicodeCategories {
  static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
    let index: UInt32 =
      switch category {
      case .uppercaseLetter: 0
      case .lowercaseLetter: 1
      case .titlecaseLetter: 2
      case .modifierLetter: 3
      case .otherLetter: 4
      case .nonspacingMark: 5
      case .spacingMark: 6
      case .enclosingMark: 7
      case .decimalNumber: 8
      case .letterNumber: 9
      case .otherNumber: 10
      case .connectorPunctuation: 11
      case .dashPunctuation: 12
      case .openPunctuation: 13
      case .closePunctuation: 14
      case .initialPunctuation: 15
      case .finalPunctuation: 16
      case .otherPunctuation: 17
      case .mathSymbol: 18
      case .currencySymbol: 19
      case .modifierSymbol: 20
      case .otherSymbol: 21
      case .spaceSeparator: 22
      case .lineSeparator: 23
      case .paragraphSeparator: 24
      case .control: 25
      case .format: 26
      case .surrogate: 27
      case .privateUse: 28
      case .unassigned: 29
      @unknown default: 29
      }
    return 1 << index
  }

  /// The categories an RFC 9485 `IsCategory` name stands for; `nil` for names outside the grammar.
  static func mask(named name: String) -> UInt32? {
    func bits(_ range: ClosedRange<UInt32>) -> UInt32 { range.reduce(0) { $0 | 1 << $1 } }
    switch name {
    case "L": return bits(0...4)
    case "Lu": return 1 << 0
    case "Ll": return 1 << 1
    case "Lt": return 1 << 2
    case "Lm": return 1 << 3
    case "Lo": return 1 << 4
    case "M": return bits(5...7)
    case "Mn": return 1 << 5
    case "Mc": return 1 << 6
    case "Me": return 1 << 7
    case "N": return bits(8...10)
    case "Nd": return 1 << 8
    case "Nl": return 1 << 9
    case "No": return 1 << 10
    case "P": return bits(11...17)
    case "Pc": return 1 << 11
    case "Pd": return 1 << 12
    case "Ps": return 1 << 13
    case "Pe": return 1 << 14
    case "Pi": return 1 << 15
    case "Pf": return 1 << 16
    case "Po": return 1 << 17
    case "S": return bits(18...21)
    case "Sm": return 1 << 18
    case "Sc": return 1 << 19
    case "Sk": return 1 << 20
    case "So": return 1 << 21
    case "Z": return bits(22...24)
    case "Zs": return 1 << 22
    case "Zl": return 1 << 23
    case "Zp": return 1 << 24
    case "C": return bits(25...29)
    case "Cc": return 1 << 25
    case "Cf": return 1 << 26
    case "Co": return 1 << 28
    case "Cn": return 1 << 29
    default: return nil
    }
  }
}
