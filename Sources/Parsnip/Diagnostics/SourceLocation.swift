#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A place in text, as every Parsnip error reports it: the zero-based byte offset, the one-based line and the
/// one-based column.
///
/// One rule for every reader (the parser, `JSONDocument`, the decoders, JSON Lines, queries): lines end at LF, and a
/// CR LF pair is one line ending; a CR on its own is blank space inside its line, as it is to the JSON Lines
/// splitter, which breaks lines only at LF. Columns count Unicode scalars. A byte order mark at the very start
/// takes no column (editors do not show it).
struct SourceLocation: Sendable, Hashable {
  var byteOffset: Int
  var line: Int
  var column: Int

  init(byteOffset: Int, line: Int, column: Int) {
    self.byteOffset = byteOffset
    self.line = line
    self.column = column
  }

  /// The location of `byteOffset` in `text`.
  init(byteOffset: Int, in text: UnsafeRawBufferPointer) {
    self.init(byteOffset: byteOffset, in: text, resumingFrom: nil)
  }

  /// The location of `byteOffset` in `text`, counting on from `earlier` (a location in the same text) when it is at
  /// or before `byteOffset`: errors come in document order, so many of them cost one pass over the text.
  init(byteOffset: Int, in text: UnsafeRawBufferPointer, resumingFrom earlier: SourceLocation?) {
    let end = Swift.max(0, Swift.min(byteOffset, text.count))
    let start = earlier.flatMap { $0.byteOffset <= end ? $0 : nil }
    self = (start ?? SourceLocation(byteOffset: 0, line: 1, column: 1)).advanced(to: end, in: text)
  }

  /// The location of `target`, counted on from this one over the bytes between, which `text` holds: its first byte
  /// is at offset `origin` (a stream whose earlier bytes are gone keeps only the part it still holds). Lines are
  /// found with `memchr` and columns counted eight bytes at a time.
  /// - Precondition: `origin <= byteOffset <= target <= origin + text.count`.
  func advanced(to target: Int, in text: UnsafeRawBufferPointer, origin: Int = 0) -> SourceLocation {
    guard target > byteOffset, let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return self }
    var (line, column) = (line, column)
    var i = byteOffset &- origin
    let end = target &- origin
    // A byte order mark at the very start takes no column, wherever in it the count starts or ends.
    if i < 3, origin == 0, text.count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { i = Swift.min(3, end) }
    while i < end, let found = memchr(base + i, Int32(UInt8.newline), end &- i) {
      line &+= 1
      column = 1
      i = UnsafeRawPointer(found) - UnsafeRawPointer(base) &+ 1
    }
    column &+= Self.scalarStarts(base, from: i, to: end)
    // A CR just before an LF is part of the line ending, not a column of the line.
    if end > i, base[end &- 1] == .carriageReturn, end < text.count, base[end] == .newline { column &-= 1 }
    return SourceLocation(byteOffset: target, line: line, column: column)
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
    return end &- from &- continuation
  }

  /// The location of `byteOffset` in a string's UTF-8.
  init(byteOffset: Int, in text: String) {
    var text = text
    self = text.withUTF8 { SourceLocation(byteOffset: byteOffset, in: UnsafeRawBufferPointer($0)) }
    self.byteOffset = byteOffset
  }

  /// Two lines: the line of `text` that holds `byteOffset` (a window of 40 characters either side when it is long)
  /// and a caret under the character at `byteOffset`. Tabs are kept so that the caret lines up; other control
  /// characters, which would break the layout, show as U+FFFD, and a CR as the blank space it is.
  static func caretLines(in text: String, at byteOffset: Int) -> String {
    let bytes = Array(text.utf8)
    let offset = Swift.min(Swift.max(byteOffset, 0), bytes.count)
    var lineStart = offset
    while lineStart > 0, bytes[lineStart - 1] != .newline { lineStart -= 1 }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != .newline { lineEnd += 1 }
    func visible(_ slice: ArraySlice<UInt8>) -> [Unicode.Scalar] {
      String(decoding: slice, as: UTF8.self).unicodeScalars.map { scalar in
        if scalar == "\t" { return scalar }
        if scalar == "\r" { return " " }
        return scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar
      }
    }
    var before = visible(bytes[lineStart..<offset])
    var after = visible(bytes[offset..<lineEnd])
    let window = 40
    if before.count > window { before = ["…"] + before.suffix(window) }
    if after.count > window { after = after.prefix(window) + ["…"] }
    var line = String.UnicodeScalarView()
    line.append(contentsOf: before)
    line.append(contentsOf: after)
    var caret = String.UnicodeScalarView(before.map { $0 == "\t" ? "\t" : " " })
    caret.append("^")
    return String(line) + "\n" + String(caret)
  }

  /// How a byte is shown in a message: `'x'` for printable ASCII, `U+NNNN` for the start of a well-formed
  /// non-ASCII character, `byte 0xNN` otherwise.
  static func describe(byteAt offset: Int, in input: UnsafeRawBufferPointer) -> String {
    guard offset < input.count else { return "end of input" }
    let b = input[offset]
    if b >= 0x80, let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self),
      let length = Scanner.utf8SequenceLength(base, at: offset, end: input.count)
    {
      var value = UInt32(b) & (0x7F >> UInt32(length))
      for k in 1..<length { value = value << 6 | UInt32(input[offset + k] & 0x3F) }
      let hex = String(value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
    if b == UInt8(ascii: "'") { return "\"'\"" }
    if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
    if b == .newline { return "a line break" }
    let hex = String(b, radix: 16, uppercase: true)
    return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
  }
}
