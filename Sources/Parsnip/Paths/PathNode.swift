/// A value that the path engine can step into: the `JSON` tree, a tape node (``TapeNode``), or a position in text
/// read on demand (``OnDemandReader/Node``).
///
/// Nodes say only what the value is and what is inside it; which step a path takes is the path's business
/// (``SteppablePath``), and what a failed step means is ``PathWalker``'s, so every reader gets the same answers.
/// A node may fail (text read on demand can be malformed); the tree and the tape never do.
protocol PathNode {
  /// The kind of this value.
  func pathKind() throws(PathFailure) -> JSON.Kind
  /// The member `key` of this object (the last one when a key repeats), or `nil`.
  func member(_ key: String) throws(PathFailure) -> Self?
  /// The element at `position` of this array, or `nil` when out of range.
  func element(_ position: Int) throws(PathFailure) -> Self?
  /// The number of elements or members, for errors.
  func pathCount() throws(PathFailure) -> Int
}

extension JSON: PathNode {
  func pathKind() -> JSON.Kind { kind }

  func member(_ key: String) -> JSON? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  func element(_ position: Int) -> JSON? {
    guard case .array(let array) = self, position >= 0, position < array.count else { return nil }
    return array[position]
  }

  func pathCount() -> Int { count }
}

/// A node of a tape, as the path engine sees it: what `JSONDocument.Value` and the decoder walk.
struct TapeNode: PathNode {
  let nodes: TapeCursor
  let index: Int

  func pathKind() -> JSON.Kind { nodes.jsonKind(index) }

  func member(_ key: String) -> TapeNode? {
    guard nodes.kind(index) == .object else { return nil }
    return nodes.member(key, inObjectAt: index).map { TapeNode(nodes: nodes, index: $0) }
  }

  func element(_ position: Int) -> TapeNode? {
    guard nodes.kind(index) == .array else { return nil }
    return nodes.element(position, inArrayAt: index).map { TapeNode(nodes: nodes, index: $0) }
  }

  func pathCount() -> Int { TapeCursor.isContainer(nodes.rawKind(index)) ? nodes.count(index) : 0 }
}
