import Foundation

extension JSONDocument.Value {
  /// The value a JSON Pointer refers to, found by walking the document's index, without building a tree.
  ///
  /// The rules are those of ``JSON/value(at:)-(JSONPointer)``: a token selects an object member by name (the last
  /// one when a key is repeated), or an array element when it is an RFC 6901 index (`0`, `12`; not `01` or `-`).
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"foo": ["bar", "baz"], "a/b": 1}"#)
  /// document.root.value(at: try JSONPointer("/foo/1"))?.stringValue  // → "baz"
  /// document.root.value(at: try JSONPointer("/a~1b"))?.intValue      // → 1
  /// document.root.value(at: try JSONPointer("/foo/2"))          // → nil
  /// ```
  ///
  /// - Parameter pointer: The pointer, relative to this value; ``JSONPointer/root`` gives this value.
  /// - Returns: The value, or `nil` when a token names a missing member, an index out of range or not an index,
  ///   or steps into a scalar. Use ``resolve(_:)-(JSONPointer)`` to learn which token failed.
  /// - Complexity: O(*m*) per token for a container of *m* members or elements: members are compared by their
  ///   bytes and skipped values are not decoded.
  public func value(at pointer: JSONPointer) -> JSONDocument.Value? {
    try? walk(pointer)
  }

  /// The value a JSON Pointer refers to, or an error naming the token that could not be followed.
  ///
  /// - Parameter pointer: The pointer, relative to this value.
  /// - Returns: The value.
  /// - Throws: ``JSONPointerError`` with the failing ``JSONPointerError/tokenIndex``, exactly as
  ///   ``JSON/resolve(_:)-(JSONPointer)`` throws for the same document.
  /// - Complexity: As for ``value(at:)-(JSONPointer)``.
  public func resolve(_ pointer: JSONPointer) throws(JSONPointerError) -> JSONDocument.Value {
    try resolving(pointer)
  }

  /// The value at a key path, found by walking the document's index, without building a tree.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"first": {"upperCase": ["A", "B", "C"]}}"#)
  /// document.root.value(at: try JSONKeyPath("first.upperCase[2]"))?.stringValue  // → "C"
  /// document.root.value(at: try JSONKeyPath("first[0]"))                    // → nil: `first` is an object
  /// ```
  ///
  /// - Parameter keyPath: The path, relative to this value; the empty path gives this value.
  /// - Returns: The value, or `nil` when a key is missing, an index is out of range, or a step does not fit the
  ///   container (a key applied to a non-object, an index to a non-array). Use ``resolve(_:)-(JSONKeyPath)`` to
  ///   learn why.
  /// - Complexity: O(*m*) per component for a container of *m* members or elements.
  public func value(at keyPath: JSONKeyPath) -> JSONDocument.Value? {
    try? walk(keyPath)
  }

  /// The value at a key path, or an error saying where and why the walk stopped.
  ///
  /// - Parameter keyPath: The path, relative to this value.
  /// - Returns: The value.
  /// - Throws: ``JSONKeyPathError`` with the same kind and key path as ``JSON/resolve(_:)-(JSONKeyPath)`` throws
  ///   for the same document.
  /// - Complexity: As for ``value(at:)-(JSONKeyPath)``.
  public func resolve(_ keyPath: JSONKeyPath) throws(JSONKeyPathError) -> JSONDocument.Value {
    try resolving(keyPath)
  }

  /// The value at a key path, converted to a Swift type; only that value is decoded.
  ///
  /// Reads every ``JSONReadable`` type with the rules of ``JSON/value(at:as:)-(String,_)``: `String`,
  /// `Bool`, the integer types (exact: `3.0` reads as `Int`, `3.5` does not), `Double`, `Float`, `Decimal`,
  /// ``JSON`` (the subtree as a tree), ``JSONObject``, and arrays, dictionaries and optionals of those.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": {"b": 42, "tags": ["x", "y"]}}"#)
  /// try document.root.value(at: "a.b", as: Int.self)          // → 42
  /// try document.root.value(at: "a.tags", as: [String].self)  // → ["x", "y"]
  /// try document.root.value(at: "a.b", as: String.self)
  /// // throws: type mismatch at a.b: expected String, found number
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath`` for the grammar).
  ///   - type: The type to read; usually inferred from context.
  /// - Returns: The converted value.
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path, the path leads nowhere, or the value does not
  ///   convert; its key path names the exact place.
  public func value<T: JSONReadable>(
    at keyPath: String, as type: T.Type = T.self
  )
    throws(JSONKeyPathError) -> T
  {
    try value(at: JSONKeyPath(keyPath), as: type)
  }

  /// The value at a key path, converted to a Swift type; only that value is decoded.
  ///
  /// The same as ``value(at:as:)-(String,_)`` with a parsed ``JSONKeyPath``. Reading a scalar type
  /// (`String`, `Bool`, a number type, or an optional of one) where the document has an array or an object fails
  /// without decoding that container.
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - type: The type to read; always named: `value(at:)` without it is the optional read.
  /// - Returns: The converted value.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or the value does not convert.
  public func value<T: JSONReadable>(
    at keyPath: JSONKeyPath, as type: T.Type
  )
    throws(JSONKeyPathError) -> T
  {
    let cursor = try resolve(keyPath)
    if T.self is any DocumentScalarReadable.Type {
      // Scalar conversions look only at the kind of a container, so an empty one stands in for it.
      switch cursor.kind {
      case .array: return try T(json: .array([]), at: keyPath)
      case .object: return try T(json: .object(JSONObject()), at: keyPath)
      default: break
      }
    }
    return try T(json: cursor.json(), at: keyPath)
  }

  /// The value at a key path, decoded as a `Decodable` type straight from the document's tape; only that value
  /// is read.
  ///
  /// Types that conform to ``JSONReadable`` are read by the other overload; this one decodes any other
  /// `Decodable` type with `decoder`, whose strategies and `userInfo` apply, as
  /// ``ParsnipDecoder/decode(_:from:at:)-(_,JSONText,String)`` would.
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - type: The type to decode; usually inferred from context.
  ///   - decoder: Whose strategies, `userInfo` and first-wins rule for repeated keys apply.
  /// - Throws: ``JSONKeyPathError`` naming the full key path of the value that failed to decode.
  @_disfavoredOverload
  public func value<T: Decodable>(
    at keyPath: String, as type: T.Type = T.self, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws(JSONKeyPathError) -> T {
    try value(at: JSONKeyPath(keyPath), as: type, using: decoder)
  }

  /// The value at a parsed key path, decoded as a `Decodable` type straight from the document's tape
  /// (``value(at:as:using:)-(String,_,_)``).
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - type: The type to decode; always named: `value(at:)` without it is the optional read.
  ///   - decoder: Whose strategies, `userInfo` and first-wins rule for repeated keys apply.
  /// - Throws: ``JSONKeyPathError`` naming the full key path of the value that failed to decode.
  @_disfavoredOverload
  public func value<T: Decodable>(
    at keyPath: JSONKeyPath, as type: T.Type, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws(JSONKeyPathError) -> T {
    let found = try resolve(keyPath)
    do {
      return try ParsnipDecoder.decode(
        T.self, text: storage.text, options: decoder.optionsSnapshot, at: .node(found.index))
    } catch {
      throw JSONKeyPathError.decoding(error, at: keyPath, in: found.node)
    }
  }

  /// Follows `path` through the tape, failing with the path's public error.
  func resolving<P: SteppablePath>(_ path: P) throws(P.PathError) -> JSONDocument.Value {
    JSONDocument.Value(storage: storage, index: try PathWalker.resolve(path, from: node).index)
  }

  /// Follows `path` through the tape; fails cheaply, without building the public error.
  func walk<P: SteppablePath>(_ path: P) throws(PathFailure) -> JSONDocument.Value {
    JSONDocument.Value(storage: storage, index: try PathWalker.walk(path, from: node).index)
  }

}
