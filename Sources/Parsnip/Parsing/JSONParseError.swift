/// An error found while parsing JSON text: what went wrong and where.
///
/// The description reads like a compiler diagnostic, `LINE:COLUMN: MESSAGE`:
/// `3:14: expected ',' or '}' after an object member, found '"'`.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a parse error.
  public enum Kind: Sendable, Hashable {
    /// The input ended inside a value.
    case unexpectedEndOfInput
    /// A byte that the grammar does not allow here.
    case unexpectedCharacter
    /// A malformed number.
    case invalidNumber
    /// A malformed escape sequence, or an escaped lone surrogate.
    case invalidEscape
    /// A control character (U+0000 to U+001F) inside a string.
    case unescapedControlCharacter
    /// Bytes that are not valid UTF-8.
    case invalidUTF8
    /// Containers nested deeper than the configured limit.
    case nestingTooDeep
    /// An object key that appears twice, when duplicates are rejected.
    case duplicateKey
    /// Content after the top-level value.
    case trailingContent
    /// An input larger than the parser can index (4 GiB).
    case inputTooLarge
  }

  /// What went wrong.
  public var kind: Kind
  /// A sentence saying what was expected and what was found.
  public var message: String
  /// The zero-based byte offset of the offending byte in the input.
  public var byteOffset: Int
  /// The one-based line of the offending byte.
  public var line: Int
  /// The one-based column of the offending byte, counted in Unicode scalars.
  public var column: Int

  /// Creates an error, computing its line and column from the input.
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The explanation.
  ///   - byteOffset: Where in `input` the error is.
  ///   - input: The parsed bytes.
  init(_ kind: Kind, _ message: String, at byteOffset: Int, in input: UnsafeRawBufferPointer) {
    self.kind = kind
    self.message = message
    self.byteOffset = byteOffset
    (line, column) = SourceLocation.lineAndColumn(of: byteOffset, in: input)
  }

  /// Creates an error at an explicit location.
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The explanation.
  ///   - byteOffset: The byte offset.
  ///   - line: The one-based line.
  ///   - column: The one-based column.
  public init(kind: Kind, message: String, byteOffset: Int, line: Int, column: Int) {
    self.kind = kind
    self.message = message
    self.byteOffset = byteOffset
    self.line = line
    self.column = column
  }

  /// `LINE:COLUMN: MESSAGE`.
  public var description: String { "\(line):\(column): \(message)" }
}

/// Converts byte offsets to line and column, only when an error is reported.
enum SourceLocation {
  /// Lines end at `\n`, `\r\n` or a lone `\r`; columns count Unicode scalars, starting at 1.
  static func lineAndColumn(of offset: Int, in input: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var i = 0
    let end = Swift.min(offset, input.count)
    // A leading byte order mark is invisible in editors: it takes no column.
    if end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { i = 3 }
    while i < end {
      let b = input[i]
      if b == .newline {
        line += 1
        column = 1
      } else if b == .carriageReturn {
        if i + 1 < input.count, input[i + 1] == .newline {
          i += 1
          if i >= end { break }
        }
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
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
