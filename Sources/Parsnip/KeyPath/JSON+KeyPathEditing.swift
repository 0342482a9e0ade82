extension JSON {
  /// Sets the value at a key path: adds or replaces an object member, replaces an array element, or appends when
  /// the index equals the array's count.
  ///
  /// With `createIntermediates`, missing containers on the way are created: a missing (or `null`) member becomes
  /// an object when the next component is a key and an array when it is an index; an index equal to an array's
  /// count appends the new container. Other failures leave the value unchanged.
  ///
  /// ```swift
  /// var json: JSON = ["managers": [:]]
  /// try json.setValue(["dept": "HR"], at: JSONKeyPath("managers.racheal"))
  /// try json.setValue(1, at: JSONKeyPath("a.b[0].c"), createIntermediates: true)
  /// json  // → {"managers":{"racheal":{"dept":"HR"}},"a":{"b":[{"c":1}]}}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - keyPath: Where to put it; the empty path replaces the whole value.
  ///   - createIntermediates: Whether to create missing objects and arrays on the way (default `false`).
  /// - Throws: ``JSONKeyPathError`` when a container on the way is missing (without `createIntermediates`), an
  ///   index is beyond the end, or a component does not fit its container; the value is then unchanged.
  /// - Complexity: O(*k*) for *k* components, plus O(*n*) when the edit inserts into or removes from a container
  ///   of *n* elements; containers along the path are edited in place when uniquely referenced.
  public mutating func setValue(
    _ value: JSON, at keyPath: JSONKeyPath, createIntermediates: Bool = false
  )
    throws(JSONKeyPathError)
  {
    try editing(.set(value), at: keyPath, createIntermediates: createIntermediates)
  }

  /// Inserts a value at a key path: adds or replaces an object member, or inserts into an array at the index,
  /// shifting later elements (an index equal to the count appends).
  ///
  /// ```swift
  /// var json: JSON = ["employees": ["jim", "sam"]]
  /// try json.insert("barb", at: JSONKeyPath("employees[1]"))
  /// json  // → {"employees":["jim","barb","sam"]}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to insert.
  ///   - keyPath: Where to insert it; the empty path replaces the whole value.
  ///   - createIntermediates: Whether to create missing objects and arrays on the way (default `false`), as in
  ///     ``setValue(_:at:createIntermediates:)-(_,JSONKeyPath,_)``.
  /// - Throws: ``JSONKeyPathError`` as for ``setValue(_:at:createIntermediates:)-(_,JSONKeyPath,_)``; the value is then
  ///   unchanged.
  public mutating func insert(
    _ value: JSON, at keyPath: JSONKeyPath, createIntermediates: Bool = false
  )
    throws(JSONKeyPathError)
  {
    try editing(.insert(value), at: keyPath, createIntermediates: createIntermediates)
  }

  /// Removes the object member or array element at a key path.
  ///
  /// ```swift
  /// var json: JSON = ["employees": ["jim", "barb", "sam"]]
  /// try json.removeValue(at: JSONKeyPath("employees[0]"))  // → "jim"
  /// json  // → {"employees":["barb","sam"]}
  /// ```
  ///
  /// - Parameter keyPath: The value to remove; must not be empty.
  /// - Returns: The removed value.
  /// - Throws: ``JSONKeyPathError`` when there is no value at the path or the path is empty; the value is then
  ///   unchanged.
  @discardableResult
  public mutating func removeValue(at keyPath: JSONKeyPath) throws(JSONKeyPathError) -> JSON {
    try editing(.remove, at: keyPath) ?? .null
  }

  /// Sets the value at a key path given as text: ``setValue(_:at:createIntermediates:)-(_,JSONKeyPath,_)`` with
  /// the path parsed by ``JSONKeyPath/init(_:)-(String)``.
  ///
  /// ```swift
  /// var json: JSON = [:]
  /// try json.setValue(122, at: "managers.gavin.salary", createIntermediates: true)
  /// json  // → {"managers":{"gavin":{"salary":122}}}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - createIntermediates: Whether to create missing objects and arrays on the way (default `false`).
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path or the edit is impossible; the value is then
  ///   unchanged.
  public mutating func setValue(
    _ value: JSON, at keyPath: String, createIntermediates: Bool = false
  )
    throws(JSONKeyPathError)
  {
    try setValue(value, at: JSONKeyPath(keyPath), createIntermediates: createIntermediates)
  }

  /// Inserts a value at a key path given as text: ``insert(_:at:createIntermediates:)-(_,JSONKeyPath,_)`` with the
  /// path parsed by ``JSONKeyPath/init(_:)-(String)``.
  ///
  /// ```swift
  /// var json: JSON = ["employees": ["jim", "sam"]]
  /// try json.insert("barb", at: "employees[1]")
  /// json  // → {"employees":["jim","barb","sam"]}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to insert.
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - createIntermediates: Whether to create missing objects and arrays on the way (default `false`).
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path or the edit is impossible; the value is then
  ///   unchanged.
  public mutating func insert(
    _ value: JSON, at keyPath: String, createIntermediates: Bool = false
  )
    throws(JSONKeyPathError)
  {
    try insert(value, at: JSONKeyPath(keyPath), createIntermediates: createIntermediates)
  }

  /// Removes the value at a key path given as text: ``removeValue(at:)-(JSONKeyPath)`` with the path parsed by
  /// ``JSONKeyPath/init(_:)-(String)``.
  ///
  /// - Parameter keyPath: Key-path text (see ``JSONKeyPath``); must not be empty.
  /// - Returns: The removed value.
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path or there is no value there; the value is then
  ///   unchanged.
  @discardableResult
  public mutating func removeValue(at keyPath: String) throws(JSONKeyPathError) -> JSON {
    try removeValue(at: JSONKeyPath(keyPath))
  }
}
