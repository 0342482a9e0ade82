import Testing

@testable import Parsnip

@Suite struct JSONPointerTests {
  let document: JSON = ["foo": ["bar", "baz"], "obj": ["01": "leading zero key", "-": "dash key"], "n": 1]

  @Test(arguments: [
    ("a", JSONPointerError.Kind.missingLeadingSlash, 0),
    ("/a~2", .invalidEscape, 2),
    ("/a~", .invalidEscape, 2),
    ("/~", .invalidEscape, 1),
    ("/ok/~x", .invalidEscape, 4),
  ])
  func rejectsMalformedPointers(text: String, kind: JSONPointerError.Kind, offset: Int) {
    #expect(throws: JSONPointerError(kind, text: text, byteOffset: offset)) { try JSONPointer(text) }
  }

  @Test(arguments: [
    ("/a", JSONPointerError.Kind.missingFragmentHash, 0),
    ("#/a%2", .invalidPercentEncoding, 3),
    ("#/a%G0", .invalidPercentEncoding, 3),
    ("#/%FF", .invalidUTF8, 2),
    ("#/a%C3", .invalidUTF8, 3),
    ("#/a~2", .invalidEscape, 3),
    ("#/%7E2", .invalidEscape, 2),
    ("#a", .missingLeadingSlash, 1),
  ])
  func rejectsMalformedFragments(fragment: String, kind: JSONPointerError.Kind, offset: Int) {
    #expect(throws: JSONPointerError(kind, text: fragment, byteOffset: offset)) { try JSONPointer(fragment: fragment) }
  }

  @Test func syntaxErrorRendersCaret() {
    do {
      _ = try JSONPointer("/a~2b")
      Issue.record("expected an error")
    } catch {
      #expect(error.isSyntaxError)
      #expect(
        error.description == """
          invalid JSON pointer at offset 2: '~' must be followed by '0' or '1'
          /a~2b
            ^
          """)
    }
  }

  @Test(arguments: [
    ("/foo/01", JSONPointerError.Kind.invalidArrayIndex("01"), 1),
    ("/foo/-1", .invalidArrayIndex("-1"), 1),
    ("/foo/+1", .invalidArrayIndex("+1"), 1),
    ("/foo/1e0", .invalidArrayIndex("1e0"), 1),
    ("/foo/", .invalidArrayIndex(""), 1),
    ("/foo/99999999999999999999", .invalidArrayIndex("99999999999999999999"), 1),
    ("/foo/-", .pastTheEnd(count: 2), 1),
    ("/foo/2", .indexOutOfRange(index: 2, count: 2), 1),
    ("/foo/0/x", .notAContainer(.string), 2),
    ("/n/0", .notAContainer(.number), 1),
    ("/nope", .keyNotFound("nope"), 0),
    ("/obj/x/y", .keyNotFound("x"), 1),
  ])
  func resolutionErrorsNameTheFailingToken(text: String, kind: JSONPointerError.Kind, token: Int) throws {
    let pointer = try JSONPointer(text)
    #expect(document.value(at: pointer) == nil)
    #expect(throws: JSONPointerError(kind, text: text, tokenIndex: token)) { try document.resolve(pointer) }
  }

  @Test func resolutionErrorDescriptionNamesContainerAndToken() throws {
    do {
      _ = try document.resolve(JSONPointer("/foo/3"))
      Issue.record("expected an error")
    } catch {
      #expect(!error.isSyntaxError)
      #expect(error.description == "index 3 out of range (count 2) at /foo (token 2 of /foo/3)")
    }
    do {
      _ = try document.resolve(JSONPointer("/x"))
    } catch {
      #expect(error.description == #"no value for key "x" at the root (token 1 of /x)"#)
    }
    do {
      _ = try document.resolve(JSONPointer("/foo/01"))
    } catch {
      #expect(
        error.description
          == #""01" is not an array index (0, or digits without a leading zero) at /foo (token 2 of /foo/01)"#)
    }
  }

  @Test func tokensThatAreNotIndicesStillNameObjectMembers() throws {
    #expect(document.value(at: try JSONPointer("/obj/01")) == "leading zero key")
    #expect(document.value(at: try JSONPointer("/obj/-")) == "dash key")
    let numericKeys: JSON = ["0": "zero", "10": "ten"]
    #expect(numericKeys.value(at: try JSONPointer("/10")) == "ten")
  }

  @Test func pointerHelpers() throws {
    let pointer = try JSONPointer("/a/b")
    #expect(pointer.parent == (try JSONPointer("/a")))
    #expect(pointer.lastToken == "b")
    #expect(pointer.appending("c/d").description == "/a/b/c~1d")
    #expect(pointer.appending(index: 3).description == "/a/b/3")
    #expect(pointer.isPrefix(of: try JSONPointer("/a/b/c")))
    #expect(pointer.isPrefix(of: pointer))
    #expect(!pointer.isPrefix(of: try JSONPointer("/a/bc")))
    #expect(JSONPointer.root.description == "")
    #expect(JSONPointer.root.fragment == "#")
    #expect(JSONPointer.root.parent == nil)
    let literal: JSONPointer = ["a/b", "~"]
    #expect(literal.description == "/a~1b/~0")
  }

  @Test func hundredThousandTokensParseResolveAndFailCleanly() throws {
    let text = String(repeating: "/a", count: 100_000)
    let pointer = try JSONPointer(text)
    #expect(pointer.tokens.count == 100_000)
    #expect(pointer.description == text)
    let json: JSON = ["a": ["a": 1]]
    #expect(json.value(at: pointer) == nil)
    do {
      _ = try json.resolve(pointer)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .notAContainer(.number))
      #expect(error.tokenIndex == 2)
      #expect(error.description.count < 500)
    }
    var editable = json
    #expect(throws: JSONPointerError.self) { try editable.setValue(2, at: pointer) }
    #expect(throws: JSONPointerError.self) { try editable.removeValue(at: pointer) }
    #expect(editable == json)
  }

  @Test func hugeIndicesFailWithoutTrapping() throws {
    var json: JSON = ["list": [1, 2]]
    let huge = try JSONPointer("/list/9223372036854775807")
    #expect(throws: JSONPointerError(.indexOutOfRange(index: Int.max, count: 2), text: huge.description, tokenIndex: 1))
    {
      try json.insert(0, at: huge)
    }
    #expect(throws: JSONPointerError.self) { try json.setValue(0, at: JSONPointer("/list/99999999999999999999999")) }
    #expect(json == ["list": [1, 2]])
  }
}
