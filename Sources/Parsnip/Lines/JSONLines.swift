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
  /// reached. With more, the calling thread and `jobs - 1` worker threads parse batches of lines (up to about 1 MiB
  /// and 16 384 lines each); values, line numbers, errors and ``Iterator/skipped`` come out exactly as with 1, in
  /// input order. A regular file or bytes in memory are split into parts that each thread reads (`pread(2)`, which
  /// leaves a descriptor's offset where it was) and splits itself; any other input is read and split by the calling
  /// thread, which copies batches of lines out for the workers, and input that arrives slowly through a pipe is
  /// handed out as it is parsed, not held back for a full batch. Memory stays bounded: at most `2 × jobs + 5`
  /// batches and their values (and the values of as many batches again already handed out, which the thread that
  /// made them frees: values freed on another thread than the one that allocated them slow glibc's allocator), a
  /// buffer of a little over 1 MiB per thread (or the chunk and up to 2 MiB of copied text per batch), and a longer
  /// line in a thread's buffer while it is parsed.
  ///
  /// It applies to ``makeIterator()``, ``forEach(_:)``, ``validate(_:)`` and ``decoded(as:using:)``; `ProcessInfo`'s
  /// `activeProcessorCount` uses every core. Values below 1 mean 1, and values above ``maximumJobs`` (256) mean
  /// ``maximumJobs``: a thread each, so `Int.max` or a typo of a few digits must not start thousands (the limit
  /// `parsnip --jobs` accepts). With more than one, a `Decodable` type's
  /// `init(from:)` runs on several threads at once (each value on one): it must not touch shared mutable state, and
  /// its conformance must not be isolated to an actor (`@MainActor`), which the compiler cannot check here.
  public var jobs: Int = 1

  /// The most threads ``jobs`` starts: 256. A larger value is used as this one.
  public static let maximumJobs = 256

  /// ``jobs`` within 1 ... ``maximumJobs``: the threads actually used.
  var effectiveJobs: Int { Swift.min(Swift.max(jobs, 1), Self.maximumJobs) }

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

  /// Reads an open file descriptor (for example `FileHandle.standardInput.fileDescriptor`) from its current
  /// offset, without closing it. Byte offsets in errors count from that offset. With ``jobs`` above 1 a regular
  /// file is read at offsets, and the descriptor's offset is not moved.
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
    private let outcomes: LineOutcomes<Line>
    /// The bad lines skipped so far under ``ErrorPolicy/skip``, in order.
    public private(set) var skipped: [JSONLinesError] = []

    init(lines: JSONLines) {
      let options = lines.options
      outcomes = LineOutcomes(
        lines, parsing: options, LineTransform({ JSONLines.parse($0, number: $1, lineStart: $2, options: options) }))
    }

    /// The next value, or `nil` at the end of the input.
    /// - Returns: The value and its line number.
    /// - Throws: ``JSONLinesError`` for a bad line (with ``ErrorPolicy/stop``) or when the input can't be read.
    public mutating func next() throws(JSONLinesError) -> Line? {
      try outcomes.nextOutput { skipped.append($0) }
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
    let options = self.options
    let outcomes = LineOutcomes(
      self, parsing: options, LineTransform({ JSONLines.check($0, number: $1, lineStart: $2, options: options) }))
    var valid = 0
    while try outcomes.nextOutput(skipping: invalidLine) != nil { valid += 1 }
    return valid
  }

  /// Reads every line, and hands `body` what `transform` made of each valid line's value, in input order.
  ///
  /// `transform` runs on the thread that parsed the line, one of ``jobs``, so the work on each value beyond parsing
  /// it (a query, writing it out) runs on every core as well: `parsnip query --lines` and `format --lines` read
  /// through it.
  /// - Parameters:
  ///   - transform: Called with each valid line's value, on any of the reader's threads.
  ///   - invalidLine: Called on the calling thread with each bad line's error, in input order, under
  ///     ``ErrorPolicy/skip``; with ``ErrorPolicy/stop`` the first is thrown instead.
  ///   - body: Called on the calling thread with each result and its line number, in input order; returns whether
  ///     to read on.
  /// - Throws: The first bad line's ``JSONLinesError`` (with ``ErrorPolicy/stop``) or a read error, after the lines
  ///   before it.
  package func forEach<T: Sendable>(
    transformedBy transform: @escaping @Sendable (JSON) -> T, invalidLine: (JSONLinesError) -> Void,
    _ body: (T, Int) -> Bool
  ) throws(JSONLinesError) {
    let options = self.options
    let outcomes = LineOutcomes(
      self, parsing: options,
      LineTransform({ bytes, number, lineStart in
        JSONLines.parse(bytes, number: number, lineStart: lineStart, options: options).map {
          TransformedLine(number: $0.number, value: transform($0.value))
        }
      }))
    while let line = try outcomes.nextOutput(skipping: invalidLine) {
      if !body(line.value, line.number) { return }
    }
  }

  /// What a transform made of one line's value (see ``forEach(transformedBy:invalidLine:_:)``).
  struct TransformedLine<Value: Sendable>: NumberedLineOutput, Sendable {
    var number: Int
    var value: Value
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

  /// A line found valid: its number.
  struct ValidLine: NumberedLineOutput {
    var number: Int
  }

  /// Checks one line without building its value: the scan pipeline and the duplicate-key check `JSONDocument`
  /// makes, which find the same first error `JSON(parsing:)` does.
  static func check(
    _ bytes: UnsafeRawBufferPointer, number: Int, lineStart: Int, options: JSON.ParsingOptions
  ) -> Result<ValidLine, JSONLinesError> {
    do throws(JSONParseError) {
      try checkValue(bytes, options: options)
      return .success(ValidLine(number: number))
    } catch {
      return .failure(JSONLinesError(line: number, lineStart: lineStart, parseError: error, message: error.message))
    }
  }

  /// The one check of a value without building it (lines and framed streams): the scan, then repeated keys under
  /// ``JSON/ParsingOptions/DuplicateKeyPolicy/reject``.
  static func checkValue(_ bytes: UnsafeRawBufferPointer, options: JSON.ParsingOptions) throws(JSONParseError) {
    try ScanPipeline.withScan(bytes, options: options) { (text) throws(JSONParseError) in
      if options.duplicateKeys == .reject, let key = text.firstRepeatedKey() { throw text.duplicateKeyError(at: key) }
    }
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

extension JSONLines.Line: NumberedLineOutput {}
