extension JSON {
  /// The number of values in this one (itself, its elements and members, recursively) and the nesting depth of
  /// its containers (`0` for a scalar, `1` for `[]` or `[1]`), walked iteratively. Counting stops once `limit`
  /// values are counted, so the cost is O(min(size, limit)); the depth then covers the values counted.
  func measured(countingAtMost limit: Int) -> (count: Int, depth: Int) {
    var count = 0
    var depth = 0
    var pending: [(value: JSON, depth: Int)] = [(self, 0)]
    while let (value, level) = pending.popLast(), count < limit {
      count += 1
      switch value {
      case .array(let elements):
        depth = Swift.max(depth, level + 1)
        for element in elements.prefix(limit - count) { pending.append((element, level + 1)) }
      case .object(let object):
        depth = Swift.max(depth, level + 1)
        for member in object._members.prefix(limit - count) { pending.append((member.value, level + 1)) }
      default: break
      }
    }
    return (count, depth)
  }
}
