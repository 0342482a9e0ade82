import Parsnip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandContext {
  /// Streams the values of a framed input (`--framing`; JSON Lines through ``forEachLine(_:options:jobs:transform:_:invalidLine:)``
  /// and its threads), reporting bad values in order between the good ones, as `--lines` does.
  ///
  /// A file or standard input is read as it arrives, 64 KiB at most at a time; each value is handed to `body` as
  /// soon as the bytes read complete it. Standard output is flushed after each value on a terminal, and before
  /// any read that would wait for input elsewhere (a pipe that stays open), so every result is out before the
  /// tool waits.
  /// - Parameters:
  ///   - body: Called with what `transform` made of each valid value, and the line where it starts.
  ///   - invalidLine: Called with the line of each bad value, after its diagnostic.
  /// - Returns: Whether every value was valid, or an ``InputError`` when the input cannot be read.
  func forEachValue<T: Sendable>(
    _ path: String?, framing: JSONStreamFraming, options: JSON.ParsingOptions, jobs: Int,
    transform: @escaping @Sendable (JSON) -> T, _ body: (T, Int) -> Void, invalidLine: (Int) -> Void = { _ in }
  ) -> Result<Bool, InputError> {
    if framing == .lines {
      return forEachLine(path, options: options, jobs: jobs, transform: transform, body, invalidLine: invalidLine)
    }
    let reader = JSONStreamReader<JSON>(framing: framing, options: options)
    return readFramed(path, reader: reader, invalidValue: invalidLine) { element in
      body(transform(element.value), element.line)
    }
  }

  /// Checks every value of a framed input without building values, reporting each bad one in order.
  /// - Returns: Whether every value was valid, or an ``InputError`` when the input cannot be read.
  func validateValues(
    _ path: String?, framing: JSONStreamFraming, options: JSON.ParsingOptions, jobs: Int
  ) -> Result<Bool, InputError> {
    if framing == .lines { return validateLines(path, options: options, jobs: jobs) }
    return readFramed(path, reader: JSONStreamReader(validating: framing, options: options), invalidValue: { _ in }) {
      _ in
    }
  }

  /// Feeds `reader` from the input and drains it after each read; `false` in the result when a value failed.
  private func readFramed<Value>(
    _ path: String?, reader: JSONStreamReader<Value>, invalidValue: (Int) -> Void,
    _ body: (JSONStreamElement<Value>) -> Void
  ) -> Result<Bool, InputError> {
    let name = Self.displayName(path)
    var allValid = true
    var stopped = false
    let interactive = stdout.isTerminal
    /// Hands out what the bytes so far complete; `false` once output fails or the framing broke.
    func drain() -> Bool {
      while true {
        do throws(JSONStreamError) {
          guard let element = try reader.next() else { return !stopped }
          guard !stdout.failed else { return false }
          body(element)
          if interactive { stdout.flush() }
        } catch {
          allValid = false
          emitDiagnostic("\(name):\(error.line):\(error.column): error: \(error.message)")
          invalidValue(error.line)
          if error.kind == .invalidFraming || error.kind == .pathNotFound { stopped = true }
        }
      }
    }
    func feed(_ bytes: [UInt8]) {
      var offset = 0
      while offset < bytes.count, !stopped {
        let end = Swift.min(offset + Self.framedChunk, bytes.count)
        bytes[offset..<end].withUnsafeBytes { reader.append($0) }
        offset = end
        if !drain() { return }
      }
      reader.finish()
      _ = drain()
    }

    var descriptor: Int32
    var owned = false
    if let path, path != "-" {
      descriptor = CommandLineArguments.open(path, flags: O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return .failure(InputError(name: name, reason: SystemCall.errorDescription())) }
      owned = true
    } else if let bytes = standardInputCopy {
      feed(bytes)
      return .success(allValid)
    } else {
      switch stdin {
      case .fileDescriptor(let fd): descriptor = fd
      case .bytes(let bytes):
        feed(bytes)
        return .success(allValid)
      }
    }
    defer { if owned { close(descriptor) } }
    if let reason = FileBytes.unreadableReason(fileDescriptor: descriptor) {
      return .failure(InputError(name: name, reason: reason))
    }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.framedChunk, alignment: 64)
    defer { chunk.deallocate() }
    while true {
      if Self.readMayWait(descriptor) { stdout.flush() }
      let count = SystemCall.retryingInterrupts { read(descriptor, chunk.baseAddress!, chunk.count) }
      guard count >= 0 else { return .failure(InputError(name: name, reason: SystemCall.errorDescription())) }
      if count == 0 {
        reader.finish()
        _ = drain()
        return .success(allValid)
      }
      reader.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
      if !drain() { return .success(allValid) }
    }
  }

  /// The most bytes read at a time from a framed input.
  private static var framedChunk: Int { 64 << 10 }

  /// Whether reading `fd` now would wait (a pipe or terminal with nothing in it yet).
  private static func readMayWait(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 0
  }
}
