/// The one way text becomes a tape, for every reader (the tree, `JSONDocument`, `ParsnipDecoder`, JSON Lines, the
/// model layer): JSON5 text is normalized to strict text first, then the strict scanner indexes it.
package enum ScanPipeline {
  /// The longest text scanned, in bytes (4 GiB): tape offsets are 32 bits.
  package static let maximumInputSize = Int(UInt32.max)

  /// Scans `input` and calls `body` with the result, which is valid only during the call.
  static func withScan<R>(
    _ input: UnsafeRawBufferPointer, options: JSON.ParsingOptions,
    _ body: (ScannedText) throws(JSONParseError) -> R
  ) throws(JSONParseError) -> R {
    let scan = try Scan(input, options: options)
    return try scan.withText(input: input, body)
  }

  /// Whether `prefix`, the start of a longer strict JSON text, already proves the whole text invalid: readers of
  /// files stop reading there (an input invalid at byte 1 fails before gigabytes are read).
  ///
  /// The strict scanner reports an error where it finds it and looks at most a few bytes ahead (a UTF-8 sequence,
  /// a surrogate pair's second escape), so an error well before the end of the prefix, other than running out of
  /// input, is an error of the whole text. JSON5 text is judged by its normalizer (`JSON5.normalize`), which also
  /// looks only a few bytes ahead and reports running out of input (an unterminated comment or string, reported at
  /// its start) as `unexpectedEndOfInput`, which never counts: endless `/dev/zero` with `--json5` stops at once.
  /// Text with the other leniencies (trailing commas alone, a top-level object assumed) is not judged.
  ///
  /// With `atStart`, only an error where the text's first value would begin counts (a byte that cannot start any
  /// JSON value): what a reader that skips text unvalidated (on demand) would also meet first.
  package static func provesInvalid(
    prefix: UnsafeRawBufferPointer, options: JSON.ParsingOptions, atStart: Bool = false
  ) -> Bool {
    guard options.allowsJSON5 || !options.allowsTrailingCommas, !options.assumesTopLevelObject else { return false }
    do throws(JSONParseError) {
      if options.allowsJSON5 {
        _ = try JSON5.normalize(prefix, maximumDepth: options.maximumDepth)
      } else {
        _ = try Scanner(input: prefix, maxDepth: options.maximumDepth).scanDocument()
      }
      return false
    } catch {
      guard error.kind != .unexpectedEndOfInput, error.kind != .inputTooLarge, error.byteOffset + 64 < prefix.count
      else { return false }
      guard atStart else { return true }
      var first = Scanner.byteOrderMarkLength(prefix)
      while first < prefix.count, prefix[first].isJSONWhitespace { first += 1 }
      return error.byteOffset == first
    }
  }
}
