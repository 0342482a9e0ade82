import Testing

@testable import Parsnip

/// Percent-encoding beyond the RFC's examples: non-ASCII text, reserved characters, existing triplets, numbers.
@Suite struct URITemplateEncodingTests {
  @Test func nonASCIIValuesAreUTF8PercentEncoded() throws {
    #expect(try URITemplate("{x}").expand(["x": "café ü"]) == "caf%C3%A9%20%C3%BC")
    #expect(try URITemplate("{+x}").expand(["x": "/ä/ø"]) == "/%C3%A4/%C3%B8")
    #expect(try URITemplate("{x}").expand(["x": "😀"]) == "%F0%9F%98%80")
  }

  @Test func prefixCountsCharactersNotBytes() throws {
    #expect(try URITemplate("{x:2}").expand(["x": "éèà"]) == "%C3%A9%C3%A8")
  }

  @Test func nonASCIILiteralsAreEncodedInTheURI() throws {
    #expect(try URITemplate("/ü/{x}").expand(["x": "1"]) == "/%C3%BC/1")
  }

  @Test func reservedExpansionKeepsTripletsButEncodesALonePercent() throws {
    #expect(try URITemplate("{+x}").expand(["x": "a%20b%zz"]) == "a%20b%25zz")
    #expect(try URITemplate("{x}").expand(["x": "a%20b"]) == "a%2520b")
  }

  @Test func numbersAndBooleansExpandAsTheirJSONText() throws {
    let template = try URITemplate("{?n,f,t,big}")
    let values = try JSON(parsing: #"{"n": 12, "f": 1.5, "t": true, "big": 123456789012345678901234567890}"#)
    #expect(try template.expand(values) == "?n=12&f=1.5&t=true&big=123456789012345678901234567890")
  }

  @Test func nullMembersOfListsAndObjectsAreLeftOut() throws {
    #expect(try URITemplate("{?l*}").expand(["l": ["a", nil, "b"]]) == "?l=a&l=b")
    #expect(try URITemplate("{?l}").expand(["l": [nil]]) == "")
    #expect(try URITemplate("{k*}").expand(["k": ["a": nil, "b": "1"]]) == "b=1")
  }

  @Test func compiledOnceExpandsMany() throws {
    let template = try URITemplate("/posts/{id}")
    #expect(template.variableNames == ["id"])
    #expect(
      try (1...3).map { try template.expand(["id": .number(JSONNumber($0))]) } == ["/posts/1", "/posts/2", "/posts/3"])
  }
}
