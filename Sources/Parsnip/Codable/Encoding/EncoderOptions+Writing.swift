extension EncoderOptions {
  /// A `JSON` value as the encoder writes it at the top level (the tree encoder's result, the model layer's text).
  func bytes(for json: JSON) throws -> [UInt8] {
    var out = OutputBuffer(capacity: 256)
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
      let steps = error.pathComponents
      let codingPath = path() + steps.map { step -> any CodingKey in
        switch step {
        case .key(let key): StringCodingKey(key)
        case .index(let index): StringCodingKey(index: index)
        }
      }
      guard error.kind == .nonFiniteNumber else {
        throw EncodingError.invalidValue(
          json,
          EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "Nesting deeper than the maximum depth of \(maximumDepth); "
              + "a reference cycle or runaway recursion in encode(to:)?"))
      }
      let tokens = steps.map { step in
        switch step {
        case .key(let key): key
        case .index(let index): String(index)
        }
      }
      let number = json.value(at: JSONPointer(tokens: tokens))?.doubleValue ?? .nan
      _ = try nonConformingText(number, path: codingPath)
    }
  }
}
