import Parsnip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The streams a command works with, and the helpers every command shares: reading inputs, parsing them with
/// compiler-style diagnostics, and writing JSON results.
final class CommandContext {
  /// Standard input.
  let stdin: StandardInput
  /// Standard output: results.
  let stdout: OutputSink
  /// Standard error: diagnostics.
  let stderr: OutputSink
  /// Standard input once read, so naming `-` twice does not find it empty the second time.
  private var standardInputBytes: FileBytes?

  /// Standard input's bytes when an earlier use read them whole, for a later use to read the same.
  var standardInputCopy: [UInt8]? { standardInputBytes?.withUnsafeBytes { Array($0) } }

  /// Creates a context over three streams.
  init(stdin: StandardInput, stdout: OutputSink, stderr: OutputSink) {
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
  }

  // MARK: Inputs

  /// Whether a file argument means standard input (`-` or no file at all).
  static func isStandardInput(_ path: String?) -> Bool { path == nil || path == "-" }

  /// The name diagnostics give an input: the path (decoded with U+FFFD where it is not UTF-8), or `<stdin>`.
  static func displayName(_ path: String?) -> String {
    isStandardInput(path) ? FileBytes.standardInputName : CommandLineArguments.displayName(path!)
  }

  /// Opens a file for reading by the bytes of its name (``CommandLineArguments``).
  /// - Throws: ``InputError`` when it cannot be opened.
  private static func openForReading(_ path: String) throws(InputError) -> Int32 {
    let fd = CommandLineArguments.open(path, flags: O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw InputError(name: displayName(path), reason: SystemCall.errorDescription()) }
    return fd
  }

  /// Writes `text` to the file named by `path` (by the bytes of its name), created or emptied first.
  /// - Returns: `nil` once written, or why it could not be.
  func writeFile(_ path: String, _ text: String) -> String? {
    let fd = CommandLineArguments.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else { return SystemCall.errorDescription() }
    defer { close(fd) }
    let file = OutputSink.file(descriptor: fd)
    file.write(text)
    file.flush()
    return file.failure
  }

  /// Reads the named file, or standard input for `nil` or `-` (files are read, not mapped: see `FileBytes`).
  /// - Parameters:
  ///   - path: The path as the user gave it.
  ///   - options: When the whole input will be parsed with these options, reading stops as soon as what was read
  ///     proves it invalid (checked at 64 KiB, and for pipes each time the input doubles); `nil` reads everything.
  ///   - onDemand: The input is read on demand: reading stops early only when its very first value is invalid.
  /// - Returns: The bytes, named for diagnostics.
  /// - Throws: ``InputError`` when the input cannot be read.
  func input(
    _ path: String?, parsedWith options: JSON.ParsingOptions? = nil, onDemand: Bool = false
  ) throws(InputError) -> FileBytes {
    let stopsEarly: (UnsafeRawBufferPointer) -> Bool = { prefix in
      options.map { ScanPipeline.provesInvalid(prefix: prefix, options: $0, atStart: onDemand) } ?? false
    }
    // Text to be scanned whole cannot be larger than the scanner takes: a larger file is not read (a 4 GiB sparse
    // file used to be read whole before the scanner refused it). On-demand reads have no such limit.
    let maximumSize = options != nil && !onDemand ? ScanPipeline.maximumInputSize : .max
    if let path, path != "-" {
      let fd = try Self.openForReading(path)
      defer { close(fd) }
      do throws(FileReadError) {
        return try FileBytes.read(
          fileDescriptor: fd, name: Self.displayName(path), stopsEarly: stopsEarly, maximumSize: maximumSize)
      } catch {
        throw InputError(error)
      }
    }
    do throws(FileReadError) {
      if let standardInputBytes { return standardInputBytes }
      let bytes: FileBytes
      switch stdin {
      case .fileDescriptor(let fd):
        // Standard input may be named twice: the second use sees the same bytes. They stop early only where they
        // already prove the input invalid, which the first use then reports (endless `/dev/zero` must not be read
        // until memory runs out).
        bytes = try FileBytes.read(
          fileDescriptor: fd, name: FileBytes.standardInputName, stopsEarly: stopsEarly, maximumSize: maximumSize)
      case .bytes(let data):
        bytes = FileBytes(name: FileBytes.standardInputName, bytes: data)
      }
      standardInputBytes = bytes
      return bytes
    } catch {
      throw InputError(error)
    }
  }

  /// Reads an input like ``input(_:parsedWith:)``, reporting one that cannot be read.
  /// - Returns: The bytes, or `nil` after reporting `cannot read 'NAME': REASON`.
  func readInput(_ path: String?, parsedWith options: JSON.ParsingOptions? = nil, onDemand: Bool = false) -> FileBytes?
  {
    do throws(InputError) {
      return try input(path, parsedWith: options, onDemand: onDemand)
    } catch {
      report(error.message)
      return nil
    }
  }

  // MARK: Parsing

