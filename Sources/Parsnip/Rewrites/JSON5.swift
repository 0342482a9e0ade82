/// JSON5 input support (https://spec.json5.org, version 1.0.0): rewrites JSON5 text into strict JSON text, so the
/// strict scanner, and everything that reads its tape, handles JSON5 without a mode flag in its hot loop.
///
/// The rewrite validates the whole JSON5 grammar itself, so every error names a position in the original input:
/// - comments (`//` to the end of the line, `/* ... */`) and JSON5 white space (TAB, LF, VT, FF, CR, SP, U+00A0,
///   U+2028, U+2029, U+FEFF and the other Unicode space separators) are dropped;
/// - trailing commas after the last array element or object member are dropped;
/// - single-quoted strings become double-quoted; `\'`, `\v`, `\0`, `\xHH`, line continuations (a backslash before a
///   line break) and escaped characters that stand for themselves (`\a` is `a`) become strict JSON; raw control
///   characters other than line breaks, which JSON5 allows in strings, are escaped;
/// - unquoted keys (ECMAScript 5.1 IdentifierName: Unicode letters, `$`, `_`, digits, combining marks, connector
///   punctuation, ZWNJ, ZWJ and `\uHHHH` escapes of those) become quoted strings;
/// - hexadecimal integers (`0x1F`, of any length up to ``maximumHexadecimalDigits`` significant digits) become exact
///   decimal integers, `.5` becomes `0.5`, `5.` becomes `5.0`, and a leading `+` is dropped;
/// - `Infinity`, `-Infinity` and `NaN` (with an optional sign; the sign of `NaN` is dropped) stay as they are: the
///   scanner accepts them only in normalized text and tapes them as number nodes flagged `Tape.Flag.json5`, which
///   become `Double.infinity`, `-Double.infinity` and `Double.nan`, as Foundation's JSON5 support does.
///
/// Escapes that denote a lone UTF-16 surrogate (`\uD800` not followed by a low surrogate) are rejected, as in strict
/// mode, because a Swift `String` cannot hold them.
enum JSON5 {
  /// The longest hexadecimal integer accepted, in significant digits (4096 bits): converting it to decimal costs
  /// time quadratic in its length, so an unbounded literal would let a small input take minutes.
  static let maximumHexadecimalDigits = 1024

  /// Returns strict JSON text equivalent to the JSON5 `input`.
  ///
  /// - Parameters:
  ///   - input: UTF-8 JSON5 text.
  ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
  /// - Returns: Strict JSON text, except for the `Infinity`, `-Infinity` and `NaN` literals.
  /// - Throws: `JSONParseError` with positions in `input`.
  static func normalize(_ input: UnsafeRawBufferPointer, maximumDepth: Int) throws(JSONParseError) -> [UInt8] {
    try normalizeKeepingOffsets(input, maximumDepth: maximumDepth).text
  }

  /// Like ``normalize(_:maximumDepth:)``, and also returns where each token of the output came from, so that errors
  /// found later in the output (a duplicate key, say) can be reported at their place in `input`.
  static func normalizeKeepingOffsets(
    _ input: UnsafeRawBufferPointer, maximumDepth: Int
  ) throws(JSONParseError) -> (text: [UInt8], offsets: OffsetMap) {
    guard input.count <= ScanPipeline.maximumInputSize else {
      throw JSONParseError(.inputTooLarge, "input larger than 4 GiB", at: 0, in: input)
    }
    var normalizer = JSON5Normalizer(input: input, maximumDepth: maximumDepth)
    try normalizer.normalizeDocument()
    return (normalizer.output, OffsetMap(marks: normalizer.marks))
  }

  /// Output offset → input offset, recorded at the start of every value and key (JSON5), or after every byte
  /// that was dropped (`isLinear`, for text that was only shortened: trailing commas).
  struct OffsetMap {
    /// `outputOffset << 32 | inputOffset`, in increasing order of both.
    var marks: [UInt64]
    /// Whether the text between marks was copied unchanged, so that offsets inside a token map exactly.
    var isLinear = false

    /// The input offset of the token that contains `outputOffset` (of the byte itself when `isLinear`).
    func inputOffset(of outputOffset: Int) -> Int {
      // The last mark at or before `outputOffset`.
      var low = 0
      var high = marks.count
      while low < high {
        let mid = (low + high) / 2
        if Int(marks[mid] >> 32) <= outputOffset { low = mid + 1 } else { high = mid }
      }
      guard isLinear else { return low == 0 ? 0 : Int(marks[low - 1] & 0xFFFF_FFFF) }
      guard low > 0 else { return outputOffset }
      return Int(marks[low - 1] & 0xFFFF_FFFF) + outputOffset - Int(marks[low - 1] >> 32)
    }

    /// `error`, found in the normalized text, moved to its place in `input`.
    func originalError(_ error: JSONParseError, in input: UnsafeRawBufferPointer) -> JSONParseError {
      JSONParseError(error.kind, error.message, at: inputOffset(of: error.byteOffset), in: input)
    }
  }
}
