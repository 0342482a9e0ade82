/// What a JSON:API flatten reads: a ``JSON`` tree, or a ``JSONDocument`` cursor (text read through the tape, so no
/// input tree is built and only the output is allocated). One flattener serves both.
protocol JSONAPINode {
  var kind: JSON.Kind { get }
  /// The member `key` of an object (the last when a key repeats); `nil` when absent or not an object.
  func member(_ key: String) -> Self?
  /// Each member of an object in order, as the tree keeps them (a repeated key once, at its first position, with
  /// its last value); nothing for other kinds.
  func forEachMember<E: Error>(_ body: (String, Self) throws(E) -> Void) throws(E)
  /// Each element of an array in order (nothing for other kinds).
  func forEachElement<E: Error>(_ body: (Int, Self) throws(E) -> Void) throws(E)
  /// The string, when this is a string.
  var stringValue: String? { get }
  /// This value and everything in it as a tree, for the output.
  var tree: JSON { get }
}

extension JSONAPINode {
  var isObject: Bool { kind == .object }
}

extension JSON: JSONAPINode {
  // `member(_:)` is the path engine's (`PathNode`).

  func forEachMember<E: Error>(_ body: (String, JSON) throws(E) -> Void) throws(E) {
    guard case .object(let object) = self else { return }
    for member in object.members { try body(member.key, member.value) }
  }

  func forEachElement<E: Error>(_ body: (Int, JSON) throws(E) -> Void) throws(E) {
    guard case .array(let elements) = self else { return }
    for (k, element) in elements.enumerated() { try body(k, element) }
  }

  var tree: JSON { self }
}

extension JSONDocument.Value: JSONAPINode {
  func member(_ key: String) -> JSONDocument.Value? { self[key] }

  /// As the tree's members: a key repeated in the text once, at its first position, with its last value.
  func forEachMember<E: Error>(_ body: (String, JSONDocument.Value) throws(E) -> Void) throws(E) {
    guard nodes.kind(index) == .object else { return }
    if nodes.count(index) > 1 {
      var finder = DuplicateKeyFinder()
      if finder.hasDuplicates(objectAt: index, tape: tape, base: nodes.base) {
        return try forEachDistinctMember(body)
      }
    }
    var j = index + 1
    let end = nodes.end(index)
    while j < end {
      try body(nodes.string(j), JSONDocument.Value(storage: storage, index: j + 1))
      j = nodes.next(j + 1)
    }
  }

  private func forEachDistinctMember<E: Error>(
    _ body: (String, JSONDocument.Value) throws(E) -> Void
  ) throws(E) {
    var members: [(key: String, value: Int)] = []
    var positions: [ExactKey: Int] = [:]
    var j = index + 1
    let end = nodes.end(index)
    while j < end {
      let key = nodes.string(j)
      if let k = positions[ExactKey(key)] {
        members[k].value = j + 1
      } else {
        positions[ExactKey(key)] = members.count
        members.append((key, j + 1))
      }
      j = nodes.next(j + 1)
    }
    for member in members { try body(member.key, JSONDocument.Value(storage: storage, index: member.value)) }
  }

  func forEachElement<E: Error>(_ body: (Int, JSONDocument.Value) throws(E) -> Void) throws(E) {
    guard nodes.kind(index) == .array else { return }
    var j = index + 1
    var k = 0
    let end = nodes.end(index)
    while j < end {
      try body(k, JSONDocument.Value(storage: storage, index: j))
      j = nodes.next(j)
      k += 1
    }
  }

  var tree: JSON {
    // Scalars directly: the tree builder's set-up (string table, stack) costs more than a short string.
    switch nodes.kind(index) {
    case .string: return .string(nodes.string(index))
    case .number: return .number(nodes.number(index))
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .null: return .null
    default:
      // A document's text was checked when it was parsed, and its options are the builder's: nothing can throw.
      return (try? json()) ?? .null
    }
  }
}
