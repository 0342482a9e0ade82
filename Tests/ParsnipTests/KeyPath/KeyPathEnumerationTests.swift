import Testing

@testable import Parsnip

@Suite struct KeyPathEnumerationTests {
  let json: JSON = ["list": [10, 20, 30], "object": ["z": 1, "a": 2, "m": 3], "scalar": "x", "empty": []]

  @Test func elementsOfArrayCarryIndices() throws {
    let elements = try json.elements(at: "list")
    #expect(elements.count == 3)
    #expect(elements.map(\.key) == [.index(0), .index(1), .index(2)])
    #expect(elements.map(\.value) == [10, 20, 30])
  }

  @Test func elementsOfObjectCarryKeysInDocumentOrder() throws {
    let elements = try json.elements(at: "object")
    #expect(elements.map(\.key) == [.key("z"), .key("a"), .key("m")])
    #expect(elements.map(\.value) == [1, 2, 3])
  }

  @Test func elementKeysExtendTheKeyPath() throws {
    let base = try JSONKeyPath("object")
    for (key, value) in try json.elements(at: base) {
      #expect(try json.value(at: base.appending(key)) == value)
    }
  }

  @Test func emptyContainerHasNoElements() throws {
    #expect(try json.elements(at: "empty").isEmpty)
    var calls = 0
    try json.enumerate(at: "empty") { _, _ in calls += 1 }
    #expect(calls == 0)
  }

  @Test func scalarIsNotEnumerable() throws {
    #expect(
      throws: JSONKeyPathError(
        .typeMismatch(expected: "array or object", found: .string),
        keyPath: try JSONKeyPath("scalar"))
    ) {
      try json.elements(at: "scalar")
    }
  }

  @Test func closureErrorsStopEnumeration() throws {
    struct Stop: Error {}
    var seen: [JSON] = []
    #expect(throws: Stop.self) {
      try json.enumerate(at: "list") { _, element in
        seen.append(element)
        if element == 20 { throw Stop() }
      }
    }
    #expect(seen == [10, 20])
  }

  @Test func rootEnumeratesTheDocument() throws {
    #expect(
      try json.elements(at: "").map(\.key) == [.key("list"), .key("object"), .key("scalar"), .key("empty")])
  }
}
