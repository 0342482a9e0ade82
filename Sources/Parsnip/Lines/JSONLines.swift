import Foundation

/// A stream of JSON values, one per line (JSON Lines, NDJSON), read in bounded memory.
///
/// The input is read in chunks (4 MiB by default), so a file of any size is processed in memory proportional to
/// the chunk and the longest line. Blank lines are skipped. A line that is not valid JSON either stops the
/// iteration with a ``JSONLinesError`` naming its line number (``ErrorPolicy/stop``, the default) or is skipped
/// and recorded (``ErrorPolicy/skip``).
///
/// ```swift
/// let lines = JSONLines(bytes: Array("{\"a\":1}\n{\"a\":2}\n".utf8))
/// var iterator = lines.makeIterator()
/// while let line = try iterator.next() {
///   print(line.number, line.value["a"])   // → 1 1, then 2 2
/// }
/// ```
public struct JSONLines: Sendable {
  /// What to do with a line that is not valid JSON.
  public enum ErrorPolicy: Sendable {
    /// Throw the error from `next()` (the default).
    case stop
    /// Skip the line and record the error in the iterator's ``Iterator/skipped``.
    case skip
  }

  /// One value and the line it came from.
  public struct Line: Sendable {
    /// The one-based line number.
    public var number: Int
    /// The value on that line.
    public var value: JSON
  }

  let makeSource: @Sendable () throws(JSONLinesError) -> ByteSource
  /// Grammar and limits for each line. Default: strict RFC 8259.
  public var options: JSON.ParsingOptions
  /// Bad-line handling. Default ``ErrorPolicy/stop``.
  public var errorPolicy: ErrorPolicy
  /// Bytes read at a time. Default 4 MiB; any value is accepted and used within 4 KiB ... 1 GiB (a buffer of
  /// `.max` bytes cannot be allocated, and one below a page only adds reads).
  public var chunkSize: Int = 4 << 20
  /// The longest line read whole. Default 1 GiB: a longer line is a ``JSONLinesError`` (stopping, or skipped
  /// under ``ErrorPolicy/skip``) and its bytes are read and dropped, so memory stays bounded on endless or
  /// newline-less input. A line whose start is already invalid JSON (`/dev/zero`) fails before it is read on.
  public var maximumLineLength: Int = 1 << 30
  /// The threads that parse lines. Default 1: each line is parsed by `next()` on the calling thread, as it is
  /// reached. With more, the calling thread reads and splits the input, and it and `jobs - 1` worker threads parse
  /// batches of lines (about 1 MiB each) while it reads on; values, line numbers, errors and ``Iterator/skipped``
  /// come out exactly as with 1, in input order. Memory stays bounded: at most `2 × jobs + 5` batches of lines (up to 2 MiB
  /// each) and their values on top of the chunk (a line of 1 MiB or more is parsed in place by the calling thread,
  /// not copied). Input that arrives slowly through a pipe is handed out as it is parsed, not held back for a full
  /// batch.
  ///
  /// It applies to ``makeIterator()``, ``forEach(_:)``, ``validate(_:)`` and ``decoded(as:using:)``; `ProcessInfo`'s
  /// `activeProcessorCount` uses every core. Values below 1 mean 1. With more than one, a `Decodable` type's
  /// `init(from:)` runs on several threads at once (each value on one): it must not touch shared mutable state, and
  /// its conformance must not be isolated to an actor (`@MainActor`), which the compiler cannot check here.
  public var jobs: Int = 1

  /// Reads a file.
  /// - Parameters:
  ///   - url: A file URL; the file is opened when iteration starts.
  ///   - options: Grammar and limits for each line.
  ///   - errorPolicy: Bad-line handling.
  public init(contentsOf url: URL, options: JSON.ParsingOptions = .default, errorPolicy: ErrorPolicy = .stop) {
    makeSource = { () throws(JSONLinesError) in try ByteSource.file(url) }
    self.options = options
    self.errorPolicy = errorPolicy
  }

  /// Reads an open file descriptor (for example `FileHandle.standardInput.fileDescriptor`), without closing it.
  /// - Parameters:
  ///   - fileDescriptor: A readable descriptor.
  ///   - options: Grammar and limits for each line.
  ///   - errorPolicy: Bad-line handling.
  public init(fileDescriptor: Int32, options: JSON.ParsingOptions = .default, errorPolicy: ErrorPolicy = .stop) {
    makeSource = { .descriptor(fileDescriptor, owned: false) }
    self.options = options
    self.errorPolicy = errorPolicy
  }

  /// Reads bytes already in memory.
  /// - Parameters:
  ///   - bytes: JSON Lines text.
  ///   - options: Grammar and limits for each line.
  ///   - errorPolicy: Bad-line handling.
  public init(bytes: [UInt8], options: JSON.ParsingOptions = .default, errorPolicy: ErrorPolicy = .stop) {
    makeSource = { .memory(bytes) }
    self.options = options
    self.errorPolicy = errorPolicy
  }

