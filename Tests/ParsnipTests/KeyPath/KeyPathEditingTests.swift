import Testing

@testable import Parsnip

@Suite struct KeyPathEditingTests {
  @Test func setReplacesAndAddsMembers() throws {
    var json: JSON = ["managers": ["racheal": ["salary": 123]]]
    try json.setValue(130, at: JSONKeyPath("managers.racheal.salary"))
    try json.setValue("HR", at: "managers.racheal.dept")
    #expect(json == ["managers": ["racheal": ["salary": 130, "dept": "HR"]]])
  }

  @Test func setReplacesElementsOrAppendsAtCount() throws {
    var json: JSON = ["list": [1, 2]]
    try json.setValue(9, at: JSONKeyPath("list[0]"))
    try json.setValue(3, at: JSONKeyPath("list[2]"))
    #expect(json == ["list": [9, 2, 3]])
    #expect(throws: JSONKeyPathError(.indexOutOfRange(index: 5, count: 3), keyPath: try JSONKeyPath("list"))) {
      try json.setValue(0, at: JSONKeyPath("list[5]"))
    }
    #expect(json == ["list": [9, 2, 3]])
  }

  @Test func insertShiftsElements() throws {
    var json: JSON = ["employees": ["jim", "sam"]]
    try json.insert("barb", at: JSONKeyPath("employees[1]"))
    try json.insert("zoe", at: JSONKeyPath("employees[3]"))
    try json.insert("al", at: JSONKeyPath("employees[0]"))
    #expect(json == ["employees": ["al", "jim", "barb", "sam", "zoe"]])
  }

  @Test func removeReturnsTheRemovedValue() throws {
    var json: JSON = ["employees": ["jim", "barb", "sam"], "x": ["y": 1]]
    #expect(try json.removeValue(at: JSONKeyPath("employees[0]")) == "jim")
    #expect(try json.removeValue(at: "x.y") == 1)
    #expect(json == ["employees": ["barb", "sam"], "x": [:]])
    #expect(throws: JSONKeyPathError(.noValueForKey("y"), keyPath: try JSONKeyPath("x"))) {
      try json.removeValue(at: "x.y")
    }
    #expect(throws: JSONKeyPathError(.cannotRemoveRoot)) { try json.removeValue(at: JSONKeyPath.root) }
  }

  @Test func createIntermediatesBuildsObjectsAndArrays() throws {
    var json: JSON = [:]
    try json.setValue(1, at: JSONKeyPath("a.b[0].c"), createIntermediates: true)
    try json.setValue(2, at: JSONKeyPath("a.b[1].c"), createIntermediates: true)
    try json.setValue(3, at: JSONKeyPath("a.d"), createIntermediates: true)
    #expect(json == ["a": ["b": [["c": 1], ["c": 2]], "d": 3]])
    #expect(json.description == #"{"a":{"b":[{"c":1},{"c":2}],"d":3}}"#)
  }

  @Test func createIntermediatesReplacesNullAndStartsFromNullRoot() throws {
    var json: JSON = nil
    try json.setValue(true, at: "x[0].y", createIntermediates: true)
    #expect(json == ["x": [["y": true]]])
    var withNull: JSON = ["a": nil]
    try withNull.setValue(1, at: "a.b", createIntermediates: true)
    #expect(withNull == ["a": ["b": 1]])
  }

  @Test func failedEditWithIntermediatesLeavesValueUnchanged() throws {
    let original: JSON = ["a": ["keep": 1], "n": nil]
    var json = original
    // `a.new` and its array would be created, but index 3 of the new empty array does not exist.
    #expect(throws: JSONKeyPathError(.indexOutOfRange(index: 3, count: 0), keyPath: try JSONKeyPath("a.new"))) {
      try json.setValue(1, at: JSONKeyPath("a.new[3]"), createIntermediates: true)
    }
    #expect(json == original)
    #expect(json.description == #"{"a":{"keep":1},"n":null}"#)
    #expect(throws: JSONKeyPathError.self) {
      try json.setValue(1, at: JSONKeyPath("n.x[2]"), createIntermediates: true)
    }
    #expect(json.description == #"{"a":{"keep":1},"n":null}"#)
    var nullRoot: JSON = nil
    #expect(throws: JSONKeyPathError.self) { try nullRoot.setValue(1, at: "a[1]", createIntermediates: true) }
    #expect(nullRoot == nil)
  }

  @Test func withoutIntermediatesMissingContainersFail() throws {
    var json: JSON = ["a": [:]]
    #expect(throws: JSONKeyPathError(.noValueForKey("b"), keyPath: try JSONKeyPath("a"))) {
      try json.setValue(1, at: "a.b.c")
    }
    #expect(throws: JSONKeyPathError(.typeMismatch(expected: "array", found: .object), keyPath: try JSONKeyPath("a"))) {
      try json.setValue(1, at: "a[0]")
    }
    #expect(json == ["a": [:]])
  }

  @Test func scalarsInTheWayAreNotReplaced() throws {
    var json: JSON = ["a": 5]
    #expect(throws: JSONKeyPathError(.typeMismatch(expected: "object", found: .number), keyPath: try JSONKeyPath("a")))
    {
      try json.setValue(1, at: "a.b", createIntermediates: true)
    }
    #expect(json == ["a": 5])
  }

  @Test func emptyPathReplacesWholeValue() throws {
    var json: JSON = [1, 2]
    try json.setValue("x", at: JSONKeyPath.root)
    #expect(json == "x")
  }

  @Test func editsDoNotAffectCopies() throws {
    let original: JSON = ["a": ["b": [1, 2, 3]]]
    var copy = original
    try copy.setValue(9, at: "a.b[1]")
    #expect(original == ["a": ["b": [1, 2, 3]]])
    #expect(copy == ["a": ["b": [1, 9, 3]]])
  }

  @Test func deepPathEditsWithoutRecursion() throws {
    var json: JSON = nil
    let path = JSONKeyPath(components: Array(repeating: .key("k"), count: 2_000))
    try json.setValue(1, at: path, createIntermediates: true)
    #expect(json.value(at: path) == 1)
    try json.setValue(2, at: path)
    #expect(json.value(at: path) == 2)
    try json.removeValue(at: path)
    #expect(throws: JSONKeyPathError.self) { try json.resolve(path) }
    #expect(json.value(at: path) == nil)
  }

  @Test func textConveniencesEditLikeTypedPaths() throws {
    var json: JSON = ["employees": ["jim", "sam"]]
    try json.insert("barb", at: "employees[1]")
    #expect(json == ["employees": ["jim", "barb", "sam"]])
    try json.insert(["x": 1], at: "extra.list[0]", createIntermediates: true)
    #expect(json["extra"] == ["list": [["x": 1]]])
    #expect(throws: JSONKeyPathError.self) { try json.insert(1, at: "employees[") }
    #expect(try json.removeValue(at: "extra") == ["list": [["x": 1]]])
    #expect(json == ["employees": ["jim", "barb", "sam"]])
  }

  @Test func theOptionalReadIsChosenWithoutAType() throws {
    let json: JSON = ["a": [1, 2]]
    let path = try JSONKeyPath("a[1]")
    let two: JSON = 2
    // `value(at:)` without `as:` is the optional read, whatever it is compared with.
    #expect(json.value(at: path) == two)
    #expect(json.value(at: path) == 2)
    #expect(json.value(at: try JSONKeyPath("a[5]")) == nil)
    #expect(try json.value(at: path, as: Int.self) == 2)
    let fromText: Int = try json.value(at: "a[1]")
    #expect(fromText == 2)
  }
}
