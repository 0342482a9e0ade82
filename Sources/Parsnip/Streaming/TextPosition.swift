#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line and column of a place in a stream whose earlier bytes are gone: counted forward, by the rule of
/// ``SourceLocation`` (lines end at LF, columns count Unicode scalars), over each byte once, just before the bytes
/// are dropped or when a value's place is asked for. Places are asked for in stream order.
struct TextPosition {
  /// The stream offset counted up to.
  private(set) var offset = 0
  private var line = 1
  private var column = 1

  /// The place of ``offset``.
  var location: SourceLocation { SourceLocation(byteOffset: offset, line: line, column: column) }

  /// Steps over a byte order mark at the start of the stream, which takes no column.
  mutating func skipMark(_ count: Int) {
    offset += count
  }

  /// Counts the bytes up to stream offset `target` (nothing when the count is already past it); `held` holds the
  /// stream's bytes from stream offset `origin`, at least from ``offset`` to `target`.
  mutating func advance(to target: Int, in held: UnsafeRawBufferPointer, origin: Int) {
    guard target > offset, let base = held.baseAddress else { return }
    var i = offset - origin
    let end = target - origin
    while i < end, let found = memchr(base + i, Int32(UInt8.newline), end - i) {
      line += 1
      column = 1
      i = UnsafeRawPointer(found) - base + 1
    }
    column += Self.scalarStarts(base.assumingMemoryBound(to: UInt8.self), from: i, to: end)
    offset = target
  }

  /// The bytes in `from..<to` that start a UTF-8 sequence (all but continuation bytes), eight at a time.
  private static func scalarStarts(_ base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
    var i = from
    var continuation = 0
    while i &+ 8 <= end {
      let word = SWAR.load(base + i)
      continuation &+= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
      i &+= 8
    }
    while i < end {
      if base[i] & 0xC0 == 0x80 { continuation &+= 1 }
      i &+= 1
    }
    return end - from - continuation
  }
}
