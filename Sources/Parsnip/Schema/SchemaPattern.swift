/// A compiled `pattern` or `patternProperties` regular expression: the one place schemas compile and run regular
/// expressions, so that the dialect behind it can change in one place.
///
/// A pattern matches when it matches anywhere in the string (the specifications' unanchored ECMA-262 `test`).
/// Matching is a simulation of the pattern's automaton, linear in the string's length for a given pattern.
struct SchemaPattern: Sendable {
  /// The pattern as written.
  let source: String
  private let regex: IRegexp

  /// Working memory for matching, one per validation.
  typealias Scratch = IRegexp.Scratch

  /// What compiling gives: a pattern, or why there is none.
  enum Failure: Error {
    case invalid
    case tooLarge
  }

  /// Compiles a pattern.
  /// - Throws: ``Failure`` when it is not a pattern this dialect accepts, or exceeds the automaton's size limit.
  static func compile(_ source: String) throws(Failure) -> SchemaPattern {
    switch IRegexp.compile(source) {
    case .regex(let regex): return SchemaPattern(source: source, regex: regex)
    case .invalid: throw .invalid
    case .tooLarge: throw .tooLarge
    }
  }

  private init(source: String, regex: IRegexp) {
    self.source = source
    self.regex = regex
  }

  /// Whether the pattern matches somewhere in `string`.
  @inline(__always)
  func matches(_ string: String, scratch: inout Scratch) -> Bool {
    regex.containsMatch(in: string, scratch: &scratch)
  }
}
