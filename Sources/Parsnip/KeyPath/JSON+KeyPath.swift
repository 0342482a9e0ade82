extension JSON {
  /// The value at a key path.
  ///
  /// ```swift
  /// let json: JSON = ["second": ["name": "Numerics", "data": ["1", "2", "3"]]]
  /// try json.value(at: JSONKeyPath("second.data[2]"))  // → "3"
  /// ```
  ///
  /// - Parameter keyPath: The path; the empty path gives the whole value.
  /// - Returns: The value found.
  /// - Throws: ``JSONKeyPathError`` with kind ``JSONKeyPathError/Kind-swift.enum/noValueForKey(_:)``,
  ///   ``JSONKeyPathError/Kind-swift.enum/indexOutOfRange(index:count:)`` or
  ///   ``JSONKeyPathError/Kind-swift.enum/typeMismatch(expected:found:)`` (a key applied to a non-object, an index
  ///   to a non-array), with the path of the container where the walk stopped.
  /// - Complexity: O(*k*) for *k* components (object lookups are O(1) on average).
  public func value(at keyPath: JSONKeyPath) throws(JSONKeyPathError) -> JSON {
    try reading(keyPath)
  }

  /// The value at a key path, converted to a Swift type.
  ///
  /// Works for `String`, `Bool`, every integer type (exact: `3.0` reads as `Int`, `3.5` and out-of-range numbers
  /// are type mismatches), `Double`, `Float`, `Decimal`, ``JSON``, ``JSONObject``, and arrays, string-keyed
  /// dictionaries and optionals of those (see ``JSONReadable``). Any other `Decodable` type is decoded by the
  /// `Decodable` overload.
  ///
  /// ```swift
  /// let json: JSON = ["first": ["name": "Alphabet", "upperCase": ["A", "B", "C"]]]
  /// let name: String = try json.value(forKeyPath: "first.name")        // → "Alphabet"
  /// let letters: [String] = try json.value(forKeyPath: "first.upperCase")  // → ["A", "B", "C"]
  /// let count = try json.value(forKeyPath: "first.upperCase", as: [JSON].self).count  // → 3
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath`` for the grammar).
  ///   - type: The type to read; usually inferred from context.
  /// - Returns: The converted value.
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path, the path leads nowhere, or the value there
  ///   does not convert; the error's key path names the exact place, down to the array element that failed.
  public func value<T: JSONReadable>(forKeyPath keyPath: String, as type: T.Type = T.self) throws(JSONKeyPathError)
    -> T
  {
    try value(forKeyPath: JSONKeyPath(keyPath), as: type)
  }

  /// The value at a key path, converted to a Swift type.
  ///
  /// The same as ``value(forKeyPath:as:)-(String,_)`` with a parsed ``JSONKeyPath``.
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - type: The type to read; usually inferred from context.
  /// - Returns: The converted value.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or the value there does not convert.
  public func value<T: JSONReadable>(forKeyPath keyPath: JSONKeyPath, as type: T.Type = T.self)
    throws(JSONKeyPathError) -> T
  {
    try T(json: value(at: keyPath), at: keyPath)
  }

  /// The value at a key path, decoded as a `Decodable` type.
  ///
  /// Types that conform to ``JSONReadable`` (strings, numbers, ``JSON``, arrays of those, …) are read by the
  /// other overload; this one decodes any other `Decodable` type from the JSON value with the default
  /// `JSONDecoder`-like rules: integers must be exact, `Data` is Base64 text, `URL` is a string, `Date` is the
  /// number of seconds since 2001-01-01 (`deferredToDate`), and keys are used as written.
  ///
  /// ```swift
  /// struct Manager: Decodable { var dept: String; var salary: Int }
  /// let json: JSON = ["managers": ["racheal": ["dept": "HR", "salary": 123]]]
  /// let racheal: Manager = try json.value(forKeyPath: "managers.racheal")  // → Manager(dept: "HR", salary: 123)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - type: The type to decode; usually inferred from context.
  /// - Returns: The decoded value.
  /// - Throws: ``JSONKeyPathError``; a missing key, wrong type or failed `init(from:)` inside the value is reported
  ///   with the full key path to the offending value, and the original error in
  ///   ``JSONKeyPathError/underlyingError``.
  @_disfavoredOverload
  public func value<T: Decodable>(forKeyPath keyPath: String, as type: T.Type = T.self) throws(JSONKeyPathError)
    -> T
  {
    try value(forKeyPath: JSONKeyPath(keyPath), as: type)
  }

  /// The value at a key path, decoded as a `Decodable` type.
  ///
  /// The same as ``value(forKeyPath:as:)-(String,_)`` with a parsed ``JSONKeyPath``.
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - type: The type to decode; usually inferred from context.
  /// - Returns: The decoded value.
  /// - Throws: ``JSONKeyPathError`` naming the full key path of the value that failed to decode.
  @_disfavoredOverload
  public func value<T: Decodable>(forKeyPath keyPath: JSONKeyPath, as type: T.Type = T.self)
    throws(JSONKeyPathError) -> T
  {
    let found = try value(at: keyPath)
    return try JSONValueDecoder.decode(T.self, from: found, at: keyPath)
  }
}

extension JSONKeyPath: SteppablePath {
  var stepCount: Int { components.count }

  func step(_ index: Int, in kind: JSON.Kind) throws(PathFailure) -> PathStep {
    switch (components[index], kind) {
    case (.key(let key), .object): return .member(key)
    case (.index(let position), .array): return .element(position)
    case (.key, _): throw PathFailure(reason: .notAContainer(expected: .object, found: kind), step: index)
    case (.index, _): throw PathFailure(reason: .notAContainer(expected: .array, found: kind), step: index)
    }
  }

  func newContainer(for index: Int) -> JSON {
    if case .index = components[index] { return .array([]) }
    return .object(JSONObject())
  }

  /// The public error for a failure while following this path.
  func error(for failure: PathFailure) -> JSONKeyPathError {
    let prefix = JSONKeyPath(components: Array(components.prefix(failure.step)))
    switch failure.reason {
    case .keyNotFound(let key), .invalidIndex(let key):
      return JSONKeyPathError(.noValueForKey(key), keyPath: prefix)
    case .indexOutOfRange(let index, let count):
      return JSONKeyPathError(.indexOutOfRange(index: index, count: count), keyPath: prefix)
    case .pastTheEnd(let count):
      return JSONKeyPathError(.indexOutOfRange(index: count, count: count), keyPath: prefix)
    case .notAContainer(let expected, let found):
      return JSONKeyPathError(
        .typeMismatch(expected: expected?.description ?? "array or object", found: found), keyPath: prefix)
    case .cannotRemoveRoot:
      return JSONKeyPathError(.cannotRemoveRoot)
    }
  }
}
