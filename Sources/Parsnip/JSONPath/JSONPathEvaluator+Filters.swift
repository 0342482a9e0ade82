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
      guard let node = try singularValue(query.singularSteps ?? [], of: query, current: current) else { return nil }
      return try tree(node)
    case .function(let call):
      return try functionValue(call, current: current)
    }
  }

  /// A node as a tree, its building charged to the budget, so that a filter cannot make a document build a large
  /// container again and again. The last container built is kept (by where it starts in the text): a filter that
  /// compares every candidate with the same one (`$..*[?@ == $]`) builds it once, and spends what a tree would.
  mutating func tree(_ node: Node) throws(BudgetExhausted) -> JSON {
    let cost = node.treeCost
    guard cost > 1, let offset = node.byteOffset else { return node.json() }
    if let last = lastTree, last.offset == offset { return last.tree }
    try spend(cost)
    let built = node.json()
    lastTree = (offset, built)
    return built
  }

  /// A result as a tree. A document's results are built from its tape: up to one document's worth of nodes, what
  /// building its whole tree once cost, is free; beyond that (results nested in one another, as `$..*` selects them)
  /// the building is charged to the budget, so that a nodelist cannot build the text many times over.
  mutating func result(_ node: Node) throws(BudgetExhausted) -> JSON {
    let cost = node.treeCost
    if cost <= freeResultNodes {
      freeResultNodes &-= cost
    } else {
      try spend(cost &- freeResultNodes)
      freeResultNodes = 0
    }
    return node.json()
  }
}
