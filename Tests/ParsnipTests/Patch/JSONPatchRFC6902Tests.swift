import Testing

@testable import Parsnip

/// RFC 6902 appendix A, every example.
@Suite struct JSONPatchRFC6902Tests {
  struct Example: CustomTestStringConvertible, Sendable {
    var name: String
    var document: String
    var patch: String
    var result: String

    var testDescription: String { name }
  }

  static let successes: [Example] = [
    Example(
      name: "A.1 Adding an Object Member", document: #"{"foo": "bar"}"#,
      patch: #"[{"op": "add", "path": "/baz", "value": "qux"}]"#, result: #"{"baz": "qux", "foo": "bar"}"#),
    Example(
      name: "A.2 Adding an Array Element", document: #"{"foo": ["bar", "baz"]}"#,
      patch: #"[{"op": "add", "path": "/foo/1", "value": "qux"}]"#, result: #"{"foo": ["bar", "qux", "baz"]}"#),
    Example(
      name: "A.3 Removing an Object Member", document: #"{"baz": "qux", "foo": "bar"}"#,
      patch: #"[{"op": "remove", "path": "/baz"}]"#, result: #"{"foo": "bar"}"#),
    Example(
      name: "A.4 Removing an Array Element", document: #"{"foo": ["bar", "qux", "baz"]}"#,
      patch: #"[{"op": "remove", "path": "/foo/1"}]"#, result: #"{"foo": ["bar", "baz"]}"#),
    Example(
      name: "A.5 Replacing a Value", document: #"{"baz": "qux", "foo": "bar"}"#,
      patch: #"[{"op": "replace", "path": "/baz", "value": "boo"}]"#, result: #"{"baz": "boo", "foo": "bar"}"#),
    Example(
      name: "A.6 Moving a Value",
      document: #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#,
      patch: #"[{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]"#,
      result: #"{"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}"#),
    Example(
      name: "A.7 Moving an Array Element", document: #"{"foo": ["all", "grass", "cows", "eat"]}"#,
      patch: #"[{"op": "move", "from": "/foo/1", "path": "/foo/3"}]"#,
      result: #"{"foo": ["all", "cows", "eat", "grass"]}"#),
    Example(
      name: "A.8 Testing a Value: Success", document: #"{"baz": "qux", "foo": ["a", 2, "c"]}"#,
      patch: #"[{"op": "test", "path": "/baz", "value": "qux"}, {"op": "test", "path": "/foo/1", "value": 2}]"#,
      result: #"{"baz": "qux", "foo": ["a", 2, "c"]}"#),
    Example(
      name: "A.10 Adding a Nested Member Object", document: #"{"foo": "bar"}"#,
      patch: #"[{"op": "add", "path": "/child", "value": {"grandchild": {}}}]"#,
      result: #"{"foo": "bar", "child": {"grandchild": {}}}"#),
    Example(
      name: "A.11 Ignoring Unrecognized Elements", document: #"{"foo": "bar"}"#,
      patch: #"[{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]"#,
      result: #"{"foo": "bar", "baz": "qux"}"#),
    Example(
      name: "A.14 ~ Escape Ordering", document: #"{"/": 9, "~1": 10}"#,
      patch: #"[{"op": "test", "path": "/~01", "value": 10}]"#, result: #"{"/": 9, "~1": 10}"#),
    Example(
      name: "A.16 Adding an Array Value", document: #"{"foo": ["bar"]}"#,
      patch: #"[{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]"#,
      result: #"{"foo": ["bar", ["abc", "def"]]}"#),
  ]

  @Test(arguments: successes)
  func appliesSuccessfulExamples(example: Example) throws {
    let patch = try JSONPatch(parsing: example.patch)
    let document = try JSON(parsing: example.document)
    #expect(try patch.apply(to: document) == JSON(parsing: example.result))
  }

  @Test func a6MoveKeepsOtherMembersInOrder() throws {
    let document = try JSON(parsing: #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#)
    let patch = try JSONPatch(parsing: #"[{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]"#)
    #expect(
      try patch.apply(to: document).description == #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#)
  }

  @Test func a9TestingAValueError() throws {
    let patch = try JSONPatch(parsing: #"[{"op": "test", "path": "/baz", "value": "bar"}]"#)
    let error = JSONPatchError(
      .testFailed(path: try JSONPointer("/baz"), expected: "bar", found: "qux"),
      operationIndex: 0, operationName: "test")
    #expect(throws: error) { try patch.apply(to: JSON(parsing: #"{"baz": "qux"}"#)) }
    #expect(!error.isMalformed)
    #expect(error.description == #"operation 0 (test) failed: the value at /baz is "qux", expected "bar""#)
  }

  @Test func a12AddingToANonexistentTarget() throws {
    let patch = try JSONPatch(parsing: #"[{"op": "add", "path": "/baz/bat", "value": "qux"}]"#)
    let error = JSONPatchError(
      .unresolvablePointer(member: "path", JSONPointerError(.keyNotFound("baz"), text: "/baz/bat", tokenIndex: 0)),
      operationIndex: 0, operationName: "add")
    #expect(throws: error) { try patch.apply(to: JSON(parsing: #"{"foo": "bar"}"#)) }
    #expect(
      error.description == #"operation 0 (add): "path": no value for key "baz" at the root (token 1 of /baz/bat)"#)
  }

  @Test func a13InvalidJSONPatchDocument() throws {
    let error = #expect(throws: JSONPatchError.self) {
      try JSONPatch(parsing: #"[{"op": "add", "path": "/baz", "value": "qux", "op": "remove"}]"#)
    }
    #expect(error?.isMalformed == true)
    guard case .invalidText(let parseError)? = error?.kind else {
      Issue.record("expected invalidText, got \(String(describing: error))")
      return
    }
    #expect(parseError.kind == .duplicateKey)
  }

  @Test func a15ComparingStringsAndNumbers() throws {
    let patch = try JSONPatch(parsing: #"[{"op": "test", "path": "/~01", "value": "10"}]"#)
    #expect(
      throws: JSONPatchError(
        .testFailed(path: try JSONPointer("/~01"), expected: "10", found: 10),
        operationIndex: 0, operationName: "test")
    ) {
      try patch.apply(to: JSON(parsing: #"{"/": 9, "~1": 10}"#))
    }
  }
}
