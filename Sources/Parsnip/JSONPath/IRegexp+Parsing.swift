extension IRegexp {
  /// Recursive-descent parser for the RFC 9485 grammar, on Unicode scalars.
  struct Parser {
    let scalars: [Unicode.Scalar]
    var position = 0
    var depth = 0
    var classes: [ScalarClass] = []
    /// Set when parsing stopped at a size limit (a count or a group depth) rather than at a grammar error.
    var exceededLimits = false

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
      guard digits > 0 else { return nil }
      guard value <= IRegexp.maximumProgramSize else {
        exceededLimits = true
        return nil
      }
      return value
    }

    /// `NormalChar / charClass / "(" i-regexp ")"`, plus the `^` and `$` anchors.
    mutating func parseAtom() -> Node? {
      guard let c = peek() else { return nil }
      switch c {
      case 0x28:  // (
        depth += 1
        guard depth <= IRegexp.maximumGroupDepth else {
          exceededLimits = true
          return nil
        }
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
}
