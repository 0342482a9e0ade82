extension JSON {
  /// The number of values in this one (itself, its elements and members, recursively) and the nesting depth of
  /// its containers (`0` for a scalar, `1` for `[]` or `[1]`), walked iteratively. Counting stops once `limit`
  /// values are counted, or once more than `byteLimit` bytes are, so the cost is O(min(size, limit)); the depth and
  /// bytes then cover the values counted.
  ///
  /// The bytes estimate the value's compact text without reading its numbers or escapes: a string's UTF-8 length
  /// and its quotes, a key's likewise with its colon, a separator per element or member, 2 per container, 4 for
  /// `null`, 5 for a Boolean and 8 for a number. A string is counted in O(1), however long.
  func measured(
    countingAtMost limit: Int, bytesAtMost byteLimit: Int = .max
  ) -> (count: Int, depth: Int, bytes: Int) {
    var count = 0
    var depth = 0
    var bytes = 0
    var pending: [(value: JSON, depth: Int)] = [(self, 0)]
    while let (value, level) = pending.popLast(), count < limit, bytes <= byteLimit {
      count += 1
      switch value {
      case .array(let elements):
        depth = Swift.max(depth, level + 1)
        bytes += 2 + elements.count
        for element in elements.prefix(limit - count) { pending.append((element, level + 1)) }
      case .object(let object):
        depth = Swift.max(depth, level + 1)
        bytes += 2
        for member in object._members.prefix(limit - count) {
          bytes += member.key.utf8.count + 4
          pending.append((member.value, level + 1))
        }
      case .string(let string): bytes += string.utf8.count + 2
      case .number: bytes += 8
      case .bool: bytes += 5
      case .null: bytes += 4
      }
    }
    return (count, depth, bytes)
  }
}
