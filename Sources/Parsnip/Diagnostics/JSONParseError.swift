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
    self.init(kind, message, at: SourceLocation(byteOffset: byteOffset, in: input))
    self.byteOffset = byteOffset
  }

  /// Creates an error at a location.
  init(_ kind: Kind, _ message: String, at location: SourceLocation) {
    self.init(
      kind: kind, message: message, byteOffset: location.byteOffset, line: location.line, column: location.column)
  }

  /// Where the error is.
  var location: SourceLocation { SourceLocation(byteOffset: byteOffset, line: line, column: column) }

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
