/// What scanning produced: the tape and, for rewritten text (JSON5, trailing commas), the strict text its offsets
/// refer to and the map back to the user's text. Owners of the input (`JSONDocument`) keep it; the input itself is
/// not copied.
struct Scan: @unchecked Sendable {  // Immutable; its pointers refer to memory its owner keeps unchanged.
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
    if options.assumesTopLevelObject,
      let (wrapped, wrap) = TopLevelObject.wrapped(input, allowsJSON5: options.allowsJSON5)
    {
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
    return try withNormalizedText(normalized, offsets: offsets, input: input, body)
  }

  /// JSON5 text, scanned as its normalized copy. Apart, so that strict text's path holds no `Result` of `R`: in
  /// unspecialized code, that costs a runtime metadata lookup per call even where unused.
  @inline(never)
  private func withNormalizedText<R>(
    _ normalized: [UInt8], offsets: JSON5.OffsetMap, input: UnsafeRawBufferPointer,
    _ body: (ScannedText) throws(JSONParseError) -> R
  ) throws(JSONParseError) -> R {
    let result: Result<R, JSONParseError> = normalized.withUnsafeBytes { source in
      Result { () throws(JSONParseError) -> R in
        try body(ScannedText(tape: tape, source: source, input: input, offsets: offsets))
      }
    }
    return try result.get()
  }
}
