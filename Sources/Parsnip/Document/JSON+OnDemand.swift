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
  ///   - options: Limits and grammar for the value found (JSON5 is not supported on demand).
  /// - Returns: The value, or `nil` when the pointer names a missing member, an index out of range, or a position
  ///   inside a scalar.
  /// - Throws: ``JSONParseError`` for malformed text met on the way or in the value found.
  /// - Complexity: O(*n*) in the bytes before the value's end, with a small constant.
  public static func value(
    at pointer: JSONPointer, inText text: some ContiguousBytes, options: ParsingOptions = .default
  ) throws(JSONParseError) -> JSON? {
    try value(at: pointer.tokens.map { OnDemandReader.Step(key: $0) }, inText: text, options: options)
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
    let steps = keyPath.components.map { component -> OnDemandReader.Step in
      switch component {
      case .key(let key):
        var step = OnDemandReader.Step(key: key)
        step.index = nil  // a key-path name never indexes an array
        return step
      case .index(let index): return OnDemandReader.Step(index: index)
      }
    }
    return try value(at: steps, inText: text, options: options)
  }

  static func value(
    at steps: [OnDemandReader.Step], inText text: some ContiguousBytes, options: ParsingOptions
  ) throws(JSONParseError) -> JSON? {
    let result: Result<JSON?, JSONParseError> = text.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) -> JSON? in
        try OnDemandReader(input: buffer, options: options).value(at: steps)
      }
    }
    return try result.get()
  }
}
