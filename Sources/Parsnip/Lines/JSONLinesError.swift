/// An error reading JSON Lines: a line that is not valid JSON, a line that does not decode as the requested type
/// (``JSONLines/decoded(as:using:)``), or a failure to read the input.
///
/// Its location has the shape of every Parsnip error that involves text: ``byteOffset``, ``line`` and ``column`` in
/// the whole input, counted as ``JSONParseError`` counts them (lines end at LF, so a lone CR is blank space inside
/// its line, as it is to the line splitter).
public struct JSONLinesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The zero-based byte offset in the input of the syntax error, or of the start of a line that did not decode
  /// (`0` for read failures).
  public var byteOffset: Int
  /// The one-based line number of the bad line (`0` for read failures).
  public var line: Int
  /// The one-based column of the syntax error in its line; `1` for a line that did not decode or a read failure.
  public var column: Int
  /// The parse error within the line, positioned within the line's own text, or `nil` when the line is valid JSON
  /// that did not decode, or the input could not be read.
  public var parseError: JSONParseError?
  /// A readable explanation.
  public var message: String

  /// An error for line `line`, which starts at byte `lineStart` of the input.
  init(line: Int, lineStart: Int, parseError: JSONParseError?, message: String) {
    self.byteOffset = lineStart + (parseError?.byteOffset ?? 0)
    self.line = line
    self.column = parseError?.column ?? 1
    self.parseError = parseError
    self.message = message
  }

  /// A failure to read the input.
  init(readFailure message: String, line: Int = 0) {
    self.init(line: line, lineStart: 0, parseError: nil, message: message)
  }

  /// The error with its line number `lines` further on (a part of the input numbers its lines from 1).
  func shifted(by lines: Int) -> JSONLinesError {
    var error = self
    error.line += lines
    return error
  }

  /// `LINE:COLUMN: MESSAGE` for invalid JSON, `LINE: MESSAGE` for a value that did not decode, the message alone
  /// for a read failure.
  public var description: String {
    if parseError != nil { return "\(line):\(column): \(message)" }
    return line > 0 ? "\(line): \(message)" : message
  }
}

extension JSONLinesError {
  /// The error for a line that failed to decode: its syntax error when the line is not valid JSON, else the
  /// decoder's explanation (`PATH: MESSAGE (line 1, column C)`).
  init(line: Int, lineStart: Int, decoding error: any Error) {
    let context: DecodingError.Context?
    switch error as? DecodingError {
    case .typeMismatch(_, let c)?, .valueNotFound(_, let c)?, .keyNotFound(_, let c)?, .dataCorrupted(let c)?:
      context = c
    default:
      context = nil
    }
    if let parseError = context?.underlyingError as? JSONParseError {
      self.init(line: line, lineStart: lineStart, parseError: parseError, message: parseError.message)
    } else {
      self.init(line: line, lineStart: lineStart, parseError: nil, message: context?.debugDescription ?? "\(error)")
    }
  }
}
