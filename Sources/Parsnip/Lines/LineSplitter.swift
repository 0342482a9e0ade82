import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A chunked reader over a `ByteSource`, yielding one line at a time without copying lines that fit in a chunk.
///
/// Memory stays bounded on any input: a line longer than `maximumLineLength` is reported as too long and the rest
/// of it is read and dropped, and a long line whose start already proves it invalid (endless `/dev/zero`, say) is
/// handed out as that start, whose parse gives the line's error, while the rest is dropped unbuffered. Each byte
/// is searched for a newline once, however the reads split it.
final class LineSplitter: @unchecked Sendable {  // One thread at a time uses it.
  /// What the splitter hands out.
  enum Piece {
    /// A whole line without its `\n` or `\r\n`, or the start of one that already proves it invalid.
    case line(UnsafeRawBufferPointer)
    /// A line longer than the limit, and its error; the line is skipped.
    case tooLong(JSONLinesError)
  }

  private var source: ByteSource
  private var buffer: UnsafeMutableRawBufferPointer
  private var start = 0  // first unconsumed byte
  private var filled = 0  // bytes of valid data in buffer
  private var finished = false
  /// Where the next read starts in the source (memory and shared inputs).
  private var sourceOffset = 0
  /// Lines that start at or after this input offset are left to the next part (``init(_:part:chunkSize:maximumLineLength:provesInvalid:buffer:)``).
  private let endOffset: Int
  private(set) var lineNumber = 0
  /// The offset in the input of `buffer[0]`.
  private var bufferOrigin = 0
  /// The offset in the input of the line last handed out.
  private(set) var lineStart = 0
  /// Bytes of the pending line (from `start`) already searched for a newline.
  private var searched = 0
  /// The pending line's length when its start was last checked by `provesInvalid`.
  private var checkedLength = 0
  /// After a line cut short: drop bytes up to the next newline.
  private var skippingRest = false
  private let maximumLineLength: Int
  private let provesInvalid: (UnsafeRawBufferPointer) -> Bool
  /// Where lines end and which are handed out.
  private let rules: Rules
  /// The last line ended at a CR (``Rules/breaksAtCarriageReturn``): an LF that comes next ends nothing.
  private var afterCarriageReturn = false

  /// Where lines end and which lines are handed out: JSON Lines by default.
  struct Rules {
    /// A CR alone ends a line too, and CR LF is one ending (the WHATWG `text/event-stream` rule). Off: lines end
    /// at LF, and a CR before it is dropped.
    var breaksAtCarriageReturn = false
    /// Empty and blank lines are handed out too (server-sent events dispatch at them). Off: they are counted only.
    var handsOutBlankLines = false
  }

  init(
    source: ByteSource, chunkSize: Int, maximumLineLength: Int = .max,
    provesInvalid: @escaping (UnsafeRawBufferPointer) -> Bool = { _ in false }, rules: Rules = Rules()
  ) {
    self.source = source
    self.maximumLineLength = Swift.max(maximumLineLength, 1)
    self.provesInvalid = provesInvalid
    self.rules = rules
    buffer = .allocate(byteCount: Self.bufferSize(chunkSize), alignment: Self.alignment)
    endOffset = .max
  }

  /// A splitter over the lines of `input` that start at offsets in `part`: one batch of the parallel reader. It
  /// reads from the byte before the part and drops what comes up to the first newline (the end of a line that
  /// started earlier), and it reads on past the part's end to the end of its last line. Line numbers count from 1
  /// at the part's first line (the one `JSONLines` numbers `n` is numbered `n - m` here, `m` being the number of
  /// newlines before the part); ``lineStart`` offsets are the input's.
  /// - Parameter buffer: A buffer to read into, of at least `chunkSize` bytes, which the splitter owns until
  ///   ``takeBuffer()``.
  init(
    _ input: SharedInput, part: Range<Int>, chunkSize: Int, maximumLineLength: Int,
    provesInvalid: @escaping (UnsafeRawBufferPointer) -> Bool, buffer: UnsafeMutableRawBufferPointer?
  ) {
    source = .shared(input)
    self.maximumLineLength = Swift.max(maximumLineLength, 1)
    self.provesInvalid = provesInvalid
    rules = Rules()
    if let buffer, buffer.count >= Self.bufferSize(chunkSize) {
      self.buffer = buffer
    } else {
      buffer?.deallocate()
      self.buffer = .allocate(byteCount: Self.bufferSize(chunkSize), alignment: Self.alignment)
    }
    endOffset = part.upperBound
    if part.lowerBound > 0 {
      sourceOffset = (part.lowerBound - 1) & ~(Self.alignment - 1)
      bufferOrigin = sourceOffset
      start = part.lowerBound - 1 - sourceOffset
      skippingRest = true
    }
  }

  private static func bufferSize(_ chunkSize: Int) -> Int { Swift.min(Swift.max(chunkSize, 4096), 1 << 30) }

  /// The buffer's alignment, and where each byte sits within it: at its input offset modulo this, so that a read
  /// copies from the page cache to a destination of the same alignment. (Parts read from the byte before a
  /// megabyte boundary into an aligned buffer took the kernel's copy twice as long: "JSON Lines: values freed where
  /// they were made" in `Benchmarks/archive/RESULTS.md`.)
  private static var alignment: Int { 64 }

