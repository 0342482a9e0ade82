extension StructuralTracker {
  /// Malformed structure found by the tracker: what and where, as a stream offset. The caller, which knows the
  /// lines before it, turns it into a ``JSONParseError`` (``parseError(line:column:)``). A tracker that failed is
  /// not fed again.
  struct Failure: Error, Sendable, Hashable {
    /// The category, as the scanner would report it.
    var kind: JSONParseError.Kind
    /// What was expected and what was found.
    var message: String
    /// The stream offset of the offending byte.
    var byteOffset: Int

    init(_ kind: JSONParseError.Kind, _ message: String, at byteOffset: Int) {
      self.kind = kind
      self.message = message
      self.byteOffset = byteOffset
    }

    /// The error at a line and column the caller computed for ``byteOffset``.
    func parseError(line: Int, column: Int) -> JSONParseError {
      JSONParseError(kind: kind, message: message, byteOffset: byteOffset, line: line, column: column)
    }

    /// The error for a stream whose bytes the caller still holds, whole, in `text`.
    func parseError(in text: UnsafeRawBufferPointer) -> JSONParseError {
      JSONParseError(kind, message, at: byteOffset, in: text)
    }
  }
}
