extension JSONLines {
  /// Validates every line against a schema, reading each line's scanned index (no tree is built), on ``jobs``
  /// threads; `body` sees the outcomes in input order.
  ///
  /// Each error's ``JSONSchema/ValidationError/line`` is the line's number in the input and its column is counted
  /// within the line.
  ///
  /// ```swift
  /// let schema = try JSONSchema(["type": "object"])
  /// try JSONLines(bytes: Array("{}\n[]\n".utf8)).validate(against: schema) { output, line in
  ///   print(line, output.isValid)  // → 1 true, then 2 false
  ///   return true
  /// }
  /// ```
  /// - Parameters:
  ///   - schema: The schema.
  ///   - invalidLine: Called with each line that is not JSON, in order, under ``ErrorPolicy/skip`` (with
  ///     ``ErrorPolicy/stop`` the first is thrown instead).
  ///   - body: Called with each valid line's outcome and its one-based line number; returns whether to read on.
  /// - Throws: ``JSONLinesError`` for the first line that is not JSON (with ``ErrorPolicy/stop``) or a read error.
  public func validate(
    against schema: JSONSchema, invalidLine: (JSONLinesError) -> Void = { _ in },
    _ body: (JSONSchema.Output, Int) -> Bool
  ) throws(JSONLinesError) {
    let options = self.options
    let outcomes = LineOutcomes(
      self, parsing: options,
      LineTransform({ bytes, number, lineStart in
        do throws(JSONParseError) {
          let output = try ScanPipeline.withScan(bytes, options: options) { text in
            let owner = TapeText(text)
            return withExtendedLifetime(owner) {
              var output = schema.validate(TapeNode(owner, 0), text: bytes)
              for k in output.errors.indices {
                if let line = output.errors[k].line { output.errors[k].line = number + line - 1 }
              }
              return output
            }
          }
          return .success(TransformedLine(number: number, value: output))
        } catch {
          return .failure(
            JSONLinesError(line: number, lineStart: lineStart, parseError: error, message: error.message))
        }
      }))
    while let line = try outcomes.nextOutput(skipping: invalidLine) {
      if !body(line.value, line.number) { return }
    }
  }
}
