/// A compiled `pattern` or `patternProperties` regular expression: the one place schemas compile and run regular
/// expressions, so that the dialect behind it can change in one place.
///
/// A pattern matches when it matches anywhere in the string (the specifications' unanchored ECMA-262 `test`).
/// Matching is linear in the string's length, except for lookaround and back-references, which backtrack under a
/// step budget (`RegularExpression`).
struct SchemaPattern: Sendable {
  /// The pattern as written.
  let source: String
  private let regex: RegularExpression

  /// Working memory for matching, one per validation.
  typealias Scratch = RegularExpression.Scratch

  /// Compiles a pattern in the ECMA-262 dialect (Unicode mode).
  /// - Throws: `invalidPattern`, `unsupported` or `tooLarge` (an invalid schema).
  static func compile(_ source: String) throws(RegularExpression.Failure) -> SchemaPattern {
    SchemaPattern(source: source, regex: try RegularExpression.compile(source, dialect: .ecmaScript))
  }

  private init(source: String, regex: RegularExpression) {
    self.source = source
    self.regex = regex
  }

  /// Whether the pattern matches somewhere in `string`.
  /// - Throws: `budgetExceeded`, only for a pattern with lookaround or back-references whose backtracking ran out
  ///   of steps: the validator reports it as a budget error, never as "no match".
  @inline(__always)
  func matches(_ string: String, scratch: inout Scratch) throws(RegularExpression.Failure) -> Bool {
    try regex.containsMatch(in: string, scratch: &scratch)
  }
}
