import Testing

@testable import Parsnip

/// The I-Regexp dialect (RFC 9485), behind JSONPath's `match()` and `search()`.
@Suite struct IRegexpDialectTests {
  func compile(_ pattern: String) -> RegularExpression? {
    try? RegularExpression.compile(pattern, dialect: .iRegexp)
  }

  /// (pattern, input, whole-string match, substring search)
  static let cases: [(String, String, Bool, Bool)] = [
    ("abc", "abc", true, true),
    ("abc", "xabcx", false, true),
    ("abc", "ab", false, false),
    ("", "", true, true),
    ("", "abc", false, true),
    ("a|b", "b", true, true),
    ("a|bc|", "", true, true),
    ("(ab)+", "ababab", true, true),
    ("(ab)+", "ababa", false, true),
    ("a*", "", true, true),
    ("a*", "aaaa", true, true),
    ("a+", "", false, false),
    ("a?b", "b", true, true),
    ("a?b", "aab", false, true),
    ("a{3}", "aaa", true, true),
    ("a{3}", "aa", false, false),
    ("a{2,}", "aaaaa", true, true),
    ("a{2,}", "a", false, false),
    ("a{2,3}", "aaa", true, true),
    ("a{2,3}", "aaaa", false, true),
    ("a{0}b", "b", true, true),
    ("(a|b){2}c", "bac", true, true),
    ("()", "", true, true),
    ("(()|a)+", "aa", true, true),
    (".", "\u{2028}", true, true),
    (".", "\n", false, false),
    (".", "\r", false, false),
    (".", "😀", true, true),
    ("a.c", "a\u{10101}c", true, true),
    ("..", "\u{E9}", false, false),  // é as one precomposed scalar
    ("..", "e\u{301}", true, true),  // e + combining acute: two scalars
    ("[abc]", "b", true, true),
    ("[^abc]", "d", true, true),
    ("[^abc]", "a", false, false),
    ("[a-z]+", "hello", true, true),
    ("[a-z]+", "Hello", false, true),
    ("[-a]", "-", true, true),
    ("[a-]", "-", true, true),
    ("[^-]", "-", false, false),
    ("[.]", "x", false, false),
    ("[.b]", ".", true, true),
    ("[\\]]", "]", true, true),
    ("[\\[\\]]", "[", true, true),
    ("[\\-]", "-", true, true),
    ("[+-\\-]", ",", true, true),
    ("[\\n\\t]", "\t", true, true),
    ("[^\\n]", "\n", false, false),
    ("[a^]", "^", true, true),
    ("[α-ω]", "λ", true, true),
    ("\\.", ".", true, true),
    ("\\\\", "\\", true, true),
    ("\\(\\)\\*\\+\\?\\{\\}\\|\\[\\]\\^\\-", "()*+?{}|[]^-", true, true),
    ("\\n", "\n", true, true),
    ("\\p{L}+", "Straße", true, true),
    ("\\p{Lu}", "Ж", true, true),
    ("\\p{Lu}", "ж", false, false),
    ("\\p{Ll}", "ж", true, true),
    ("\\P{Lu}", "ж", true, true),
    ("\\p{Lt}", "ǅ", true, true),
    ("\\p{Lo}", "磨", true, true),
    ("\\p{Lm}", "ʰ", true, true),
    ("\\p{N}+", "12½٣", true, true),
    ("\\p{Nd}+", "0٣९", true, true),
    ("\\p{Nd}", "½", false, false),
    ("\\p{Nl}", "Ⅻ", true, true),
    ("\\p{No}", "½", true, true),
    ("\\p{P}", "!", true, true),
    ("\\p{Pd}", "-", true, true),
    ("\\p{Ps}\\p{Pe}", "()", true, true),
    ("\\p{Pi}\\p{Pf}", "«»", true, true),
    ("\\p{Pc}", "_", true, true),
    ("\\p{Po}", "?", true, true),
    ("\\p{S}", "+", true, true),
    ("\\p{Sm}", "∑", true, true),
    ("\\p{Sc}", "€", true, true),
    ("\\p{Sk}", "^", true, true),
    ("\\p{So}", "©", true, true),
    ("\\p{Z}", " ", true, true),
    ("\\p{Zs}", "\u{A0}", true, true),
    ("\\p{Zl}", "\u{2028}", true, true),
    ("\\p{Zp}", "\u{2029}", true, true),
    ("\\p{M}", "\u{301}", true, true),
    ("\\p{Mn}", "\u{301}", true, true),
    ("\\p{Mc}", "\u{903}", true, true),
    ("\\p{Me}", "\u{20DD}", true, true),
    ("\\p{C}", "\u{7}", true, true),
    ("\\p{Cc}", "\u{7}", true, true),
    ("\\p{Cf}", "\u{200B}", true, true),
    ("\\p{Co}", "\u{E000}", true, true),
    ("\\p{Cn}", "\u{378}", true, true),
    ("[\\p{Lu}\\p{Nd}]+", "A1B2", true, true),
    ("[^\\p{L}]", "a", false, false),
    ("[\\P{L}]", "1", true, true),
    ("[\\P{L}a]", "a", true, true),
    ("[\\P{L}\\P{N}]", "a", true, true),
    ("^ab", "ab", true, true),
    ("^ab", "xab", false, false),
    ("ab$", "xab", false, true),
    ("ab$", "abx", false, false),
    ("a^b", "ab", false, false),
    ("$", "", true, true),
    ("1974-05-..", "1974-05-01", true, true),
    ("[BR]ob", "Bob Dylan", false, true),
    ("b.?b", "bab", true, true),
    ("b.?b", "bbab", false, true),
    ("[jk]", "kilo", false, true),
  ]

