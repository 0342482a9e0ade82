/// An error reading a framed stream: a value that is not valid JSON or does not decode, a value longer than the
/// limit, a framing the bytes break, or a text cut short.
///
/// Its location has the shape of every Parsnip error about text: ``byteOffset`` counts from the first byte
/// appended, and ``line`` and ``column`` are counted as ``JSONParseError`` counts them (lines end at LF). ``valueIndex``
/// is the zero-based position of the value in the stream, counting bad values too.
///
/// ```swift
/// let reader = JSONStreamReader<JSON>(framing: .lines)
/// reader.append(Array("1\n[2,]\n".utf8))
/// reader.finish()
/// _ = try reader.next()        // → 1
/// do { _ = try reader.next() } catch { print(error) }   // → 2:4: expected a value, found ']' (value 1)
/// ```
public struct JSONStreamError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a stream error.
  public enum Kind: Sendable, Hashable {
    /// A value that is not valid JSON; ``JSONStreamError/parseError`` says why.
    case invalidValue
    /// A valid value that did not decode as the requested type.
    case decodingFailed
    /// A value longer than ``JSONStreamReader/maximumValueLength``; it is skipped.
    case valueTooLong
    /// An RFC 7464 text cut short by the next RS or the end of the stream.
    case truncatedText
    /// Bytes that break the framing itself (a missing `,` between array elements, `]` closing `{`, content after
    /// the array); the stream cannot be read on.
    case invalidFraming
    /// The stream ended before the array of ``JSONStreamFraming/arrayElements(at:)-(JSONPointer)`` was found.
    case pathNotFound
  }

  /// What went wrong.
  public var kind: Kind
  /// The zero-based byte offset in the stream of the error, or of the start of a value that did not decode.
  public var byteOffset: Int
  /// The one-based line of ``byteOffset`` (for server-sent events, the line where the event's data starts).
  public var line: Int
  /// The one-based column of ``byteOffset``, counted in Unicode scalars.
  public var column: Int
  /// The zero-based index of the value in the stream (values handed out and values that failed alike).
  public var valueIndex: Int
  /// The parse error within the value's own text, or `nil` when the value's text was not the problem.
  public var parseError: JSONParseError?
  /// A readable explanation.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The explanation.
  ///   - byteOffset: The offset in the stream.
  ///   - line: The one-based line.
  ///   - column: The one-based column.
  ///   - valueIndex: The value's index in the stream.
  ///   - parseError: The parse error within the value, if any.
  public init(
    kind: Kind, message: String, byteOffset: Int, line: Int, column: Int, valueIndex: Int,
    parseError: JSONParseError? = nil
  ) {
    self.kind = kind
    self.message = message
    self.byteOffset = byteOffset
    self.line = line
    self.column = column
    self.valueIndex = valueIndex
    self.parseError = parseError
  }

  /// `LINE:COLUMN: MESSAGE (value N)`.
  public var description: String { "\(line):\(column): \(message) (value \(valueIndex))" }
}

extension JSONStreamError {
  /// The error for a value that starts at `start` in the stream and failed with `failure`: its parse error moved
  /// to its place in the stream by `place`, or the decoder's explanation at the value's start.
  init(
    _ failure: StreamValueFailure, valueStart start: SourceLocation, valueIndex: Int,
    place: (SourceLocation) -> SourceLocation
  ) {
    let parseError: JSONParseError
    switch failure {
    case .parse(let error): parseError = error
    case .decode(_, let error?): parseError = error
    case .decode(let message, nil):
      self.init(.decodingFailed, message, at: start, valueIndex: valueIndex)
      return
    }
    let location = place(parseError.location)
    self.init(
      kind: .invalidValue, message: parseError.message, byteOffset: location.byteOffset, line: location.line,
      column: location.column, valueIndex: valueIndex, parseError: parseError)
  }

  /// An error of `kind` at `location`.
  init(_ kind: Kind, _ message: String, at location: SourceLocation, valueIndex: Int) {
    self.init(
      kind: kind, message: message, byteOffset: location.byteOffset, line: location.line, column: location.column,
      valueIndex: valueIndex)
  }
}

extension SourceLocation {
  /// The location in the whole text of `inner`, a location within a part of it that starts here.
  func advanced(by inner: SourceLocation) -> SourceLocation {
    SourceLocation(
      byteOffset: byteOffset + inner.byteOffset, line: line + inner.line - 1,
      column: inner.line == 1 ? column + inner.column - 1 : inner.column)
  }
}
