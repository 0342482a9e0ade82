/// What one per-line function makes of each non-blank line of an input: on the calling thread as each line is
/// reached, or, with ``JSONLines/jobs`` above 1, on the parallel reader. The one loop that `JSONLines.Iterator`,
/// `DecodedJSONLines.Iterator` and `JSONLines.validate` share, so they split, skip, order and report lines alike.
struct LineOutcomes<Output: NumberedLineOutput> {
  private let policy: JSONLines.ErrorPolicy
  /// The input's one splitter, or `nil` when opening it failed (`openError`).
  private let splitter: LineSplitter?
  private let openError: JSONLinesError?
  private let transform: LineTransform<Output>
  /// With ``JSONLines/jobs`` above 1, the reader the lines come from (it starts its threads on its first batch).
  private let parallel: ParallelLineReader<Output>?

  /// - Parameters:
  ///   - lines: The sequence.
  ///   - parsing: The grammar the lines are parsed with, which decides when a line's start proves it invalid.
  ///   - transform: What is made of each line's bytes, number and offset.
  init(_ lines: JSONLines, parsing: JSON.ParsingOptions, _ transform: LineTransform<Output>) {
    policy = lines.errorPolicy
    self.transform = transform
    do {
      let source = try lines.makeSource()
      let provesInvalid = { ScanPipeline.provesInvalid(prefix: $0, options: parsing) }
      let largestPart = ParallelLineReader<Output>.largestPart(chunkSize: lines.chunkSize)
      openError = nil
      let jobs = lines.effectiveJobs
      if jobs > 1, let shared = source.shared(minimumSize: largestPart) {
        splitter = nil
        parallel = ParallelLineReader(
          shared: shared, largestPart: largestPart, maximumLineLength: lines.maximumLineLength,
          provesInvalid: provesInvalid, jobs: jobs, transform: transform)
      } else {
        let splitter = LineSplitter(
          source: source, chunkSize: lines.chunkSize, maximumLineLength: lines.maximumLineLength,
          provesInvalid: provesInvalid)
        self.splitter = splitter
        parallel = jobs > 1 ? ParallelLineReader(splitter: splitter, jobs: jobs, transform: transform) : nil
      }
    } catch {
      splitter = nil
      openError = error
      parallel = nil
    }
  }

  /// The next non-blank line's outcome, in input order; `nil` at the end.
  /// - Throws: The input's open or read error, after every line before it.
  func next() throws(JSONLinesError) -> Result<Output, JSONLinesError>? {
    if let parallel { return try parallel.next() }
    if let openError { throw openError }
    guard let splitter else { return nil }
    return try splitter.nextOutcome(transform)
  }

  /// The next line's output under ``JSONLines/errorPolicy``: a bad line is thrown
  /// (``JSONLines/ErrorPolicy/stop``) or handed to `skip` and passed over (``JSONLines/ErrorPolicy/skip``).
  func nextOutput(skipping skip: (JSONLinesError) -> Void) throws(JSONLinesError) -> Output? {
    while let outcome = try next() {
      // Consumed: a switch over a borrowed outcome copies the value out (a retain of its every reference, in
      // generic code that is not specialized), and then destroys the outcome.
      switch consume outcome {
      case .success(let output): return output
      case .failure(let error):
        if policy == .stop { throw error }
        skip(error)
      }
    }
    return nil
  }
}

extension LineSplitter {
  /// The next non-blank line's outcome (a line over the limit fails), or `nil` at the end: what the serial
  /// iterators and each part of the parallel reader make of their lines.
  @inline(__always)
  func nextOutcome<Output>(_ transform: LineTransform<Output>) throws(JSONLinesError) -> Result<Output, JSONLinesError>?
  {
    try nextLine { (piece, number) -> Result<Output, JSONLinesError> in
      switch piece {
      case .tooLong(let error): return .failure(error)
      case .line(let bytes): return transform.run(bytes, number, lineStart)
      }
    }
  }
}
