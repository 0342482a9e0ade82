/// The one path walker: follows a ``SteppablePath`` through any ``SteppableNode``.
enum PathWalker {
  /// The node at `path` from `start`, which is the node after the path's first `firstStep` steps, following steps
  /// up to `stepLimit` (all by default).
  /// - Throws: ``PathFailure`` naming the step that could not be followed.
  @inline(__always)
  static func walk<Node: SteppableNode, Path: SteppablePath>(
    _ path: Path, from start: Node, firstStep: Int = 0, stepLimit: Int = .max
  ) throws(PathFailure) -> Node {
    var current = start
    let stop = Swift.min(path.stepCount, stepLimit)
    guard firstStep < stop else { return current }
    for index in firstStep..<stop {
      switch try path.step(index, in: current.pathKind()) {
      case .member(let key):
        guard let member = try current.member(key) else { throw PathFailure(reason: .keyNotFound(key), step: index) }
        current = member
      case .element(let position):
        guard let element = try current.element(position) else {
          throw PathFailure(reason: .indexOutOfRange(position, count: try current.pathCount()), step: index)
        }
        current = element
      case .end:
        throw PathFailure(reason: .pastTheEnd(count: try current.pathCount()), step: index)
      }
    }
    return current
  }

  /// The node at `path`, failing with the path's public error.
  static func resolve<Node: SteppableNode, Path: SteppablePath>(
    _ path: Path, from start: Node
  ) throws(Path.PathError) -> Node {
    do { return try walk(path, from: start) } catch { throw path.error(for: error) }
  }
}