  /// Reads any sequence of bytes, pulling from it lazily.
  /// - Parameters:
  ///   - sequence: A byte sequence; it is iterated once per iteration of the lines.
  ///   - options: Grammar and limits for each line.
  ///   - errorPolicy: Bad-line handling.
  public init<S: Sequence & Sendable>(
    byteSequence sequence: S, options: JSON.ParsingOptions = .default, errorPolicy: ErrorPolicy = .stop
  ) where S.Element == UInt8 {
    makeSource = {
      var iterator = sequence.makeIterator()
      return .sequence { iterator.next() }
    }
    self.options = options
    self.errorPolicy = errorPolicy
  }

  /// Starts reading.
  /// - Returns: An iterator whose `next()` throws.
  public func makeIterator() -> Iterator { Iterator(lines: self) }

  /// Reads every line, handing each value to `body` in order.
  /// - Parameter body: Called once per line.
  /// - Throws: The first bad line's ``JSONLinesError`` (with ``ErrorPolicy/stop``), a read error, or what `body`
  ///   throws.
  public func forEach(_ body: (Line) throws -> Void) throws {
    var iterator = makeIterator()
    while let line = try iterator.next() { try body(line) }
  }

  /// Pulls lines one at a time.
  public struct Iterator {
    let lines: JSONLines
    var splitter: LineSplitter?
    var openError: JSONLinesError?
    /// With ``JSONLines/jobs`` above 1, the reader ``next()`` takes lines from.
    private var parallelLines: ParallelLineReader<Line>?
    /// The bad lines skipped so far under ``ErrorPolicy/skip``, in order.
    public private(set) var skipped: [JSONLinesError] = []

    /// - Parameters:
    ///   - lines: The sequence.
    ///   - parsing: The grammar the lines are parsed with, which decides when a line's start proves it invalid.
    init(lines: JSONLines, parsing: JSON.ParsingOptions? = nil) {
      self.lines = lines
      let options = parsing ?? lines.options
      do {
        splitter = LineSplitter(
          source: try lines.makeSource(), chunkSize: lines.chunkSize, maximumLineLength: lines.maximumLineLength,
          provesInvalid: { ScanPipeline.provesInvalid(prefix: $0, options: options) })
      } catch {
        openError = error
      }
    }

    /// The error for a line over ``JSONLines/maximumLineLength``.
    func tooLong(line number: Int, length: Int, in splitter: LineSplitter) -> JSONLinesError {
      lines.tooLong(line: number, length: length, lineStart: splitter.lineStart)
    }

    /// A reader that parses lines with `transform` on ``JSONLines/jobs`` threads, or `nil` for 1 job (and when the
    /// input could not be opened: `next()` throws that). Made once per iteration, on its first line.
    func parallel<Output>(_ transform: LineTransform<Output>) -> ParallelLineReader<Output>? {
      guard lines.jobs > 1, let splitter else { return nil }
      let lines = self.lines
      return ParallelLineReader(
        splitter: splitter, jobs: lines.jobs,
        tooLong: { lines.tooLong(line: $0, length: $1, lineStart: $2) }, transform: transform)
    }

    /// The next value, or `nil` at the end of the input.
    /// - Returns: The value and its line number.
    /// - Throws: ``JSONLinesError`` for a bad line (with ``ErrorPolicy/stop``) or when the input can't be read.
    public mutating func next() throws(JSONLinesError) -> Line? {
      if let openError { throw openError }
      guard let splitter else { return nil }
      let options = lines.options
      if lines.jobs > 1 { return try nextInParallel(options: options) }
      while true {
        let result = try splitter.nextLine { (piece, number) throws(JSONLinesError) -> Result<Line, JSONLinesError>? in
          guard case .line(let bytes) = piece else {
            guard case .tooLong(let length) = piece else { return nil }
            return .failure(tooLong(line: number, length: length, in: splitter))
          }
          if bytes.allSatisfy(\.isJSONWhitespace) { return nil }
          return JSONLines.parse(bytes, number: number, lineStart: splitter.lineStart, options: options)
        }
        guard let outcome = result else { return nil }
        switch outcome {
        case nil: continue  // blank line
        case .success(let line)?: return line
        case .failure(let error)?:
          if lines.errorPolicy == .stop { throw error }
          skipped.append(error)
        }
      }
    }

    /// ``next()`` with ``JSONLines/jobs`` above 1: the same lines, parsed by the parallel reader.
    private mutating func nextInParallel(options: JSON.ParsingOptions) throws(JSONLinesError) -> Line? {
      if parallelLines == nil {
        parallelLines = parallel(LineTransform({ JSONLines.parse($0, number: $1, lineStart: $2, options: options) }))
      }
      while let outcome = try parallelLines!.next() {
        switch outcome {
        case .success(let line): return line
        case .failure(let error):
          if lines.errorPolicy == .stop { throw error }
          skipped.append(error)
        }
      }
      return nil
    }

