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
  /// What a patch may build is bounded by `options` (see ``ApplicationOptions``): a patch cannot nest values
  /// deeper than the parser accepts, nor grow a small document into gigabytes by copying it into itself.
  ///
  /// - Parameters:
  ///   - document: The document to patch.
  ///   - options: The depth and size limits; by default those of
  ///     ``ApplicationOptions/init(maximumDepth:maximumAddedValues:maximumAddedBytes:)``.
  /// - Returns: The patched document.
  /// - Throws: ``JSONPatchError`` naming the failing operation's index and why: a `path` or `from` that cannot be
  ///   followed (with the ``JSONPointerError`` saying which token), a failed `test`, a `move` into the moved
  ///   value's own child, or a limit of `options` reached.
  /// - Complexity: O(*k*) per operation for pointers of *k* tokens, plus O(*n*) for inserting into or removing
  ///   from an array of *n* elements and for copying each container on a changed path once, plus O(*v*) for the
  ///   *v* values each operation inserts (bounded in total by ``ApplicationOptions/maximumAddedValues``).
  public func apply(
    to document: JSON, options: ApplicationOptions = ApplicationOptions()
  ) throws(JSONPatchError)
    -> JSON
  {
    var result = document
    var budget = PatchBudget(options: options)
    for (index, operation) in operations.enumerated() {
      try operation.perform(on: &result, index: index, budget: &budget)
    }
    return result
  }

  /// Limits on what applying a patch may build.
  ///
  /// Each `add`, `replace` and `copy` counts the values it inserts (the value itself and everything in it), and
  /// so does a `move` to a deeper place (its depth must be measured); `remove`, `test` and other moves count
  /// nothing. Fifteen `copy` operations that copy the root into its own deepest member would nest it 65 535
  /// levels deep, and thirty that each copy an array into itself would build 2³⁰ elements; both stop at these
  /// limits with ``JSONPatchError/Kind-swift.enum/nestingTooDeep(maximumDepth:)`` or
  /// ``JSONPatchError/Kind-swift.enum/tooManyValues(maximumAddedValues:)``. The values' bytes are bounded too: twenty
  /// copies that each double an array holding one 100 KB string insert few values but 105 GB of text, and stop at
  /// ``maximumAddedBytes`` with ``JSONPatchError/Kind-swift.enum/tooManyBytes(maximumAddedBytes:)``.
  ///
  /// ```swift
  /// let patch: JSONPatch = [.copy(from: try JSONPointer(""), path: try JSONPointer("/a"))]
  /// let options = JSONPatch.ApplicationOptions(maximumDepth: 1)
  /// do { _ = try patch.apply(to: ["a": ["b": 1]], options: options) } catch {
  ///   print(error)  // → operation 0 (copy): the result would nest deeper than 1 levels
  /// }
  /// ```
  public struct ApplicationOptions: Sendable, Hashable {
    /// The default ``maximumDepth``, 512: what ``JSON/ParsingOptions`` accepts by default.
    public static var defaultMaximumDepth: Int { 512 }
    /// The default ``maximumAddedValues``, 16 777 216 (2²⁴).
    public static var defaultMaximumAddedValues: Int { 1 << 24 }
    /// The default ``maximumAddedBytes``, 1 GiB.
    public static var defaultMaximumAddedBytes: Int { 1 << 30 }

    /// The deepest nesting of arrays and objects the patched document may have where an operation inserts a
    /// value. Values above ``JSON/maximumSupportedDepth`` act as it; values below 1 as 1.
    public var maximumDepth: Int
    /// The most values all operations together may insert. Negative values count as zero; `Int.max` is no limit.
    public var maximumAddedValues: Int
    /// The most bytes of text all operations together may insert, estimated from each inserted value without
    /// writing it (a string's UTF-8 length and quotes, keys likewise, a separator per element or member, 8 per
    /// number; escapes are not counted). Negative values count as zero; `Int.max` is no limit.
    public var maximumAddedBytes: Int

    /// Creates application options.
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting an operation may build; by default ``defaultMaximumDepth``.
    ///   - maximumAddedValues: The most values the operations may insert; by default
    ///     ``defaultMaximumAddedValues``.
    ///   - maximumAddedBytes: The most bytes of values the operations may insert; by default
    ///     ``defaultMaximumAddedBytes``.
    public init(
      maximumDepth: Int = ApplicationOptions.defaultMaximumDepth,
      maximumAddedValues: Int = ApplicationOptions.defaultMaximumAddedValues,
      maximumAddedBytes: Int = ApplicationOptions.defaultMaximumAddedBytes
    ) {
      self.maximumDepth = maximumDepth
      self.maximumAddedValues = maximumAddedValues
      self.maximumAddedBytes = maximumAddedBytes
    }
  }
}

extension JSONPatch.Operation {
  /// Performs the operation; on failure `document` may be partly changed (``JSONPatch/apply(to:)`` discards it).
  func perform(on document: inout JSON, index: Int, budget: inout PatchBudget) throws(JSONPatchError) {
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
    func count(_ value: JSON, at path: JSONPointer) throws(JSONPatchError) {
      if let exceeded = budget.insert(value, at: path) {
        throw JSONPatchError(exceeded, operationIndex: index, operationName: name)
      }
    }
    switch self {
    case .add(let path, let value):
      try count(value, at: path)
      try edit(.insert(value), path)
    case .remove(let path):
      try edit(.remove, path)
    case .replace(let path, let value):
      try count(value, at: path)
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
      if path.tokens.count > from.tokens.count { try count(moved, at: path) }
      try edit(.insert(moved), path)
    case .copy(let from, let path):
      let copied = try read("from", from)
      try count(copied, at: path)
      try edit(.insert(copied), path)
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
