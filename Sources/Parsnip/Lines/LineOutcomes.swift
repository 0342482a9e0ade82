/// What one per-line function makes of each non-blank line of an input: on the calling thread as each line is
/// reached, or, with ``JSONLines/jobs`` above 1, on the parallel reader. The one loop that `JSONLines.Iterator`,
/// `DecodedJSONLines.Iterator` and `JSONLines.validate` share, so they split, skip, order and report lines alike.
struct LineOutcomes<Output> {
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
      let splitter = LineSplitter(
        source: try lines.makeSource(), chunkSize: lines.chunkSize, maximumLineLength: lines.maximumLineLength,
        provesInvalid: { ScanPipeline.provesInvalid(prefix: $0, options: parsing) })
      self.splitter = splitter
      openError = nil
      parallel = lines.jobs > 1 ? ParallelLineReader(splitter: splitter, jobs: lines.jobs, transform: transform) : nil
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
    let transform = self.transform
    return try splitter.nextLine { (piece, number) -> Result<Output, JSONLinesError> in
      switch piece {
      case .tooLong(let error): return .failure(error)
      case .line(let bytes):
        return transform.run(bytes, number, splitter.lineStart)
      }
    }
  }

  /// The next line's output under ``JSONLines/errorPolicy``: a bad line is thrown
  /// (``JSONLines/ErrorPolicy/stop``) or handed to `skip` and passed over (``JSONLines/ErrorPolicy/skip``).
  func nextOutput(skipping skip: (JSONLinesError) -> Void) throws(JSONLinesError) -> Output? {
    while let outcome = try next() {
      switch outcome {
      case .success(let output): return output
      case .failure(let error):
        if policy == .stop { throw error }
        skip(error)
      }
    }
    return nil
  }
}
