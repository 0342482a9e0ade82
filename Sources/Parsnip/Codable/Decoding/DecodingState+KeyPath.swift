import Foundation

/// Walking to the value at a path before decoding, with the path engine; everything off the path is skipped.
extension DecodingState {
  /// The node at `path`.
  /// - Throws: `DecodingError` (`keyNotFound`, `valueNotFound` or `typeMismatch`) naming where the walk stopped.
  func node(at path: DecodePath) throws -> Int {
    switch path {
    case .keyPath(let keyPath): try node(at: keyPath, text: keyPath.description)
    case .pointer(let pointer): try node(at: pointer, text: pointer.description)
    }
  }

  private func node<P: SteppablePath>(at path: P, text: String) throws -> Int {
    let owner = TapeText(self.text)
    defer { withExtendedLifetime(owner) {} }
    let root = TapeNode(owner, 0)
    do { return try PathWalker.walk(path, from: root).index } catch {
      throw decodingError(for: error, path: path, text: text, root: root)
    }
  }

  /// The decoder's error for a path failure: the coding path of the container where the walk stopped, and its
  /// line and column.
  private func decodingError<P: SteppablePath>(
    for failure: PathFailure, path: P, text: String, root: TapeNode
  ) -> DecodingError {
    var walked: [any CodingKey] = []
    var container = root
    for index in 0..<failure.step {
      guard let step = try? path.step(index, in: container.pathKind()),
        let next = try? PathWalker.walk(path, from: container, firstStep: index, stepLimit: index + 1)
      else { break }
      switch step {
      case .member(let key): walked.append(PathCodingKey(stringValue: key))
      case .element(let position): walked.append(PathCodingKey(index: position))
      case .end: break
      }
      container = next
    }
    let node = container.index
    let suffix = "; path \(Excerpt.quoted(text))"
    switch failure.reason {
    case .keyNotFound(let key):
      return DecodingError.keyNotFound(
        PathCodingKey(stringValue: key),
        context(codingPath: walked, node: node, message: "key \(Excerpt.quoted(key)) not found" + suffix))
    case .indexOutOfRange(let position, let count):
      return DecodingError.valueNotFound(
        Any.self,
        context(
          codingPath: walked + [PathCodingKey(index: position)], node: node,
          message: "index \(position) is out of range for an array of \(count) elements" + suffix))
    case .pastTheEnd(let count):
      return DecodingError.valueNotFound(
        Any.self,
        context(
          codingPath: walked, node: node,
          message: "\"-\" names no element (it is the position after the last of \(count))" + suffix))
    case .invalidIndex(let token):
      return DecodingError.typeMismatch(
        [Any].self,
        context(codingPath: walked, node: node, message: "\(Excerpt.quoted(token)) is not an array index" + suffix))
    case .notAContainer(let expected, _):
      let step = path.stepText(failure.step)
      let message =
        switch expected {
        case .array: "cannot take element \(step) of \(describe(node: node))"
        case .object: "cannot look up \(Excerpt.quoted(step)) in \(describe(node: node))"
        default: "cannot follow \(Excerpt.quoted(step)) into \(describe(node: node))"
        }
      return DecodingError.typeMismatch(
        expected == .array ? [Any].self : [String: Any].self,
        context(codingPath: walked, node: node, message: message + suffix))
    case .cannotRemoveRoot, .malformed, .nestingTooDeep:
      return DecodingError.dataCorrupted(context(codingPath: walked, node: node, message: "\(failure)"))
    }
  }
}
