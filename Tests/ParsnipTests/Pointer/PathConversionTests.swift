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
    (#"$['a\x']"#, 5, #"a valid escape (\b \f \n \r \t \/ \\ \u or a quote)"#),
    (#"$['\ud800']"#, 9, "a low surrogate escape after a high surrogate"),
    (#"$['\udc00']"#, 3, "a high surrogate before a low surrogate"),
    ("$['a\u{01}']", 4, "an escape sequence for a control character"),
    (#"$['abc"#, 6, "a closing quote"),
  ])
  func normalizedPathErrors(text: String, offset: Int, expected: String) {
    #expect(throws: JSONKeyPathError(.invalidKeyPath(text: text, offset: offset, expected: expected))) {
      try JSONKeyPath(normalizedPath: text)
    }
    #expect(throws: JSONPointerError(.invalidNormalizedPath(expected: expected), text: text, offset: offset)) {
      try JSONPointer(normalizedPath: text)
    }
  }

  @Test func pointerNormalizedPathInDocument() throws {
    let json: JSON = ["foo": ["bar", "baz"], "obj": ["0": 1]]
    #expect(try JSONPointer("/foo/1").normalizedPath(in: json) == "$['foo'][1]")
    #expect(try JSONPointer("/obj/0").normalizedPath(in: json) == "$['obj']['0']")
  }

  @Test func randomPathsRoundTripThroughEveryForm() throws {
    var generator = PathsTestRandom(seed: 6901)
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
