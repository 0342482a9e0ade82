extension JSONPathEvaluator {
  /// Evaluates a logical expression with `@` bound to `current` (RFC 9535 section 2.3.5.2).
  mutating func test(_ node: FilterNode, current: Node) throws(BudgetExhausted) -> Bool {
    switch node {
    case .or(let terms):
      for term in terms where try test(term, current: current) { return true }
      return false
    case .and(let terms):
      for term in terms where try !test(term, current: current) { return false }
      return true
    case .not(let inner):
      return try !test(inner, current: current)
    case .exists(let query):
      return try count(query, current: current, limit: 1) > 0
    case .test(let call):
      return try functionTest(call, current: current)
    case .comparison(let left, let comparison, let right):
      return try compare(left, comparison, right, current: current)
    }
  }

  /// Kept out of `test(_:current:)` so that its temporaries do not weigh on every level of nested filters.
  @inline(never)
  mutating func compare(
    _ left: ValueOperand, _ comparison: ComparisonOperator, _ right: ValueOperand, current: Node
  ) throws(BudgetExhausted) -> Bool {
    try spend()
    let leftValue = try value(of: left, current: current)
    let rightValue = try value(of: right, current: current)
    return try FilterComparison.evaluate(leftValue, comparison, rightValue, budget: &budget)
  }

  /// The value of a comparison operand or `ValueType` argument; `nil` is Nothing.
  mutating func value(of operand: ValueOperand, current: Node) throws(BudgetExhausted) -> JSON? {
    switch operand {
    case .literal(let value):
      return value
    case .singularQuery(let query):
      // Only the compared values become trees: a scalar costs no more than reading it.
      return try singularValue(query.singularSteps ?? [], of: query, current: current)?.json()
    case .function(let call):
      return try functionValue(call, current: current)
    }
  }
}
