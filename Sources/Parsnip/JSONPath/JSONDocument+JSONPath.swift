extension JSONDocument {
  /// Selects the nodes of this document that a JSONPath query matches: ``JSONPath/nodes(in:options:)-(JSONDocument,_)``
  /// with the query compiled from `query`.
  ///
  /// The document is read through its structural index, without building a tree (see
  /// ``JSONPath/nodes(in:options:)-(JSONDocument,_)``).
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [1, 2, 3]}"#)
  /// try document.nodes(matching: "$.a[-1]").map(\.path.description)  // → ["$['a'][2]"]
  /// ```
  /// - Parameters:
  ///   - query: An RFC 9535 query.
  ///   - options: Limits on the work of evaluation.
  /// - Returns: The resulting nodelist, with normalized paths.
  /// - Throws: ``JSONPathError`` when the query is not well-formed and valid, or when it is too expensive.
  public func nodes(
    matching query: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> [JSONPath.Node] {
    try JSONPath(query).nodes(in: self, options: options)
  }

  /// Selects the values of the nodes a JSONPath query matches, without their paths:
  /// ``JSONPath/values(in:options:)-(JSONDocument,_)`` with the query compiled from `query`.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [1, 2, 3]}"#)
  /// try document.values(matching: "$.a[1:]")  // → [2, 3]
  /// ```
  /// - Parameters:
  ///   - query: An RFC 9535 query.
  ///   - options: Limits on the work of evaluation.
  /// - Returns: The values of the resulting nodelist, in RFC 9535 order.
  /// - Throws: ``JSONPathError`` when the query is not well-formed and valid, or when it is too expensive.
  public func values(
    matching query: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> [JSON] {
    try JSONPath(query).values(in: self, options: options)
  }

  /// The value of the first node a JSONPath query matches, or `nil`:
  /// ``JSONPath/firstValue(in:options:)-(JSONDocument,_)`` with the query compiled from `query`.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [1, 2, 3]}"#)
  /// try document.firstValue(matching: "$.a[0]")  // → 1
  /// ```
  /// - Parameters:
  ///   - query: An RFC 9535 query.
  ///   - options: Limits on the work of evaluation.
  /// - Returns: The first value in RFC 9535 order, or `nil` when the query matches nothing.
  /// - Throws: ``JSONPathError`` when the query is not well-formed and valid, or when it is too expensive.
  public func firstValue(
    matching query: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> JSON? {
    try JSONPath(query).firstValue(in: self, options: options)
  }
}
