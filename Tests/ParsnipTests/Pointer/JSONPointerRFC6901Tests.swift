import Testing

@testable import Parsnip

/// RFC 6901 section 5 (string form) and section 6 (URI fragment form), every example.
@Suite struct JSONPointerRFC6901Tests {
  static let document: JSON = try! JSON(
    parsing: #"""
      {
        "foo": ["bar", "baz"],
        "": 0,
        "a/b": 1,
        "c%d": 2,
        "e^f": 3,
        "g|h": 4,
        "i\\j": 5,
        "k\"l": 6,
        " ": 7,
        "m~n": 8
      }
      """#)

  @Test(
    arguments: [
      ("", document),
      ("/foo", ["bar", "baz"]),
      ("/foo/0", "bar"),
      ("/", 0),
      ("/a~1b", 1),
      ("/c%d", 2),
      ("/e^f", 3),
      ("/g|h", 4),
      (#"/i\j"#, 5),
      (#"/k"l"#, 6),
      ("/ ", 7),
      ("/m~0n", 8),
    ] as [(String, JSON)])
  func stringRepresentation(text: String, expected: JSON) throws {
    let pointer = try JSONPointer(text)
    #expect(Self.document.value(at: pointer) == expected)
    #expect(try Self.document.resolve(pointer) == expected)
    #expect(pointer.description == text)
  }

  @Test(
    arguments: [
      ("#", document),
      ("#/foo", ["bar", "baz"]),
      ("#/foo/0", "bar"),
      ("#/", 0),
      ("#/a~1b", 1),
      ("#/c%25d", 2),
      ("#/e%5Ef", 3),
      ("#/g%7Ch", 4),
      ("#/i%5Cj", 5),
      ("#/k%22l", 6),
      ("#/%20", 7),
      ("#/m~0n", 8),
    ] as [(String, JSON)])
  func uriFragmentRepresentation(fragment: String, expected: JSON) throws {
    let pointer = try JSONPointer(fragment: fragment)
    #expect(Self.document.value(at: pointer) == expected)
    #expect(pointer.fragment == fragment)
  }

  @Test func fragmentDecodesUTF8AndLowercaseHex() throws {
    #expect(try JSONPointer(fragment: "#/caf%c3%a9/%E2%82%AC").tokens == ["café", "€"])
    #expect(JSONPointer(tokens: ["café", "a b"]).fragment == "#/caf%C3%A9/a%20b")
    #expect(try JSONPointer(fragment: "#/a%2Fb").tokens == ["a", "b"])  // decoded before splitting
    #expect(try JSONPointer(fragment: "#/a~1b").tokens == ["a/b"])
  }

  @Test func tokensAreUnescapedInOrder() throws {
    // `~01` is `~` followed by `1`, not `/`: `~0` is decoded first, never re-read (RFC 6901 section 4).
    #expect(try JSONPointer("/~01").tokens == ["~1"])
    #expect(try JSONPointer("/~10").tokens == ["/0"])
    #expect(JSONPointer(tokens: ["~1"]).description == "/~01")
    #expect(try JSONPointer("//").tokens == ["", ""])
    #expect(try JSONPointer("/a/").tokens == ["a", ""])
  }
}
