extension JSONPatch {
  /// Applies the operations in order to a copy of `document` and returns the result.
  ///
  /// Application is atomic: if any operation fails, the error is thrown and no partial result escapes (`document`
  /// itself is a value and never changes). `test` compares with JSON equality: numbers by value (`1` equals
  /// `1.0`), objects regardless of member order.
  ///
  /// ```swift
  /// let patch: JSONPatch = [.move(from: try JSONPointer("/foo/1"), path: try JSONPointer("/foo/3"))]
  /// try patch.apply(to: ["foo": ["all", "grass", "cows", "eat"]])
  /// // → {"foo":["all","cows","eat","grass"]}
  /// ```
  ///
  /// - Parameter document: The document to patch.
  /// - Returns: The patched document.
  /// - Throws: ``JSONPatchError`` naming the failing operation's index and why: a `path` or `from` that cannot be
  ///   followed (with the ``JSONPointerError`` saying which token), a failed `test`, or a `move` into the moved
  ///   value's own child.
  /// - Complexity: O(*k*) per operation for pointers of *k* tokens, plus O(*n*) for inserting into or removing
  ///   from an array of *n* elements and for copying each container on a changed path once.
  public func apply(to document: JSON) throws(JSONPatchError) -> JSON {
    var result = document
    for (index, operation) in operations.enumerated() {
      try operation.perform(on: &result, index: index)
    }
    return result
  }
}

extension JSONPatch.Operation {
  /// Performs the operation; on failure `document` may be partly changed (``JSONPatch/apply(to:)`` discards it).
  func perform(on document: inout JSON, index: Int) throws(JSONPatchError) {
    func failure(_ member: String, _ pointer: JSONPointer, _ error: PathFailure) -> JSONPatchError {
      JSONPatchError(
        .unresolvablePointer(member: member, pointer.error(for: error)), operationIndex: index,
        operationName: name)
    }
    switch self {
    case .add(let path, let value):
      do { try PathEditing.perform(.insert(value), in: &document, path: path, createIntermediates: false) } catch {
        throw failure("path", path, error)
      }
    case .remove(let path):
      do { try PathEditing.perform(.remove, in: &document, path: path, createIntermediates: false) } catch {
        throw failure("path", path, error)
      }
    case .replace(let path, let value):
      do { try PathEditing.perform(.replace(value), in: &document, path: path, createIntermediates: false) } catch {
        throw failure("path", path, error)
      }
    case .move(let from, let path):
      if from == path {
        // A no-op, but `from` must still exist.
        do { _ = try PathEditing.read(document, path: from) } catch { throw failure("from", from, error) }
        return
      }
      if from.isPrefix(of: path) {
        throw JSONPatchError(.moveIntoDescendant(from: from, path: path), operationIndex: index, operationName: name)
      }
      let moved: JSON
      do {
        moved = try PathEditing.perform(.remove, in: &document, path: from, createIntermediates: false) ?? .null
      } catch {
        throw failure("from", from, error)
      }
      do { try PathEditing.perform(.insert(moved), in: &document, path: path, createIntermediates: false) } catch {
        throw failure("path", path, error)
      }
    case .copy(let from, let path):
      let copied: JSON
      do { copied = try PathEditing.read(document, path: from) } catch { throw failure("from", from, error) }
      do { try PathEditing.perform(.insert(copied), in: &document, path: path, createIntermediates: false) } catch {
        throw failure("path", path, error)
      }
    case .test(let path, let expected):
      let found: JSON
      do { found = try PathEditing.read(document, path: path) } catch { throw failure("path", path, error) }
      guard found == expected else {
        throw JSONPatchError(
          .testFailed(path: path, expected: expected, found: found), operationIndex: index,
          operationName: name)
      }
    }
  }
}