  /// Parses a whole input, reporting a failure as `NAME:LINE:COLUMN: error: MESSAGE`.
  /// - Returns: The value, or `nil` after reporting the error.
  func parse(_ input: FileBytes, options: JSON.ParsingOptions) -> JSON? {
    do throws(JSONParseError) {
      return try input.withUnsafeBytes { buffer throws(JSONParseError) in try JSON(parsing: buffer, options: options) }
    } catch {
      report(error, in: input.name)
      return nil
    }
  }

  /// Reads and parses an input, reporting an input that cannot be read or is not JSON.
  /// - Returns: The value.
  /// - Throws: ``LoadFailure`` after reporting the problem.
  func load(_ path: String?, options: JSON.ParsingOptions) throws(LoadFailure) -> JSON {
    guard let bytes = readInput(path, parsedWith: options) else { throw .unreadable }
    guard let json = parse(bytes, options: options) else { throw .invalid }
    return json
  }

  /// Validates an input into a ``JSONDocument`` (the scanner's index, no tree), reporting a failure.
  ///
  /// Cheaper than ``parse(_:options:)`` when the caller needs to know the input is valid but reads little of it;
  /// the document keeps the input's bytes instead of copying them.
  /// - Returns: The document, or `nil` after reporting the error.
  func document(_ input: FileBytes, options: JSON.ParsingOptions) -> JSONDocument? {
    do throws(JSONParseError) {
      return try JSONDocument(owning: input, options: options)
    } catch {
      report(error, in: input.name)
      return nil
    }
  }

  // MARK: JSON Lines

  /// Streams the values of a JSON Lines input (one value per line; blank lines skipped), in bounded memory: a file
  /// or a pipe is read in chunks as the lines are used, so `tail -f log | parsnip query --lines ...` works.
  ///
  /// Invalid lines are reported in order, between the valid ones, as `NAME:LINE:COLUMN: error: MESSAGE`, and
  /// skipped.
  /// - Parameters:
  ///   - path: The file, or `nil`/`-` for standard input.
  ///   - options: Grammar and limits for each line.
  ///   - jobs: The threads that parse lines (``JSONLines/jobs``).
  ///   - transform: What is made of each valid value, on the thread that parsed it (one of the `jobs`): the work
  ///     on each line that can run on every core, such as a query and writing its result out.
  ///   - body: Called on this thread, in input order, with what `transform` made of each valid value and its
  ///     one-based line number.
  ///   - invalidLine: Called with the line number of each invalid line, after its diagnostic.
  /// - Returns: Whether every line was valid, or an ``InputError`` when the input cannot be read.
  func forEachLine<T: Sendable>(
    _ path: String?, options: JSON.ParsingOptions, jobs: Int, transform: @escaping @Sendable (JSON) -> T,
    _ body: (T, Int) -> Void, invalidLine: (Int) -> Void = { _ in }
  ) -> Result<Bool, InputError> {
    let name = Self.displayName(path)
    return withLines(path, options: options, jobs: jobs) { lines in
      var reported = 0
      let interactive = stdout.isTerminal
      do throws(JSONLinesError) {
        // Errors skipped on the way to a line come first, so diagnostics and output keep the input's order.
        try lines.forEach(transformedBy: transform) { error in
          report(error, inLinesOf: name)
          invalidLine(error.line)
          reported += 1
        } _: { result, number in
          // Output that can no longer be written ends the stream (`tail -f` would otherwise run on).
          guard !stdout.failed else { return false }
          body(result, number)
          if interactive { stdout.flush() }
          return !stdout.failed
        }
      } catch {
        return .failure(InputError(name: name, reason: error.message))
      }
      return .success(reported == 0)
    }
  }

  /// A value written out as a line (compact text and a line feed), or why it cannot be: what `--lines` commands make
  /// of each line on the reader's threads, for ``emit(_:)`` to write in order.
  static func lineText(_ json: JSON, options: JSON.WritingOptions) -> Result<[UInt8], JSONWritingError> {
    do throws(JSONWritingError) {
      var text = try json.bytes(options: options)
      text.append(0x0A)
      return .success(text)
    } catch {
      return .failure(error)
    }
  }

  /// Writes a line made by ``lineText(_:options:)`` to standard output, or reports why it could not be made.
  /// - Returns: `true` when written (a failure of standard output is reported once, at the end, as with
  ///   ``emit(_:options:)``), `false` after reporting a value that cannot be written.
  @discardableResult
  func emit(_ line: Result<[UInt8], JSONWritingError>) -> Bool {
    switch line {
    case .success(let text):
      stdout.write(bytes: text)
      return true
    case .failure(let error):
      reportUnwritable(error)
      return false
    }
  }

  /// Reports a result that JSON cannot hold (a non-finite number) or that is nested too deep to write.
  private func reportUnwritable(_ error: JSONWritingError) {
    report("cannot write the result: \(error)")
  }

