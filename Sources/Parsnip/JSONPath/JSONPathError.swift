/// A JSONPath query that is not well-formed or not valid under RFC 9535, or that is too expensive to run: what is
/// wrong and where.
///
/// The ``description`` reads like a compiler diagnostic: the message, the query line, and a caret under the
/// offending position.
///
/// ```swift
/// do {
///   _ = try JSONPath("$.store[0")
/// } catch {
///   print(error)
///   // error: expected ']' to close the bracketed selection
///   // $.store[0
///   //          ^
/// }
/// ```
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a query error.
  public enum Kind: Sendable, Hashable {
    /// The text does not follow the JSONPath grammar: an unexpected character, a missing bracket or quote,
    /// a malformed string, number or name, or misplaced blank space.
    case syntax
    /// An index or slice bound outside the interoperable range -(2^53-1) ... 2^53-1.
    case integerOutOfRange
    /// A query that can select several nodes where a single value is required: a comparison operand or
    /// a `ValueType` function argument.
    case nonSingularQuery
    /// An expression of the wrong type for its place (RFC 9535 section 2.4.3), for example an uncompared
    /// literal, a compared `match()` result, or a literal passed to `count()`.
    case typeMismatch
    /// A call to a function that does not exist.
    case unknownFunction
    /// A function called with too few or too many arguments.
    case wrongArgumentCount
    /// Parentheses, negations, filters or function calls nested deeper than ``JSONPath/maximumNestingDepth``.
    case nestingTooDeep
    /// Evaluation stopped because the query visits more nodes than ``JSONPath/EvaluationOptions/maximumNodeVisits``
    /// allows, or a nodelist would hold more than ``JSONPath/EvaluationOptions/maximumNodes`` (RFC 9535 nodelists
    /// keep duplicates, so stacked descendant segments such as `$..*..*..*..*` grow multiplicatively). Thrown by
    /// running a query, never by compiling one; the position is the segment that hit the limit.
    case queryTooExpensive
    /// A valid I-Regexp pattern in `match()` or `search()` that is too large to run: its automaton would exceed
    /// 10 000 instructions (`x{0,10001}`, `(a{100}){101}`) or its groups nest deeper than 32. Thrown when the query
    /// compiles for a literal pattern, and by running it for a pattern read from the document (at the segment
    /// being applied). A pattern that is not an I-Regexp at all makes the function false, as RFC 9535 says.
    case patternTooLarge
  }

  /// What went wrong.
  public var kind: Kind
  /// A sentence saying what was expected and what was found, without location.
  public var message: String
  /// The query text.
  public var query: String
  /// The zero-based byte offset, in the query's UTF-8, of the offending position.
  public var byteOffset: Int
  /// The one-based line of the offending position (queries may contain line breaks as blank space).
  public var line: Int
  /// The one-based column of the offending position, counted in Unicode scalars.
  public var column: Int

  /// Creates an error, computing its line and column from the query.
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The explanation.
  ///   - query: The query text.
  ///   - byteOffset: The offending position in the query's UTF-8.
  public init(kind: Kind, message: String, query: String, byteOffset: Int) {
    self.kind = kind
    self.message = message
    self.query = query
    self.byteOffset = byteOffset
    let location = SourceLocation(byteOffset: byteOffset, in: query)
    self.line = location.line
    self.column = location.column
  }

  /// The diagnostic: `error: MESSAGE`, then the query line, then a caret under the offending position.
  ///
  /// ```text
  /// error: expected ']' to close the bracketed selection
  /// $.store[0
  ///          ^
  /// ```
  /// Only the line that holds the offending position is shown (see `SourceLocation.caretLines(in:at:)`).
  public var description: String {
    "error: \(message)\n" + SourceLocation.caretLines(in: query, at: byteOffset)
  }
}
