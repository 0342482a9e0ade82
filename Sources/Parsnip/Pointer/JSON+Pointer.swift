extension JSON {
  /// The value a JSON Pointer refers to, or `nil` when it refers to nothing.
  ///
  /// ```swift
  /// let json = try JSON(parsing: #"{"foo": ["bar", "baz"], "a/b": 1}"#)
  /// json.value(at: try JSONPointer("/foo/0"))  // → "bar"
  /// json.value(at: try JSONPointer("/a~1b"))   // → 1
  /// json.value(at: try JSONPointer("/foo/2"))  // → nil
  /// ```
  ///
  /// - Parameter pointer: The pointer; ``JSONPointer/root`` gives the whole value.
  /// - Returns: The value, or `nil` when a token names a missing member, an index out of range or not an index
  ///   (`01`, `-`), or steps into a scalar. Use ``resolve(_:)-(JSONPointer)`` to learn which token failed.
  /// - Complexity: O(*k*) for *k* tokens.
  public func value(at pointer: JSONPointer) -> JSON? {
    try? PathWalker.walk(pointer, from: self)
  }

  /// The value a JSON Pointer refers to, or an error naming the token that could not be followed.
  ///
  /// ```swift
  /// let json: JSON = ["foo": ["bar", "baz"]]
  /// try json.resolve(JSONPointer("/foo/3"))
  /// // throws: index 3 out of range (count 2) at /foo (token 2 of /foo/3)
  /// ```
  ///
  /// - Parameter pointer: The pointer.
  /// - Returns: The value.
  /// - Throws: ``JSONPointerError`` with the failing ``JSONPointerError/tokenIndex`` and a kind such as
  ///   ``JSONPointerError/Kind-swift.enum/keyNotFound(_:)`` or
  ///   ``JSONPointerError/Kind-swift.enum/indexOutOfRange(index:count:)``.
  /// - Complexity: O(*k*) for *k* tokens.
  public func resolve(_ pointer: JSONPointer) throws(JSONPointerError) -> JSON {
    try PathWalker.resolve(pointer, from: self)
  }

  /// Sets the value a JSON Pointer refers to: adds or replaces an object member, replaces an array element, or
  /// appends when the token is `-` or equals the array's count.
  ///
  /// With `createIntermediates`, missing (or `null`) members on the way are created: as an array when the next
  /// token is `0` or `-`, as an object otherwise (so `/a/5` creates `{"a": {"5": …}}`); `-` or the count in an
  /// array appends the new container. A failed edit leaves the value unchanged.
  ///
  /// ```swift
  /// var json: JSON = [:]
  /// try json.setValue("x", at: JSONPointer("/a/-/b"), createIntermediates: true)
  /// json  // → {"a":[{"b":"x"}]}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - pointer: Where to put it; ``JSONPointer/root`` replaces the whole value.
  ///   - createIntermediates: Whether to create missing objects and arrays on the way (default `false`).
  /// - Throws: ``JSONPointerError`` naming the token that could not be followed; the value is then unchanged.
  /// - Complexity: O(*k*) for *k* tokens, plus O(*n*) to insert into or remove from a container of *n* elements;
  ///   containers on the path are edited in place when uniquely referenced.
  public mutating func setValue(
    _ value: JSON, at pointer: JSONPointer, createIntermediates: Bool = false
  )
    throws(JSONPointerError)
  {
    try editing(.set(value), at: pointer, createIntermediates: createIntermediates)
  }

  /// Inserts a value where a JSON Pointer refers, with JSON Patch `add` semantics: adds or replaces an object
  /// member, or inserts into an array before the indexed element (`-` or the count appends).
  ///
  /// ```swift
  /// var json: JSON = ["foo": ["bar", "baz"]]
  /// try json.insert("qux", at: JSONPointer("/foo/1"))
  /// json  // → {"foo":["bar","qux","baz"]}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to insert.
  ///   - pointer: Where to insert it; ``JSONPointer/root`` replaces the whole value.
  ///   - createIntermediates: Whether to create missing objects and arrays on the way (default `false`), as in
  ///     ``setValue(_:at:createIntermediates:)-(_,JSONPointer,_)``.
  /// - Throws: ``JSONPointerError`` naming the token that could not be followed; the value is then unchanged.
  public mutating func insert(
    _ value: JSON, at pointer: JSONPointer, createIntermediates: Bool = false
  )
    throws(JSONPointerError)
  {
    try editing(.insert(value), at: pointer, createIntermediates: createIntermediates)
  }

  /// Removes the object member or array element a JSON Pointer refers to.
  ///
  /// ```swift
  /// var json: JSON = ["foo": ["bar", "qux", "baz"]]
  /// try json.removeValue(at: JSONPointer("/foo/1"))  // → "qux"
  /// json  // → {"foo":["bar","baz"]}
  /// ```
  ///
  /// - Parameter pointer: The value to remove; not the root.
  /// - Returns: The removed value.
  /// - Throws: ``JSONPointerError`` when nothing is there, the token is `-`, or the pointer is the root; the value is
  ///   then unchanged.
  @discardableResult
  public mutating func removeValue(at pointer: JSONPointer) throws(JSONPointerError) -> JSON {
    try editing(.remove, at: pointer) ?? .null
  }
}
