/// An error reading JSON Lines: a line that is not valid JSON, a line that does not decode as the requested type
/// (``JSONLines/decoded(as:using:)``), or a failure to read the input.
public struct JSONLinesError: Error, Sendable, CustomStringConvertible {
  /// The one-based line number of the bad line (`0` for read failures).
  public var lineNumber: Int
  /// The parse error within the line (its line is always 1; its column counts from the line's start), or `nil`
  /// when the input could not be read.
  public var parseError: JSONParseError?
  /// A readable explanation.
  public var message: String

  /// `LINE:COLUMN: MESSAGE` for invalid JSON, `LINE: MESSAGE` for a value that did not decode, the message alone
  /// for a read failure.
  public var description: String {
    if let parseError { return "\(lineNumber):\(parseError.column): \(parseError.message)" }
    return lineNumber > 0 ? "\(lineNumber): \(message)" : message
  }
}