  @Test(arguments: cases)
  func matchesAndSearches(_ pattern: String, _ input: String, _ matches: Bool, _ searches: Bool) throws {
    let regex = try #require(compile(pattern), "\(pattern) should compile")
    #expect(try regex.matches(input) == matches, "match(\(input.debugDescription), \(pattern.debugDescription))")
    #expect(
      try regex.containsMatch(in: input) == searches,
      "search(\(input.debugDescription), \(pattern.debugDescription))")
  }

  /// Patterns outside the I-Regexp grammar, or beyond the engine's size limits.
  static let invalidPatterns: [String] = [
    "(", ")", "(a", "a)", "[", "]", "[]", "[^]", "[a", "{", "}", "a{", "a{1", "a{,2}", "a{2,1}", "a{x}",
    "*", "+", "?", "a**", "a*+", "a+?", "a??", "a{2}{3}", "|*", "(*)",
    "\\", "\\d", "\\w", "\\s", "\\D", "\\b", "\\B", "\\1", "\\x41", "\\u0041", "\\$", "\\/", "\\a", "\\0",
    "\\p", "\\p{}", "\\p{Xx}", "\\p{IsBasicLatin}", "\\p{Cs}", "\\p{L", "\\pL", "\\p{Lx}", "\\p{LU}",
    "[a-c-e]", "[--a]", "[+--]", "[z-a]", "[\\d]", "[a\\]", "[[a]]", "[a-\\p{L}]", "[\\p{L}-z]", "[a-[b]]",
    "(?:a)", "(?=a)", "(?i)a", "a{99999}", "(a{1000}){1000}", "((){9999}){9999}",
    String(repeating: "(", count: 100) + String(repeating: ")", count: 100),
  ]

  @Test(arguments: invalidPatterns)
  func invalidPatternsDoNotCompile(_ pattern: String) {
    #expect(compile(pattern) == nil)
  }

  @Test func validPatternsBeyondTheLimitsAreTooLargeNotInvalid() {
    func kind(_ pattern: String) -> String {
      do {
        _ = try RegularExpression.compile(pattern, dialect: .iRegexp)
        return "regex"
      } catch {
        return error.kind == .tooLarge ? "tooLarge" : "invalid"
      }
    }
    for pattern in [
      "x{0,10001}", "a{99999}", "(a{1000}){1000}", "((){9999}){9999}",
      String(repeating: "(", count: 33) + "a" + String(repeating: ")", count: 33),
    ] {
      #expect(kind(pattern) == "tooLarge", "\(pattern)")
    }
    for pattern in ["\\d", "a{2,1}", "(?:a)", "[z-a]", "("] { #expect(kind(pattern) == "invalid", "\(pattern)") }
    #expect(kind("x{0,1000}b") == "regex")
  }

  /// Patterns that make backtracking engines take exponential time finish here, with the right answer:
  /// (pattern, input, whole-string match, substring search).
  static let hostilePatterns: [(String, String, Bool, Bool)] = [
    ("(a*)*b", String(repeating: "a", count: 5_000), false, false),
    ("(a+)+b", String(repeating: "a", count: 5_000), false, false),
    ("(a|a)*b", String(repeating: "a", count: 5_000), false, false),
    ("(a|aa)+c", String(repeating: "a", count: 5_000), false, false),
    ("((a*)*)*", String(repeating: "a", count: 5_000), true, true),
    ("(.*a){20}", String(repeating: "a", count: 1_000) + "b", false, true),
    ("a{0,500}a{500}", String(repeating: "a", count: 500), true, true),
    ("(x+x+)+y", String(repeating: "x", count: 5_000), false, false),
  ]

  @Test(arguments: hostilePatterns)
  func hostilePatternsRunInLinearTime(_ pattern: String, _ input: String, _ matches: Bool, _ searches: Bool) throws {
    let regex = try #require(compile(pattern))
    #expect(try regex.matches(input) == matches)
    #expect(try regex.containsMatch(in: input) == searches)
  }

  @Test func groupNestingIsLimited() throws {
    let depth = RegularExpression.maximumGroupDepth
    let nested = String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
    let atLimit = try #require(compile(nested))
    #expect(try atLimit.matches("a"))
    #expect(compile(String(repeating: "(", count: depth + 1) + "a" + String(repeating: ")", count: depth + 1)) == nil)
  }

  @Test func scratchMemoryIsReusedAcrossPatternsOfDifferentSizes() throws {
    var scratch = RegularExpression.Scratch()
    let small = try #require(compile("a"))
    let large = try #require(compile("(abc|def){1,20}x"))
    #expect(try large.matches("abcdefx", scratch: &scratch))
    #expect(try small.matches("a", scratch: &scratch))
    #expect(try !small.matches("b", scratch: &scratch))
    #expect(try large.containsMatch(in: "zzabcx", scratch: &scratch))
    #expect(try !large.containsMatch(in: "zzabx", scratch: &scratch))
  }
}
