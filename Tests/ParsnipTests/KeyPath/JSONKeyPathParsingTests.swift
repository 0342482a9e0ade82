import Testing

@testable import Parsnip

@Suite struct JSONKeyPathParsingTests {
  @Test(
    arguments: [
      ("", []),
      ("first", [.key("first")]),
      ("first.upperCase[0]", [.key("first"), .key("upperCase"), .index(0)]),
      ("response[0][1]", [.key("response"), .index(0), .index(1)]),
      ("managers.racheal.salary", [.key("managers"), .key("racheal"), .key("salary")]),
      ("[0]", [.index(0)]),
      ("[0][1].a", [.index(0), .index(1), .key("a")]),
      (#"a["x.y"]"#, [.key("a"), .key("x.y")]),
      (#"a[""]"#, [.key("a"), .key("")]),
      (#"a["say \"hi\""]"#, [.key("a"), .key(#"say "hi""#)]),
      (#"a["C:\\dir"]"#, [.key("a"), .key(#"C:\dir"#)]),
      (#"["[x]"]["a]b"]"#, [.key("[x]"), .key("a]b")]),
      ("a.0", [.key("a"), .key("0")]),
      (#"["0"]"#, [.key("0")]),
      ("first name.x", [.key("first name"), .key("x")]),
      ("é.ü[12]", [.key("é"), .key("ü"), .index(12)]),
      ("[9223372036854775807]", [.index(Int.max)]),
    ] as [(String, [JSONKeyPath.Component])])
  func parsesValidKeyPaths(text: String, components: [JSONKeyPath.Component]) throws {
    #expect(try JSONKeyPath(text).components == components)
  }

  @Test(arguments: [
    ("[0", 2, "']'"),
    ("2]", 1, "'.' or '['"),
    ("[]", 1, "an index or a quoted key"),
    ("a..b", 2, "a key after '.'"),
    ("[-1]", 1, "an index (0 or greater, without a sign)"),
    (".a", 0, "a key or '['"),
    ("a.", 2, "a key after '.'"),
    ("[x]", 1, "an index or a quoted key"),
    ("a[0]b", 4, "'.' or '['"),
    ("[01]", 2, "an index without leading zeros"),
    ("[99999999999999999999]", 1, "an index no larger than 9223372036854775807"),
    (#"["abc"#, 5, "'\"' to close the quoted key"),
    (#"["a\n"]"#, 4, #"'"' or '\' after '\'"#),
    ("a]", 1, "'.' or '['"),
    ("[", 1, "an index or a quoted key"),
    ("a.[0]", 2, "a key after '.'"),
    (#"a"b"#, 1, "'.' or '['"),
    ("[0 ]", 2, "']'"),
    ("[1.5]", 2, "']'"),
  ])
  func rejectsInvalidKeyPaths(text: String, offset: Int, expected: String) {
    #expect(throws: JSONKeyPathError(.invalidKeyPath(text: text, offset: offset, expected: expected))) {
      try JSONKeyPath(text)
    }
  }

  @Test func rendersSyntaxErrorWithCaret() {
    do {
      _ = try JSONKeyPath("managers..salary")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description == """
          invalid key path at offset 9: expected a key after '.'
          managers..salary
                   ^
          """)
    }
  }

  @Test func caretCountsCharactersNotBytes() {
    do {
      _ = try JSONKeyPath("é.ü[x]")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description == """
          invalid key path at offset 6: expected an index or a quoted key
          é.ü[x]
              ^
          """)
    }
  }

  @Test(
    arguments: [
      ([], ""),
      ([.key("a"), .key("b")], "a.b"),
      ([.key("a"), .key("x.y"), .index(2)], #"a["x.y"][2]"#),
      ([.index(0), .key("a")], "[0].a"),
      ([.key("")], #"[""]"#),
      ([.key(#"q"u\o"#)], #"["q\"u\\o"]"#),
      ([.key("0")], "0"),
      ([.key("first name")], "first name"),
    ] as [([JSONKeyPath.Component], String)])
  func describesKeyPathsInParseableForm(components: [JSONKeyPath.Component], text: String) throws {
    let path = JSONKeyPath(components: components)
    #expect(path.description == text)
    #expect(try JSONKeyPath(text) == path)
  }

  @Test func descriptionRoundTripsForAwkwardKeys() throws {
    let keys = ["", ".", "[", "]", "\"", "\\", "a.b[0]", "[\"x\"]", " ", "\n", "~/", "😀", "a\\\"b"]
    for key in keys {
      let path = JSONKeyPath(components: [.key(key), .index(3), .key(key)])
      #expect(try JSONKeyPath(path.description) == path, "key \(key.debugDescription)")
    }
  }

  @Test func hundredThousandComponentsParseWithoutRecursion() throws {
    let text = String(repeating: "[0]", count: 100_000)
    let path = try JSONKeyPath(text)
    #expect(path.components.count == 100_000)
    #expect(path.description == text)
  }

  @Test func pathHelpersComposePaths() throws {
    let path = try JSONKeyPath("a.b")
    #expect(path.appending(index: 2).description == "a.b[2]")
    #expect(path.appending(key: "x.y").description == #"a.b["x.y"]"#)
    #expect(path.appending(try JSONKeyPath("[0].c")).description == "a.b[0].c")
    #expect(path.parent == (try JSONKeyPath("a")))
    #expect(JSONKeyPath.root.parent == nil)
    #expect(path.isPrefix(of: try JSONKeyPath("a.b[0]")))
    #expect(!path.isPrefix(of: try JSONKeyPath("a")))
  }
}
