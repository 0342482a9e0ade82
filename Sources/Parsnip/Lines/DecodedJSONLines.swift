import Foundation

/// JSON Lines decoded line by line into a `Decodable` type; see ``JSONLines/decoded(as:using:)``.
public struct DecodedJSONLines<Value: Decodable>: Sendable {
  let lines: JSONLines
  let decoder: ParsnipDecoder

  /// One decoded value and the line it came from.
  public struct Line {
    /// The one-based line number.
    public var number: Int
    /// The decoded value.
    public var value: Value
  }

  /// Starts reading.
  /// - Returns: An iterator whose `next()` throws.
  public func makeIterator() -> Iterator {
    Iterator(lines: lines, decoder: decoder)
  }

  /// Reads every line, handing each decoded value to `body` in order.
  /// - Parameter body: Called once per line.
  /// - Throws: The first bad line's ``JSONLinesError`` (with ``JSONLines/ErrorPolicy/stop``), a read error, or
  ///   what `body` throws.
  public func forEach(_ body: (Line) throws -> Void) throws {
    var iterator = makeIterator()
    while let line = try iterator.next() { try body(line) }
  }

  /// Pulls decoded lines one at a time, with the decoder's settings as they were when it was made.
  public struct Iterator {
    private let outcomes: LineOutcomes<Line>
    /// The bad lines skipped so far under ``JSONLines/ErrorPolicy/skip``, in order: invalid JSON and values that
    /// did not decode.
    public private(set) var skipped: [JSONLinesError] = []

    init(lines: JSONLines, decoder: ParsnipDecoder) {
      let options = decoder.optionsSnapshot
      // With ``JSONLines/jobs`` above 1, `Value`'s conformance is used on the worker threads; `jobs` says it must
      // not be isolated to an actor, which the compiler cannot check for a `Decodable` type parameter.
      outcomes = LineOutcomes(
        lines, parsing: options.parsingOptions,
        LineTransform(unchecked: { DecodedJSONLines.decode($0, number: $1, lineStart: $2, options: options) }))
    }

    /// The next decoded value, or `nil` at the end of the input.
    /// - Returns: The value and its line number.
    /// - Throws: ``JSONLinesError`` for a bad line (with ``JSONLines/ErrorPolicy/stop``) or when the input can't
    ///   be read.
    public mutating func next() throws(JSONLinesError) -> Line? {
      try outcomes.nextOutput { skipped.append($0) }
    }
  }
}

extension DecodedJSONLines {
  /// Decodes one line: the one function the serial and parallel iterators share.
  @inline(__always)
  static func decode(
    _ bytes: UnsafeRawBufferPointer, number: Int, lineStart: Int, options: ParsnipDecoder.Options
  ) -> Result<Line, JSONLinesError> {
    do {
      let value = try ParsnipDecoder.run(Value.self, buffer: bytes, options: options, path: nil, utf8Only: true)
      return .success(Line(number: number, value: value))
    } catch {
      return .failure(JSONLinesError(line: number, lineStart: lineStart, decoding: error))
    }
  }
}

extension DecodedJSONLines.Line: Sendable where Value: Sendable {}

extension DecodedJSONLines.Line: NumberedLineOutput {}

extension DecodedJSONLines: AsyncSequence {
  /// The element type: one decoded value and its line number.
  public typealias Element = Line
  /// The error type.
  public typealias Failure = JSONLinesError

  /// The asynchronous iterator.
  public typealias AsyncIterator = JSONLinesAsyncIterator<Line>

  /// Starts reading asynchronously.
  /// - Returns: An iterator that reads each chunk when needed.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(makeIterator()) { (iterator: inout Iterator) throws(JSONLinesError) in try iterator.next() }
  }
}
