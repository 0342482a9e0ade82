/// A tape with the bytes its offsets refer to and the way back to the user's text, which every position that
/// Parsnip reports points into.
struct ScannedText {
  /// Text that is its own source (strict JSON).
  init(
    tape: Tape, source: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer? = nil, offsets: JSON5.OffsetMap? = nil
  ) {
    self.tape = tape
    self.source = source
    self.input = input ?? source
    self.offsets = offsets
  }

  let tape: Tape
  /// The bytes the tape's offsets refer to: the input itself, or for JSON5 the normalized strict text.
  let source: UnsafeRawBufferPointer
  /// The user's text.
  let input: UnsafeRawBufferPointer
  /// JSON5 only: where each token of `source` came from in `input`.
  let offsets: JSON5.OffsetMap?

  /// The offset in the user's text of `sourceOffset`, an offset in ``source``.
  func inputOffset(of sourceOffset: Int) -> Int { offsets?.inputOffset(of: sourceOffset) ?? sourceOffset }

  /// Where node `i` starts in the user's text: the quote of a string, the first byte of anything else.
  func inputOffset(ofNode i: Int) -> Int {
    inputOffset(of: tape.offset(i) - (tape.rawKind(i) == Tape.Kind.string.rawValue ? 1 : 0))
  }

  /// The location of node `i` in the user's text, counting on from `earlier` (see ``SourceLocation``).
  func location(ofNode i: Int, resumingFrom earlier: SourceLocation? = nil) -> SourceLocation {
    SourceLocation(byteOffset: inputOffset(ofNode: i), in: input, resumingFrom: earlier)
  }

  /// The key node of the first repeated key, in text order, within the value at node `value` (the whole text by
  /// default), or `nil` (see ``DuplicateKeyFinder``).
  func firstRepeatedKey(inValueAt value: Int = 0) -> Int? {
    var finder = DuplicateKeyFinder()
    return finder.firstRepeatedKey(in: tape, nodes: TapeCursor(tape: tape, source: source), inValueAt: value)
  }

  /// The error for the repeated key at node `key`.
  func duplicateKeyError(at key: Int) -> JSONParseError {
    let name = StringDecoding.string(
      Self.base(of: source), from: tape.offset(key), count: tape.aux(key), flags: tape.flags(key))
    return JSONParseError(
      .duplicateKey, Self.duplicateKeyMessage(name),
      at: SourceLocation(byteOffset: inputOffset(ofNode: key), in: input))
  }

  /// The one message for a repeated key, whoever finds it.
  static func duplicateKeyMessage(_ name: String) -> String { "duplicate key \"\(name)\" in object" }

  static func base(of buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8> {
    buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
  }
}
