/// Filter expressions (RFC 9535 section 2.3.5) and function expressions (section 2.4).
///
/// Expressions are first read into a loose tree whose leaves may be bare operands (literals, queries, function
/// calls); the loose tree is then checked against where it appears: a filter needs a logical expression, a
/// function parameter a value, a nodelist or a logical expression. That keeps the grammar in one place and
/// lets each type error point at the offending operand.
extension JSONPathParser {
  /// An operand before its role is known.
  enum Operand {
    case literal(JSON)
    case query(CompiledQuery)
    case function(FunctionCall)
  }

  indirect enum LooseExpression {
    case or([LooseExpression])
    case and([LooseExpression])
    case not(LooseExpression)
    case parenthesized(LooseExpression)
    case comparison(ValueOperand, ComparisonOperator, ValueOperand)
    case operand(Operand, offset: Int)
  }

  /// `logical-expr`, checked to be a logical expression.
  mutating func parseLogicalExpression() throws(JSONPathError) -> FilterNode {
    try logical(from: try parseOr())
  }

  /// `logical-and-expr *(S "||" S logical-and-expr)`.
  mutating func parseOr() throws(JSONPathError) -> LooseExpression {
    var terms = [try parseAnd()]
    while true {
      let save = position
      skipBlankSpace()
      guard peek() == UInt8(ascii: "|") else {
        position = save
        break
      }
      guard peek(at: position + 1) == UInt8(ascii: "|") else {
        throw error("expected '||' for logical or, found a single '|'", at: position)
      }
      position += 2
      skipBlankSpace()
      terms.append(try parseAnd())
    }
    return terms.count == 1 ? terms[0] : .or(terms)
  }

  /// `basic-expr *(S "&&" S basic-expr)`.
  mutating func parseAnd() throws(JSONPathError) -> LooseExpression {
    var terms = [try parseBasic()]
    while true {
      let save = position
      skipBlankSpace()
      guard peek() == UInt8(ascii: "&") else {
        position = save
        break
      }
      guard peek(at: position + 1) == UInt8(ascii: "&") else {
        throw error("expected '&&' for logical and, found a single '&'", at: position)
      }
      position += 2
      skipBlankSpace()
      terms.append(try parseBasic())
    }
    return terms.count == 1 ? terms[0] : .and(terms)
  }

  /// `"!" S ( paren-expr / test-expr )`. Its own function, so that `parseBasic`, on the recursive path of every
  /// nested filter, keeps a small frame.
  @inline(never)
  mutating func parseNegation() throws(JSONPathError) -> LooseExpression {
    let bang = position
    try enterNesting(at: bang)
    defer { depth -= 1 }
    position += 1
    skipBlankSpace()
    if peek() == UInt8(ascii: "(") {
      let inner = try parseParenthesized()
      try rejectComparisonAfterParentheses()
      return .not(inner)
    }
    if peek() == UInt8(ascii: "!") {
      throw error("'!' cannot directly follow '!'; write !(!...) with parentheses", at: position)
    }
    let operandOffset = position
    let operand = try parseOperand()
    let save = position
    skipBlankSpace()
    if try peekComparisonOperator() != nil {
      throw error(
        "'!' negates only the query or function after it, not a comparison; write !(... == ...) to negate "
          + "a comparison", at: bang)
    }
    position = save
    return .not(.operand(operand, offset: operandOffset))
  }

  /// `paren-expr / comparison-expr / test-expr`, plus bare operands (checked later by the caller).
  mutating func parseBasic() throws(JSONPathError) -> LooseExpression {
    guard let byte = peek() else {
      throw error("expected an expression, found the end of the query", at: position)
    }
    if byte == UInt8(ascii: "!") && peek(at: position + 1) != UInt8(ascii: "=") {
      return try parseNegation()
    }
    if byte == UInt8(ascii: "(") {
      let inner = try parseParenthesized()
      try rejectComparisonAfterParentheses()
      return .parenthesized(inner)
    }
    let leftOffset = position
    let left = try parseOperand()
    let save = position
    skipBlankSpace()
    guard let (comparison, length) = try peekComparisonOperator() else {
      position = save
      return .operand(left, offset: leftOffset)
    }
    position += length
    skipBlankSpace()
    let rightOffset = position
    if peek() == UInt8(ascii: "(") {
      throw error(
        "a parenthesized expression cannot be compared; compare a literal, a singular query or a function result",
        at: rightOffset)
    }
    let right = try parseOperand()
    let context = "an operand of '\(comparison.text)'"
    return .comparison(
      try valueOperand(left, at: leftOffset, context: context), comparison,
      try valueOperand(right, at: rightOffset, context: context))
  }

