/// Comparison semantics of RFC 9535 section 2.3.5.2.2.
///
/// `==` is true when both sides are Nothing, or both are values of the same kind that are equal: numbers by
/// mathematical value (`1 == 1.0`), strings by their Unicode scalars, arrays element by element, objects by
/// members regardless of order. `<` is defined only for two numbers and for two strings (compared by Unicode
/// scalar values); for anything else it is false. `!=`, `<=`, `>` and `>=` are derived from those two.
///
/// Comparing long strings and large containers draws on the evaluation budget (`JSONPathEvaluator.budget`): one
/// unit per 64 bytes of the shorter string, one per pair of container members, so that a filter comparing big
/// values for every candidate cannot run unbounded.
enum FilterComparison {
  static func evaluate(
    _ left: JSON?, _ comparison: ComparisonOperator, _ right: JSON?, budget: inout Int
  ) throws(BudgetExhausted) -> Bool {
    switch comparison {
    case .equal: try equal(left, right, budget: &budget)
    case .notEqual: try !equal(left, right, budget: &budget)
    case .less: try less(left, right, budget: &budget)
    // Not `||`: its autoclosure would rethrow an untyped error.
    case .lessOrEqual: try less(left, right, budget: &budget) ? true : try equal(left, right, budget: &budget)
    case .greater: try less(right, left, budget: &budget)
    case .greaterOrEqual: try less(right, left, budget: &budget) ? true : try equal(left, right, budget: &budget)
    }
  }

  static func equal(_ left: JSON?, _ right: JSON?, budget: inout Int) throws(BudgetExhausted) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): try deepEqual(left, right, budget: &budget)
    default: false
    }
  }

  static func less(_ left: JSON?, _ right: JSON?, budget: inout Int) throws(BudgetExhausted) -> Bool {
    switch (left, right) {
    case (.number(let a)?, .number(let b)?):
      return compare(a, b) == -1
    case (.string(let a)?, .string(let b)?):
      try spend(stringCost(a, b), from: &budget)
      // UTF-8 byte order is Unicode scalar order.
      return a.utf8.lexicographicallyPrecedes(b.utf8)
    default:
      return false
    }
  }

  /// Structural equality with an explicit work list, so deeply nested values cannot overflow the stack.
  static func deepEqual(_ left: JSON, _ right: JSON, budget: inout Int) throws(BudgetExhausted) -> Bool {
    if case (.string(let a), .string(let b)) = (left, right) { try spend(stringCost(a, b), from: &budget) }
    if let equal = scalarEqual(left, right) { return equal }
    var pending: [(JSON, JSON)] = [(left, right)]
    while let (a, b) = pending.popLast() {
      try spend(1, from: &budget)
      if case (.string(let x), .string(let y)) = (a, b) { try spend(stringCost(x, y), from: &budget) }
      if let equal = scalarEqual(a, b) {
        if !equal { return false }
        continue
      }
      switch (a, b) {
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        for index in x.indices { pending.append((x[index], y[index])) }
      case (.object(let x), .object(let y)):
        guard x.count == y.count else { return false }
        for member in x._members {
          guard let other = y[member.key] else { return false }
          pending.append((member.value, other))
        }
      default:
        return false
      }
    }
    return true
  }

  /// The budget units of comparing two strings: one per 64 bytes of the shorter one (a comparison stops there).
  @inline(__always)
  static func stringCost(_ a: String, _ b: String) -> Int { Swift.min(a.utf8.count, b.utf8.count) >> 6 }

  @inline(__always)
  static func spend(_ units: Int, from budget: inout Int) throws(BudgetExhausted) {
    budget &-= units
    if budget < 0 { throw BudgetExhausted() }
  }

  /// Equality of two values when at least one is not a container; `nil` when both are containers of the same
  /// kind and must be compared member by member.
  @inline(__always)
  static func scalarEqual(_ a: JSON, _ b: JSON) -> Bool? {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)): compare(x, y) == 0
    case (.string(let x), .string(let y)): x.utf8.elementsEqual(y.utf8)
    case (.array(let x), .array(let y)): x.isEmpty && y.isEmpty ? true : nil
    case (.object(let x), .object(let y)): x.isEmpty && y.isEmpty ? true : nil
    default: false
    }
  }

  /// Orders two numbers by mathematical value: -1, 0 or 1; `nil` when either is NaN.
  static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int? {
    switch (a.storage, b.storage) {
    case (.int(let x), .int(let y)):
      return x < y ? -1 : x == y ? 0 : 1
    case (.double(let x), .double(let y)):
      return compare(x, y)
    case (.int(let x), .double(let y)) where x.magnitude <= 1 << 53:
      return compare(Double(x), y)
    case (.double(let x), .int(let y)) where y.magnitude <= 1 << 53:
      return compare(x, Double(y))
    default:
      break
    }
    // Correctly rounded conversion is monotonic, so doubles that differ order the exact values; only a tie
    // needs the exact decimal comparison.
    let x = a.doubleValue
    let y = b.doubleValue
    if x.isNaN || y.isNaN { return nil }
    if x < y { return -1 }
    if x > y { return 1 }
    if !x.isFinite {
      // A stored infinity lies beyond every finite number, even one too large for a Double.
      let aIsInfinite = if case .double = a.storage { true } else { false }
      let bIsInfinite = if case .double = b.storage { true } else { false }
      if aIsInfinite && bIsInfinite { return 0 }
      if aIsInfinite { return x > 0 ? 1 : -1 }
      if bIsInfinite { return y > 0 ? -1 : 1 }
    }
    return compare(DecimalDigits(a), DecimalDigits(b))
  }

  @inline(__always)
  static func compare(_ x: Double, _ y: Double) -> Int? {
    if x < y { return -1 }
    if x > y { return 1 }
    if x == y { return 0 }
    return nil
  }

  /// Exact comparison of two canonical decimals (sign, significant digits, power of ten of the last digit).
  static func compare(_ a: DecimalDigits, _ b: DecimalDigits) -> Int {
    let signA = a.digits.isEmpty ? 0 : a.isNegative ? -1 : 1
    let signB = b.digits.isEmpty ? 0 : b.isNegative ? -1 : 1
    if signA != signB { return signA < signB ? -1 : 1 }
    if signA == 0 { return 0 }
    // Magnitudes: compare the position of the leading digit, then the digits.
    var magnitude = DecimalDigits.compareLeadingPositions(a, b)
    if magnitude == 0, a.digits != b.digits {
      magnitude = a.digits.lexicographicallyPrecedes(b.digits) ? -1 : 1
    }
    return signA * magnitude
  }
}
