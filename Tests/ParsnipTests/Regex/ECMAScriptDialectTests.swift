import Testing

@testable import Parsnip

/// The ECMA-262 dialect (Unicode mode) that JSON Schema's `pattern` uses. Cases follow ECMA-262 §22.2 and the
/// JSON-Schema-Test-Suite's optional `ecmascript-regex` and `format/regex` groups.
@Suite struct ECMAScriptDialectTests {
  func compile(_ pattern: String) throws(RegularExpression.Failure) -> RegularExpression {
    try RegularExpression.compile(pattern, dialect: .ecmaScript)
  }

  /// (pattern, input, whole-string match, substring search)
  static let cases: [(String, String, Bool, Bool)] = [
    ("^abc$", "abc\n", false, false),
    ("^abc$", "abc", true, true),
    ("^\\t$", "\t", true, true),
    ("^\\t$", "\\t", false, false),
    ("^\\cC$", "\u{3}", true, true),
    ("^\\cc$", "\u{3}", true, true),
    ("^\\d$", "0", true, true),
    ("^\\d$", "\u{7C0}", false, false),
    ("^\\D$", "\u{7C0}", true, true),
    ("^\\D$", "0", false, false),
    ("^\\w$", "a", true, true),
    ("^\\w$", "é", false, false),
    ("^\\W$", "é", true, true),
    ("\\s", " ", true, true),
    ("\\s", "\t", true, true),
    ("\\s", "\u{B}", true, true),
    ("\\s", "\u{C}", true, true),
    ("\\s", "\u{A0}", true, true),
    ("\\s", "\u{FEFF}", true, true),
    ("\\s", "\n", true, true),
    ("\\s", "\u{2029}", true, true),
    ("\\s", "\u{2003}", true, true),
    ("\\s", "\u{1}", false, false),
    ("\\s", "\u{2013}", false, false),
    ("\\S", "\u{2003}", false, false),
    ("\\S", "\u{1}", true, true),
    ("\\p{Letter}cole", "l'école", false, true),
    ("\\p{Letter}cole", "L'ÉCOLE", false, false),
    ("\\wcole", "l'école", false, false),
    ("\\wcole", "l'ecole", false, true),
    ("[a-z]cole", "l'école", false, false),
    ("^\\d+$", "৪২", false, false),
    ("^\\p{digit}+$", "৪২", true, true),
    ("^\\p{digit}+$", "-%#", false, false),
    ("^\\p{Nd}+$", "42", true, true),
    ("^\\p{gc=Lu}$", "Ж", true, true),
    ("^\\p{General_Category=Lowercase_Letter}$", "ж", true, true),
    ("^\\P{L}$", "ж", false, false),
    ("^\\p{ASCII}+$", "abc", true, true),
    ("^\\p{ASCII}+$", "abç", false, false),
    ("^\\p{Alphabetic}$", "ç", true, true),
    ("^\\p{White_Space}$", "\u{3000}", true, true),
    ("^\\p{LC}$", "ǅ", true, true),
    ("^[\\p{Lu}\\d]+$", "A1B2", true, true),
    ("^[^\\d\\s]+$", "ab", true, true),
    ("^[^\\d\\s]+$", "a b", false, false),
    ("^[\\D]$", "a", true, true),
    ("^[\\W\\d]$", "5", true, true),
    ("^[\\W\\d]$", "a", false, false),
    // `.` excludes the four line terminators.
    (".", "\u{2028}", false, false),
    (".", "\u{2029}", false, false),
    (".", "\r", false, false),
    (".", "😀", true, true),
    // Escapes.
    ("^\\x41$", "A", true, true),
    ("^\\u0041$", "A", true, true),
    ("^\\u{1F600}$", "😀", true, true),
    ("^\\uD83D\\uDE00$", "😀", true, true),
    ("^\\0$", "\u{0}", true, true),
    ("^\\/$", "/", true, true),
    ("^\\f\\v$", "\u{C}\u{B}", true, true),
    ("^[\\b]$", "\u{8}", true, true),
    ("^[\\-a]+$", "-a", true, true),
    ("^[a-c-e]+$", "b-e", true, true),
    ("^[+--]+$", ",", true, true),
    ("^[\\u0041-\\u0043]+$", "ABC", true, true),
    ("^[]$", "a", false, false),
    ("[]", "", false, false),
    ("^[^]$", "\n", true, true),
    // Groups, alternation, quantifiers.
    ("^(?:ab)+$", "abab", true, true),
    ("^(?<word>a|b)c$", "bc", true, true),
    ("^a+?$", "aaa", true, true),
    ("^a*?b$", "aab", true, true),
    ("^a{2,3}?$", "aaa", true, true),
    ("^a??b$", "b", true, true),
    // Searches that skip ahead to a literal first scalar, or start only at the beginning.
    ("cat", "concatenate", false, true),
    ("cd+", "abcccdd", false, true),
    ("cd+", "abcccxd", false, false),
    ("ab", "aab", false, true),
    ("^b", "ab", false, false),
    ("^a|b", "cb", false, true),
    // Word boundaries.
    ("\\bfoo\\b", "a foo b", false, true),
    ("\\bfoo\\b", "afoob", false, false),
    ("\\Bfoo\\B", "afoob", false, true),
    ("^\\b$", "", false, false),
    ("^\\B$", "", true, true),
    ("\\b", "é", false, false),
    // Lookaround and back-references (the backtracking matcher).
    ("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abc123", true, true),
    ("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abcdef", false, false),
    ("^(?!foo)\\w+$", "foobar", false, false),
    ("^(?!foo)\\w+$", "barfoo", true, true),
    ("(?<=\\$)\\d+", "cost: $42", false, true),
    ("(?<=\\$)\\d+", "cost: 42", false, false),
    ("(?<!\\$)\\b\\d+", "$42", false, false),
    ("(?<=a+)b", "aaab", false, true),
    ("^(a|b)\\1$", "aa", true, true),
    ("^(a|b)\\1$", "ab", false, false),
    ("^(?<q>['\"]).*\\k<q>$", "'x'", true, true),
    ("^(?<q>['\"]).*\\k<q>$", "'x\"", false, false),
    ("^(a)?b\\1$", "b", true, true),
    ("^(a*)*(?=b)b$", "aaab", true, true),
    ("^(?:(a)|b)+\\1$", "aba", true, true),
  ]