  /// `"(" S logical-expr S ")"`, starting at the `(`.
  mutating func parseParenthesized() throws(JSONPathError) -> LooseExpression {
    let open = position
    try enterNesting(at: open)
    defer { depth -= 1 }
    position += 1
    skipBlankSpace()
    let inner = try parseOr()
    skipBlankSpace()
    guard peek() == UInt8(ascii: ")") else {
      if position >= bytes.count {
        throw error("expected ')' to close the parenthesis", at: position)
      }
      throw error("expected ')' to close the parenthesis, found \(describe(at: position))", at: position)
    }
    position += 1
    return inner
  }

  /// The grammar has no parenthesized comparison operands: `(@.a) == 1` is not a query.
  mutating func rejectComparisonAfterParentheses() throws(JSONPathError) {
    let save = position
    skipBlankSpace()
    if try peekComparisonOperator() != nil {
      throw error(
        "a parenthesized expression cannot be compared; compare a literal, a singular query or a function result",
        at: position)
    }
    position = save
  }

  /// The comparison operator at the current position and its length, without consuming it.
  func peekComparisonOperator() throws(JSONPathError) -> (ComparisonOperator, Int)? {
    guard let byte = peek() else { return nil }
    let next = peek(at: position + 1)
    switch byte {
    case UInt8(ascii: "="):
      guard next == UInt8(ascii: "=") else {
        throw error("expected '==' to compare; a single '=' is not an operator", at: position)
      }
      return (.equal, 2)
    case UInt8(ascii: "!"):
      return next == UInt8(ascii: "=") ? (.notEqual, 2) : nil
    case UInt8(ascii: "<"):
      return next == UInt8(ascii: "=") ? (.lessOrEqual, 2) : (.less, 1)
    case UInt8(ascii: ">"):
      return next == UInt8(ascii: "=") ? (.greaterOrEqual, 2) : (.greater, 1)
    default:
      return nil
    }
  }

  // MARK: - Operands

  /// A literal, a relative (`@`) or absolute (`$`) query, or a function call.
  mutating func parseOperand() throws(JSONPathError) -> Operand {
    guard let byte = peek() else {
      throw error("expected a literal, a query or a function call, found the end of the query", at: position)
    }
    switch byte {
    case UInt8(ascii: "@"), UInt8(ascii: "$"):
      position += 1
      return .query(CompiledQuery(isAbsolute: byte == UInt8(ascii: "$"), segments: try parseSegments()))
    case .quote, UInt8(ascii: "'"):
      return .literal(.string(try parseStringLiteral()))
    case .minus, .zero ... .nine:
      return .literal(.number(try parseNumberLiteral()))
    case UInt8(ascii: "+"):
      throw error("a number cannot begin with '+'", at: position)
    case .period:
      throw error("expected a digit before '.' in a number", at: position)
    case _ where byte.isNameFirst:
      return try parseKeywordOrFunction()
    default:
      throw error(
        "expected a literal, a query ('@' or '$') or a function call, found \(describe(at: position))",
        at: position)
    }
  }

  /// `true`, `false`, `null`, or `name(...)`.
  mutating func parseKeywordOrFunction() throws(JSONPathError) -> Operand {
    let start = position
    let word = parseMemberName()
    if peek() == UInt8(ascii: "(") {
      return .function(try parseFunctionCall(name: word, at: start))
    }
    switch word {
    case "true": return .literal(.bool(true))
    case "false": return .literal(.bool(false))
    case "null": return .literal(.null)
    default: break
    }
    if ["true", "false", "null"].contains(word.lowercased()) {
      throw error("literals are lowercase: write '\(word.lowercased())'", at: start)
    }
    var next = position
    while next < bytes.count, bytes[next].isBlankSpace { next += 1 }
    if next > position, peek(at: next) == UInt8(ascii: "(") {
      throw error("blank space is not allowed between a function name and '('", at: position)
    }
    throw error(
      "expected a literal, a query or a function call, found '\(word)'; string literals are quoted: '\(word)'",
      at: start)
  }