  /// Checks every line of a JSON Lines input without building values (``JSONLines/validate(_:)``), reporting each
  /// invalid line as ``forEachLine(_:options:jobs:transform:_:invalidLine:)`` does, in order, on `jobs` threads.
  /// - Returns: Whether every line was valid, or an ``InputError`` when the input cannot be read.
  func validateLines(_ path: String?, options: JSON.ParsingOptions, jobs: Int) -> Result<Bool, InputError> {
    let name = Self.displayName(path)
    return withLines(path, options: options, jobs: jobs) { lines in
      var allValid = true
      do throws(JSONLinesError) {
        try lines.validate { error in
          report(error, inLinesOf: name)
          allValid = false
        }
      } catch {
        return .failure(InputError(name: name, reason: error.message))
      }
      return .success(allValid)
    }
  }

  /// Opens a JSON Lines input (invalid lines skipped, for the caller to report) and calls `body` with it; a file
  /// is closed afterwards.
  func withLines(
    _ path: String?, options: JSON.ParsingOptions, jobs: Int,
    _ body: (JSONLines) -> Result<Bool, InputError>
  ) -> Result<Bool, InputError> {
    let name = Self.displayName(path)
    var lines: JSONLines
    var ownedDescriptor: Int32?
    defer { if let ownedDescriptor { close(ownedDescriptor) } }
    if let path, path != "-" {
      let fd: Int32
      do throws(InputError) { fd = try Self.openForReading(path) } catch { return .failure(error) }
      ownedDescriptor = fd
      if let reason = FileBytes.unreadableReason(fileDescriptor: fd) {
        return .failure(InputError(name: name, reason: reason))
      }
      lines = JSONLines(fileDescriptor: fd, options: options, errorPolicy: .skip)
    } else if let standardInputBytes {
      lines = standardInputBytes.withUnsafeBytes { JSONLines(bytes: Array($0), options: options, errorPolicy: .skip) }
    } else {
      switch stdin {
      case .fileDescriptor(let fd):
        if let reason = FileBytes.unreadableReason(fileDescriptor: fd) {
          return .failure(InputError(name: name, reason: reason))
        }
        lines = JSONLines(fileDescriptor: fd, options: options, errorPolicy: .skip)
      case .bytes(let bytes):
        lines = JSONLines(bytes: bytes, options: options, errorPolicy: .skip)
      }
    }
    lines.jobs = jobs
    // The iteration, and every read of the descriptor by the parallel reader's threads, ends inside `body`,
    // before the file is closed.
    return body(lines)
  }

  /// Reports an invalid line: `NAME:LINE:COLUMN: error: MESSAGE` for invalid JSON, `parsnip: error: NAME:LINE:
  /// MESSAGE` otherwise (a line over the length limit).
  func report(_ error: JSONLinesError, inLinesOf name: String) {
    if error.parseError != nil {
      emitDiagnostic("\(name):\(error.line):\(error.column): error: \(error.message)")
    } else {
      report("\(name):\(error.line): \(error.message)")
    }
  }

  // MARK: Diagnostics

  /// Reports a parse error at its position: `NAME:LINE:COLUMN: error: MESSAGE`.
  /// - Parameters:
  ///   - error: The parse error.
  ///   - name: The input's name (`<stdin>` for standard input).
  func report(_ error: JSONParseError, in name: String) {
    emitDiagnostic("\(name):\(error.line):\(error.column): error: \(error.message)")
  }

  /// Reports an error without a position: `parsnip: error: MESSAGE`.
  func report(_ message: String) {
    emitDiagnostic("parsnip: error: \(message)")
  }

  /// Writes one diagnostic line, after any pending output so the two streams interleave in order on a terminal.
  func emitDiagnostic(_ line: String) {
    stdout.flush()
    stderr.writeLine(line)
    stderr.flush()
  }

  // MARK: Output

  /// Writes a value and a line feed to standard output.
  /// - Parameters:
  ///   - json: The value.
  ///   - options: The layout.
  /// - Returns: `true` when written, `false` after reporting a value that cannot be written (a non-finite number,
  ///   depth) or when standard output fails (reported once, at the end: see ``run(arguments:stdin:stdout:stderr:)``).
  @discardableResult
  func emit(_ json: JSON, options: JSON.WritingOptions) -> Bool {
    do {
      // A whole document, possibly large: through the streaming writer, straight to the file descriptor.
      if let handle = stdout.fileHandle {
        try json.write(to: handle, options: options)
      } else {
        try stdout.write(json, options: options)
      }
    } catch let error as JSONWritingError {
      reportUnwritable(error)
      return false
    } catch {
      stdout.recordFailure(error)
      return false
    }
    stdout.write("\n")
    return true
  }
}

/// An input that yielded no value; the problem is already reported.
enum LoadFailure: Error {
  /// The input could not be read.
  case unreadable
  /// The input is not valid JSON.
  case invalid

  /// The exit status of the one rule: 2 for an input that cannot be read, 1 for one that is not JSON (the data is
  /// the problem).
  var status: ExitCode { self == .unreadable ? .usageError : .failure }
}
