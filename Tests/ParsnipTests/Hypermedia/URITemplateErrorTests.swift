import Testing

@testable import Parsnip

/// Every template error kind, with the byte offset it names.
@Suite struct URITemplateErrorTests {
  static func syntaxError(_ template: String) -> URITemplateError? {
    do {
      _ = try URITemplate(template)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ("/users/{id", URITemplateError.Kind.unclosedExpression, 7),
    ("{", .unclosedExpression, 0),
    ("a{b,", .unclosedExpression, 1),
    ("{=x}", .reservedOperator("="), 1),
    ("{,x}", .reservedOperator(","), 1),
    ("{!x}", .reservedOperator("!"), 1),
    ("{@x}", .reservedOperator("@"), 1),
    ("{|x}", .reservedOperator("|"), 1),
    ("{}", .invalidVariableName, 1),
    ("{+}", .invalidVariableName, 2),
    ("{a..b}", .invalidVariableName, 3),
    ("{.a.}", .invalidVariableName, 4),
    ("{a-b}", .unexpectedCharacter("-"), 2),
    ("{a,}", .invalidVariableName, 3),
    ("{a%2}", .invalidVariableName, 2),
    ("{var:0}", .invalidPrefixLength, 4),
    ("{var:}", .invalidPrefixLength, 4),
    ("{var:10000}", .invalidPrefixLength, 4),
    ("{var:012}", .invalidPrefixLength, 4),
    ("{var:3*}", .unexpectedCharacter("*"), 6),
    ("{var*:3}", .unexpectedCharacter(":"), 5),
    ("a b{x}", .invalidLiteral(" "), 1),
    ("a}b", .invalidLiteral("}"), 1),
    ("<x>", .invalidLiteral("<"), 0),
    ("50%", .invalidPercentEncoding, 2),
    ("%zz", .invalidPercentEncoding, 0),
    ("é{x é}", .unexpectedCharacter(" "), 4),
  ])
  func syntaxErrorsAreTypedWithTheirOffset(template: String, kind: URITemplateError.Kind, offset: Int) {
    let error = Self.syntaxError(template)
    #expect(error == URITemplateError(kind, byteOffset: offset), "\(template)")
    #expect(error?.isSyntaxError == true)
  }

  @Test func theDescriptionNamesTheOffset() {
    #expect(Self.syntaxError("/users/{id")?.description == "offset 7: '{' is never closed by '}'")
  }

  @Test func aPrefixOnAListOrObjectIsAnExpansionError() throws {
    let template = try URITemplate("x{/a,list:3}")
    #expect(throws: URITemplateError(.prefixOfCompositeValue(variable: "list"), byteOffset: 5)) {
      try template.expand(["list": ["a"]])
    }
    #expect(throws: URITemplateError(.prefixOfCompositeValue(variable: "list"), byteOffset: 5)) {
      try template.expand(["list": ["k": "v"]])
    }
  }

  @Test func nestedCompositeValuesAreRejected() throws {
    #expect(throws: URITemplateError(.unsupportedValue(variable: "l", found: .array), byteOffset: 1)) {
      try URITemplate("{l}").expand(["l": [["nested"]]])
    }
  }

  @Test func expansionHasAByteBudget() throws {
    let template = try URITemplate(String(repeating: "{x}", count: 100))
    let long: JSON = ["x": .string(String(repeating: "a", count: 1000))]
    #expect(try template.expand(long).utf8.count == 100_000)
    #expect(throws: URITemplateError(.outputTooLong(limit: 50_000), byteOffset: 151)) {
      try template.expand(long, maximumLength: 50_000)
    }
  }
}
