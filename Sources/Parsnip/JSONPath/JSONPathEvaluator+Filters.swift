extension JSONPathEvaluator {
  /// Evaluates a logical expression with `@` bound to `current` (RFC 9535 section 2.3.5.2).
  mutating func test(_ node: FilterNode, current: JSON) -> Bool {
    switch node {
    case .or(let terms):
      for term in terms where test(term, current: current) { return true }
      return false
    case .and(let terms):
      for term in terms where !test(term, current: current) { return false }
      return true
    case .not(let inner):
      return !test(inner, current: current)
    case .exists(let query):
      return count(query, current: current, limit: 1) > 0
    case .test(let call):
      return functionTest(call, current: current)
    case .comparison(let left, let comparison, let right):
      return compare(left, comparison, right, current: current)
    }
  }

  /// Kept out of `test(_:current:)` so that its temporaries do not weigh on every level of nested filters.
  @inline(never)
  mutating func compare(
    _ left: ValueOperand, _ comparison: ComparisonOperator, _ right: ValueOperand, current: JSON
  ) -> Bool {
    let leftValue = value(of: left, current: current)
    let rightValue = value(of: right, current: current)
    return FilterComparison.evaluate(leftValue, comparison, rightValue)
  }

  /// The value of a comparison operand or `ValueType` argument; `nil` is Nothing.
  mutating func value(of operand: ValueOperand, current: JSON) -> JSON? {
    switch operand {
    case .literal(let value):
      return value
    case .singularQuery(let query):
      return singularValue(query.singularSteps ?? [], from: query.isAbsolute ? root : current)
    case .function(let call):
      return functionValue(call, current: current)
    }
  }
}
