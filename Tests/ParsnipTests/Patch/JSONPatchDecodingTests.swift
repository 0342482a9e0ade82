import Testing

@testable import Parsnip

@Suite struct JSONPatchDecodingTests {
  @Test(arguments: [
    (#"{}"#, JSONPatchError(.notAnArray(found: .object))),
    (#"[1]"#, JSONPatchError(.operationNotAnObject(found: .number), operationIndex: 0)),
    (#"[{"path": "/a"}]"#, JSONPatchError(.missingMember("op"), operationIndex: 0)),
    (#"[{"op": 1, "path": "/a"}]"#, JSONPatchError(.memberNotAString("op", found: .number), operationIndex: 0)),
    (#"[{"op": ["add"], "path": "/a"}]"#, JSONPatchError(.memberNotAString("op", found: .array), operationIndex: 0)),
    (
      #"[{"op": "add", "path": "/a", "value": 1}, {"op": "frobnicate", "path": "/a"}]"#,
      JSONPatchError(.unknownOperation("frobnicate"), operationIndex: 1)
    ),
    (#"[{"op": "ADD", "path": "/a", "value": 1}]"#, JSONPatchError(.unknownOperation("ADD"), operationIndex: 0)),
    (#"[{"op": "add", "value": 1}]"#, JSONPatchError(.missingMember("path"), operationIndex: 0, operationName: "add")),
    (
      #"[{"op": "add", "path": "/a"}]"#,
      JSONPatchError(.missingMember("value"), operationIndex: 0, operationName: "add")
    ),
    (
      #"[{"op": "replace", "path": "/a"}]"#,
      JSONPatchError(.missingMember("value"), operationIndex: 0, operationName: "replace")
    ),
    (
      #"[{"op": "test", "path": "/a"}]"#,
      JSONPatchError(.missingMember("value"), operationIndex: 0, operationName: "test")
    ),
    (
      #"[{"op": "move", "path": "/a"}]"#,
      JSONPatchError(.missingMember("from"), operationIndex: 0, operationName: "move")
    ),
    (
      #"[{"op": "copy", "from": "/a"}]"#,
      JSONPatchError(.missingMember("path"), operationIndex: 0, operationName: "copy")
    ),
    (
      #"[{"op": "remove", "path": 5}]"#,
      JSONPatchError(.memberNotAString("path", found: .number), operationIndex: 0, operationName: "remove")
    ),
    (
      #"[{"op": "move", "from": null, "path": "/b"}]"#,
      JSONPatchError(.memberNotAString("from", found: .null), operationIndex: 0, operationName: "move")
    ),
    (
      #"[{"op": "remove", "path": "a"}]"#,
      JSONPatchError(
        .invalidPointer(member: "path", JSONPointerError(.missingLeadingSlash, text: "a", byteOffset: 0)),
        operationIndex: 0, operationName: "remove")
    ),
    (
      #"[{"op": "move", "from": "/a~", "path": "/b"}]"#,
      JSONPatchError(
        .invalidPointer(member: "from", JSONPointerError(.invalidEscape, text: "/a~", byteOffset: 2)),
        operationIndex: 0, operationName: "move")
    ),
  ])
  func malformedPatchesNameOperationAndProblem(text: String, error: JSONPatchError) throws {
    #expect(throws: error) { try JSONPatch(JSON(parsing: text)) }
    #expect(error.isMalformed)
  }

  @Test func malformedDescriptionsReadWell() {
    #expect(
      JSONPatchError(.missingMember("from"), operationIndex: 2, operationName: "move").description
        == #"operation 2 (move): missing "from""#)
    #expect(
      JSONPatchError(.unknownOperation("frobnicate"), operationIndex: 1).description
        == #"operation 1: unknown op "frobnicate" (expected add, remove, replace, move, copy or test)"#)
    #expect(
      JSONPatchError(.notAnArray(found: .object)).description
        == "a JSON Patch must be an array of operations, found object")
  }

  @Test func nullValuesAndExtraMembersAreAccepted() throws {
    let patch = try JSONPatch(JSON(parsing: #"[{"op": "test", "path": "/a", "value": null, "comment": "x"}]"#))
    #expect(patch.operations == [.test(path: try JSONPointer("/a"), value: nil)])
  }

  @Test func encodesBackToJSON() throws {
    let text = #"""
      [{"op":"add","path":"/a~1b","value":{"x":[1,2]}},{"op":"remove","path":"/c/0"},
      {"op":"replace","path":"","value":null},{"op":"move","from":"/d","path":"/e"},
      {"op":"copy","from":"/f","path":"/g/-"},{"op":"test","path":"/h","value":1.50}]
      """#
    let json = try JSON(parsing: text)
    let patch = try JSONPatch(json)
    #expect(patch.json == json)
    #expect(try JSONPatch(patch.json) == patch)
    #expect(patch.operations.map(\.name) == ["add", "remove", "replace", "move", "copy", "test"])
    #expect(JSONPatch(operations: [patch.operations[3]]).description == #"[{"op":"move","from":"/d","path":"/e"}]"#)
  }

  @Test func parsingBytesRejectsDuplicateKeysToo() {
    #expect(throws: JSONPatchError.self) {
      try JSONPatch(parsing: Array(#"[{"op": "remove", "path": "/a", "path": "/b"}]"#.utf8))
    }
  }
}
