/// JSON5 input support: rewrites JSON5 text into strict JSON so the strict scanner can index it.
enum JSON5 {
  /// Returns strict JSON text equivalent to the JSON5 `input`.
  /// - Throws: `JSONParseError` with positions in the original input.
  static func normalize(_ input: UnsafeRawBufferPointer, maximumDepth: Int) throws(JSONParseError) -> [UInt8] {
    Array(input)  // TODO(JSON5): implement the relaxed grammar.
  }
}
