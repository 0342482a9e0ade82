import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where JSON Lines bytes come from: read in chunks, so memory stays bounded whatever the input size.
enum ByteSource: @unchecked Sendable {
  /// A file descriptor read with `read(2)`; closed at the end when `owned`.
  case descriptor(Int32, owned: Bool)
  /// Bytes already in memory.
  case memory([UInt8])
  /// Any sequence of bytes, pulled through a boxed iterator.
  case sequence(() -> UInt8?)

  /// Opens a file for reading.
  static func file(_ url: URL) throws(JSONLinesError) -> ByteSource {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else {
      throw JSONLinesError(readFailure: "cannot open \(url.path): \(String(cString: strerror(errno)))")
    }
    return .descriptor(fd, owned: true)
  }
}

/// A chunked reader over a `ByteSource`, yielding one line at a time without copying lines that fit in a chunk.
final class LineSplitter: @unchecked Sendable {
  private var source: ByteSource
  private var buffer: UnsafeMutableRawBufferPointer
  private var start = 0  // first unconsumed byte
  private var filled = 0  // bytes of valid data in buffer
  private var finished = false
  private var memoryOffset = 0
  private(set) var lineNumber = 0
  /// The offset in the input of `buffer[0]`.
  private var bufferOrigin = 0
  /// The offset in the input of the line last handed out.
  private(set) var lineStart = 0

  init(source: ByteSource, chunkSize: Int) {
    self.source = source
    buffer = .allocate(byteCount: Swift.min(Swift.max(chunkSize, 4096), 1 << 30), alignment: 8)
  }

  deinit {
    buffer.deallocate()
    if case .descriptor(let fd, owned: true) = source { close(fd) }
  }

  /// Calls `body` with the next line (without its `\n` or `\r\n`) and its number; returns `false` at the end.
  func nextLine<R>(
    _ body: (UnsafeRawBufferPointer, Int) throws(JSONLinesError) -> R
  ) throws(JSONLinesError) -> R? {
    while true {
      // `memchr` is vectorized; a byte-by-byte search cost about as much as parsing the line.
      if start < filled, let found = memchr(buffer.baseAddress! + start, Int32(UInt8.newline), filled - start) {
        let newline = UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress!)
        var lineEnd = newline
        if lineEnd > start, buffer[lineEnd - 1] == .carriageReturn { lineEnd -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
        lineStart = bufferOrigin + start
        start = newline + 1
        lineNumber += 1
        return try body(line, lineNumber)
      }
      if finished {
        guard start < filled else { return nil }
        var lineEnd = filled
        if buffer[lineEnd - 1] == .carriageReturn { lineEnd -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
        lineStart = bufferOrigin + start
        start = filled
        lineNumber += 1
        return try body(line, lineNumber)
      }
      try refill()
    }
  }

  /// Moves the partial line to the front and reads more; doubles the buffer when one line fills it.
  private func refill() throws(JSONLinesError) {
    let pending = filled - start
    // Compact only when little room is left at the end: moving a long partial line on every read costs a copy.
    if start > 0, buffer.count - filled < buffer.count / 4 {
      if pending > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: pending) }
      bufferOrigin += start
      start = 0
      filled = pending
    }
    if filled == buffer.count {
      let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 8)
      bigger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: filled)
      buffer.deallocate()
      buffer = bigger
    }
    let space = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
    let n: Int
    switch source {
    case .descriptor(let fd, _):
      var r: Int
      repeat { r = read(fd, space.baseAddress!, space.count) } while r < 0 && errno == EINTR
      guard r >= 0 else {
        throw JSONLinesError(readFailure: "read error: \(String(cString: strerror(errno)))", line: lineNumber)
      }
      n = r
    case .memory(let bytes):
      n = Swift.min(space.count, bytes.count - memoryOffset)
      bytes.withUnsafeBytes { all in
        if n > 0 { space.baseAddress!.copyMemory(from: all.baseAddress! + memoryOffset, byteCount: n) }
      }
      memoryOffset += n
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
