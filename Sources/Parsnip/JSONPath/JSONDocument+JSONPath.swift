extension JSONDocument {
  // The tree's three conveniences (`JSON+JSONPath.swift`), read through the document's tape: no tree is built but
  // for the values selected.

  /// Selects the nodes of this document that a JSONPath query matches, with their normalized paths:
  /// ``JSONPath/nodes(in:options:)-(JSONDocument,_)`` with the query compiled from `query`.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [1, 2, 3]}"#)
  /// try document.nodes(matching: "$.a[-1]").map(\.path.description)  // → ["$['a'][2]"]
  /// ```
  /// - Parameters:
  ///   - query: An RFC 9535 query, compiled on every call.
  ///   - options: Limits on the work of evaluation.
  /// - Throws: ``JSONPathError`` for a query that is not valid, or too expensive.
  public func nodes(
    matching query: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> [JSONPath.Node] { try JSONPath(query).nodes(in: self, options: options) }

  /// The values of the nodes a JSONPath query matches: ``JSONPath/values(in:options:)-(JSONDocument,_)``.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [1, 2, 3]}"#)
  /// try document.values(matching: "$.a[1:]")  // → [2, 3]
  /// ```
  /// - Parameters:
  ///   - query: An RFC 9535 query, compiled on every call.
  ///   - options: Limits on the work of evaluation.
  /// - Throws: ``JSONPathError`` for a query that is not valid, or too expensive.
  public func values(
    matching query: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> [JSON] { try JSONPath(query).values(in: self, options: options) }

  /// The value of the first node a JSONPath query matches, or `nil`:
  /// ``JSONPath/firstValue(in:options:)-(JSONDocument,_)``.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [1, 2, 3]}"#)
  /// try document.firstValue(matching: "$.a[0]")  // → 1
  /// ```
  /// - Parameters:
  ///   - query: An RFC 9535 query, compiled on every call.
  ///   - options: Limits on the work of evaluation.
  /// - Throws: ``JSONPathError`` for a query that is not valid, or too expensive.
  public func firstValue(
    matching query: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> JSON? { try JSONPath(query).firstValue(in: self, options: options) }
}
