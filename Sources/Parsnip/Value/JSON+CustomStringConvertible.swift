extension JSON: CustomStringConvertible {
  /// The value as compact JSON text.
  ///
  /// Unlike ``bytes(options:)``, this never fails: non-finite numbers appear as `NaN`, `Infinity` or `-Infinity`
  /// (which is not valid JSON), and there is no depth limit.
  ///
  /// ```swift
  /// let json: JSON = ["a": [1, "x\n"], "b": nil]
  /// json.description  // → {"a":[1,"x\n"],"b":null}
  /// ```
  public var description: String {
    var writer = JSONWriter(out: OutputBuffer(reusing: estimatedSize), configuration: .description)
    defer { writer.out.release() }
    // Cannot throw: the description configuration allows non-finite numbers and any depth.
    try? writer.write(self)
    return writer.out.string()
  }
}
