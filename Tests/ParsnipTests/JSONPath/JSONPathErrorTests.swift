import Testing

@testable import Parsnip

/// Queries that RFC 9535 rules out must be rejected with the right kind of error, at the right place, with a
/// compiler-style message.
@Suite struct JSONPathErrorTests {
  static let malformed: [InvalidQuery] = [
    // The query as a whole
    InvalidQuery("", at: 0),
    InvalidQuery(" $", at: 0),
    InvalidQuery("$ ", at: 1),
    InvalidQuery("$\n", at: 1),
    InvalidQuery("@", at: 0),
    InvalidQuery("@.a", at: 0),
    InvalidQuery("a", at: 0),
    InvalidQuery("$a", at: 1),
    InvalidQuery("$$", at: 1),
    InvalidQuery("$.a ]", at: 4),
    InvalidQuery("$ a", at: 2),
    // Shorthands
    InvalidQuery("$.", at: 2),
    InvalidQuery("$..", at: 3),
    InvalidQuery("$.&", at: 2),
    InvalidQuery("$.1", at: 2),
    InvalidQuery("$.-a", at: 2),
    InvalidQuery("$. a", at: 2),
    InvalidQuery("$.\na", at: 2),
    InvalidQuery("$.\ta", at: 2),
    InvalidQuery("$.\ra", at: 2),
    InvalidQuery("$.. a", at: 3),
    InvalidQuery("$..\na", at: 3),
    InvalidQuery("$...a", at: 3),
    InvalidQuery("$.['a']", at: 2),
    InvalidQuery("$.'a'", at: 2),
    InvalidQuery("$.\u{7F}", at: 2),
    InvalidQuery("$.a.", at: 4),
    // Brackets
    InvalidQuery("$[", at: 2),
    InvalidQuery("$[]", at: 2),
    InvalidQuery("$[ ]", at: 3),
    InvalidQuery("$[0", at: 3),
    InvalidQuery("$[0 2]", at: 4),
    InvalidQuery("$[,0]", at: 2),
    InvalidQuery("$[0,]", at: 4),
    InvalidQuery("$[0,,1]", at: 4),
    InvalidQuery("$[a]", at: 2),
    InvalidQuery("$[*a]", at: 3),
    InvalidQuery("$[**]", at: 3),
    InvalidQuery("$[0]]", at: 4),
    InvalidQuery("$[[0]]", at: 2),
    InvalidQuery("$[?@.a]]", at: 7),
    // Integers
    InvalidQuery("$[01]", at: 2),
    InvalidQuery("$[00]", at: 2),
    InvalidQuery("$[-0]", at: 2),
    InvalidQuery("$[-01]", at: 2),
    InvalidQuery("$[1.0]", at: 3),
    InvalidQuery("$[+1]", at: 2),
    InvalidQuery("$[- 1]", at: 3),
    InvalidQuery("$[-]", at: 3),
    InvalidQuery("$[1e2]", at: 3),
    InvalidQuery("$[0x1]", at: 3),
    InvalidQuery("$[1:2:3:4]", at: 7),
    InvalidQuery("$[1:2:a]", at: 6),
    InvalidQuery("$[01::]", at: 2),
    InvalidQuery("$[1.0::]", at: 3),
    InvalidQuery("$[+1::]", at: 2),
    InvalidQuery("$[- 1::]", at: 3),
    InvalidQuery("$[-0::]", at: 2),
    InvalidQuery("$[:01:]", at: 3),
    InvalidQuery("$[:+1:]", at: 3),
    InvalidQuery("$[:-0:]", at: 3),
    InvalidQuery("$[:-01:]", at: 3),
    InvalidQuery("$[::01]", at: 4),
    InvalidQuery("$[::1.0]", at: 5),
    InvalidQuery("$[::- 1]", at: 5),
    InvalidQuery("$[::-0]", at: 4),
    InvalidQuery(
      "$[231584178474632390847141970017375815706539969331281128078915168SomeRandomText]", .integerOutOfRange, at: 2),
    // Strings
    InvalidQuery("$['a", at: 4),
    InvalidQuery("$['a]", at: 5),
    InvalidQuery(#"$["a']"#, at: 6),
    InvalidQuery(#"$["""]"#, at: 4),
    InvalidQuery("$[''']", at: 4),
    InvalidQuery(#"$["\'"]"#, at: 3),
    InvalidQuery(#"$['\"']"#, at: 3),
    InvalidQuery(#"$["\"]"#, at: 6),
    InvalidQuery(#"$['\']"#, at: 6),
    InvalidQuery("$[\"\\\n\"]", at: 3),
    InvalidQuery(#"$["\?"]"#, at: 3),
    InvalidQuery(#"$["\a"]"#, at: 3),
    InvalidQuery(#"$["\v"]"#, at: 3),
    InvalidQuery(#"$["\0"]"#, at: 3),
    InvalidQuery(#"$["\x12"]"#, at: 3),
    InvalidQuery(#"$["\N{LATIN CAPITAL LETTER A}"]"#, at: 3),
    InvalidQuery(#"$["\u"]"#, at: 3),
    InvalidQuery(#"$["\u123"]"#, at: 3),
    InvalidQuery(#"$["\u123g"]"#, at: 3),
    InvalidQuery(#"$["\U1234"]"#, at: 3),
    InvalidQuery(#"$["\U0010FFFF"]"#, at: 3),
    InvalidQuery(#"$["\u+1234"]"#, at: 3),
    InvalidQuery(#"$["\u{1234}"]"#, at: 3),
    InvalidQuery(#"$["\uD800"]"#, at: 3),
    InvalidQuery(#"$["\uDC00"]"#, at: 3),
    InvalidQuery(#"$["\uD800\uD800"]"#, at: 3),
    InvalidQuery(#"$["\uDC00\uDC00"]"#, at: 3),
    InvalidQuery(#"$["\uD800\u1234"]"#, at: 3),
    InvalidQuery(#"$["\u1234\uDC00"]"#, at: 9),
    InvalidQuery(#"$["\uD800𝄞"]"#, at: 3),
    InvalidQuery(#"$["𝄞\uDC00"]"#, at: 7),
    InvalidQuery(#"$["\uD800\uDC0"]"#, at: 9),
    InvalidQuery("$[\"\u{0}\"]", at: 3),
    InvalidQuery("$[\"\u{1F}\"]", at: 3),
    InvalidQuery("$['\t']", at: 3),
    InvalidQuery("$['\n']", at: 3),
    InvalidQuery("$['\r']", at: 3),
    InvalidQuery("$[\"a\u{8}b\"]", at: 4),
  ]

  @Test(arguments: malformed)
  func malformedQueriesAreRejected(_ query: InvalidQuery) { query.check() }

  static let invalidFilters: [InvalidQuery] = [
    InvalidQuery("$[?]", at: 3),
    InvalidQuery("$[? ]", at: 4),
    InvalidQuery("$[?@.a==]", at: 8),
    InvalidQuery("$[?@.a=1]", at: 6),
    InvalidQuery("$[?@.a===1]", at: 8),
    InvalidQuery("$[?@.a=>1]", at: 6),
    InvalidQuery("$[?@.a<>1]", at: 7),
    InvalidQuery("$[?@.a & @.b]", at: 7),
    InvalidQuery("$[?@.a | @.b]", at: 7),
    InvalidQuery("$[?@.a and @.b]", at: 7),
    InvalidQuery("$[?(@.a]", at: 7),
    InvalidQuery("$[?(@.a ]", at: 8),
    InvalidQuery("$[?@.a)]", at: 6),
    InvalidQuery("$[?((@.a)]", at: 9),
    InvalidQuery("$[?@.a==1", at: 9),
    InvalidQuery("$[?@.a &&]", at: 9),
    InvalidQuery("$[?&& @.a]", at: 3),
    InvalidQuery("$[?!]", at: 4),
    InvalidQuery("$[?!!@.a]", at: 4),
    InvalidQuery("$[?!@.a == 1]", at: 3),
    InvalidQuery("$[?!length(@.a) == 1]", at: 3),
    InvalidQuery("$[?(@.a) == 1]", at: 9),
    InvalidQuery("$[?1 == (1)]", at: 8),
    InvalidQuery("$[?!(@.a) == 1]", at: 10),
    InvalidQuery("$[?@.a == 1 == 2]", at: 12),
    InvalidQuery("$[?@.a==+1]", at: 8),
    InvalidQuery("$[?@.a==- 1]", at: 9),
    InvalidQuery("$[?@.a==--1]", at: 9),
    InvalidQuery("$[?@.a==.1]", at: 8),
    InvalidQuery("$[?@.a==-.1]", at: 9),
    InvalidQuery("$[?@.a==00]", at: 8),
    InvalidQuery("$[?@.a==01]", at: 8),
    InvalidQuery("$[?@.a==-01]", at: 8),
    InvalidQuery("$[?@.a==1.]", at: 10),
    InvalidQuery("$[?@.a==1.-1]", at: 10),
    InvalidQuery("$[?@.a==1.e1]", at: 10),
    InvalidQuery("$[?@.a==1e]", at: 10),
    InvalidQuery("$[?@.a==1e-]", at: 11),
    InvalidQuery("$[?@.a==1eE1]", at: 10),
    InvalidQuery("$[?@.a==1e--1]", at: 11),
    InvalidQuery("$[?@.a==1e+-1]", at: 11),
    InvalidQuery("$[?@.a==1e2.3]", at: 11),
    InvalidQuery("$[?@.a==1e2e3]", at: 11),
    InvalidQuery("$[?@.a==0x1]", at: 9),
    InvalidQuery("$[?@.a==Infinity]", at: 8),
    InvalidQuery("$[?@.a==NaN]", at: 8),
    InvalidQuery("$[?@==True]", at: 6),
    InvalidQuery("$[?@==False]", at: 6),
    InvalidQuery("$[?@==Null]", at: 6),
    InvalidQuery("$[?@==nul]", at: 6),
    InvalidQuery("$[?@==abc]", at: 6),
    InvalidQuery("$[?@=='abc]", at: 11),
    InvalidQuery("$[?@==\"a\\qb\"]", at: 8),
    InvalidQuery("$[?@.a==@.b.]", at: 12),
    InvalidQuery("$[?@ .. a]", at: 7),
    InvalidQuery("$[?@.a==\"a\nb\"]", at: 10),
    // Literals must be compared
    InvalidQuery("$[?true]", .typeMismatch, at: 3),
    InvalidQuery("$[?false]", .typeMismatch, at: 3),
    InvalidQuery("$[?null]", .typeMismatch, at: 3),
    InvalidQuery("$[?'abc']", .typeMismatch, at: 3),
    InvalidQuery("$[?2]", .typeMismatch, at: 3),
    InvalidQuery("$[?2.2]", .typeMismatch, at: 3),
    InvalidQuery("$[?!true]", .typeMismatch, at: 4),
    InvalidQuery("$[?(1)]", .typeMismatch, at: 4),
    InvalidQuery("$[?true && false]", .typeMismatch, at: 3),
    InvalidQuery("$[?true || false]", .typeMismatch, at: 3),
    InvalidQuery("$[?true == false && false]", .typeMismatch, at: 20),
    InvalidQuery("$[?true == false || false]", .typeMismatch, at: 20),
    InvalidQuery("$[?false && true == false]", .typeMismatch, at: 3),
    InvalidQuery("$[?false || true == false]", .typeMismatch, at: 3),
    InvalidQuery("$[?@.a && 'x']", .typeMismatch, at: 10),
    // Comparison operands must be singular
    InvalidQuery("$[?@[0:0]==0]", .nonSingularQuery, at: 3),
    InvalidQuery("$[?@[*]==0]", .nonSingularQuery, at: 3),
    InvalidQuery("$[?@..a==0]", .nonSingularQuery, at: 3),
    InvalidQuery("$[?@.a[*].a==0]", .nonSingularQuery, at: 3),
    InvalidQuery("$[?(@[0, 0]==42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?(@['a', 'a']!=42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?(@[0, '0']<=42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?(@.*==42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?($[0, 0]==42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?($.*<=42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?($[0:0]!=42)]", .nonSingularQuery, at: 4),
    InvalidQuery("$[?42 == $..a]", .nonSingularQuery, at: 9),
    InvalidQuery("$[?@[?@.a] == 1]", .nonSingularQuery, at: 3),
    InvalidQuery("$[?@[ 'a' ] == 1]", .nonSingularQuery, at: 3),
    InvalidQuery("$[?@[0 ] == 1]", .nonSingularQuery, at: 3),
    // Nesting limit
    InvalidQuery("$" + String(repeating: "[?@", count: 70) + String(repeating: "]", count: 70), .nestingTooDeep),
    InvalidQuery("$[?" + nest("(", "@", ")") + "]", .nestingTooDeep, at: 3 + JSONPath.maximumNestingDepth - 1),
    InvalidQuery("$[?" + nest("!(", "@", ")") + "]", .nestingTooDeep),
    InvalidQuery("$[?" + nest("length(", "@", ")") + "==1]", .nestingTooDeep),
  ]

  /// `open` 100 times, `middle`, `close` 100 times.
  static func nest(_ open: String, _ middle: String, _ close: String) -> String {
    String(repeating: open, count: 100) + middle + String(repeating: close, count: 100)
  }

  @Test(arguments: invalidFilters)
  func invalidFiltersAreRejected(_ query: InvalidQuery) { query.check() }

  static let illTypedFunctions: [InvalidQuery] = [
    InvalidQuery("$[?count(1)>2]", .typeMismatch, at: 9),
    InvalidQuery("$[?count('string')>2]", .typeMismatch, at: 9),
    InvalidQuery("$[?count(true)>2]", .typeMismatch, at: 9),
    InvalidQuery("$[?count(null)>2]", .typeMismatch, at: 9),
    InvalidQuery("$[?count(@.a == 1)>2]", .typeMismatch, at: 9),
    InvalidQuery("$[?count(length(@))>2]", .typeMismatch, at: 9),
    InvalidQuery("$[?count(@..*)]", .typeMismatch, at: 3),
    InvalidQuery("$[?count()==1]", .wrongArgumentCount, at: 9),
    InvalidQuery("$[?count(@.a,@.b)==1]", .wrongArgumentCount, at: 13),
    InvalidQuery("$[?length(@.a)]", .typeMismatch, at: 3),
    InvalidQuery("$[?!length(@.a)]", .typeMismatch, at: 4),
    InvalidQuery("$[?length()==1]", .wrongArgumentCount, at: 10),
    InvalidQuery("$[?length(@.a,@.b)==1]", .wrongArgumentCount, at: 14),
    InvalidQuery("$[?length(@.*)<3]", .nonSingularQuery, at: 10),
    InvalidQuery("$[?length(@[ 0 ])<3]", .nonSingularQuery, at: 10),
    InvalidQuery("$[?length(@.a==@.b)>2]", .typeMismatch, at: 10),
    InvalidQuery("$[?length(!@.a)>2]", .typeMismatch, at: 10),
    InvalidQuery("$[?length(match(@, 'a'))>2]", .typeMismatch, at: 10),
    InvalidQuery("$[?length(@.a) == length(@.*)]", .nonSingularQuery, at: 25),
    InvalidQuery("$[?match(@.a, 'a.*')==true]", .typeMismatch, at: 3),
    InvalidQuery("$[?true == search(@.a, 'a.*')]", .typeMismatch, at: 11),
    InvalidQuery("$[?match(@.a)==1]", .wrongArgumentCount, at: 12),
    InvalidQuery("$[?match(@.a,@.b,@.c)==1]", .wrongArgumentCount, at: 17),
    InvalidQuery("$[?search(@.a)]", .wrongArgumentCount, at: 13),
    InvalidQuery("$[?search(@.a,@.b,@.c)]", .wrongArgumentCount, at: 18),
    InvalidQuery("$[?match(@.*, 'a')]", .nonSingularQuery, at: 9),
    InvalidQuery("$[?match(@.a, $..p)]", .nonSingularQuery, at: 14),
    InvalidQuery("$[?value()==4]", .wrongArgumentCount, at: 9),
    InvalidQuery("$[?value(@.a,@.b)==4]", .wrongArgumentCount, at: 13),
    InvalidQuery("$[?value(@.a)]", .typeMismatch, at: 3),
    InvalidQuery("$[?value(4)==4]", .typeMismatch, at: 9),
    InvalidQuery("$[?foo(@.a)]", .unknownFunction, at: 3),
    InvalidQuery("$[?Length(@.a)>1]", .unknownFunction, at: 3),
    InvalidQuery("$[?COUNT(@.a)>1]", .unknownFunction, at: 3),
    InvalidQuery("$[?length_(@.a)>1]", .unknownFunction, at: 3),
    InvalidQuery("$[?count (@.*)==1]", .syntax, at: 8),
    InvalidQuery("$[?count\n(@.*)==1]", .syntax, at: 8),
    InvalidQuery("$[?count\t(@.*)==1]", .syntax, at: 8),
    InvalidQuery("$[?count(@.* @.a)==1]", .syntax, at: 13),
    InvalidQuery("$[?count(@.*,)==1]", .syntax, at: 13),
    InvalidQuery("$[?count(@.*==1]", .nonSingularQuery, at: 9),
    InvalidQuery("$[?count(@.*", .syntax, at: 12),
  ]

  @Test(arguments: illTypedFunctions)
  func illTypedFunctionsAreRejected(_ query: InvalidQuery) { query.check() }

  /// Integers must lie within ±(2^53-1) (RFC 9535 section 2.1).
  static let outOfRange: [String] = [
    "$[9007199254740992]",
    "$[-9007199254740992]",
    "$[231584178474632390847141970017375815706539969331281128078915168015826259279872]",
    "$[-9007199254740992::]",
    "$[9007199254740992::]",
    "$[:-9007199254740992:]",
    "$[:9007199254740992:]",
    "$[::-9007199254740992]",
    "$[::9007199254740992]",
    "$[2:231584178474632390847141970017375815706539969331281128078915168015826259279872]",
    "$[-231584178474632390847141970017375815706539969331281128078915168015826259279872:1]",
    "$[1:10:231584178474632390847141970017375815706539969331281128078915168015826259279872]",
    "$[?@[9007199254740992] == 1]",
  ]

  @Test(arguments: outOfRange)
  func integersOutsideTheInteroperableRangeAreRejected(_ query: String) {
    InvalidQuery(query, .integerOutOfRange).check()
  }

  @Test func nestingLimitIsExact() throws {
    let limit = JSONPath.maximumNestingDepth
    let atLimit = "$" + String(repeating: "[?@", count: limit) + String(repeating: "]", count: limit)
    #expect(try JSONPath(atLimit).nodes(in: JSONPathEvaluationTests.nested(40)).count == 1)
    let beyond = "$" + String(repeating: "[?@", count: limit + 1) + String(repeating: "]", count: limit + 1)
    let error = try #require(throws: JSONPathError.self) { try JSONPath(beyond) }
    #expect(error.kind == .nestingTooDeep)
    #expect(error.byteOffset == 1 + 3 * limit + 1)
    #expect(error.message == "the query nests filters, parentheses, '!' and function calls more than \(limit) deep")
  }

  /// Mutations of valid queries (deterministic pseudo-random deletions, insertions and swaps) either compile
  /// and run, or fail with an error that points inside the query; none crashes.
  @Test func mutatedQueriesNeverCrash() throws {
    let seeds = [
      "$.store.book[?@.price < 10 && @.category == 'fiction'].title",
      "$..book[-1:0:-2]['title', \"author\"]",
      "$[?count(@..*) > 2 || !match(@.a, 'a.*[b-d]{2,3}\\p{Lu}')]",
      "$..[?length(value(@..x)) >= 1e2]",
      "$['a\\u00e9\\uD834\\uDD1E'][0][?(@ != null)]",
    ]
    let alphabet = Array("$@.[]()?*,:'\"\\!=<>&|-0123456789aeE \t\nλ")
    let document = try JSON(parsing: bookstore)
    var generator = SeededRandom(seed: 9535)
    func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
    var compiled = 0
    for _ in 0..<3_000 {
      var characters = Array(seeds[next(seeds.count)])
      for _ in 0..<(1 + next(3)) {
        let position = next(characters.count + 1)
        switch next(3) {
        case 0 where position < characters.count: characters.remove(at: position)
        case 1: characters.insert(alphabet[next(alphabet.count)], at: position)
        default:
          if position < characters.count { characters[position] = alphabet[next(alphabet.count)] }
        }
      }
      let query = String(characters)
      do {
        let path = try JSONPath(query)
        compiled += 1
        _ = try path.nodes(in: document)
      } catch {
        #expect(error.byteOffset >= 0 && error.byteOffset <= query.utf8.count, "\(query.debugDescription)")
        #expect(!error.message.isEmpty)
      }
    }
    #expect(compiled > 0)
  }

  // MARK: - Rendered messages

  @Test func missingBracketIsRenderedWithACaret() {
    #expect(
      rendered("$.store[0") == """
        error: expected ']' to close the bracketed selection
        $.store[0
                 ^
        """)
  }

  @Test func trailingBlankSpaceIsPointedAt() {
    #expect(
      rendered("$.a ") == """
        error: blank space is not allowed at the end of a query
        $.a 
           ^
        """)
  }

  @Test func nonSingularComparisonNamesTheOperand() {
    #expect(
      rendered("$[?@.* == 1]") == """
        error: an operand of '==' must be a singular query (only names and indices, each in its own segment); \
        this query can select several nodes
        $[?@.* == 1]
           ^
        """)
  }

  @Test func uncomparedFunctionResultExplainsTheFix() {
    #expect(
      rendered("$[?length(@.a)]") == """
        error: length() returns a value, which must be compared (for example length(...) == 1); \
        it cannot be used as a test on its own
        $[?length(@.a)]
           ^
        """)
  }

  @Test func unknownFunctionListsTheFunctions() {
    #expect(
      rendered("$[?size(@) > 1]") == """
        error: unknown function size(); the functions are length(), count(), match(), search() and value()
        $[?size(@) > 1]
           ^
        """)
  }

  @Test func badEscapeIsPointedAtTheBackslash() {
    #expect(
      rendered(#"$['a\qb']"#) == #"""
        error: invalid escape sequence '\q'; the escapes are \b \f \n \r \t \/ \\ \' \" and \uXXXX
        $['a\qb']
            ^
        """#)
  }

  @Test func multiLineQueryShowsTheOffendingLine() throws {
    let error = try #require(throws: JSONPathError.self) { try JSONPath("$.store\n\t.book[?@.price <]") }
    #expect(error.line == 2)
    #expect(error.column == 18)
    #expect(
      error.description == """
        error: expected a literal, a query ('@' or '$') or a function call, found ']'
        \t.book[?@.price <]
        \t                ^
        """)
  }

  @Test func columnsCountUnicodeScalars() throws {
    let error = try #require(throws: JSONPathError.self) { try JSONPath("$.ünïcødé[x]") }
    #expect(error.byteOffset == 14)
    #expect(error.column == 11)
    #expect(
      error.description == """
        error: expected a selector, found 'x'; member names in brackets are quoted: ['x']
        $.ünïcødé[x]
                  ^
        """)
  }

  @Test func errorsAreEquatableValues() throws {
    let first = try #require(throws: JSONPathError.self) { try JSONPath("$[") }
    let second = try #require(throws: JSONPathError.self) { try JSONPath("$[") }
    #expect(first == second)
    #expect(first.kind == .syntax)
    #expect(first.message == "expected a selector, found the end of the query")
  }

  func rendered(_ query: String) -> String {
    do {
      _ = try JSONPath(query)
      return "compiled"
    } catch {
      return error.description
    }
  }
}
