import Testing

@testable import Parsnip

@Suite struct JSONPatchApplyTests {
  let document: JSON = ["a": ["b": 1, "c": [1, 2, 3]], "n": 1, "list": ["x", "y"]]

  func pointer(_ text: String) throws -> JSONPointer { try JSONPointer(text) }

  @Test func applicationIsAtomic() throws {
    let original = document
    let patch: JSONPatch = [
      .add(path: try pointer("/new"), value: 1),
      .remove(path: try pointer("/a/c/0")),
      .remove(path: try pointer("/missing")),
    ]
    let error = #expect(throws: JSONPatchError.self) { try patch.apply(to: original) }
    #expect(error?.operationIndex == 2)
    #expect(original == document)
    #expect(original.description == #"{"a":{"b":1,"c":[1,2,3]},"n":1,"list":["x","y"]}"#)
  }

  @Test func testComparesNumbersByValueAndObjectsRegardlessOfOrder() throws {
    let json = try JSON(parsing: #"{"n": 1, "o": {"x": 1, "y": [1.0, 2]}}"#)
    let patch: JSONPatch = [
      .test(path: try pointer("/n"), value: .number(JSONNumber(text: "1.00")!)),
      .test(path: try pointer("/o"), value: ["y": [1, 2e0], "x": 1.0]),
    ]
    #expect(try patch.apply(to: json) == json)
  }

  @Test func moveIntoOwnChildIsAnError() throws {
    let patch: JSONPatch = [.move(from: try pointer("/a"), path: try pointer("/a/b/c"))]
    #expect(
      throws: JSONPatchError(
        .moveIntoDescendant(from: try pointer("/a"), path: try pointer("/a/b/c")),
        operationIndex: 0, operationName: "move")
    ) {
      try patch.apply(to: document)
    }
    let root: JSONPatch = [.move(from: .root, path: try pointer("/x"))]
    #expect(throws: JSONPatchError.self) { try root.apply(to: document) }
  }

  @Test func moveToItselfIsANoOpButSourceMustExist() throws {
    #expect(
      try JSONPatch(operations: [.move(from: try pointer("/a"), path: try pointer("/a"))]).apply(to: document)
        == document)
    #expect(
      throws: JSONPatchError(
        .unresolvablePointer(member: "from", JSONPointerError(.keyNotFound("zz"), text: "/zz", tokenIndex: 0)),
        operationIndex: 0, operationName: "move")
    ) {
      try JSONPatch(operations: [.move(from: try pointer("/zz"), path: try pointer("/zz"))]).apply(to: document)
    }
  }

  @Test func moveSiblingPrefixIsNotAChild() throws {
    let json: JSON = ["a": 1, "ab": 2]
    let patch: JSONPatch = [.move(from: try pointer("/a"), path: try pointer("/ab"))]
    #expect(try patch.apply(to: json) == ["ab": 1])
  }

  @Test func copyDuplicatesValues() throws {
    let patch: JSONPatch = [
      .copy(from: try pointer("/a/c"), path: try pointer("/copied")),
      .copy(from: try pointer("/list/0"), path: try pointer("/list/-")),
    ]
    let result = try patch.apply(to: document)
    #expect(result["copied"] == [1, 2, 3])
    #expect(result["list"] == ["x", "y", "x"])
  }

  @Test func rootOperations() throws {
    #expect(try JSONPatch(operations: [.replace(path: .root, value: [1])]).apply(to: document) == [1])
    #expect(try JSONPatch(operations: [.add(path: .root, value: "x")]).apply(to: document) == "x")
    #expect(try JSONPatch(operations: [.test(path: .root, value: document)]).apply(to: document) == document)
    #expect(
      throws: JSONPatchError(
        .unresolvablePointer(member: "path", JSONPointerError(.cannotRemoveRoot, text: "")),
        operationIndex: 0, operationName: "remove")
    ) {
      try JSONPatch(operations: [.remove(path: .root)]).apply(to: document)
    }
  }

  @Test(arguments: [
    ("/list/3", JSONPointerError.Kind.indexOutOfRange(index: 3, count: 2)),
    ("/list/01", .invalidArrayIndex("01")),
    ("/list/99999999999999999999", .invalidArrayIndex("99999999999999999999")),
    ("/n/x", .notAContainer(.number)),
  ])
  func addRejectsBadTargets(path: String, kind: JSONPointerError.Kind) throws {
    let target = try pointer(path)
    let patch: JSONPatch = [.add(path: target, value: 0)]
    #expect(
      throws: JSONPatchError(
        .unresolvablePointer(member: "path", JSONPointerError(kind, text: path, tokenIndex: 1)),
        operationIndex: 0, operationName: "add")
    ) {
      try patch.apply(to: document)
    }
  }

  @Test func replaceAndRemoveNeedAnExistingTarget() throws {
    #expect(throws: JSONPatchError.self) {
      try JSONPatch(operations: [.replace(path: try pointer("/zz"), value: 1)]).apply(to: document)
    }
    #expect(throws: JSONPatchError.self) {
      try JSONPatch(operations: [.replace(path: try pointer("/list/2"), value: 1)]).apply(to: document)
    }
    #expect(
      throws: JSONPatchError(
        .unresolvablePointer(
          member: "path",
          JSONPointerError(.pastTheEnd(count: 2), text: "/list/-", tokenIndex: 1)), operationIndex: 0,
        operationName: "remove")
    ) {
      try JSONPatch(operations: [.remove(path: try pointer("/list/-"))]).apply(to: document)
    }
  }

  @Test func manyOperationsApplyInPlace() throws {
    let count = 20_000
    let patch = JSONPatch(operations: (0..<count).map { .add(path: ["list", "-"], value: JSON($0)) })
    let result = try patch.apply(to: document)
    #expect(result["list"].count == count + 2)
    #expect(result["list"][count + 1] == JSON(count - 1))
  }

  @Test func hostilePointersInPatchesFailCleanly() throws {
    let deep = JSONPointer(tokens: Array(repeating: "a", count: 100_000))
    let patch = JSONPatch(operations: [.add(path: deep, value: 1)])
    let error = #expect(throws: JSONPatchError.self) { try patch.apply(to: ["a": ["a": 1]]) }
    #expect(error?.description.count ?? 0 < 800)
    let bad = try JSON(parsing: #"[{"op": "add", "path": "/a/\#(String(repeating: "~", count: 3))", "value": 1}]"#)
    #expect(throws: JSONPatchError.self) { try JSONPatch(bad) }
  }
}
