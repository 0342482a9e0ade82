extension EncoderOptions {
  /// A `JSON` value as the encoder writes it at the top level (the tree encoder's result, the model layer's text).
  func bytes(for json: JSON) throws -> [UInt8] {
    var out = OutputBuffer(reusing: 256)
    defer { out.release() }
    try write(json, into: &out, indentDepth: 0, depth: 0, path: { [] })
    return out.bytes()
  }

  /// Writes a `JSON` value into the encoder's output, laid out as the rest of it (`JSONEncoder`'s bytes), through
  /// the one tree writer.
  /// - Parameters:
  ///   - json: The value.
  ///   - out: The encoder's output.
  ///   - indentDepth: Containers open around the value, for indentation.
  ///   - depth: The value's nesting depth, for ``maximumDepth``.
  ///   - path: The value's coding path, for errors.
  /// - Throws: `EncodingError.invalidValue` for a non-finite number under the `.throw` strategy, or nesting past
  ///   ``maximumDepth``, at the offending value's coding path.
  func write(
    _ json: JSON, into out: inout OutputBuffer, indentDepth: Int, depth: Int, path: () -> [any CodingKey]
  ) throws {
    var configuration = JSONWriter.Configuration(.compact)
    configuration.indent = isPretty ? 2 : nil
    configuration.keyOrder = sortsKeys ? .scalars : .stored
    configuration.escapesSlashes = escapesSlashes
    configuration.matchesJSONEncoder = true
    configuration.baseDepth = indentDepth
    configuration.maximumDepth = Swift.max(maximumDepth - depth, 0)
    if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = floatStrategy {
      configuration.nonFiniteStrings = (positiveInfinity, negativeInfinity, nan)
    }
    var writer = JSONWriter(out: out, configuration: configuration)
    defer { out = writer.out }
    do {
      try writer.write(json)
    } catch {
      let tokens = error.pathComponents.map { step in
        switch step {
        case .key(let key): key
        case .index(let index): String(index)
        }
      }
      let codingPath =
        path()
        + error.pathComponents.map { step -> any CodingKey in
          switch step {
          case .key(let key): PathCodingKey(stringValue: key)
          case .index(let index): PathCodingKey(index: index)
          }
        }
      guard error.kind == .nonFiniteNumber else { throw depthError(json, codingPath: codingPath) }
      let number = json.value(at: JSONPointer(tokens: tokens))?.doubleValue ?? .nan
      _ = try nonConformingText(number, path: codingPath)
    }
  }

  /// Nesting past ``maximumDepth`` at `codingPath`: the one message of both encoders and of `JSON` values inside them.
  func depthError(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
    nestingError(value, codingPath: codingPath, limit: "the maximum depth of \(maximumDepth)")
  }

  /// Nesting past what the thread's stack can hold, before ``maximumDepth``.
  func stackError(_ value: Any, codingPath: [any CodingKey], levels: Int) -> EncodingError {
    nestingError(value, codingPath: codingPath, limit: "this thread's stack can hold (\(levels) levels)")
  }

  private func nestingError(_ value: Any, codingPath: [any CodingKey], limit: String) -> EncodingError {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: codingPath,
        debugDescription: "Nesting deeper than \(limit) at \(CodingPathRendering.message(codingPath)); "
          + "a reference cycle or runaway recursion in encode(to:)?"))
  }
}
