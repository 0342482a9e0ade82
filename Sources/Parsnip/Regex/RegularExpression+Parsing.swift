extension RegularExpression {
  /// Recursive-descent parser for both dialects, on Unicode scalars. The grammar is ECMA-262's (Unicode mode);
  /// I-Regexp (RFC 9485) is the subset that `dialect == .iRegexp` lets through. Recursion is bounded by
  /// ``RegularExpression/maximumGroupDepth``.
  struct Parser {
    let scalars: [Unicode.Scalar]
    let dialect: Dialect
    var position = 0
    var depth = 0
    var classes: [ScalarClass] = []
    var groupCount = 0
    var groupNames: [String: Int] = [:]
    /// Set by lookaround and back-references: the program must run on the backtracking matcher.
    var needsBacktracking = false
    var numberedReferences: [(group: Int, offset: Int)] = []
    var namedReferences: [(name: String, offset: Int)] = []

    init(scalars: [Unicode.Scalar], dialect: Dialect) {
      self.scalars = scalars
      self.dialect = dialect
    }

    var isECMAScript: Bool { dialect == .ecmaScript }

    func peek() -> UInt32? { position < scalars.count ? scalars[position].value : nil }
    func peek(_ ahead: Int) -> UInt32? {
      position + ahead < scalars.count ? scalars[position + ahead].value : nil
    }

    func invalid(_ message: String, at offset: Int? = nil) -> Failure {
      Failure(kind: .invalidPattern, offset: offset ?? position, message: message)
    }

    mutating func parse() throws(Failure) -> Node {
      let tree = try parseAlternation()
      guard position == scalars.count else { throw invalid("unmatched ')'") }
      for reference in numberedReferences where reference.group > groupCount {
        throw invalid("back-reference to group \(reference.group), which does not exist", at: reference.offset)
      }
      for reference in namedReferences where groupNames[reference.name] == nil {
        throw invalid("back-reference to a group named '\(reference.name)', which does not exist", at: reference.offset)
      }
      return tree
    }

    /// `branch *( "|" branch )`.
    mutating func parseAlternation() throws(Failure) -> Node {
      var branches = [try parseBranch()]
      while peek() == 0x7C {  // |
        position += 1
        branches.append(try parseBranch())
      }
      return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// `*piece`, ending at `|`, `)` or the end.
    mutating func parseBranch() throws(Failure) -> Node {
      var pieces: [Node] = []
      while let c = peek(), c != 0x7C, c != 0x29 { pieces.append(try parsePiece()) }
      switch pieces.count {
      case 0: return .empty
      case 1: return pieces[0]
      default: return .concatenation(pieces)
      }
    }

    /// `atom [ quantifier [ "?" ] ]`; the lazy `?` in ECMA-262 only.
    mutating func parsePiece() throws(Failure) -> Node {
      let atomStart = position
      let atom = try parseAtom()
      guard let c = peek() else { return atom }
      let min: Int
      let max: Int?
      switch c {
      case 0x2A:  // *
        position += 1
        (min, max) = (0, nil)
      case 0x2B:  // +
        position += 1
        (min, max) = (1, nil)
      case 0x3F:  // ?
        position += 1
        (min, max) = (0, 1)
      case 0x7B:  // {
        position += 1
        (min, max) = try parseBraceQuantifier()
      default:
        return atom
      }
      if isECMAScript {
        switch atom {
        case .start, .end, .wordBoundary, .look:
          throw invalid("an assertion cannot be repeated", at: atomStart)
        default: break
        }
      }
      var greedy = true
      if isECMAScript && peek() == 0x3F {
        position += 1
        greedy = false
      }
      return .repetition(atom, min: min, max: max, greedy: greedy)
    }

    /// After `{`: `n}`, `n,}` or `n,m}`.
    mutating func parseBraceQuantifier() throws(Failure) -> (Int, Int?) {
      let start = position - 1
      let min = try parseQuantity(from: start)
      var max: Int? = min
      if peek() == 0x2C {  // ,
        position += 1
        if peek() == 0x7D {
          max = nil
        } else {
          let upper = try parseQuantity(from: start)
          guard upper >= min else { throw invalid("the quantifier's maximum is below its minimum", at: start) }
          max = upper
        }
      }
      guard peek() == 0x7D else { throw invalid("expected '}' to end the quantifier", at: start) }
      position += 1
      return (min, max)
    }

    /// `1*DIGIT`; values beyond the program size limit are refused outright.
    mutating func parseQuantity(from start: Int) throws(Failure) -> Int {
      var value = 0
      var digits = 0
      while let c = peek(), c >= 0x30, c <= 0x39 {
        value = Swift.min(value * 10 + Int(c - 0x30), RegularExpression.maximumProgramSize + 1)
        digits += 1
        position += 1
      }
      guard digits > 0 else { throw invalid("expected a number in the quantifier", at: start) }
      guard value <= RegularExpression.maximumProgramSize else {
        throw Failure(
          kind: .tooLarge, offset: start,
          message: "the repetition count exceeds \(RegularExpression.maximumProgramSize)")
      }
      return value
    }

    mutating func parseAtom() throws(Failure) -> Node {
      guard let c = peek() else { throw invalid("unexpected end of the pattern") }
      switch c {
      case 0x28:  // (
        return try parseGroup()
      case 0x2E:  // .
        position += 1
        return isECMAScript ? .anyButLineTerminator : .any
      case 0x5B:  // [
        position += 1
        return .set(try isECMAScript ? parseClass() : parseIRegexpClass())
      case 0x5C:  // backslash
        position += 1
        return try isECMAScript ? parseAtomEscape() : parseIRegexpAtomEscape()
      case 0x5E:  // ^
        position += 1
        return .start
      case 0x24:  // $
        position += 1
        return .end
      case 0x2A, 0x2B, 0x3F, 0x7B:  // * + ? {
        throw invalid("nothing to repeat")
      case 0x29, 0x5D, 0x7D, 0x7C:  // ) ] } |
        throw invalid("unescaped '\(Character(scalars[position]))'")
      default:
        position += 1
        return .scalar(c)
      }
    }

    /// After-`(` forms: a group, and in ECMA-262 `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` and `(?<name>`.
    mutating func parseGroup() throws(Failure) -> Node {
      let start = position
      depth += 1
      guard depth <= RegularExpression.maximumGroupDepth else {
        throw Failure(
          kind: .tooLarge, offset: start,
          message: "groups nest deeper than \(RegularExpression.maximumGroupDepth)")
      }
      position += 1
      enum Kind {
        case capture(Int)
        case plain
        case look(ahead: Bool, negated: Bool)
      }
      var kind = Kind.plain
      if isECMAScript && peek() == 0x3F {  // ?
        switch (peek(1), peek(2)) {
        case (0x3A, _):  // :
          position += 2
        case (0x3D, _), (0x21, _):  // = !
          kind = .look(ahead: true, negated: peek(1) == 0x21)
          position += 2
        case (0x3C, 0x3D), (0x3C, 0x21):  // <= <!
          kind = .look(ahead: false, negated: peek(2) == 0x21)
          position += 3
        case (0x3C, _):  // <name>
          position += 2
          let name = try parseGroupName()
          guard groupNames[name] == nil else { throw invalid("the group name '\(name)' is used twice", at: start) }
          groupCount += 1
          groupNames[name] = groupCount
          kind = .capture(groupCount)
        default:
          throw invalid("unknown group syntax '(?'", at: start)
        }
      } else {
        groupCount += 1
        kind = .capture(groupCount)
      }
      let inner = try parseAlternation()
      guard peek() == 0x29 else { throw invalid("expected ')' to close the group", at: start) }
      position += 1
      depth -= 1
      switch kind {
      case .capture(let number): return isECMAScript ? .group(inner, capture: number) : inner
      case .plain: return .group(inner, capture: nil)
      case .look(let ahead, let negated):
        needsBacktracking = true
        return .look(inner, ahead: ahead, negated: negated)
      }
    }

    /// `RegExpIdentifierName ">"`, after `<`.
    mutating func parseGroupName() throws(Failure) -> String {
      let start = position
      var name = String.UnicodeScalarView()
      while let c = peek(), c != 0x3E {  // >
        let scalar = scalars[position]
        let valid =
          c == 0x24 || c == 0x5F
          || (name.isEmpty
            ? scalar.properties.isIDStart : scalar.properties.isIDContinue || c == 0x200C || c == 0x200D)
        guard valid else { throw invalid("invalid character in a group name") }
        name.append(scalar)
        position += 1
      }
      guard peek() == 0x3E, !name.isEmpty else { throw invalid("expected a group name and '>'", at: start) }
      position += 1
      return String(name)
    }

    // MARK: ECMA-262 escapes

    /// After `\` outside a class.
    mutating func parseAtomEscape() throws(Failure) -> Node {
      let start = position - 1
      guard let c = peek() else { throw invalid("the pattern ends with '\\'", at: start) }
      switch c {
      case 0x62, 0x42:  // b B
        position += 1
        return .wordBoundary(negated: c == 0x42)
      case 0x31...0x39:  // a back-reference
        var number = 0
        while let d = peek(), d >= 0x30, d <= 0x39 {
          number = Swift.min(number * 10 + Int(d - 0x30), 1_000_000)
          position += 1
        }
        numberedReferences.append((number, start))
        needsBacktracking = true
        return .backReference(number)
      case 0x6B:  // k<name>
        position += 1
        guard peek() == 0x3C else { throw invalid("expected '<' after '\\k'", at: start) }
        position += 1
        let name = try parseGroupName()
        namedReferences.append((name, start))
        needsBacktracking = true
        return .namedBackReference(name)
      default:
        if let item = try parseClassEscape() {
          var set = ScalarClass()
          set.items.append(item)
          return .set(appendClass(set))
        }
        return .scalar(try parseCharacterEscape(inClass: false))
      }
    }

    /// `\d \D \s \S \w \W \p{..} \P{..}` as a class item; `nil` (nothing consumed) for other escapes.
    mutating func parseClassEscape() throws(Failure) -> ScalarClass.Item? {
      guard let c = peek() else { return nil }
      switch c {
      case 0x64:
        position += 1
        return .ranges(ScalarClass.digitRanges)
      case 0x44:
        position += 1
        return .complementedRanges(ScalarClass.digitRanges)
      case 0x73:
        position += 1
        return .ranges(ScalarClass.spaceRanges)
      case 0x53:
        position += 1
        return .complementedRanges(ScalarClass.spaceRanges)
      case 0x77:
        position += 1
        return .ranges(ScalarClass.wordRanges)
      case 0x57:
        position += 1
        return .complementedRanges(ScalarClass.wordRanges)
      case 0x70, 0x50:  // p P
        return try parsePropertyEscape()
      default:
        return nil
      }
    }

    /// `p{…}` or `P{…}`: a general category, `General_Category=…`/`gc=…`, or a binary property.
    mutating func parsePropertyEscape() throws(Failure) -> ScalarClass.Item {
      let start = position - 1
      let negated = peek() == 0x50
      position += 1
      guard peek() == 0x7B else { throw invalid("expected '{' after '\\p'", at: start) }
      position += 1
      var name = ""
      while let c = peek(), c != 0x7D {
        guard (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x3D
        else { throw invalid("invalid character in a Unicode property name") }
        name.unicodeScalars.append(scalars[position])
        position += 1
      }
      guard peek() == 0x7D else { throw invalid("expected '}' to end the Unicode property", at: start) }
      position += 1
      let parts = name.split(separator: "=", omittingEmptySubsequences: false)
      if parts.count == 2 {
        switch parts[0] {
        case "General_Category", "gc":
          guard let mask = UnicodeCategories.ecmaScriptMask(named: String(parts[1])) else { break }
          return negated ? .complementedCategories(mask) : .categories(mask)
        case "Script", "sc", "Script_Extensions", "scx":
          guard !parts[1].isEmpty else { break }
          throw Failure(
            kind: .unsupported, offset: start, message: "Unicode scripts (\\p{\(name)}) are not supported")
        default: break
        }
      } else if parts.count == 1 {
        if let mask = UnicodeCategories.ecmaScriptMask(named: name) {
          return negated ? .complementedCategories(mask) : .categories(mask)
        }
        if let property = UnicodeProperty(name: name) { return .property(property, negated: negated) }
      }
      throw invalid("unknown Unicode property '\(name)'", at: start)
    }

    /// `CharacterEscape` after `\`: control escapes, `\cX`, `\0`, `\xHH`, `\uHHHH` (a surrogate pair joined),
    /// `\u{…}`, and `\` before a syntax character or `/` (and `-` in a class).
    mutating func parseCharacterEscape(inClass: Bool) throws(Failure) -> UInt32 {
      let start = position - 1
      guard let c = peek() else { throw invalid("the pattern ends with '\\'", at: start) }
      position += 1
      switch c {
      case 0x66: return 0x0C  // f
      case 0x6E: return 0x0A  // n
      case 0x72: return 0x0D  // r
      case 0x74: return 0x09  // t
      case 0x76: return 0x0B  // v
      case 0x63:  // c
        guard let letter = peek(), (letter >= 0x41 && letter <= 0x5A) || (letter >= 0x61 && letter <= 0x7A)
        else { throw invalid("'\\c' must be followed by an ASCII letter", at: start) }
        position += 1
        return letter % 32
      case 0x30:  // 0
        if let d = peek(), d >= 0x30, d <= 0x39 { throw invalid("octal escapes are not allowed", at: start) }
        return 0
      case 0x78:  // x
        guard let value = parseHex(count: 2) else { throw invalid("'\\x' needs two hex digits", at: start) }
        return value
      case 0x75:  // u
        if peek() == 0x7B {
          position += 1
          var value: UInt32 = 0
          var digits = 0
          while let d = peek(), let digit = Self.hexValue(d) {
            value = Swift.min(value * 16 + digit, 0x11_0000)
            digits += 1
            position += 1
          }
          guard digits > 0, peek() == 0x7D, value <= 0x10_FFFF else {
            throw invalid("'\\u{…}' needs hex digits for a code point up to 10FFFF", at: start)
          }
          position += 1
          return value
        }
        guard let value = parseHex(count: 4) else { throw invalid("'\\u' needs four hex digits", at: start) }
        if (0xD800...0xDBFF).contains(value), peek() == 0x5C, peek(1) == 0x75 {
          let resume = position
          position += 2
          if let low = parseHex(count: 4), (0xDC00...0xDFFF).contains(low) {
            return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          position = resume
        }
        return value
      case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x2F:
        return c
      case 0x2D where inClass:
        return c
      default:
        throw invalid("'\\\(Character(scalars[position - 1]))' is not an escape in ECMA-262's Unicode mode", at: start)
      }
    }

    mutating func parseHex(count: Int) -> UInt32? {
      var value: UInt32 = 0
      for offset in 0..<count {
        guard let d = peek(offset), let digit = Self.hexValue(d) else { return nil }
        value = value * 16 + digit
      }
      position += count
      return value
    }

    static func hexValue(_ c: UInt32) -> UInt32? {
      switch c {
      case 0x30...0x39: c - 0x30
      case 0x41...0x46: c - 0x41 + 10
      case 0x61...0x66: c - 0x61 + 10
      default: nil
      }
    }

    /// After `[`: `[ "^" ] *( ClassAtom [ "-" ClassAtom ] ) "]"`; `[]` matches nothing and `[^]` anything.
    mutating func parseClass() throws(Failure) -> Int {
      let start = position - 1
      var result = ScalarClass()
      if peek() == 0x5E {
        result.isNegated = true
        position += 1
      }
      enum Atom {
        case scalar(UInt32)
        case item(ScalarClass.Item)
      }
      func add(_ atom: Atom, to result: inout ScalarClass) {
        switch atom {
        case .scalar(let value): result.add(value)
        case .item(let item): result.items.append(item)
        }
      }
      while true {
        guard let c = peek() else { throw invalid("expected ']' to close the class", at: start) }
        if c == 0x5D {
          position += 1
          break
        }
        let atomStart = position
        let low = try parseClassAtom()
        if peek() == 0x2D, let next = peek(1), next != 0x5D {
          position += 1
          let high = try parseClassAtom()
          guard case .scalar(let lowValue) = low, case .scalar(let highValue) = high else {
            throw invalid("a class escape cannot be a range's end", at: atomStart)
          }
          guard lowValue <= highValue else { throw invalid("the range is out of order", at: atomStart) }
          result.ranges.append(lowValue...highValue)
        } else {
          add(low, to: &result)
        }
      }
      return appendClass(result)

      func parseClassAtom() throws(Failure) -> Atom {
        let c = peek()!
        position += 1
        guard c == 0x5C else { return .scalar(c) }
        guard let escaped = peek() else { throw invalid("the pattern ends with '\\'", at: position - 1) }
        if escaped == 0x62 {  // [\b] is backspace
          position += 1
          return .scalar(0x08)
        }
        if let item = try parseClassEscape() { return .item(item) }
        return .scalar(try parseCharacterEscape(inClass: true))
      }
    }

    mutating func appendClass(_ set: ScalarClass) -> Int {
      var set = set
      set.finish()
      classes.append(set)
      return classes.count - 1
    }

    // MARK: I-Regexp

    /// After `\` outside a class: `\p{..}`/`\P{..}` or a single-character escape.
    mutating func parseIRegexpAtomEscape() throws(Failure) -> Node {
      if let category = parseIRegexpCategoryEscape() { return .set(appendClass(category)) }
      return .scalar(try parseIRegexpSingleCharacterEscape())
    }

    /// After `\`: `SingleCharEsc`, the escaped character.
    mutating func parseIRegexpSingleCharacterEscape() throws(Failure) -> UInt32 {
      guard let c = peek() else { throw invalid("the pattern ends with '\\'") }
      position += 1
      switch c {
      case 0x6E: return 0x0A  // n
      case 0x72: return 0x0D  // r
      case 0x74: return 0x09  // t
      case 0x28...0x2B, 0x2D, 0x2E, 0x3F, 0x5B...0x5E, 0x7B...0x7D: return c
      default: throw invalid("'\\\(Character(scalars[position - 1]))' is not an I-Regexp escape", at: position - 2)
      }
    }

    /// After `\`: `p{Category}` or `P{Category}`; leaves the position unchanged when not a category escape.
    mutating func parseIRegexpCategoryEscape() -> ScalarClass? {
      guard let c = peek(), c == 0x70 || c == 0x50, peek(1) == 0x7B else { return nil }
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
      result.items.append(c == 0x70 ? .categories(mask) : .complementedCategories(mask))
      return result
    }

    /// After `[`: `[ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`.
    mutating func parseIRegexpClass() throws(Failure) -> Int {
      let start = position - 1
      var result = ScalarClass()
      if peek() == 0x5E {  // ^
        result.isNegated = true
        position += 1
      }
      var isFirst = true
      while true {
        guard let c = peek() else { throw invalid("expected ']' to close the class", at: start) }
        if c == 0x5D {  // ]
          guard !isFirst else { throw invalid("an empty class", at: start) }
          position += 1
          break
        }
        if c == 0x2D {  // - is allowed only first or last
          guard isFirst || peek(1) == 0x5D else { throw invalid("'-' inside a class must be first or last") }
          position += 1
          result.add(0x2D)
          isFirst = false
          continue
        }
        isFirst = false
        if c == 0x5C {
          position += 1
          if let category = parseIRegexpCategoryEscape() {
            result.items += category.items
            continue
          }
          position -= 1
        }
        let low = try parseIRegexpClassCharacter()
        if peek() == 0x2D, let next = peek(1), next != 0x5D {
          position += 1
          let high = try parseIRegexpClassCharacter()
          guard low <= high else { throw invalid("the range is out of order") }
          result.ranges.append(low...high)
        } else {
          result.add(low)
        }
      }
      return appendClass(result)
    }

    /// `CCchar`: any scalar but `-`, `[`, `\`, `]`, or a single-character escape.
    mutating func parseIRegexpClassCharacter() throws(Failure) -> UInt32 {
      guard let c = peek() else { throw invalid("expected ']' to close the class") }
      switch c {
      case 0x5C:
        position += 1
        return try parseIRegexpSingleCharacterEscape()
      case 0x2D, 0x5B, 0x5D:
        throw invalid("unescaped '\(Character(scalars[position]))' in a class")
      default:
        position += 1
        return c
      }
    }
  }
}
