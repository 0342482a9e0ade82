/// The output budget shared by the hypermedia expanders: every resource written costs one plus one per member, so
/// a document whose resources are referenced many times (or reference each other) cannot expand without bound.
struct HypermediaBudget {
  /// The most the output may cost.
  let limit: Int
  /// What it has cost so far.
  private(set) var spent = 0

  init(limit: Int) { self.limit = limit }

  /// Charges a resource of `members` members; `false` once over budget.
  mutating func charge(members: Int) -> Bool {
    charge(cost: 1 + members)
  }

  /// Charges `cost` at once (a resource written again, with everything inside it); `false` once over budget.
  mutating func charge(cost: Int) -> Bool {
    spent += cost
    return spent <= limit
  }
}
