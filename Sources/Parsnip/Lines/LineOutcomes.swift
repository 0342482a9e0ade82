/// The non-blank lines of one iteration, each with its number and offset: an opened input and its one
/// `LineSplitter` (or the error that opening it met).
struct LineSource {
  let lines: JSONLines
  private let splitter: LineSplitter?
  private let openError: JSONLinesError?

  /// - Parameters:
  ///   - lines: The sequence.
  ///   - parsing: The grammar the lines are parsed with, which decides when a line's start proves it invalid.
  init(lines: JSONLines, parsing: JSON.ParsingOptions) {
    self.lines = lines
    do {
      splitter = LineSplitter(
        source: try lines.makeSource(), chunkSize: lines.chunkSize, maximumLineLength: lines.maximumLineLength,
        provesInvalid: { ScanPipeline.provesInvalid(prefix: $0, options: parsing) })
      openError = nil
    } catch {
      splitter = nil
      openError = error
    }
  }

  /// Calls `body` with each non-blank line's bytes (or its ``JSONLines/maximumLineLength`` error), number and
  /// offset in the input, until it returns a value; `nil` at the end.
  /// - Throws: The open error, a read error, or what `body` throws.
  func next<R>(
    _ body: (Result<UnsafeRawBufferPointer, JSONLinesError>, Int, Int) throws(JSONLinesError) -> R
  ) throws(JSONLinesError) -> R? {
    if let openError { throw openError }
    guard let splitter else { return nil }
    let lines = self.lines
    while true {
      let result = try splitter.nextLine { (piece, number) throws(JSONLinesError) -> R? in
        switch piece {
        case .tooLong(let length):
          return try body(
            .failure(lines.tooLong(line: number, length: length, lineStart: splitter.lineStart)), number,
            splitter.lineStart)
        case .line(let bytes):
          if bytes.allSatisfy(\.isJSONWhitespace) { return nil }
          return try body(.success(bytes), number, splitter.lineStart)
        }
      }
      guard let outcome = result else { return nil }
      if let value = outcome { return value }
    }
  }

  /// A reader that runs `transform` on ``JSONLines/jobs`` threads, or `nil` for 1 job (and when the input could
  /// not be opened: ``next(_:)`` throws that).
  func parallel<Output>(_ transform: LineTransform<Output>) -> ParallelLineReader<Output>? {
    guard lines.jobs > 1, let splitter else { return nil }
    let lines = self.lines
    return ParallelLineReader(
      splitter: splitter, jobs: lines.jobs,
      tooLong: { lines.tooLong(line: $0, length: $1, lineStart: $2) }, transform: transform)
  }
}

/// What one transform makes of each line of a ``LineSource``: on the calling thread as each line is reached, or,
/// with ``JSONLines/jobs`` above 1, by the parallel reader made on the first line. The one loop that
/// `JSONLines.Iterator`, `DecodedJSONLines.Iterator` and `JSONLines.validate` share, so they split, skip, order and
/// report lines alike.
struct LineOutcomes<Output> {
  private let transform: LineTransform<Output>
  private var parallel: ParallelLineReader<Output>?
  private var started = false

  init(_ transform: LineTransform<Output>) {
    self.transform = transform
  }

  /// The next non-blank line's outcome, in input order; `nil` at the end.
  /// - Throws: The input's open or read error, after every line before it.
  mutating func next(from source: LineSource) throws(JSONLinesError) -> Result<Output, JSONLinesError>? {
    if !started {
      started = true
      parallel = source.parallel(transform)
    }
    if let parallel { return try parallel.next() }
    let transform = self.transform
    return try source.next { piece, number, lineStart in piece.flatMap { transform.run($0, number, lineStart) } }
  }

  /// The next line's output under `policy`: a bad line is thrown (``JSONLines/ErrorPolicy/stop``) or appended to
  /// `skipped` (``JSONLines/ErrorPolicy/skip``) and passed over.
  mutating func nextOutput(
    from source: LineSource, policy: JSONLines.ErrorPolicy, skipped: inout [JSONLinesError]
  ) throws(JSONLinesError) -> Output? {
    while let outcome = try next(from: source) {
      switch outcome {
      case .success(let output): return output
      case .failure(let error):
        if policy == .stop { throw error }
        skipped.append(error)
      }
    }
    return nil
  }
}
