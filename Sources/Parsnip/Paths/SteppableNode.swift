/// What the one path walker (``PathWalker``) asks of a value: its kind, a member, an element and a count.
///
/// Every ``JSONNode`` (the tree and the tape) answers without failing. The one other walker is text read on demand
/// (``OnDemandReader/Node``), below the tape: it finds a path's value without scanning the rest, and may meet
/// malformed text on the way, so the questions can fail. Which step a path takes is the path's business
/// (``SteppablePath``), and what a failed step means is ``PathWalker``'s, so every reader gets the same answers.
protocol SteppableNode {
  /// The kind of this value.
  func pathKind() throws(PathFailure) -> JSON.Kind
  /// The member `key` of this object (the last one when a key repeats), or `nil`.
  func member(_ key: String) throws(PathFailure) -> Self?
  /// The element at `position` of this array, or `nil` when out of range.
  func element(_ position: Int) throws(PathFailure) -> Self?
  /// The number of elements or members, for errors.
  func pathCount() throws(PathFailure) -> Int
}
