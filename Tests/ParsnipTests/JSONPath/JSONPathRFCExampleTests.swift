import Testing

@testable import Parsnip

/// Every example of RFC 9535, with the nodelists (values and normalized paths) the RFC gives.
@Suite struct JSONPathRFCExampleTests {
  static let book0 = """
    {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95}
    """
  static let book1 = #"{"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99}"#
  static let book2 = """
    {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99}
    """
  static let book3 = """
    {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
     "isbn": "0-395-19395-8", "price": 22.99}
    """
  static let books = "[\(book0), \(book1), \(book2), \(book3)]"
  static let bicycle = #"{"color": "red", "price": 399}"#

  /// Section 1.5, Table 2: the bookstore queries.
  static let bookstoreCases: [QueryCase] = [
    QueryCase(
      "$.store.book[*].author", bookstore,
      values: #"["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]"#,
      paths: (0..<4).map { "$['store']['book'][\($0)]['author']" }),
    QueryCase(
      "$..author", bookstore,
      values: #"["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]"#,
      paths: (0..<4).map { "$['store']['book'][\($0)]['author']" }),
    QueryCase(
      "$.store.*", bookstore, values: "[\(books), \(bicycle)]",
      paths: ["$['store']['book']", "$['store']['bicycle']"]),
    QueryCase(
      "$.store..price", bookstore, values: "[8.95, 12.99, 8.99, 22.99, 399]",
      paths: (0..<4).map { "$['store']['book'][\($0)]['price']" } + ["$['store']['bicycle']['price']"]),
    QueryCase("$..book[2]", bookstore, values: "[\(book2)]", paths: ["$['store']['book'][2]"]),
    QueryCase(
      "$..book[2].author", bookstore, values: #"["Herman Melville"]"#, paths: ["$['store']['book'][2]['author']"]),
    QueryCase("$..book[2].publisher", bookstore, values: "[]", paths: []),
    QueryCase("$..book[-1]", bookstore, values: "[\(book3)]", paths: ["$['store']['book'][3]"]),
    QueryCase(
      "$..book[0,1]", bookstore, values: "[\(book0), \(book1)]",
      paths: ["$['store']['book'][0]", "$['store']['book'][1]"]),
    QueryCase(
      "$..book[:2]", bookstore, values: "[\(book0), \(book1)]",
      paths: ["$['store']['book'][0]", "$['store']['book'][1]"]),
    QueryCase(
      "$..book[?@.isbn]", bookstore, values: "[\(book2), \(book3)]",
      paths: ["$['store']['book'][2]", "$['store']['book'][3]"]),
    QueryCase(
      "$..book[?@.price<10]", bookstore, values: "[\(book0), \(book2)]",
      paths: ["$['store']['book'][0]", "$['store']['book'][2]"]),
    QueryCase(
      "$..*", bookstore,
      values: """
        [{"book": \(books), "bicycle": \(bicycle)},
         \(books), \(bicycle),
         \(book0), \(book1), \(book2), \(book3),
         "reference", "Nigel Rees", "Sayings of the Century", 8.95,
         "fiction", "Evelyn Waugh", "Sword of Honour", 12.99,
         "fiction", "Herman Melville", "Moby Dick", "0-553-21311-3", 8.99,
         "fiction", "J. R. R. Tolkien", "The Lord of the Rings", "0-395-19395-8", 22.99,
         "red", 399]
        """),
  ]

  @Test(arguments: bookstoreCases)
  func bookstoreQueries(_ example: QueryCase) throws { try example.check() }

  /// Section 2.2.3: the root identifier.
  @Test func rootIdentifierSelectsTheArgument() throws {
    try QueryCase("$", #"{"k": "v"}"#, values: #"[{"k": "v"}]"#, paths: ["$"]).check()
  }

  static let nameDocument = #"{"o": {"j j": {"k.k": 3}}, "'": {"@": 2}}"#
  static let wildcardDocument = #"{"o": {"j": 1, "k": 2}, "a": [5, 3]}"#
  static let letters = #"["a", "b", "c", "d", "e", "f", "g"]"#

  /// Sections 2.3.1.3 to 2.3.4.3: name, wildcard, index and slice selector examples.
  static let selectorCases: [QueryCase] = [
    // 2.3.1.3, Table 5
    QueryCase("$.o['j j']", nameDocument, values: #"[{"k.k": 3}]"#, paths: ["$['o']['j j']"]),
    QueryCase("$.o['j j']['k.k']", nameDocument, values: "[3]", paths: ["$['o']['j j']['k.k']"]),
    QueryCase(#"$.o["j j"]["k.k"]"#, nameDocument, values: "[3]", paths: ["$['o']['j j']['k.k']"]),
    QueryCase(#"$["'"]["@"]"#, nameDocument, values: "[2]", paths: [#"$['\'']['@']"#]),
    // 2.3.2.3, Table 6
    QueryCase("$[*]", wildcardDocument, values: #"[{"j": 1, "k": 2}, [5, 3]]"#, paths: ["$['o']", "$['a']"]),
    QueryCase("$.o[*]", wildcardDocument, values: "[1, 2]", paths: ["$['o']['j']", "$['o']['k']"]),
    QueryCase(
      "$.o[*, *]", wildcardDocument, values: "[1, 2, 1, 2]",
      paths: ["$['o']['j']", "$['o']['k']", "$['o']['j']", "$['o']['k']"]),
    QueryCase("$.a[*]", wildcardDocument, values: "[5, 3]", paths: ["$['a'][0]", "$['a'][1]"]),
    // 2.3.3.3, Table 7
    QueryCase("$[1]", #"["a", "b"]"#, values: #"["b"]"#, paths: ["$[1]"]),
    QueryCase("$[-2]", #"["a", "b"]"#, values: #"["a"]"#, paths: ["$[0]"]),
    // 2.3.4.3, Table 9
    QueryCase("$[1:3]", letters, values: #"["b", "c"]"#, paths: ["$[1]", "$[2]"]),
    QueryCase("$[5:]", letters, values: #"["f", "g"]"#, paths: ["$[5]", "$[6]"]),
    QueryCase("$[1:5:2]", letters, values: #"["b", "d"]"#, paths: ["$[1]", "$[3]"]),
    QueryCase("$[5:1:-2]", letters, values: #"["f", "d"]"#, paths: ["$[5]", "$[3]"]),
    QueryCase(
      "$[::-1]", letters, values: #"["g", "f", "e", "d", "c", "b", "a"]"#,
      paths: ["$[6]", "$[5]", "$[4]", "$[3]", "$[2]", "$[1]", "$[0]"]),
  ]

  @Test(arguments: selectorCases)
  func selectorExamples(_ example: QueryCase) throws { try example.check() }

  static let filterDocument = """
    {
      "a": [3, 5, 1, 2, 4, 6,
            {"b": "j"},
            {"b": "k"},
            {"b": {}},
            {"b": "kilo"}
           ],
      "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
      "e": "f"
    }
    """
  static let filterArray = #"[3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}]"#
  static let filterObject = #"{"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}}"#

  /// Section 2.3.5.3, Table 12: filter selector examples.
  static let filterCases: [QueryCase] = [
    QueryCase("$.a[?@.b == 'kilo']", filterDocument, values: #"[{"b": "kilo"}]"#, paths: ["$['a'][9]"]),
    QueryCase("$.a[?(@.b == 'kilo')]", filterDocument, values: #"[{"b": "kilo"}]"#, paths: ["$['a'][9]"]),
    QueryCase("$.a[?@>3.5]", filterDocument, values: "[5, 4, 6]", paths: ["$['a'][1]", "$['a'][4]", "$['a'][5]"]),
    QueryCase(
      "$.a[?@.b]", filterDocument, values: #"[{"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}]"#,
      paths: ["$['a'][6]", "$['a'][7]", "$['a'][8]", "$['a'][9]"]),
    QueryCase("$[?@.*]", filterDocument, values: "[\(filterArray), \(filterObject)]", paths: ["$['a']", "$['o']"]),
    QueryCase("$[?@[?@.b]]", filterDocument, values: "[\(filterArray)]", paths: ["$['a']"]),
    QueryCase(
      "$.o[?@<3, ?@<3]", filterDocument, values: "[1, 2, 1, 2]",
      paths: ["$['o']['p']", "$['o']['q']", "$['o']['p']", "$['o']['q']"]),
    QueryCase(
      #"$.a[?@<2 || @.b == "k"]"#, filterDocument, values: #"[1, {"b": "k"}]"#, paths: ["$['a'][2]", "$['a'][7]"]),
    QueryCase(
      #"$.a[?match(@.b, "[jk]")]"#, filterDocument, values: #"[{"b": "j"}, {"b": "k"}]"#,
      paths: ["$['a'][6]", "$['a'][7]"]),
    QueryCase(
      #"$.a[?search(@.b, "[jk]")]"#, filterDocument, values: #"[{"b": "j"}, {"b": "k"}, {"b": "kilo"}]"#,
      paths: ["$['a'][6]", "$['a'][7]", "$['a'][9]"]),
    QueryCase("$.o[?@>1 && @<4]", filterDocument, values: "[2, 3]", paths: ["$['o']['q']", "$['o']['r']"]),
    QueryCase("$.o[?@.u || @.x]", filterDocument, values: #"[{"u": 6}]"#, paths: ["$['o']['t']"]),
    QueryCase(
      "$.a[?@.b == $.x]", filterDocument, values: "[3, 5, 1, 2, 4, 6]",
      paths: (0..<6).map { "$['a'][\($0)]" }),
    QueryCase("$.a[?@ == @]", filterDocument, values: filterArray, paths: (0..<10).map { "$['a'][\($0)]" }),
  ]

  @Test(arguments: filterCases)
  func filterExamples(_ example: QueryCase) throws { try example.check() }

  /// Section 2.3.5.2.2, Table 11: comparison examples, run as `$[?COMPARISON]` on the table's document, whose
  /// two members are selected exactly when the comparison is true.
  static let comparisons: [(String, Bool)] = [
    ("$.absent1 == $.absent2", true),
    ("$.absent1 <= $.absent2", true),
    ("$.absent == 'g'", false),
    ("$.absent1 != $.absent2", false),
    ("$.absent != 'g'", true),
    ("1 <= 2", true),
    ("1> 2", false),
    ("13 == '13'", false),
    ("'a' <= 'b'", true),
    ("'a' > 'b'", false),
    ("$.obj == $.arr", false),
    ("$.obj != $.arr", true),
    ("$.obj == $.obj", true),
    ("$.obj != $.obj", false),
    ("$.arr == $.arr", true),
    ("$.arr != $.arr", false),
    ("$.obj == 17", false),
    ("$.obj != 17", true),
    ("$.obj <= $.arr", false),
    ("$.obj < $.arr", false),
    ("$.obj <= $.obj", true),
    ("$.arr <= $.arr", true),
    ("1 <= $.arr", false),
    ("1 >= $.arr", false),
    ("1 > $.arr", false),
    ("1 < $.arr", false),
    ("true <= true", true),
    ("true > true", false),
  ]

  @Test(arguments: comparisons)
  func comparisonExamples(_ comparison: String, _ expected: Bool) throws {
    let json = try JSON(parsing: #"{"obj": {"x": "y"}, "arr": [2, 3]}"#)
    let nodes = try JSONPath("$[?\(comparison)]").nodes(in: json)
    #expect(nodes.count == (expected ? 2 : 0))
  }

  /// Section 2.4: the function examples, each on a document where it selects something.
  static let functionCases: [QueryCase] = [
    QueryCase(
      "$[?length(@.authors) >= 5]", #"[{"authors": ["a", "b", "c", "d", "e"]}, {"authors": ["a"]}]"#,
      values: #"[{"authors": ["a", "b", "c", "d", "e"]}]"#, paths: ["$[0]"]),
    QueryCase(
      "$[?count(@.*.author) >= 5]",
      #"""
      [{"x": {"author": 1}, "y": {"author": 2}}, [{"author": 1}, {"author": 2},
      {"author": 3}, {"author": 4}, {"author": 5}]]
      """#,
      values: #"[[{"author": 1}, {"author": 2}, {"author": 3}, {"author": 4}, {"author": 5}]]"#, paths: ["$[1]"]),
    QueryCase(
      #"$[?match(@.date, "1974-05-..")]"#,
      #"[{"date": "1974-05-01"}, {"date": "1974-05-011"}, {"date": "1974-06-01"}]"#,
      values: #"[{"date": "1974-05-01"}]"#, paths: ["$[0]"]),
    QueryCase(
      #"$[?search(@.author, "[BR]ob")]"#,
      #"[{"author": "Bob Dylan"}, {"author": "Robert"}, {"author": "bob"}, {"author": 7}]"#,
      values: #"[{"author": "Bob Dylan"}, {"author": "Robert"}]"#, paths: ["$[0]", "$[1]"]),
    QueryCase(
      #"$[?value(@..color) == "red"]"#,
      #"[{"color": "red"}, {"a": {"color": "red"}}, {"a": {"color": "red"}, "color": "red"}, {"color": "blue"}]"#,
      values: #"[{"color": "red"}, {"a": {"color": "red"}}]"#, paths: ["$[0]", "$[1]"]),
    // Section 2.4.9, Table 14: the well-typed examples that use standard functions.
    QueryCase("$[?length(@) < 3]", #"["ab", "abc", [1], {"a": 1, "b": 2, "c": 3}, 7]"#, values: #"["ab", [1]]"#),
    QueryCase("$[?count(@.*) == 1]", #"[[1], [1, 2], {"a": 1}, 1]"#, values: #"[[1], {"a": 1}]"#),
    QueryCase(
      "$[?match(@.timezone, 'Europe/.*')]", #"[{"timezone": "Europe/Paris"}, {"timezone": "America/Lima"}]"#,
      values: #"[{"timezone": "Europe/Paris"}]"#),
  ]

  @Test(arguments: functionCases)
  func functionExamples(_ example: QueryCase) throws { try example.check() }

  /// Section 2.4.9, Table 14: the examples that are not well-typed.
  static let illTypedQueries: [InvalidQuery] = [
    InvalidQuery("$[?length(@.*) < 3]", .nonSingularQuery, at: 10),
    InvalidQuery("$[?count(1) == 1]", .typeMismatch, at: 9),
    InvalidQuery("$[?match(@.timezone, 'Europe/.*') == true]", .typeMismatch, at: 3),
    InvalidQuery("$[?value(@..color)]", .typeMismatch, at: 3),
  ]

  @Test(arguments: illTypedQueries)
  func illTypedExamples(_ query: InvalidQuery) { query.check() }

  static let childDescendantDocument = #"{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}"#

  /// Sections 2.5.1.3 and 2.5.2.3, Tables 15 and 16: child and descendant segment examples.
  static let segmentCases: [QueryCase] = [
    QueryCase("$[0, 3]", letters, values: #"["a", "d"]"#, paths: ["$[0]", "$[3]"]),
    QueryCase("$[0:2, 5]", letters, values: #"["a", "b", "f"]"#, paths: ["$[0]", "$[1]", "$[5]"]),
    QueryCase("$[0, 0]", letters, values: #"["a", "a"]"#, paths: ["$[0]", "$[0]"]),
    QueryCase(
      "$..j", childDescendantDocument, values: "[1, 4]", paths: ["$['o']['j']", "$['a'][2][0]['j']"]),
    QueryCase(
      "$..[0]", childDescendantDocument, values: #"[5, {"j": 4}]"#, paths: ["$['a'][0]", "$['a'][2][0]"]),
    QueryCase(
      "$..[*]", childDescendantDocument,
      values: #"""
        [{"j": 1, "k": 2}, [5, 3, [{"j": 4}, {"k": 6}]], 1, 2, 5, 3, [{"j": 4},
        {"k": 6}], {"j": 4}, {"k": 6}, 4, 6]
        """#,
      paths: [
        "$['o']", "$['a']", "$['o']['j']", "$['o']['k']", "$['a'][0]", "$['a'][1]", "$['a'][2]", "$['a'][2][0]",
        "$['a'][2][1]", "$['a'][2][0]['j']", "$['a'][2][1]['k']",
      ]),
    QueryCase(
      "$..*", childDescendantDocument,
      values: #"""
        [{"j": 1, "k": 2}, [5, 3, [{"j": 4}, {"k": 6}]], 1, 2, 5, 3, [{"j": 4},
        {"k": 6}], {"j": 4}, {"k": 6}, 4, 6]
        """#),
    QueryCase("$..o", childDescendantDocument, values: #"[{"j": 1, "k": 2}]"#, paths: ["$['o']"]),
    QueryCase(
      "$.o..[*, *]", childDescendantDocument, values: "[1, 2, 1, 2]",
      paths: ["$['o']['j']", "$['o']['k']", "$['o']['j']", "$['o']['k']"]),
    QueryCase(
      "$.a..[0, 1]", childDescendantDocument, values: #"[5, 3, {"j": 4}, {"k": 6}]"#,
      paths: ["$['a'][0]", "$['a'][1]", "$['a'][2][0]", "$['a'][2][1]"]),
  ]

  @Test(arguments: segmentCases)
  func segmentExamples(_ example: QueryCase) throws { try example.check() }

  static let nullDocument = #"{"a": null, "b": [null], "c": [{}], "null": 1}"#

  /// Section 2.6, Table 17: semantics of null.
  static let nullCases: [QueryCase] = [
    QueryCase("$.a", nullDocument, values: "[null]", paths: ["$['a']"]),
    QueryCase("$.a[0]", nullDocument, values: "[]", paths: []),
    QueryCase("$.a.d", nullDocument, values: "[]", paths: []),
    QueryCase("$.b[0]", nullDocument, values: "[null]", paths: ["$['b'][0]"]),
    QueryCase("$.b[*]", nullDocument, values: "[null]", paths: ["$['b'][0]"]),
    QueryCase("$.b[?@]", nullDocument, values: "[null]", paths: ["$['b'][0]"]),
    QueryCase("$.b[?@==null]", nullDocument, values: "[null]", paths: ["$['b'][0]"]),
    QueryCase("$.c[?@.d==null]", nullDocument, values: "[]", paths: []),
    QueryCase("$.null", nullDocument, values: "[1]", paths: ["$['null']"]),
  ]

  @Test(arguments: nullCases)
  func nullExamples(_ example: QueryCase) throws { try example.check() }

  /// Section 2.7, Table 18: normalized paths, each from a query selecting one node.
  static let normalizedPathCases: [QueryCase] = [
    QueryCase("$.a", #"{"a": 1}"#, values: "[1]", paths: ["$['a']"]),
    QueryCase("$[1]", "[0, 1]", values: "[1]", paths: ["$[1]"]),
    QueryCase("$[-3]", "[0, 1, 2, 3, 4]", values: "[2]", paths: ["$[2]"]),
    QueryCase("$.a.b[1:2]", #"{"a": {"b": [0, 1, 2]}}"#, values: "[1]", paths: ["$['a']['b'][1]"]),
    QueryCase(#"$["\u000B"]"#, #"{"\u000b": 1}"#, values: "[1]", paths: [#"$['\u000b']"#]),
    QueryCase(#"$["\u0061"]"#, #"{"a": 1}"#, values: "[1]", paths: ["$['a']"]),
  ]

  @Test(arguments: normalizedPathCases)
  func normalizedPathExamples(_ example: QueryCase) throws { try example.check() }
}
