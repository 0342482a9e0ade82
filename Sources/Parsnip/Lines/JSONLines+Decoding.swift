extension JSONLines {
  /// The same lines, each decoded straight from its bytes into `Value` by `decoder` (no `JSON` tree in between),
  /// in the same bounded memory.
  ///
  /// A line that is not valid JSON, or that does not decode as `Value`, is handled by the lines'
  /// ``errorPolicy``: it stops the iteration with a ``JSONLinesError`` naming the line, or is skipped and recorded.
  ///
  /// ```swift
  /// struct Event: Decodable { var type: String; var id: Int }
  /// let events = JSONLines(bytes: Array("{\"type\":\"push\",\"id\":1}\n{\"type\":\"fork\",\"id\":2}\n".utf8))
  /// for try await event in events.decoded(as: Event.self) {
  ///   print(event.number, event.value.type)   // → 1 push, then 2 fork
  /// }
  /// ```
  /// - Parameters:
  ///   - type: The type of every line.
  ///   - decoder: Its strategies and options, read once when an iteration starts; its
  ///     ``ParsnipDecoder/allowsJSON5`` applies, not the lines' ``options``.
  /// - Returns: A sequence of decoded lines, synchronous (``DecodedJSONLines/makeIterator()``) and asynchronous.
  public func decoded<Value: Decodable>(
    as type: Value.Type, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) -> DecodedJSONLines<Value> {
    DecodedJSONLines(lines: self, decoder: decoder)
  }
}
