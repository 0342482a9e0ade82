/// The function extensions of RFC 9535 section 2.4: their names, declared types, and evaluation.
enum JSONPathFunction: Sendable, CaseIterable {
  /// `length(ValueType) -> ValueType`: characters (Unicode scalars) of a string, elements of an array, members
  /// of an object; Nothing for anything else.
  case length
  /// `count(NodesType) -> ValueType`: the number of nodes a query selects.
  case count
  /// `match(ValueType, ValueType) -> LogicalType`: the whole string matches the I-Regexp.
  case match
  /// `search(ValueType, ValueType) -> LogicalType`: some substring matches the I-Regexp.
  case search
  /// `value(NodesType) -> ValueType`: the value of the only node selected, else Nothing.
  case value

  init?(name: String) {
    switch name {
    case "length": self = .length
    case "count": self = .count
    case "match": self = .match
    case "search": self = .search
    case "value": self = .value
    default: return nil
    }
  }

  var name: String {
    switch self {
    case .length: "length"
    case .count: "count"
    case .match: "match"
    case .search: "search"
    case .value: "value"
    }
  }

  var parameters: [FunctionType] {
    switch self {
    case .length: [.value]
    case .count, .value: [.nodes]
    case .match, .search: [.value, .value]
    }
  }

  var result: FunctionType {
    switch self {
    case .length, .count, .value: .value
    case .match, .search: .logical
    }
  }

  /// `length()`, `count()`, ... for messages.
  static var list: String { "length(), count(), match(), search() and value()" }
}

extension JSONPathEvaluator {
  /// The result of a function whose declared result type is `ValueType`; `nil` is Nothing.
  mutating func functionValue(_ call: FunctionCall, current: Node) throws(BudgetExhausted) -> JSON? {
    try spend()
    switch call.function {
    case .length:
      guard case .value(let operand) = call.arguments[0] else { return nil }
      if case .singularQuery(let query) = operand {
        // A container's length is its count: no tree is built for it.
        guard let node = try singularValue(query.singularSteps ?? [], of: query, current: current) else { return nil }
        if node.kind == .array || node.kind == .object { return .number(JSONNumber(node.count)) }
      }
      guard let value = try value(of: operand, current: current) else { return nil }
      switch value {
      case .string(let string):
        // Counting scalars reads the whole string: one unit per 64 bytes.
        try spend(string.utf8.count >> 6)
        return .number(JSONNumber(string.unicodeScalars.count))
      case .array(let array): return .number(JSONNumber(array.count))
      case .object(let object): return .number(JSONNumber(object.count))
      default: return nil
      }
    case .count:
      guard case .nodes(let query) = call.arguments[0] else { return nil }
      return .number(JSONNumber(try count(query, current: current, limit: .max)))
    case .value:
      guard case .nodes(let query) = call.arguments[0] else { return nil }
      guard let node = try onlyValue(query, current: current) else { return nil }
      return try tree(node)
    case .match, .search:
      return nil  // LogicalType; the parser never uses these as values
    }
  }

  /// The result of a function used as a test: `LogicalType`, or `NodesType` converted (non-empty is true).
  mutating func functionTest(_ call: FunctionCall, current: Node) throws(BudgetExhausted) -> Bool {
    try spend()
    switch call.function {
    case .match, .search:
      guard case .value(let subjectOperand) = call.arguments[0],
        case .string(let subject)? = try value(of: subjectOperand, current: current)
      else { return false }
      let regex: RegularExpression?
      if let literal = call.literalPattern {
        regex = literal
      } else {
        guard case .value(let patternOperand) = call.arguments[1],
          case .string(let pattern)? = try value(of: patternOperand, current: current)
        else { return false }
        // Compiling reads the pattern; a pattern from the document can be long.
        try spend(pattern.utf8.count >> 4)
        regex = try compiledPattern(pattern)
      }
      // RFC 9535 section 2.4.6/2.4.7: a pattern that is not a valid I-Regexp yields LogicalFalse.
      guard let regex else { return false }
      // Matching costs at most the subject's length times the program's size: one unit per 16 such steps.
      let steps = subject.utf8.count.multipliedReportingOverflow(by: regex.program.count)
      try spend(steps.overflow ? Int.max : steps.partialValue >> 4)
      return try run(regex, on: subject, wholeString: call.function == .match)
    case .length, .count, .value:
      return false  // ValueType; the parser never uses these as tests
    }
  }

  /// Runs a compiled pattern; kept out of `functionTest` so the recursive evaluation's frames stay small.
  @inline(never)
  mutating func run(_ regex: RegularExpression, on subject: String, wholeString: Bool) throws(BudgetExhausted) -> Bool {
    do {
      return wholeString
        ? try regex.matches(subject, scratch: &regexScratch)
        : try regex.containsMatch(in: subject, scratch: &regexScratch)
    } catch {
      // I-Regexp has no lookaround or back-references, so its matching never backtracks and never gets here;
      // a budget error would still be an error, not a false answer.
      patternTooLarge = true
      throw BudgetExhausted()
    }
  }

  /// Compiles a pattern read from the document, reusing the last one: a filter such as
  /// `$.values[?match(@, $.regex)]` reads the same pattern for every element.
  mutating func compiledPattern(_ pattern: String) throws(BudgetExhausted) -> RegularExpression? {
    if let cached = lastPattern, cached.source == pattern { return cached.regex }
    let regex: RegularExpression?
    do {
      regex = try RegularExpression.compile(pattern, dialect: .iRegexp)
    } catch  where error.kind == .tooLarge {
      patternTooLarge = true
      throw BudgetExhausted()
    } catch {
      regex = nil
    }
    lastPattern = (pattern, regex)
    return regex
  }
}
