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
    func failure(_ member: String, _ error: JSONPointerError) -> JSONPatchError {
      JSONPatchError(.unresolvablePointer(member: member, error), operationIndex: index, operationName: name)
    }
    /// The value at `pointer`, which the operation names in `member`.
    func read(_ member: String, _ pointer: JSONPointer) throws(JSONPatchError) -> JSON {
      do { return try document.resolve(pointer) } catch { throw failure(member, error) }
    }
    /// Performs `edit` at `path` (no intermediates); returns the value replaced or removed.
    @discardableResult
    func edit(_ edit: PathEditing.Edit, _ path: JSONPointer) throws(JSONPatchError) -> JSON? {
      do { return try document.editing(edit, at: path) } catch { throw failure("path", error) }
    }
    switch self {
    case .add(let path, let value):
      try edit(.insert(value), path)
    case .remove(let path):
      try edit(.remove, path)
    case .replace(let path, let value):
      try edit(.replace(value), path)
    case .move(let from, let path):
      if from == path {
        _ = try read("from", from)  // a no-op, but `from` must still exist
        return
      }
      if from.isPrefix(of: path) {
        throw JSONPatchError(.moveIntoDescendant(from: from, path: path), operationIndex: index, operationName: name)
      }
      let moved: JSON
      do { moved = try document.editing(.remove, at: from) ?? .null } catch { throw failure("from", error) }
      try edit(.insert(moved), path)
    case .copy(let from, let path):
      try edit(.insert(try read("from", from)), path)
    case .test(let path, let expected):
      let found = try read("path", path)
      guard found == expected else {
        throw JSONPatchError(
          .testFailed(path: path, expected: expected, found: found), operationIndex: index,
          operationName: name)
      }
    }
  }
}
