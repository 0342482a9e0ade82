extension PartialJSON {
  /// Decodes the current ``snapshot()`` into a type whose members are optional, to show a value while it streams
  /// (`parsnip codegen --partial` writes such a mirror of each model).
  ///
  /// ```swift
  /// struct Reply: Decodable { var title: String?; var items: [String]? }
  /// var partial = PartialJSON(mode: .trailingStrings)
  /// try partial.append(#"{"title": "Groc"#)
  /// try partial.decode(Reply.self).title  // → "Groc"
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder, whose options apply (default: a new `ParsnipDecoder`).
  /// - Returns: The decoded value.
  /// - Throws: ``JSONParseError`` as ``snapshot()``; `DecodingError` as ``ParsnipDecoder/decode(_:from:)-(_,JSON)``
  ///   (a member that is not optional and not there yet is `keyNotFound`).
  public mutating func decode<T: Decodable>(
    _ type: T.Type, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws -> T {
    try decoder.decode(type, from: snapshot())
  }
}