  /// Hands the buffer over (the splitter reads no more).
  func takeBuffer() -> UnsafeMutableRawBufferPointer {
    defer { (buffer, finished, start, filled) = (UnsafeMutableRawBufferPointer(start: nil, count: 0), true, 0, 0) }
    return buffer
  }

  deinit {
    buffer.deallocate()
    if case .descriptor(let fd, owned: true) = source { close(fd) }
  }

  /// Set when ``nextLine(mayRead:_:)`` returned `nil` because it needed to read and was told not to.
  private(set) var stoppedBeforeRead = false

  /// Calls `body` with the next non-blank line (or what stands for it, see ``Piece``) and its number; `nil` at the
  /// end. Blank lines (JSON white space only) are counted but not handed out.
  ///
  /// With `mayRead` false it returns `nil` instead of reading (``stoppedBeforeRead`` then says so): the lines
  /// handed out since the last read stay where they are, which is what lets the parallel reader
  /// (`ParallelLineReader`) gather a batch of them, and a later call with `mayRead` goes on exactly where this one
  /// stopped, so the lines, numbers and offsets are the same however the calls are made. With `readingOnce`, it
  /// reads at most once and then stops as if `mayRead` were false: a caller holding lines hands them out before it
  /// reads on through a long line, or through the rest of an endless one.
  func nextLine<R>(
    mayRead: Bool = true, readingOnce: Bool = false, _ body: (Piece, Int) throws(JSONLinesError) -> R
  ) throws(JSONLinesError) -> R? {
    stoppedBeforeRead = false
    var mayRead = mayRead
    while true {
      if skippingRest {
        if start < filled, let found = memchr(buffer.baseAddress! + start, Int32(UInt8.newline), filled - start) {
          start = UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress!) + 1
          skippingRest = false
          continue
        }
        start = Swift.max(start, filled)  // a part's first read is still to come
        // No line can start before the part's end any more.
        if finished || bufferOrigin + start >= endOffset { return nil }
        guard mayRead else { return stopBeforeRead() }
        try refill()
        if readingOnce { mayRead = false }
        continue
      }
      if bufferOrigin + start >= endOffset { return nil }
      if afterCarriageReturn, start < filled {
        afterCarriageReturn = false
        if buffer[start] == .newline {
          start += 1
          continue
        }
      }
      let from = start + searched
      if from < filled, let newline = lineBreak(from: from) {
        var lineEnd = newline
        if !rules.breaksAtCarriageReturn, lineEnd > start, buffer[lineEnd - 1] == .carriageReturn { lineEnd -= 1 }
        if lineEnd - start > maximumLineLength { return try cutShort(body, rest: newline + 1) }
        let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
        afterCarriageReturn = buffer[newline] == .carriageReturn
        lineStart = bufferOrigin + start
        start = newline + 1
        (searched, checkedLength) = (0, 0)
        lineNumber += 1
        if !rules.handsOutBlankLines, line.allSatisfy(\.isJSONWhitespace) { continue }  // counted, not handed out
        return try body(.line(line), lineNumber)
      }
      searched = filled - start
      if finished {
        guard start < filled else { return nil }
        var lineEnd = filled
        if !rules.breaksAtCarriageReturn, buffer[lineEnd - 1] == .carriageReturn { lineEnd -= 1 }
        if lineEnd - start > maximumLineLength { return try cutShort(body, rest: filled) }
        let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
        lineStart = bufferOrigin + start
        start = filled
        (searched, checkedLength) = (0, 0)
        lineNumber += 1
        if !rules.handsOutBlankLines, line.allSatisfy(\.isJSONWhitespace) { continue }  // counted, not handed out
        return try body(.line(line), lineNumber)
      }
      let pending = filled - start
      if pending > maximumLineLength {
        skippingRest = true
        return try cutShort(body, rest: filled)
      }
      // A long line is checked each time it doubles (linear in all): text already invalid is not read on.
      if pending >= FileBytes.firstChunk, pending >= 2 * checkedLength {
        checkedLength = pending
        let prefix = UnsafeRawBufferPointer(rebasing: buffer[start..<filled])
        if provesInvalid(prefix) {
          lineStart = bufferOrigin + start
          lineNumber += 1
          let result = try body(.line(prefix), lineNumber)
          start = filled
          (searched, checkedLength, skippingRest) = (0, 0, true)
          return result
        }
      }
      guard mayRead else { return stopBeforeRead() }
      try refill()
      if readingOnce { mayRead = false }
    }
  }

  /// Calls `body` with each line in turn until it returns `false` (then `false`), the input ends (`nil`), or a read
  /// is needed after the first line (`nil`, with ``stoppedBeforeRead``): `mayRead` applies to the first line only,
  /// so a caller holding lines decides before each read whether it may wait; `readingOnce` applies to the first line
  /// as in ``nextLine(mayRead:readingOnce:_:)``.
  func nextLines(
    mayRead: Bool, readingOnce: Bool = false, _ body: (Piece, Int) throws(JSONLinesError) -> Bool
  ) throws(JSONLinesError) -> Bool? {
    var mayRead = mayRead
    while true {
      guard let more = try nextLine(mayRead: mayRead, readingOnce: readingOnce, body) else { return nil }
      if !more { return false }
      mayRead = false
    }
  }

  /// Whether the splitter is dropping the rest of a line cut short (over the limit, or proved invalid by its
  /// start) up to its newline, which endless input (`/dev/zero`) never brings.
  var isDroppingLine: Bool { skippingRest }

  /// The bytes of the line being read that are already in the buffer, its newline not yet found.
  var pendingLineBytes: Int { skippingRest ? 0 : filled - start }

  /// The index of the first byte at or after `from` that ends a line, or `nil` when the buffer holds none.
  @inline(__always)
  private func lineBreak(from: Int) -> Int? {
    let base = buffer.baseAddress!
    guard rules.breaksAtCarriageReturn else {
      // `memchr` is vectorized; a byte-by-byte search cost about as much as parsing the line.
      guard let found = memchr(base + from, Int32(UInt8.newline), filled - from) else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    var i = from
    while i < filled {
      if bytes[i] == .newline || bytes[i] == .carriageReturn { return i }
      i += 1
    }
    return nil
  }

  private func stopBeforeRead<R>() -> R? {
    stoppedBeforeRead = true
    return nil
  }

  /// Whether reading more now could wait for input (a pipe or terminal with nothing in it yet); files, memory and
  /// sequences never do.
  var readMayWait: Bool {
    guard case .descriptor(let fd, _) = source, !finished else { return false }
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 0
  }

  /// Hands out a line over the limit as ``Piece/tooLong(length:)``, continuing after it at `rest`.
  private func cutShort<R>(
    _ body: (Piece, Int) throws(JSONLinesError) -> R, rest: Int
  ) throws(JSONLinesError) -> R {
    lineStart = bufferOrigin + start
    lineNumber += 1
    start = rest
    (searched, checkedLength) = (0, 0)
    let error = JSONLinesError(
      line: lineNumber, lineStart: lineStart, parseError: nil,
      message: "line longer than the maximum line length (\(maximumLineLength) bytes)")
    return try body(.tooLong(error), lineNumber)
  }

  /// Adds `bytes` after those already held: the input of a splitter over ``ByteSource/pushed``, which hands out
  /// the lines they end when ``nextLine(mayRead:readingOnce:_:)`` is next called (with `mayRead` false, or true once
  /// the input has ended, which a `.pushed` source then reports). The buffer holds the lines not yet handed out and
  /// these bytes, and is compacted and grown as a read's is.
  func push(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    makeRoom(for: bytes.count)
    (buffer.baseAddress! + filled).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    filled += bytes.count
  }

  /// Moves the partial line to the front when room runs low, and doubles the buffer until `count` bytes fit.
  private func makeRoom(for count: Int) {
    let pending = filled - start
    // Compact only when little room is left at the end: moving a long partial line on every read costs a copy.
    if start > 0, buffer.count - filled < Swift.max(buffer.count / 4, count) {
      // `bufferOrigin` stays a multiple of `alignment`.
      let shift = start & (Self.alignment - 1)
      if pending > 0 { (buffer.baseAddress! + shift).copyMemory(from: buffer.baseAddress! + start, byteCount: pending) }
      bufferOrigin += start - shift
      start = shift
      filled = shift + pending
    }
    if buffer.count - filled < count {
      var size = buffer.count * 2
      while size - filled < count { size *= 2 }
      let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: Self.alignment)
      bigger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: filled)
      buffer.deallocate()
      buffer = bigger
    }
  }

  /// The bytes the buffer can hold now (the push reader's memory bound is checked against it).
  var capacity: Int { buffer.count }

  /// Moves the partial line to the front and reads more; doubles the buffer when one line fills it.
  private func refill() throws(JSONLinesError) {
    makeRoom(for: Self.alignment)
    let space = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
    let n: Int
    switch source {
    case .descriptor(let fd, _):
      let r = SystemCall.retryingInterrupts { read(fd, space.baseAddress!, space.count) }
      guard r >= 0 else {
        throw JSONLinesError(readFailure: "read error: \(SystemCall.errorDescription())", line: lineNumber)
      }
      n = r
    case .memory(let bytes):
      n = Swift.min(space.count, bytes.count - sourceOffset)
      bytes.withUnsafeBytes { all in
        if n > 0 { space.baseAddress!.copyMemory(from: all.baseAddress! + sourceOffset, byteCount: n) }
      }
      sourceOffset += n
    case .shared(let input):
      do throws(JSONLinesError) {
        n = try input.read(into: space, at: sourceOffset)
      } catch {
        throw JSONLinesError(readFailure: error.message, line: lineNumber)
      }
      sourceOffset += n
    case .pushed:
      n = 0  // read only once the pushed input has ended
    case .sequence(let next):
      var k = 0
      while k < space.count, let b = next() {
        space[k] = b
        k += 1
      }
      n = k
    }
    if n == 0 { finished = true }
    filled += n
  }
}
