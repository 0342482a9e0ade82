/// A JSON document read while it is still being written, as a language model streams one token by token: append
/// each piece as it arrives and take a ``snapshot()`` of what is there so far.
///
/// ```swift
/// var partial = PartialJSON(mode: .trailingStrings)
/// try partial.append(#"{"title": "Parsnip", "tags": ["json", "swi"#)
/// try partial.snapshot()  // → {"title": "Parsnip", "tags": ["json", "swi"]}
/// ```
///
/// Snapshots follow the `partial_mode` of jiter, the parser behind pydantic (see ``Mode``). They are incremental:
/// each completed value is parsed once, by the same scanner as ``JSON/init(parsing:options:)-(ContiguousBytes,_)``,
/// and kept; a snapshot rebuilds only the path of containers still open, and is the previous one, unchanged, when
/// nothing visible changed. Taking a snapshot after every token therefore costs about the new bytes, not the
/// document again. (A snapshot the caller keeps while appending is copied when the containers it shares change.)
///
/// Limits: the text is at most ``maximumLength`` bytes (default 64 MiB) and nests at most `maximumDepth` containers
/// (default 512), each an error beyond, as every reader's.
public struct PartialJSON: Sendable {
  /// How incomplete values at the end of the text show in a snapshot: jiter's `partial_mode`.
  ///
  /// In both modes, containers still open are closed, a key without its value is left out, and a number or
  /// literal at the very end is kept when its text is already whole (`[1, 2` → `[1, 2]`, `[1, 2.` → `[1]`,
  /// `[true, fal` → `[true]`).
  public enum Mode: Sendable, Hashable {
    /// An incomplete string, number, literal or key is left out: `{"a": 1, "b": "hel` → `{"a": 1}`. A text that
    /// is one incomplete string has no value yet.
    case on
    /// An incomplete string value is kept as far as it goes, cut before an incomplete escape or UTF-8 character:
    /// `{"a": 1, "b": "hel` → `{"a": 1, "b": "hel"}`.
    case trailingStrings
  }

  /// The longest text accepted by default, in bytes: 64 MiB.
  public static let defaultMaximumLength = 64 << 20

  /// How incomplete values show.
  public let mode: Mode
  /// The longest text accepted, in bytes; appending beyond it is an error.
  public let maximumLength: Int

  private var text: [UInt8] = []
  private var tracker: StructuralTracker
  private var builder = PartialJSONBuilder()
  /// The end of the text the last snapshot showed a leaf (an incomplete string or scalar) up to, or -1.
  private var leafEnd = -1
  /// Trailing strings: the incomplete string value being read, decoded up to `stringDecodedEnd`.
  private var string = ""
  private var stringStart = -1
  private var stringDecodedEnd = 0

  /// Creates an empty document.
  /// - Parameters:
  ///   - mode: How incomplete values show (default ``Mode/on``).
  ///   - maximumDepth: The deepest nesting accepted (default 512, as ``JSON/ParsingOptions/maximumDepth``).
  ///   - maximumLength: The longest text accepted, in bytes (default ``defaultMaximumLength``).
  public init(mode: Mode = .on, maximumDepth: Int = 512, maximumLength: Int = PartialJSON.defaultMaximumLength) {
    self.mode = mode
    self.maximumLength = maximumLength
    tracker = StructuralTracker(maximumDepth: maximumDepth)
  }

  /// The bytes appended so far.
  public var byteCount: Int { text.count }

  /// Whether a whole top-level value has been read.
  public var isComplete: Bool { builder.root != nil }

  /// Appends the next piece of the text.
  /// - Parameter bytes: UTF-8 text; a piece may end anywhere, inside a character too.
  /// - Throws: ``JSONParseError`` when the text so far cannot begin any JSON value (with its place in the whole
  ///   text), or is longer than ``maximumLength``; the document then stays failed.
  public mutating func append(_ bytes: some Collection<UInt8>) throws(JSONParseError) {
    if let failure = builder.failure { throw failure }
    guard text.count + bytes.count <= maximumLength else {
      let limit = maximumLength
      let failure = text.withUnsafeBytes {
        JSONParseError(.inputTooLarge, "a partial document longer than \(limit) bytes", at: $0.count, in: $0)
      }
      builder.failure = failure
      throw failure
    }
    let start = text.count
    text.append(contentsOf: bytes)
    var builder = self.builder
    self.builder = PartialJSONBuilder()
    let trackerFailure = text.withUnsafeBytes { all -> StructuralTracker.Failure? in
      builder.source = all
      defer { builder.source = UnsafeRawBufferPointer(start: nil, count: 0) }
      do throws(StructuralTracker.Failure) {
        try tracker.consume(UnsafeRawBufferPointer(rebasing: all[start...]), &builder)
        return nil
      } catch {
        return error
      }
    }
    if let trackerFailure, builder.failure == nil {
      builder.failure = text.withUnsafeBytes { trackerFailure.parseError(in: $0) }
    }
    self.builder = builder
    if let failure = builder.failure { throw failure }
  }

