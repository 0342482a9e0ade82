extension JSON {
  /// Selects the nodes of this value that a JSONPath query matches.
  ///
  /// Compiles the query on every call; compile a ``JSONPath`` once to run a query many times.
  ///
  /// ```swift
  /// let json: JSON = ["a": [1, 2, 3]]
  /// try json.query("$.a[-1]").map(\.value)  // → [3]
  /// ```
  /// - Parameters:
  ///   - path: An RFC 9535 query.
  ///   - options: Limits on the work of evaluation; by default at most
  ///     ``JSONPath/EvaluationOptions/defaultMaximumNodeVisits`` node visits.
  /// - Returns: The resulting nodelist, with normalized paths.
  /// - Throws: ``JSONPathError`` when the query is not well-formed and valid, or (kind
  ///   ``JSONPathError/Kind-swift.enum/queryTooExpensive``) when it would visit more than
  ///   `options.maximumNodeVisits` nodes.
  public func query(
    _ path: String, options: JSONPath.EvaluationOptions = JSONPath.EvaluationOptions()
  ) throws(JSONPathError) -> [JSONPath.Node] {
    try JSONPath(path).query(self, options: options)
  }
}
