/// The asynchronous iterator of ``JSONLines`` and ``DecodedJSONLines``: it runs their synchronous iterator, which
/// reads another chunk from the source only when the lines in hand run out.
public struct JSONLinesAsyncIterator<Line>: AsyncIteratorProtocol {
  private var nextLine: () throws(JSONLinesError) -> Line?

  /// Wraps `base`, pulling each line with `next`.
  init<Base>(_ base: Base, next: @escaping (inout Base) throws(JSONLinesError) -> Line?) {
    var base = base
    nextLine = { () throws(JSONLinesError) -> Line? in try next(&base) }
  }

  /// The next line, or `nil` at the end.
  /// - Returns: The line and its number.
  /// - Throws: ``JSONLinesError`` as the synchronous iterator's `next()` does.
  public mutating func next() async throws(JSONLinesError) -> Line? { try nextLine() }

  /// The next line, or `nil` at the end.
  /// - Parameter actor: The isolation of the caller.
  /// - Returns: The line and its number.
  /// - Throws: ``JSONLinesError`` as the synchronous iterator's `next()` does.
  public mutating func next(isolation actor: isolated (any Actor)?) async throws(JSONLinesError) -> Line? {
    try nextLine()
  }
}
