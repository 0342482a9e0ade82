import Testing

@testable import Parsnip

@Suite struct PathConversionTests {
  @Test func keyPathToPointer() throws {
    #expect(JSONPointer(try JSONKeyPath(#"a["x/y"][0]["m~n"]"#)).description == "/a/x~1y/0/m~0n")
    #expect(JSONPointer(JSONKeyPath.root) == JSONPointer.root)
  }

  @Test func pointerToKeyPathReadsCanonicalIndices() throws {
    let path = JSONKeyPath(try JSONPointer("/a/0/01/-/12"))
    #expect(path.components == [.key("a"), .index(0), .key("01"), .key("-"), .index(12)])
  }

  @Test func pointerToKeyPathAgainstDocumentAsksContainers() throws {
    let arrays: JSON = ["a": [["b": 1]]]
    let objects: JSON = ["a": ["0": ["b": 1]]]
    let pointer = try JSONPointer("/a/0/b")
    #expect(try JSONKeyPath(pointer, in: arrays).description == "a[0].b")
    #expect(try JSONKeyPath(pointer, in: objects).description == "a.0.b")
    #expect(try JSONKeyPath(JSONPointer("/a/-"), in: arrays).description == "a[1]")
    #expect(throws: JSONPointerError(.keyNotFound("x"), text: "/x/y", tokenIndex: 0)) {
      try JSONKeyPath(JSONPointer("/x/y"), in: arrays)
    }
    #expect(throws: JSONPointerError(.invalidArrayIndex("b"), text: "/a/b", tokenIndex: 1)) {
      try JSONKeyPath(JSONPointer("/a/b"), in: arrays)
    }
  }

  @Test(
    arguments: [
      ([], "$"),
      ([.key("a")], "$['a']"),
      ([.index(1)], "$[1]"),
      ([.key("a"), .key("b"), .index(1)], "$['a']['b'][1]"),
      ([.key("\u{0B}")], #"$['\u000b']"#),
      ([.key("it's")], #"$['it\'s']"#),
      ([.key(#"back\slash"#)], #"$['back\\slash']"#),
      ([.key("\u{08}\u{0C}\n\r\t\u{1F}")], #"$['\b\f\n\r\t\u001f']"#),
      ([.key("\"q\"/é😀")], "$['\"q\"/é😀']"),
    ] as [([JSONKeyPath.Component], String)])
  func normalizedPathFormatting(components: [JSONKeyPath.Component], text: String) throws {
    let path = JSONKeyPath(components: components)
    #expect(path.normalizedPath == text)
    #expect(try JSONKeyPath(normalizedPath: text) == path)
  }

  @Test func normalizedPathParsingAcceptsJSONPathStringLiterals() throws {
    #expect(try JSONKeyPath(normalizedPath: #"$["a"]['\u0061']"#).components == [.key("a"), .key("a")])
    #expect(try JSONKeyPath(normalizedPath: #"$['\ud83d\ude00']"#).components == [.key("😀")])
    #expect(try JSONKeyPath(normalizedPath: #"$["it's \"q\""]"#).components == [.key(#"it's "q""#)])
    #expect(try JSONKeyPath(normalizedPath: #"$['a\/b']"#).components == [.key("a/b")])
    #expect(try JSONPointer(normalizedPath: "$['foo'][0]").description == "/foo/0")
  }

  @Test(arguments: [
    ("a", 0, "'$'"),
    ("$[", 2, "an index or a quoted name"),
    ("$['a'", 5, "']'"),
    ("$[01]", 3, "an index without leading zeros"),
    ("$[-1]", 2, "an index or a quoted name"),
    ("$[a]", 2, "an index or a quoted name"),
    ("$.a", 1, "'['"),
    // Names are JSONPath string literals, read by the JSONPath parser, whose message is quoted.
    (
      #"$['a\x']"#, 4,
      #"a valid quoted name (invalid escape sequence '\x'; the escapes are \b \f \n \r \t \/ \\ \' \" and \uXXXX)"#
    ),
    (
      #"$['\ud800']"#, 3,
      #"a valid quoted name (\uD800 is a high surrogate; it must be followed by a low surrogate escape "#
        + #"\uDC00...\uDFFF)"#
    ),
    (#"$['\udc00']"#, 3, #"a valid quoted name (\uDC00 is a lone low surrogate; it must follow a high surrogate)"#),
    ("$['a\u{01}']", 4, "a valid quoted name (control character U+0001 must be escaped in a string literal)"),
    (#"$['abc"#, 6, #"a valid quoted name (expected "'" to close the string)"#),
    (
      #"$["a\'"]"#, 4,
      #"a valid quoted name (\' is not a valid escape in a double-quoted string; write the quote without a backslash)"#
    ),
    ("$[99999999999999999999]", 2, "an index no larger than 9223372036854775807"),
    ("$[0]x", 4, "'['"),
  ])
  func normalizedPathErrors(text: String, offset: Int, expected: String) {
    #expect(throws: JSONKeyPathError(.invalidKeyPath(text: text, offset: offset, expected: expected))) {
      try JSONKeyPath(normalizedPath: text)
    }
    #expect(throws: JSONPointerError(.invalidNormalizedPath(expected: expected), text: text, byteOffset: offset)) {
      try JSONPointer(normalizedPath: text)
    }
  }

  @Test func jsonPathResultsConvertToKeyPathsAndPointers() throws {
    let json: JSON = ["a": [10, ["b/c": 20]], "0": "zero"]
    let nodes = try JSONPath("$..*").nodes(in: json)
    #expect(nodes.count == 5)
    for node in nodes {
      let keyPath = JSONKeyPath(node.path)
      #expect(json.value(at: keyPath) == node.value)
      #expect(json.value(at: JSONPointer(node.path)) == node.value)
      #expect(keyPath.normalizedPath == node.path.description)
      #expect(try JSONKeyPath(normalizedPath: node.path.description) == keyPath)
    }
    let deepest = try #require(nodes.first { $0.value == 20 })
    #expect(JSONKeyPath(deepest.path).description == "a[1].b/c")
    #expect(JSONPointer(deepest.path).description == "/a/1/b~1c")
    #expect(JSONKeyPath(JSONPath.NormalizedPath.root).isRoot)
  }

  @Test func keyPathsAndJSONPathFormatNormalizedPathsAlike() {
    var generator = SeededRandom(seed: 9535)
    let names = ["a", "", "'", "\\", "\"", "\u{0}\u{1F}\u{7F}", "\u{8}\u{C}\n\r\t", "é😀", "/", "a'b\\c"]
    for _ in 0..<200 {
      let components: [JSONKeyPath.Component] = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? .index(Int.random(in: 0...1_000_000, using: &generator)) : .key(names.randomElement(using: &generator)!)
      }
      let keyPath = JSONKeyPath(components: components)
      let normalized = JSONPath.NormalizedPath(components.map(JSONPath.NormalizedPath.Element.init))
      #expect(keyPath.normalizedPath == normalized.description)
      #expect(JSONKeyPath(normalized) == keyPath)
    }
  }

  @Test func negativeIndicesAreWrittenAsNumbers() {
    // Not valid normalized paths, but both initializers accept any Int: the text must not be garbage.
    #expect(JSONKeyPath(components: [.index(-3), .key("x")]).normalizedPath == "$[-3]['x']")
    #expect(JSONPath.NormalizedPath([.index(-3), .index(Int.min)]).description == "$[-3][\(Int.min)]")
  }

  @Test func pointerNormalizedPathInDocument() throws {
    let json: JSON = ["foo": ["bar", "baz"], "obj": ["0": 1]]
    #expect(try JSONPointer("/foo/1").normalizedPath(in: json) == "$['foo'][1]")
    #expect(try JSONPointer("/obj/0").normalizedPath(in: json) == "$['obj']['0']")
  }

  @Test func randomPathsRoundTripThroughEveryForm() throws {
    var generator = SeededRandom(seed: 6901)
    let alphabet: [String] = [
      "a", "0", "01", "-", "~", "/", "'", "\"", "\\", ".", "[", "]", " ", "é", "\n", "😀", "",
    ]
    for _ in 0..<300 {
      var components: [JSONKeyPath.Component] = []
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        if Bool.random(using: &generator) {
          components.append(.index(Int.random(in: 0...20, using: &generator)))
        } else {
          let length = Int.random(in: 0...3, using: &generator)
          components.append(.key((0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()))
        }
      }
      let path = JSONKeyPath(components: components)
      #expect(try JSONKeyPath(path.description) == path)
      #expect(try JSONKeyPath(normalizedPath: path.normalizedPath) == path)
      let pointer = JSONPointer(path)
      #expect(try JSONPointer(pointer.description) == pointer)
      #expect(try JSONPointer(fragment: pointer.fragment) == pointer)
    }
  }
}
