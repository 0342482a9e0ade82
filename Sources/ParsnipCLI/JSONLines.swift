#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits JSON Lines text (one JSON value per line) over the input bytes, without copying.
///
/// Decisions: lines end at `\n`, and a `\r` before it is dropped (files written on Windows); blank lines, made only
/// of spaces, tabs and `\r`, are skipped rather than reported, as most JSON Lines readers do; the last line needs
/// no line feed.
enum JSONLines {
  /// Calls `body` with the one-based line number and the bytes of each non-blank line.
  static func forEachLine(in buffer: UnsafeRawBufferPointer, _ body: (Int, UnsafeRawBufferPointer) -> Void) {
    guard let base = buffer.baseAddress else { return }
    var start = 0
    var lineNumber = 1
    while start < buffer.count {
      let end: Int
      if let found = memchr(base + start, 0x0A, buffer.count - start) {
        end = UnsafeRawPointer(found) - base
      } else {
        end = buffer.count
      }
      var lineEnd = end
      if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
      if !isBlank(line) { body(lineNumber, line) }
      start = end + 1
      lineNumber += 1
    }
  }

  private static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
