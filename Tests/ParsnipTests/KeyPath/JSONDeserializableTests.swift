import Testing

@testable import Parsnip

@Suite struct JSONDeserializableTests {
  /// A stand-in for a Core Data context: one instance per `id`, created on first sight.
  final class IdentityMap {
    var objects: [String: Testable] = [:]
    var created = 0
  }

  final class Testable: JSONDeserializable {
    let id: String
    var text = ""
    var tags: [String] = []

    init(id: String) { self.id = id }

    static func make(from json: JSON, at keyPath: JSONKeyPath, in context: IdentityMap) throws -> Testable {
      let id: String = try json.value(at: "id")
      if let existing = context.objects[id] { return existing }
      let object = Testable(id: id)
      context.objects[id] = object
      context.created += 1
      return object
    }

    func deserialize(from json: JSON, at keyPath: JSONKeyPath, context: IdentityMap) throws {
      text = try json.value(at: "text")
      tags = try json.value(at: "tags")
    }
  }

  @Test func contextReturnsSameInstancesAndUpdatesThem() throws {
    let store = IdentityMap()
    let first: JSON = [
      "testables": [
        ["id": "a", "text": "Welcome", "tags": []], ["id": "b", "text": "to my", "tags": ["x"]],
      ]
    ]
    let second: JSON = [
      "testables": [
        ["id": "b", "text": "to our", "tags": ["y"]], ["id": "a", "text": "Hello", "tags": []],
        ["id": "c", "text": "example", "tags": []],
      ]
    ]
    let before = try first.objects(ofType: Testable.self, at: "testables", context: store)
    let after = try second.objects(ofType: Testable.self, at: "testables", context: store)

    #expect(store.created == 3)
    #expect(after.map(\.id) == ["b", "a", "c"])
    #expect(after[0] === before[1])
    #expect(after[1] === before[0])
    #expect(before.map(\.text) == ["Hello", "to our"])  // the same instances were updated
    #expect(before[1].tags == ["y"])
  }

  @Test func membersOfAnObjectDeserializeInOrder() throws {
    let store = IdentityMap()
    let json: JSON = [
      "byName": ["z": ["id": "1", "text": "one", "tags": []], "y": ["id": "2", "text": "two", "tags": []]]
    ]
    let objects = try json.objects(ofType: Testable.self, at: "byName", context: store)
    #expect(objects.map(\.text) == ["one", "two"])
  }

  @Test func errorsInsideAnElementNameItsFullKeyPath() throws {
    let store = IdentityMap()
    let json: JSON = ["testables": [["id": "a", "text": "ok", "tags": []], ["id": "b", "tags": []]]]
    let error = JSONKeyPathError(.noValueForKey("text"), keyPath: try JSONKeyPath("testables[1]"))
    #expect(throws: error) { try json.objects(ofType: Testable.self, at: "testables", context: store) }
    #expect(error.description == #"no value for key "text" at testables[1]"#)
  }

  @Test func elementTypeErrorsNameTheElementPath() throws {
    let json: JSON = ["testables": [["id": "a", "text": "ok", "tags": ["x", 2]]]]
    #expect(
      throws: JSONKeyPathError(
        .typeMismatch(expected: "String", found: .number),
        keyPath: try JSONKeyPath("testables[0].tags[1]"))
    ) {
      try json.objects(ofType: Testable.self, at: "testables", context: IdentityMap())
    }
  }

  struct Point: JSONDeserializable {
    var x = 0
    var y = 0
    static func make(from json: JSON, at keyPath: JSONKeyPath, in context: Void) -> Point { Point() }
    mutating func deserialize(from json: JSON, at keyPath: JSONKeyPath, context: Void) throws {
      x = try json.value(at: "x")
      y = try json.value(at: "y")
    }
  }

  @Test func valueTypesWithVoidContext() throws {
    let json: JSON = ["points": [["x": 1, "y": 2], ["x": 3, "y": 4]], "origin": ["x": 0, "y": 0]]
    let points = try json.objects(ofType: Point.self, at: "points")
    #expect(points.map(\.x) == [1, 3])
    #expect(points.map(\.y) == [2, 4])
    let origin = try json.object(ofType: Point.self, at: "origin")
    #expect(origin.x == 0 && origin.y == 0)
  }

  @Test func typedKeyPathsReadLikeText() throws {
    let json: JSON = ["a": ["points": [["x": 1, "y": 2]], "origin": ["x": 5, "y": 6]]]
    let points = try json.objects(ofType: Point.self, at: JSONKeyPath("a.points"))
    #expect(points.map(\.x) == [1])
    #expect(try json.objects(ofType: Point.self, at: JSONKeyPath("a.points"), context: ()).map(\.y) == [2])
    #expect(try json.object(ofType: Point.self, at: JSONKeyPath("a.origin")).x == 5)
    #expect(try json.object(ofType: Point.self, at: JSONKeyPath("a.origin"), context: ()).y == 6)
    #expect(throws: JSONKeyPathError(.noValueForKey("nope"), keyPath: try JSONKeyPath("a"))) {
      try json.object(ofType: Point.self, at: JSONKeyPath("a.nope"))
    }
  }

  @Test func nonContainerIsTypeMismatch() throws {
    let json: JSON = ["points": 3]
    #expect(
      throws: JSONKeyPathError(
        .typeMismatch(expected: "array or object", found: .number),
        keyPath: try JSONKeyPath("points"))
    ) {
      try json.objects(ofType: Point.self, at: "points")
    }
  }
}