  @Test(arguments: cases)
  func matchesAndSearches(_ pattern: String, _ input: String, _ matches: Bool, _ searches: Bool) throws {
    let regex = try compile(pattern)
    #expect(try regex.matches(input) == matches, "match(\(input.debugDescription), \(pattern.debugDescription))")
    #expect(
      try regex.containsMatch(in: input) == searches,
      "search(\(input.debugDescription), \(pattern.debugDescription))")
  }

  /// Patterns ECMA-262's Unicode mode rejects: (pattern, kind).
  static let rejected: [(String, RegularExpression.Failure.Kind)] = [
    ("\\a", .invalidPattern), ("(?P<name>x)", .invalidPattern), ("(?P<n>a)(?P=n)", .invalidPattern),
    ("(?#comment)a", .invalidPattern), ("(?i)abc", .invalidPattern), ("(?ims)abc", .invalidPattern),
    ("a{", .invalidPattern), ("a{1", .invalidPattern), ("a{,2}", .invalidPattern), ("a{2,1}", .invalidPattern),
    ("}", .invalidPattern), ("]", .invalidPattern), ("{", .invalidPattern), ("*", .invalidPattern),
    ("a**", .invalidPattern), ("(", .invalidPattern), (")", .invalidPattern), ("[a", .invalidPattern),
    ("\\", .invalidPattern), ("\\c1", .invalidPattern), ("\\x4", .invalidPattern), ("\\u12", .invalidPattern),
    ("\\u{110000}", .invalidPattern), ("\\01", .invalidPattern), ("\\1", .invalidPattern),
    ("(a)\\2", .invalidPattern), ("\\k<x>", .invalidPattern), ("(?<a>x)(?<a>y)", .invalidPattern),
    ("[z-a]", .invalidPattern), ("[\\d-z]", .invalidPattern), ("[a-\\w]", .invalidPattern),
    ("\\p{Nope}", .invalidPattern), ("\\pL", .invalidPattern), ("\\p{L", .invalidPattern),
    ("\\p{gc=Nope}", .invalidPattern), ("\\-", .invalidPattern), ("^*", .invalidPattern),
    ("(?=a)*", .invalidPattern), ("(?<=a)?", .invalidPattern), ("\\b+", .invalidPattern),
    ("\\p{Script=Greek}", .unsupported), ("\\p{sc=Latn}", .unsupported),
    ("a{99999}", .tooLarge), ("(a{1000}){1000}", .tooLarge),
    (String(repeating: "(", count: 33) + "a" + String(repeating: ")", count: 33), .tooLarge),
  ]

  @Test(arguments: rejected)
  func rejectedPatterns(_ pattern: String, _ kind: RegularExpression.Failure.Kind) {
    #expect(throws: RegularExpression.Failure.self) { try compile(pattern) }
    do {
      _ = try compile(pattern)
    } catch {
      #expect(error.kind == kind, "\(pattern): \(error)")
    }
  }

  @Test func failuresSayWhereAndWhat() {
    do {
      _ = try compile("ab\\q")
      Issue.record("\\q compiled")
    } catch {
      #expect(error.offset == 2)
      #expect(
        error.description == "'\\q' is not an escape in ECMA-262's Unicode mode (at scalar offset 2 of the pattern)")
    }
  }

  @Test func onlyLookaroundAndBackReferencesBacktrack() throws {
    #expect(try !compile("(a*)*b").backtracks)
    #expect(try !compile("\\bx\\B(?:y)+?").backtracks)
    #expect(try compile("(?=a)").backtracks)
    #expect(try compile("(a)\\1").backtracks)
  }

  /// Patterns that make backtracking engines take exponential time finish here, with the right answer.
  static let hostilePatterns: [(String, String, Bool, Bool)] = [
    ("(a*)*b", String(repeating: "a", count: 20_000), false, false),
    ("(a|aa)*c", String(repeating: "a", count: 20_000), false, false),
    ("^(\\w+\\s?)*$", String(repeating: "word ", count: 2_000) + "!", false, false),
    ("(x+x+)+y", String(repeating: "x", count: 10_000), false, false),
    ("(.*?,){11}P", String(repeating: "1,", count: 3_000), false, false),
  ]

  @Test(arguments: hostilePatterns)
  func hostilePatternsRunInLinearTime(_ pattern: String, _ input: String, _ matches: Bool, _ searches: Bool) throws {
    let regex = try compile(pattern)
    #expect(try regex.matches(input) == matches)
    #expect(try regex.containsMatch(in: input) == searches)
  }

  /// A pattern that must backtrack, built to take exponential time, stops at the budget with a typed error.
  @Test func backtrackingPatternsStopAtTheBudget() throws {
    let regex = try compile("^(?=(a|aa)*c)")
    let input = String(repeating: "a", count: 200)
    #expect {
      _ = try regex.containsMatch(in: input)
    } throws: { error in
      (error as? RegularExpression.Failure)?.kind == .budgetExceeded
    }
    // A smaller budget stops sooner; the same pattern on a short input still answers.
    var scratch = RegularExpression.Scratch()
    #expect(throws: RegularExpression.Failure.self) {
      try regex.matches("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", scratch: &scratch, budget: 1_000)
    }
    #expect(try !regex.containsMatch(in: "aaaa"))
    #expect(try regex.containsMatch(in: "aaaac"))
    // Back-references on long inputs charge the scalars they compare.
    let echo = try compile("^(a+)\\1b$")
    #expect(throws: RegularExpression.Failure.self) {
      try echo.matches(String(repeating: "a", count: 5_000), scratch: &scratch, budget: 100_000)
    }
  }

  /// Lookbehind at every position of a long input is bounded by the budget too.
  @Test func lookbehindIsBudgeted() throws {
    let regex = try compile("(?<!x.*)y")
    let input = String(repeating: "a", count: 5_000)
    #expect(throws: RegularExpression.Failure.self) { try regex.containsMatch(in: input) }
  }
}
