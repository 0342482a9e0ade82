extension JSON {
  /// The value at a key path, or `nil` when it leads nowhere.
  ///
  /// ```swift
  /// let json: JSON = ["second": ["name": "Numerics", "data": ["1", "2", "3"]]]
  /// json.value(at: try JSONKeyPath("second.data[2]"))  // → "3"
  /// json.value(at: try JSONKeyPath("second.data[5]"))  // → nil
  /// ```
  ///
  /// - Parameter keyPath: The path; the empty path gives the whole value.
  /// - Returns: The value, or `nil` when a key is missing, an index is out of range, or a step does not fit the
  ///   container. Use ``resolve(_:)-(JSONKeyPath)`` to learn why.
  /// - Complexity: O(*k*) for *k* components (object lookups are O(1) on average).
  public func value(at keyPath: JSONKeyPath) -> JSON? {
    try? PathWalker.walk(keyPath, from: self)
  }

  /// The value at a key path, or an error saying where and why the walk stopped.
  ///
  /// ```swift
  /// let json: JSON = ["second": ["data": ["1", "2", "3"]]]
  /// try json.resolve(JSONKeyPath("second.data[5]"))
  /// // throws: index 5 out of range (count 3) at second.data
  /// ```
  ///
  /// - Parameter keyPath: The path; the empty path gives the whole value.
  /// - Returns: The value found.
  /// - Throws: ``JSONKeyPathError`` with kind ``JSONKeyPathError/Kind-swift.enum/noValueForKey(_:)``,
  ///   ``JSONKeyPathError/Kind-swift.enum/indexOutOfRange(index:count:)`` or
  ///   ``JSONKeyPathError/Kind-swift.enum/typeMismatch(expected:found:)`` (a key applied to a non-object, an index
  ///   to a non-array), with the path of the container where the walk stopped.
  /// - Complexity: O(*k*) for *k* components.
  public func resolve(_ keyPath: JSONKeyPath) throws(JSONKeyPathError) -> JSON {
    try PathWalker.resolve(keyPath, from: self)
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
  /// let name: String = try json.value(at: "first.name")        // → "Alphabet"
  /// let letters: [String] = try json.value(at: "first.upperCase")  // → ["A", "B", "C"]
  /// let count = try json.value(at: "first.upperCase", as: [JSON].self).count  // → 3
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath`` for the grammar).
  ///   - type: The type to read; usually inferred from context.
  /// - Returns: The converted value.
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path, the path leads nowhere, or the value there
  ///   does not convert; the error's key path names the exact place, down to the array element that failed.
  public func value<T: JSONReadable>(
    at keyPath: String, as type: T.Type = T.self
  ) throws(JSONKeyPathError)
    -> T
  {
    try value(at: JSONKeyPath(keyPath), as: type)
  }

  /// The value at a key path, converted to a Swift type.
  ///
  /// The same as ``value(at:as:)-(String,_)`` with a parsed ``JSONKeyPath``.
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - type: The type to read; always named: `value(at:)` without it is the optional read.
  /// - Returns: The converted value.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or the value there does not convert.
  public func value<T: JSONReadable>(
    at keyPath: JSONKeyPath, as type: T.Type
  )
    throws(JSONKeyPathError) -> T
  {
    try T(json: resolve(keyPath), at: keyPath)
  }

  /// The value at a key path, decoded as a `Decodable` type.
  ///
  /// Types that conform to ``JSONReadable`` (strings, numbers, ``JSON``, arrays of those, …) are read by the
  /// other overload; this one decodes any other `Decodable` type with `decoder`, a ``ParsnipDecoder`` whose
  /// strategies and `userInfo` apply (by default Foundation's defaults: exact integers, Base64 `Data`,
  /// `deferredToDate` dates, keys as written). The tree is decoded directly, without being written as text.
  ///
  /// ```swift
  /// struct Manager: Decodable { var dept: String; var salary: Int }
  /// let json: JSON = ["managers": ["racheal": ["dept": "HR", "salary": 123]]]
  /// let racheal: Manager = try json.value(at: "managers.racheal")  // → Manager(dept: "HR", salary: 123)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - type: The type to decode; usually inferred from context.
  ///   - decoder: The decoder whose options apply (default: a new ``ParsnipDecoder``).
  /// - Returns: The decoded value.
  /// - Throws: ``JSONKeyPathError``; a missing key, wrong type or failed `init(from:)` inside the value is reported
  ///   with the full key path to the offending value, and the original error in
  ///   ``JSONKeyPathError/underlyingError``.
  @_disfavoredOverload
  public func value<T: Decodable>(
    at keyPath: String, as type: T.Type = T.self, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws(JSONKeyPathError) -> T {
    try value(at: JSONKeyPath(keyPath), as: type, using: decoder)
  }

  /// The value at a key path, decoded as a `Decodable` type.
  ///
  /// The same as ``value(at:as:using:)-(String,_,_)`` with a parsed ``JSONKeyPath``.
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - type: The type to decode; always named: `value(at:)` without it is the optional read.
  ///   - decoder: The decoder whose options apply (default: a new ``ParsnipDecoder``).
  /// - Returns: The decoded value.
  /// - Throws: ``JSONKeyPathError`` naming the full key path of the value that failed to decode.
  @_disfavoredOverload
  public func value<T: Decodable>(
    at keyPath: JSONKeyPath, as type: T.Type, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws(JSONKeyPathError) -> T {
    let found = try resolve(keyPath)
    do { return try decoder.decode(T.self, from: found) } catch {
      throw JSONKeyPathError.decoding(error, at: keyPath, in: found)
    }
  }
}
