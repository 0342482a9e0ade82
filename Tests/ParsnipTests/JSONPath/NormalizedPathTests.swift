import Testing

@testable import Parsnip

/// RFC 9535 section 2.7: normalized paths, their escaping, equality and round trip through the parser.
@Suite struct NormalizedPathTests {
  /// (member name, normalized path segment)
  static let escaping: [(String, String)] = [
    ("a", "['a']"),
    ("", "['']"),
    ("j j", "['j j']"),
    ("'", #"['\'']"#),
    ("\\", #"['\\']"#),
    ("\"", #"['"']"#),
    ("\u{8}\u{C}\n\r\t", #"['\b\f\n\r\t']"#),
    ("\u{0}\u{1}\u{7}\u{B}\u{E}\u{F}", #"['\u0000\u0001\u0007\u000b\u000e\u000f']"#),
    ("\u{10}\u{1A}\u{1F}", #"['\u0010\u001a\u001f']"#),
    ("\u{7F}", "['\u{7F}']"),
    ("☺𝄞é", "['☺𝄞é']"),
    ("/", "['/']"),
    ("a'b\\c", #"['a\'b\\c']"#),
  ]

  @Test(arguments: escaping)
  func namesAreEscapedAsTheRFCRequires(_ name: String, _ segment: String) throws {
    let path = JSONPath.NormalizedPath([.name(name)])
    #expect(path.description == "$" + segment)
    #expect(JSONPath.NormalizedPath.Element.name(name).description == segment)
    // The normalized path is a query that selects the member back.
    let json = JSON.object(JSONObject([(name, JSON(42))]))
    let nodes = try JSONPath(path.description).nodes(in: json)
    #expect(nodes.map(\.value) == [JSON(42)])
    #expect(nodes.first?.path == path)
  }

  @Test func indicesAreNonNegativeDecimals() {
    let path = JSONPath.NormalizedPath([.index(0), .index(7), .index(10), .index(1_234_567)])
    #expect(path.description == "$[0][7][10][1234567]")
  }

  @Test func rootIsTheDollarSign() {
    #expect(JSONPath.NormalizedPath.root.description == "$")
    #expect(JSONPath.NormalizedPath([]).description == "$")
    #expect(JSONPath.NormalizedPath.root.elements.isEmpty)
    #expect(JSONPath.NormalizedPath.root.depth == 0)
    #expect(JSONPath.NormalizedPath.root == JSONPath.NormalizedPath([]))
  }

  @Test func elementsRoundTrip() throws {
    let elements: [JSONPath.NormalizedPath.Element] = [.name("store"), .name("book"), .index(2), .name("title")]
    let path = JSONPath.NormalizedPath(elements)
    #expect(path.elements == elements)
    #expect(path.depth == 4)
    #expect(path.description == "$['store']['book'][2]['title']")
    let found = try JSONPath("$..title").nodes(in: try JSON(parsing: bookstore))
    #expect(found[2].path.elements == elements)
  }

  @Test func equalityAndHashingIgnoreHowPathsWereBuilt() throws {
    let json = try JSON(parsing: bookstore)
    let fromQuery = try #require(try JSONPath("$.store.book[1].author").nodes(in: json).first?.path)
    let fromDescendants = try JSONPath("$..author").nodes(in: json)[1].path
    let built = JSONPath.NormalizedPath([.name("store"), .name("book"), .index(1), .name("author")])
    #expect(fromQuery == fromDescendants)
    #expect(fromQuery == built)
    #expect(Set([fromQuery, fromDescendants, built]).count == 1)
    #expect(fromQuery != JSONPath.NormalizedPath([.name("store"), .name("book"), .index(1)]))
    #expect(fromQuery != JSONPath.NormalizedPath([.name("store"), .name("book"), .index(2), .name("author")]))
    #expect(JSONPath.NormalizedPath([.index(0)]) != JSONPath.NormalizedPath([.name("0")]))
  }

  @Test func pathsOfOneResultShareTheirPrefixes() throws {
    let nodes = try JSONPath("$.a[*]").nodes(in: ["a": [1, 2, 3]])
    #expect(nodes.map(\.path.description) == ["$['a'][0]", "$['a'][1]", "$['a'][2]"])
    #expect(nodes.map(\.path.depth) == [2, 2, 2])
  }
}