  /// `number = (int / "-0") [ frac ] [ exp ]`, the JSON number grammar.
  mutating func parseNumberLiteral() throws(JSONPathError) -> JSONNumber {
    let start = position
    if peek() == .minus {
      position += 1
      guard let byte = peek(), byte.isDigit else {
        if let byte = peek(), byte.isBlankSpace {
          throw error("blank space is not allowed after '-'", at: position)
        }
        throw error("expected a digit after '-', found \(describe(at: position))", at: position)
      }
    }
    if peek() == .zero {
      position += 1
      if let byte = peek(), byte.isDigit {
        throw error("leading zeros are not allowed in a number", at: start)
      }
    } else {
      while let byte = peek(), byte.isDigit { position += 1 }
    }
    if peek() == .period {
      position += 1
      guard let byte = peek(), byte.isDigit else {
        throw error("expected a digit after the decimal point, found \(describe(at: position))", at: position)
      }
      while let byte = peek(), byte.isDigit { position += 1 }
    }
    if peek() == .lowerE || peek() == .upperE {
      position += 1
      if peek() == .plus || peek() == .minus { position += 1 }
      guard let byte = peek(), byte.isDigit else {
        throw error("expected a digit in the exponent, found \(describe(at: position))", at: position)
      }
      while let byte = peek(), byte.isDigit { position += 1 }
    }
    guard let number = JSONNumber(text: String(decoding: bytes[start..<position], as: UTF8.self)) else {
      throw error("invalid number", at: start)
    }
    return number
  }

  // MARK: - Functions

  /// `function-name "(" S [function-argument *(S "," S function-argument)] S ")"`, at the `(`.
  mutating func parseFunctionCall(name: String, at nameOffset: Int) throws(JSONPathError) -> FunctionCall {
    guard let function = JSONPathFunction(name: name) else {
      if JSONPathFunction(name: name.lowercased()) != nil {
        throw error(.unknownFunction, "function names are lowercase: write \(name.lowercased())()", at: nameOffset)
      }
      throw error(
        .unknownFunction, "unknown function \(name)(); the functions are \(JSONPathFunction.list)", at: nameOffset)
    }
    try enterNesting(at: nameOffset)
    defer { depth -= 1 }
    position += 1  // (
    skipBlankSpace()
    var arguments: [(LooseExpression, offset: Int)] = []
    if peek() != UInt8(ascii: ")") {
      while true {
        let offset = position
        arguments.append((try parseOr(), offset))
        skipBlankSpace()
        guard let byte = peek() else {
          throw error("expected ')' to close the arguments of \(name)()", at: position)
        }
        if byte == .comma {
          position += 1
          skipBlankSpace()
          continue
        }
        if byte == UInt8(ascii: ")") { break }
        throw error(
          "expected ',' or ')' after an argument of \(name)(), found \(describe(at: position))", at: position)
      }
    }
    let close = position
    position += 1
    let parameters = function.parameters
    guard arguments.count == parameters.count else {
      let expected = parameters.count == 1 ? "1 argument" : "\(parameters.count) arguments"
      throw error(
        .wrongArgumentCount, "\(name)() takes \(expected), found \(arguments.count)",
        at: arguments.count > parameters.count ? arguments[parameters.count].offset : close)
    }
    var typed: [FunctionArgument] = []
    for (index, parameter) in parameters.enumerated() {
      let (expression, offset) = arguments[index]
      typed.append(
        try argument(expression, at: offset, as: parameter, context: "argument \(index + 1) of \(name)()"))
    }
    var call = FunctionCall(function: function, arguments: typed, literalPattern: nil)
    if function == .match || function == .search, case .value(.literal(let pattern)) = typed[1] {
      // Compile a literal pattern once, at query compile time.
      if case .string(let text) = pattern {
        guard let compiled = Self.compileLiteralPattern(text) else {
          throw error(.patternTooLarge, Self.patternTooLargeMessage, at: arguments[1].offset)
        }
        call.literalPattern = .some(compiled)
      } else {
        call.literalPattern = .some(nil)
      }
    }
    return call
  }

  /// A literal pattern compiled: `.some(nil)` when it is not an I-Regexp, `nil` when it is too large to run.
  /// Kept out of the recursive parse so its frames stay small.
  @inline(never)
  static func compileLiteralPattern(_ text: String) -> RegularExpression?? {
    do {
      return .some(try RegularExpression.compile(text, dialect: .iRegexp))
    } catch {
      return error.kind == .tooLarge ? nil : .some(nil)
    }
  }

