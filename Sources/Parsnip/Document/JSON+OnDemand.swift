import Foundation

extension JSON {
  /// Reads the value at a JSON Pointer out of JSON text, without parsing the rest of the text.
  ///
  /// Only the containers on the way to the value are walked; their other members are skipped by counting brackets,
  /// not decoded, so reading one value from a large document is several times faster than parsing it. The value
  /// found is parsed strictly. Text that is skipped is only checked for balanced brackets and terminated strings:
  /// parse the whole document when you need it validated.
  ///
  /// ```swift
  /// let text = Array(#"{"statuses": [{"id": 1}, {"id": 2}], "metadata": {"count": 2}}"#.utf8)
  /// try JSON.value(at: JSONPointer("/statuses/1/id"), inText: text)   // → 2
  /// try JSON.value(at: JSONPointer("/nothing"), inText: text)         // → nil
  /// ```
  /// - Parameters:
  ///   - pointer: Where the value is.
  ///   - text: UTF-8 JSON text.
  ///   - options: Limits and grammar for the value found (JSON5 and `assumesTopLevelObject` are not supported on
  ///     demand).
  /// - Returns: The value, or `nil` when the pointer names a missing member, an index out of range, or a position
  ///   inside a scalar.
  /// - Throws: ``JSONParseError`` for malformed text met on the way or in the value found.
  /// - Complexity: O(*n*) in the bytes before the value's end, with a small constant.
  public static func value(
    at pointer: JSONPointer, inText text: some ContiguousBytes, options: ParsingOptions = .default
  ) throws(JSONParseError) -> JSON? {
    let found = try onDemand(pointer, inText: text, options: options)
    return try? found.get()
  }

  /// Reads the value at a key path out of JSON text, without parsing the rest of the text.
  ///
  /// See ``value(at:inText:options:)-(JSONPointer,_,_)`` for what is validated.
  /// - Parameters:
  ///   - keyPath: Where the value is, for example `statuses[1].id`.
  ///   - text: UTF-8 JSON text.
  ///   - options: Limits and grammar for the value found.
  /// - Returns: The value, or `nil` when the path leads nowhere.
  /// - Throws: ``JSONParseError`` for malformed text met on the way or in the value found.
  public static func value(
    at keyPath: JSONKeyPath, inText text: some ContiguousBytes, options: ParsingOptions = .default
  ) throws(JSONParseError) -> JSON? {
    let found = try onDemand(keyPath, inText: text, options: options)
    return try? found.get()
  }

  /// The value at `pointer` read on demand, or the error ``resolve(_:)-(JSONPointer)`` gives for the same text when
  /// the pointer leads nowhere (for the CLI's `--on-demand`).
  package static func resolveOnDemand(
    _ pointer: JSONPointer, inText text: UnsafeRawBufferPointer, options: ParsingOptions
  ) throws(JSONParseError) -> Result<JSON, JSONPointerError> {
    try onDemand(pointer, inText: text, options: options).mapError(pointer.error(for:))
  }

  /// The value at `keyPath` read on demand, or the error ``resolve(_:)-(JSONKeyPath)`` gives for the same text
  /// when the path leads nowhere (for the CLI's `--on-demand`).
  package static func resolveOnDemand(
    _ keyPath: JSONKeyPath, inText text: UnsafeRawBufferPointer, options: ParsingOptions
  ) throws(JSONParseError) -> Result<JSON, JSONKeyPathError> {
    try onDemand(keyPath, inText: text, options: options).mapError(keyPath.error(for:))
  }

  private static func onDemand<P: SteppablePath>(
    _ path: P, inText text: some ContiguousBytes, options: ParsingOptions
  ) throws(JSONParseError) -> Result<JSON, PathFailure> {
    let result: Result<Result<JSON, PathFailure>, JSONParseError> = text.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) -> Result<JSON, PathFailure> in
        try OnDemandReader(input: buffer, options: options).resolve(path)
      }
    }
    return try result.get()
  }
}