    /// Calls `body` with the raw bytes of each non-blank line, its number and its offset in the input, for callers
    /// that parse lines themselves.
    mutating func nextRawLine<R>(
      _ body: (Result<UnsafeRawBufferPointer, JSONLinesError>, Int, Int) throws(JSONLinesError) -> R
    ) throws(JSONLinesError) -> R? {
      if let openError { throw openError }
      guard let splitter else { return nil }
      while true {
        let result = try splitter.nextLine { (piece, number) throws(JSONLinesError) -> R? in
          switch piece {
          case .tooLong(let length):
            return try body(.failure(tooLong(line: number, length: length, in: splitter)), number, splitter.lineStart)
          case .line(let bytes):
            if bytes.allSatisfy(\.isJSONWhitespace) { return nil }
            return try body(.success(bytes), number, splitter.lineStart)
          }
        }
        guard let outcome = result else { return nil }
        if let value = outcome { return value }
      }
    }
  }
}

extension JSONLines {
  /// Checks that every line is valid JSON without building any value (each line is scanned, as
  /// ``JSONDocument`` scans, and its repeated keys checked under ``JSON/ParsingOptions/DuplicateKeyPolicy/reject``):
  /// what `parsnip validate --lines` does, on ``jobs`` threads.
  ///
  /// ```swift
  /// var lines = JSONLines(bytes: Array("{\"a\":1}\n[1,]\n".utf8), errorPolicy: .skip)
  /// lines.jobs = ProcessInfo.processInfo.activeProcessorCount
  /// let valid = try lines.validate { print($0) }   // → 2:4: expected a value, found ']'
  /// // valid == 1
  /// ```
  /// - Parameter invalidLine: Called on the calling thread with each bad line's error, in input order, under
  ///   ``ErrorPolicy/skip``; with ``ErrorPolicy/stop`` the first is thrown instead.
  /// - Returns: The number of valid lines (blank lines are not counted).
  /// - Throws: The first bad line's ``JSONLinesError`` (with ``ErrorPolicy/stop``) or a read error, after the bad
  ///   lines before it were handed to `invalidLine`.
  @discardableResult
  public func validate(_ invalidLine: (JSONLinesError) -> Void = { _ in }) throws(JSONLinesError) -> Int {
    var iterator = makeIterator()
    let options = self.options
    var valid = 0
    func handle(_ outcome: Result<Void, JSONLinesError>) throws(JSONLinesError) {
      switch outcome {
      case .success: valid += 1
      case .failure(let error):
        if errorPolicy == .stop { throw error }
        invalidLine(error)
      }
    }
    let check = LineTransform({ JSONLines.check($0, number: $1, lineStart: $2, options: options) })
    if let parallel = iterator.parallel(check) {
      while let outcome = try parallel.next() { try handle(outcome) }
      return valid
    }
    while let outcome = try iterator.nextRawLine({ (piece, number, lineStart) -> Result<Void, JSONLinesError> in
      piece.flatMap { JSONLines.check($0, number: number, lineStart: lineStart, options: options) }
    }) {
      try handle(outcome)
    }
    return valid
  }

  /// Parses one line into a value: the one function the serial and parallel iterators share.
  @inline(__always)
  static func parse(
    _ bytes: UnsafeRawBufferPointer, number: Int, lineStart: Int, options: JSON.ParsingOptions
  ) -> Result<Line, JSONLinesError> {
    do throws(JSONParseError) {
      return .success(Line(number: number, value: try JSON(parsing: bytes, options: options)))
    } catch {
      return .failure(JSONLinesError(line: number, lineStart: lineStart, parseError: error, message: error.message))
    }
  }

  /// Checks one line without building its value: the scan pipeline and the duplicate-key check `JSONDocument`
  /// makes, which find the same first error `JSON(parsing:)` does.
  static func check(
    _ bytes: UnsafeRawBufferPointer, number: Int, lineStart: Int, options: JSON.ParsingOptions
  ) -> Result<Void, JSONLinesError> {
    do throws(JSONParseError) {
      try ScanPipeline.withScan(bytes, options: options) { (text) throws(JSONParseError) in
        if options.duplicateKeys == .reject, let key = text.firstRepeatedKey() { throw text.duplicateKeyError(at: key) }
      }
      return .success(())
    } catch {
      return .failure(JSONLinesError(line: number, lineStart: lineStart, parseError: error, message: error.message))
    }
  }

  /// The error for a line over ``maximumLineLength``.
  func tooLong(line number: Int, length: Int, lineStart: Int) -> JSONLinesError {
    JSONLinesError(
      line: number, lineStart: lineStart, parseError: nil,
      message: "line longer than the maximum line length (\(length) bytes or more, the limit is \(maximumLineLength))")
  }
}

extension JSONLines: AsyncSequence {
  /// The element type: one value and its line number.
  public typealias Element = Line
  /// The error type.
  public typealias Failure = JSONLinesError

  /// The asynchronous iterator.
  public typealias AsyncIterator = JSONLinesAsyncIterator<Line>

  /// Starts reading asynchronously.
  /// - Returns: An iterator that reads each chunk when needed.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(makeIterator()) { (iterator: inout Iterator) throws(JSONLinesError) in try iterator.next() }
  }
}