  /// Checks a function argument against its parameter's declared type (RFC 9535 section 2.4.3).
  /// Why a valid pattern is refused, for the compile-time and the evaluation-time error alike.
  static let patternTooLargeMessage =
    "the regular expression is valid but too large to run: its automaton would exceed "
    + "\(RegularExpression.maximumProgramSize) instructions or its groups nest deeper than "
    + "\(RegularExpression.maximumGroupDepth)"

  mutating func argument(
    _ expression: LooseExpression, at offset: Int, as type: FunctionType, context: String
  ) throws(JSONPathError) -> FunctionArgument {
    switch type {
    case .value:
      // A parenthesized operand, as in match((@.a), ('a.*')), is read as the operand itself (as the
      // JSONPath compliance test suite expects).
      var inner = expression
      while case .parenthesized(let wrapped) = inner { inner = wrapped }
      guard case .operand(let operand, let operandOffset) = inner else {
        throw error(
          .typeMismatch,
          "\(context) must be a value (a literal, a singular query or a function returning a value), "
            + "found a logical expression", at: offset)
      }
      return .value(try valueOperand(operand, at: operandOffset, context: context))
    case .nodes:
      guard case .operand(let operand, let operandOffset) = expression else {
        throw error(.typeMismatch, "\(context) must be a query, found a logical expression", at: offset)
      }
      switch operand {
      case .query(let query):
        return .nodes(query)
      case .literal:
        throw error(.typeMismatch, "\(context) must be a query, found a literal", at: operandOffset)
      case .function(let call):
        throw error(
          .typeMismatch,
          "\(context) must be a query, found \(call.function.name)(), which returns \(call.function.result)",
          at: operandOffset)
      }
    case .logical:
      return .logical(try logical(from: expression))
    }
  }

  /// Checks that an operand yields a value: a literal, a singular query, or a `ValueType` function.
  func valueOperand(_ operand: Operand, at offset: Int, context: String) throws(JSONPathError) -> ValueOperand {
    switch operand {
    case .literal(let value):
      return .literal(value)
    case .query(let query):
      guard query.singularSteps == nil else { return .singularQuery(query) }
      let onlyBlankSpaceInBrackets = query.segments.allSatisfy { segment in
        guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
        switch segment.selectors[0] {
        case .name, .index: return true
        default: return false
        }
      }
      if onlyBlankSpaceInBrackets {
        throw error(
          .nonSingularQuery,
          "\(context) must be a singular query; blank space inside its brackets makes this query non-singular",
          at: offset)
      }
      throw error(
        .nonSingularQuery,
        "\(context) must be a singular query (only names and indices, each in its own segment); "
          + "this query can select several nodes", at: offset)
    case .function(let call):
      guard call.function.result == .value else {
        throw error(
          .typeMismatch,
          "\(call.function.name)() returns \(call.function.result), so it cannot be \(context)", at: offset)
      }
      return .function(call)
    }
  }

  /// Checks that an expression is a logical expression (section 2.4.3, 2.3.5.1).
  func logical(from expression: LooseExpression) throws(JSONPathError) -> FilterNode {
    switch expression {
    case .or(let terms):
      var nodes: [FilterNode] = []
      nodes.reserveCapacity(terms.count)
      for term in terms { nodes.append(try logical(from: term)) }
      return .or(nodes)
    case .and(let terms):
      var nodes: [FilterNode] = []
      nodes.reserveCapacity(terms.count)
      for term in terms { nodes.append(try logical(from: term)) }
      return .and(nodes)
    case .not(let inner):
      return .not(try logical(from: inner))
    case .parenthesized(let inner):
      return try logical(from: inner)
    case .comparison(let left, let comparison, let right):
      return .comparison(left, comparison, right)
    case .operand(let operand, let offset):
      switch operand {
      case .literal:
        throw error(
          .typeMismatch, "a literal must be compared; it cannot be used as a test on its own", at: offset)
      case .query(let query):
        return .exists(query)
      case .function(let call):
        guard call.function.result != .value else {
          throw error(
            .typeMismatch,
            "\(call.function.name)() returns a value, which must be compared (for example \(call.function.name)(...) "
              + "== 1); it cannot be used as a test on its own", at: offset)
        }
        return .test(call)
      }
    }
  }
}