  /// Appends the next piece of the text.
  /// - Parameter text: The text; see ``append(_:)-(Collection<UInt8>)``.
  /// - Throws: ``JSONParseError``, as ``append(_:)-(Collection<UInt8>)``.
  public mutating func append(_ text: some StringProtocol) throws(JSONParseError) {
    try append(text.utf8)
  }

  /// The document so far, with what is incomplete at its end shown as ``mode`` says.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` when there is no value yet (an empty or all-white-space text, the start of a
  ///   number or literal that is not one yet, or in ``Mode/on`` an incomplete top-level string:
  ///   ``JSONParseError/Kind-swift.enum/unexpectedEndOfInput``), or when the text is malformed.
  public mutating func snapshot() throws(JSONParseError) -> JSON {
    if let failure = builder.failure { throw failure }
    if tracker.isAtTopLevel, let root = builder.root { return root }
    let leaf = try currentLeaf()
    let end = leaf == nil ? -1 : text.count
    if !builder.changed, end == leafEnd, let snapshot = builder.snapshot { return snapshot }
    builder.unshare()
    var child = leaf
    for k in builder.frames.indices.reversed() {
      if let child { builder.frames[k].place(child) } else { builder.frames[k].removeSlot() }
      child = builder.frames[k].value
    }
    guard let value = child else {
      throw text.withUnsafeBytes {
        JSONParseError(.unexpectedEndOfInput, "unexpected end of input, expected a value", at: $0.count, in: $0)
      }
    }
    builder.snapshot = value
    builder.changed = false
    leafEnd = end
    return value
  }

  /// The incomplete string or scalar at the end of the text, as the snapshot shows it, if any.
  private mutating func currentLeaf() throws(JSONParseError) -> JSON? {
    if tracker.isInScalar {
      // A number or literal whose text is whole so far (`2`, not `2.` or `tr`) shows.
      let start = tracker.tokenStart
      return text.withUnsafeBytes { PartialJSONBuilder.plainValue(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
    guard mode == .trailingStrings, tracker.isInString, !tracker.isInKey else { return nil }
    if stringStart != tracker.tokenStart {
      stringStart = tracker.tokenStart
      stringDecodedEnd = stringStart + 1
      builder.unshare()
      string = ""
    }
    let end = text.withUnsafeBytes { PartialJSON.wholeCharactersEnd(in: $0, from: stringDecodedEnd) }
    if end > stringDecodedEnd {
      // Only the new characters are decoded, as a string of their own.
      let from = stringDecodedEnd
      let plain = text.withUnsafeBufferPointer { all -> String? in
        let piece = UnsafeBufferPointer(rebasing: all[from..<end])
        guard piece.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != .backslash }) else { return nil }
        return StringDecoding.validated(piece, isASCII: true)
      }
      if let plain {
        builder.unshare()
        string += plain
        stringDecodedEnd = end
        return .string(string)
      }
      var piece = [UInt8.quote]
      piece.append(contentsOf: text[stringDecodedEnd..<end])
      piece.append(.quote)
      let decoded: JSON
      do { decoded = try JSON(parsing: piece) } catch {
        let failure = text.withUnsafeBytes {
          JSONParseError(error.kind, error.message, at: stringDecodedEnd - 1 + error.byteOffset, in: $0)
        }
        builder.failure = failure
        throw failure
      }
      builder.unshare()
      if case .string(let more) = decoded { string += more }
      stringDecodedEnd = end
    }
    return .string(string)
  }

  /// The end of the whole characters and escapes of a string's body from `start` on: before an escape or UTF-8
  /// sequence that the text cuts short (a `\u` high surrogate waits for its pair).
  static func wholeCharactersEnd(in text: UnsafeRawBufferPointer, from start: Int) -> Int {
    var i = start
    let n = text.count
    while i < n {
      let b = text[i]
      var length = 1
      if b == .backslash {
        guard i + 1 < n else { return i }
        length = 2
        if text[i + 1] == UInt8(ascii: "u") {
          guard i + 6 <= n else { return i }
          var unit: UInt32 = 0
          for k in 2..<6 { unit = unit << 4 | UInt32(text[i + k].hexValue ?? 0) }
          length = 6
          if unit & 0xFC00 == 0xD800, i + 6 < n, text[i + 6] == .backslash {
            guard i + 12 <= n else { return i }
            length = 12
          } else if unit & 0xFC00 == 0xD800, i + 6 == n {
            return i  // the pair's second half may follow
          }
        }
      } else if b >= 0xC0 {
        length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
        guard i + length <= n else { return i }
      }
      i += length
    }
    return n
  }
}
