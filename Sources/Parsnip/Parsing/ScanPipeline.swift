/// The one way text becomes a tape, for every reader (the tree, `JSONDocument`, `ParsnipDecoder`, JSON Lines, the
/// model layer): JSON5 text is normalized to strict text first, then the strict scanner indexes it.
package enum ScanPipeline {
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
  /// input, is an error of the whole text. JSON5 text is not judged: an unterminated comment is reported at its start.
  ///
  /// With `atStart`, only an error where the text's first value would begin counts (a byte that cannot start any
  /// JSON value): what a reader that skips text unvalidated (on demand) would also meet first.
  package static func provesInvalid(
    prefix: UnsafeRawBufferPointer, options: JSON.ParsingOptions, atStart: Bool = false
  ) -> Bool {
    guard !options.allowsJSON5, !options.allowsTrailingCommas, !options.assumesTopLevelObject else { return false }
    do {
      _ = try Scanner(input: prefix, maxDepth: options.maximumDepth).scanDocument()
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

/// What scanning produced: the tape and, for rewritten text (JSON5, trailing commas), the strict text its offsets
/// refer to and the map back to the user's text. Owners of the input (`JSONDocument`) keep it; the input itself is
/// not copied.
struct Scan: @unchecked Sendable {
  let tape: Tape
  /// Rewritten text only: the strict text the tape refers to.
  let normalized: [UInt8]?
  /// Rewritten text only: where each token of `normalized` came from in the input.
  let offsets: JSON5.OffsetMap?

  /// Scans `input` (validating all of it).
  init(_ input: UnsafeRawBufferPointer, options: JSON.ParsingOptions) throws(JSONParseError) {
    do { try self.init(scanning: input, options: options) } catch {
      // Text in another Unicode encoding fails in its first bytes; say what it looks like.
      guard error.byteOffset < 4, let encoding = TextEncoding.plausibleOtherEncoding(of: input) else { throw error }
      var hinted = error
      hinted.message += " (the text looks like \(encoding); JSON text is read as UTF-8)"
      throw hinted
    }
  }

  private init(scanning input: UnsafeRawBufferPointer, options: JSON.ParsingOptions) throws(JSONParseError) {
    if options.assumesTopLevelObject, let (wrapped, wrap) = TopLevelObject.wrapped(input, allowsJSON5: options.allowsJSON5) {
      // The braced text is scanned as if the user had written it; every offset then points back into `input`.
      var inner = options
      inner.assumesTopLevelObject = false
      let scanned: Result<Scan, JSONParseError> = wrapped.withUnsafeBytes { text in
        Result { () throws(JSONParseError) -> Scan in try Scan(scanning: text, options: inner) }
      }
      let scan = try scanned.mapError { wrap.originalError($0, in: input) }.get()
      tape = scan.tape
      normalized = scan.normalized ?? wrapped
      offsets = scan.offsets.map { TopLevelObject.composing($0, after: wrap) } ?? wrap
      return
    }
    let rewritten: (text: [UInt8], offsets: JSON5.OffsetMap)?
    if options.allowsJSON5 {
      rewritten = try JSON5.normalizeKeepingOffsets(
        input, maximumDepth: Swift.min(options.maximumDepth, JSON.maximumSupportedDepth))
    } else if options.allowsTrailingCommas {
      rewritten = TrailingCommas.removed(from: input)
    } else {
      rewritten = nil
    }
    guard let rewritten else {
      tape = try Scanner(input: input, maxDepth: options.maximumDepth).scanDocument()
      normalized = nil
      offsets = nil
      return
    }
    let (text, offsets) = rewritten
    let scanned: Result<Tape, JSONParseError> = text.withUnsafeBytes { source in
      Result { () throws(JSONParseError) -> Tape in
        var scanner = Scanner(input: source, maxDepth: options.maximumDepth)
        scanner.allowsNonFiniteLiterals = options.allowsJSON5
        return try scanner.scanDocument()
      }
    }
    tape = try scanned.mapError { offsets.originalError($0, in: input) }.get()
    normalized = text
    self.offsets = offsets
  }

  /// Calls `body` with the scanned text over `input`, the buffer that was scanned.
  func withText<R>(
    input: UnsafeRawBufferPointer, _ body: (ScannedText) throws(JSONParseError) -> R
  ) throws(JSONParseError) -> R {
    guard let normalized, let offsets else {
      return try body(ScannedText(tape: tape, source: input, input: input, offsets: nil))
    }
    let result: Result<R, JSONParseError> = normalized.withUnsafeBytes { source in
      Result { () throws(JSONParseError) -> R in
        try body(ScannedText(tape: tape, source: source, input: input, offsets: offsets))
      }
    }
    return try result.get()
  }
}

/// A tape with the bytes its offsets refer to and the way back to the user's text, which every position that
/// Parsnip reports points into.
struct ScannedText {
  /// Text that is its own source (strict JSON).
  init(tape: Tape, source: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer? = nil, offsets: JSON5.OffsetMap? = nil) {
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

  /// The key node of the first repeated key, in text order, or `nil` (see ``DuplicateKeyFinder``).
  func firstRepeatedKey() -> Int? {
    var finder = DuplicateKeyFinder()
    return finder.firstRepeatedKey(in: tape, base: Self.base(of: source))
  }

  /// The error for the repeated key at node `key`.
  func duplicateKeyError(at key: Int) -> JSONParseError {
    let name = StringDecoding.string(
      Self.base(of: source), from: tape.offset(key), count: tape.aux(key), flags: tape.flags(key))
    return JSONParseError(
      .duplicateKey, "duplicate key \(Excerpt.quoted(name)) in object", at: SourceLocation(byteOffset: inputOffset(ofNode: key), in: input))
  }

  static func base(of buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8> {
    buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
  }
}
