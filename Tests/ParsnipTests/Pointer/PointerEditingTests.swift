import Testing

@testable import Parsnip

@Suite struct PointerEditingTests {
  @Test func insertFollowsPatchAddSemantics() throws {
    var json: JSON = ["foo": ["bar", "baz"]]
    try json.insert("qux", at: JSONPointer("/foo/1"))
    try json.insert("end", at: JSONPointer("/foo/-"))
    try json.insert("last", at: JSONPointer("/foo/4"))
    try json.insert(1, at: JSONPointer("/new"))
    #expect(json == ["foo": ["bar", "qux", "baz", "end", "last"], "new": 1])
  }

  @Test func setReplacesElementsAndMembers() throws {
    var json: JSON = ["foo": ["bar", "baz"], "a": 1]
    try json.setValue("BAR", at: JSONPointer("/foo/0"))
    try json.setValue("tail", at: JSONPointer("/foo/-"))
    try json.setValue(2, at: JSONPointer("/a"))
    #expect(json == ["foo": ["BAR", "baz", "tail"], "a": 2])
  }

  @Test func removeReturnsValueAndRejectsRootAndDash() throws {
    var json: JSON = ["foo": ["bar", "qux", "baz"]]
    #expect(try json.removeValue(at: JSONPointer("/foo/1")) == "qux")
    #expect(json == ["foo": ["bar", "baz"]])
    #expect(throws: JSONPointerError(.pastTheEnd(count: 2), text: "/foo/-", tokenIndex: 1)) {
      try json.removeValue(at: JSONPointer("/foo/-"))
    }
    #expect(throws: JSONPointerError(.cannotRemoveRoot, text: "")) { try json.removeValue(at: JSONPointer.root) }
  }

  @Test(arguments: [
    ("/a/-/b", #"{"a":[{"b":"x"}]}"#),
    ("/a/0/b", #"{"a":[{"b":"x"}]}"#),
    ("/a/5", #"{"a":{"5":"x"}}"#),
    ("/a/b/c", #"{"a":{"b":{"c":"x"}}}"#),
    ("/a/-", #"{"a":["x"]}"#),
  ])
  func createIntermediatesChoosesContainerFromNextToken(pointer: String, expected: String) throws {
    var json: JSON = [:]
    try json.setValue("x", at: JSONPointer(pointer), createIntermediates: true)
    #expect(json.description == expected)
  }

  @Test func failedEditLeavesDocumentUnchanged() throws {
    let original: JSON = ["a": ["b": 1], "list": []]
    var json = original
    #expect(throws: JSONPointerError.self) {
      try json.setValue(1, at: JSONPointer("/a/b/c"), createIntermediates: true)
    }
    #expect(throws: JSONPointerError.self) {
      try json.setValue(1, at: JSONPointer("/list/-/x/y/01"), createIntermediates: false)
    }
    #expect(throws: JSONPointerError.self) { try json.insert(1, at: JSONPointer("/list/1")) }
    #expect(json.description == #"{"a":{"b":1},"list":[]}"#)
  }

  @Test func editsMatchKeyPathEdits() throws {
    var viaPointer: JSON = ["a": [1, 2, ["b": 3]]]
    var viaKeyPath = viaPointer
    try viaPointer.setValue(4, at: JSONPointer("/a/2/b"))
    try viaKeyPath.setValue(4, at: "a[2].b")
    #expect(viaPointer == viaKeyPath)
  }
}

/// Edits that create intermediate containers cannot build a value deeper than a parse would (releasing one
/// recurses); the document is left as it was.
@Suite struct EditDepthTests {
  @Test func intermediatesStopAtTheSupportedDepth() throws {
    var json: JSON = ["keep": 1]
    let tooLong = JSONPointer(tokens: Array(repeating: "a", count: 100_000))
    let error = #expect(throws: JSONPointerError.self) { try json.setValue(1, at: tooLong, createIntermediates: true) }
    #expect(error?.kind == .nestingTooDeep(limit: JSON.maximumSupportedDepth))
    #expect(json == ["keep": 1])
    let keyPath = JSONKeyPath(components: Array(repeating: .key("a"), count: JSON.maximumSupportedDepth + 1))
    let keyPathError = #expect(throws: JSONKeyPathError.self) {
      try json.setValue(1, at: keyPath, createIntermediates: true)
    }
    #expect(keyPathError?.kind == .nestingTooDeep(limit: JSON.maximumSupportedDepth))
    try json.setValue(
      1, at: JSONPointer(tokens: Array(repeating: "a", count: JSON.maximumSupportedDepth)), createIntermediates: true)
    #expect(json["a"]["a"]["a"].isObject)
  }
}
