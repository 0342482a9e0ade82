import Foundation
import Testing

@testable import Parsnip

/// Unusual but legal uses of Codable containers: each must give Foundation's result.
@Suite struct ParsnipEncoderContainerTests {
  struct DuplicateKey: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      try container.encode(1, forKey: PathCodingKey(stringValue: "a"))
      try container.encode(2, forKey: PathCodingKey(stringValue: "b"))
      try container.encode(3, forKey: PathCodingKey(stringValue: "a"))
    }
  }

  @Test func keyWrittenTwiceKeepsItsFirstPositionAndLastValue() throws {
    #expect(try ParsnipEncoder().encodeToString(DuplicateKey()) == #"{"a":3,"b":2}"#)
    try expectEncodesLikeFoundation([DuplicateKey(), DuplicateKey()])
  }

  struct ManyKeysWithOneDuplicate: Encodable {
    let count: Int
    let duplicate: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      for i in 0..<count { try container.encode(i, forKey: PathCodingKey(stringValue: "key\(i)")) }
      try container.encode("again", forKey: PathCodingKey(stringValue: "key\(duplicate)"))
    }
  }

  @Test(arguments: [(40, 17), (40, 39), (500, 17), (500, 300)])
  func duplicateAmongManyKeysIsDetected(count: Int, duplicate: Int) throws {
    let value = ManyKeysWithOneDuplicate(count: count, duplicate: duplicate)
    let json = try JSON(parsing: ParsnipEncoder().encode(value))
    #expect(json.count == count)
    #expect(json["key\(duplicate)"] == "again")
    #expect(json.objectValue?.keys[duplicate] == "key\(duplicate)")
    let unique = try JSON(parsing: ParsnipEncoder().encode(ManyKeysWithOneDuplicate(count: count, duplicate: count)))
    #expect(unique.count == count + 1)
  }

  struct ContainerRequestedTwice: Encodable {
    func encode(to encoder: any Encoder) throws {
      var first = encoder.container(keyedBy: PathCodingKey.self)
      try first.encode(1, forKey: PathCodingKey(stringValue: "x"))
      var second = encoder.container(keyedBy: PathCodingKey.self)
      try second.encode(2, forKey: PathCodingKey(stringValue: "y"))
      try first.encode(3, forKey: PathCodingKey(stringValue: "z"))
    }
  }

  @Test func containerRequestedTwiceMergesMembers() throws {
    #expect(try ParsnipEncoder().encodeToString(ContainerRequestedTwice()) == #"{"x":1,"y":2,"z":3}"#)
    try expectEncodesLikeFoundation(ContainerRequestedTwice())
  }

  struct LateNestedWrite: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      var nested = container.nestedContainer(keyedBy: PathCodingKey.self, forKey: PathCodingKey(stringValue: "n"))
      var list = container.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "list"))
      try container.encode(1, forKey: PathCodingKey(stringValue: "x"))
      try nested.encode(2, forKey: PathCodingKey(stringValue: "late"))
      try list.encode("late too")
    }
  }

  @Test func writingIntoAClosedNestedContainerStillLands() throws {
    let json = try JSON(parsing: ParsnipEncoder().encode(LateNestedWrite()))
    #expect(json == ["n": ["late": 2], "list": ["late too"], "x": 1])
    try expectEncodesLikeFoundation(LateNestedWrite())
  }

  struct UnusedSuperEncoder: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      _ = container.superEncoder()
      try container.encode(1, forKey: PathCodingKey(stringValue: "x"))
    }
  }

  @Test func unusedSuperEncoderWritesAnEmptyObject() throws {
    #expect(try JSON(parsing: ParsnipEncoder().encode(UnusedSuperEncoder())) == ["super": [:], "x": 1])
    try expectEncodesLikeFoundation(UnusedSuperEncoder())
  }

  struct LateUnkeyedSuperEncoder: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(1)
      let placeholder = container.superEncoder()
      try container.encode(2)
      var single = placeholder.singleValueContainer()
      try single.encode("late")
    }
  }

  @Test func superEncoderFilledAfterLaterElementsKeepsItsPosition() throws {
    #expect(try ParsnipEncoder().encodeToString(LateUnkeyedSuperEncoder()) == #"[1,"late",2]"#)
    try expectEncodesLikeFoundation(LateUnkeyedSuperEncoder())
  }

  class Animal: Encodable {
    var name = "Rex"
    enum CodingKeys: String, CodingKey { case name }
  }

  final class Dog: Animal {
    var barks = true
    enum DogKeys: String, CodingKey { case barks }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DogKeys.self)
      try container.encode(barks, forKey: .barks)
      try super.encode(to: encoder)
    }
  }

  final class Cat: Animal {
    var lives = 9
    enum CatKeys: String, CodingKey { case lives }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CatKeys.self)
      try container.encode(lives, forKey: .lives)
      try super.encode(to: container.superEncoder())
    }
  }

  @Test func subclassesEncodeThroughSuperInTheSameContainerOrASuperEncoder() throws {
    let encoder = ParsnipEncoder()
    #expect(try encoder.encodeToString(Dog()) == #"{"barks":true,"name":"Rex"}"#)
    #expect(try encoder.encodeToString(Cat()) == #"{"lives":9,"super":{"name":"Rex"}}"#)
    try expectEncodesLikeFoundation([Dog(), Dog()])
    try expectEncodesLikeFoundation(Cat())
  }

  struct SwallowsAnError: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      try container.encode(1, forKey: PathCodingKey(stringValue: "before"))
      try? container.encode(Double.nan, forKey: PathCodingKey(stringValue: "bad"))
      try? container.encode([1.0, .infinity], forKey: PathCodingKey(stringValue: "bad list"))
      try container.encode(2, forKey: PathCodingKey(stringValue: "after"))
    }
  }

  @Test func aCaughtErrorLeavesNoHalfWrittenMember() throws {
    let data = try ParsnipEncoder().encode(SwallowsAnError())
    #expect(try JSON(parsing: data) == ["before": 1, "after": 2])
    try expectEncodesLikeFoundation(SwallowsAnError())
  }

  final class Stash: @unchecked Sendable {
    var container: KeyedEncodingContainer<PathCodingKey>?
  }

  struct StashesItsContainer: Encodable {
    let stash: Stash
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      try container.encode("first", forKey: PathCodingKey(stringValue: "own"))
      stash.container = container
    }
  }

  struct WritesIntoStashedContainer: Encodable {
    let stash: Stash
    func encode(to encoder: any Encoder) throws {
      try stash.container?.encode("from a sibling", forKey: PathCodingKey(stringValue: "added"))
      var container = encoder.singleValueContainer()
      try container.encode(true)
    }
  }

  struct Pair: Encodable {
    let stash = Stash()
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      try container.encode(StashesItsContainer(stash: stash), forKey: PathCodingKey(stringValue: "a"))
      try container.encode(WritesIntoStashedContainer(stash: stash), forKey: PathCodingKey(stringValue: "b"))
    }
  }

  @Test func aContainerKeptPastItsEncodeToStillWritesIntoItsObject() throws {
    // Foundation on Linux drops the late member; Parsnip keeps it, as Codable's reference semantics intend.
    let json = try JSON(parsing: ParsnipEncoder().encode(Pair()))
    #expect(json == ["a": ["own": "first", "added": "from a sibling"], "b": true])
    #expect(try ParsnipEncoder().encodeToJSON(Pair()) == json)
  }

  struct EncodesNothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  @Test func aNestedValueThatEncodesNothingIsAnEmptyObject() throws {
    #expect(try ParsnipEncoder().encodeToString([EncodesNothing()]) == "[{}]")
    try expectEncodesLikeFoundation(["k": EncodesNothing()])
  }

  struct NestedEverywhere: Encodable {
    func encode(to encoder: any Encoder) throws {
      var root = encoder.container(keyedBy: PathCodingKey.self)
      var list = root.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "list"))
      var inner = list.nestedContainer(keyedBy: PathCodingKey.self)
      try inner.encode(1, forKey: PathCodingKey(stringValue: "one"))
      var deeper = inner.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "deeper"))
      try deeper.encode("x")
      try deeper.encodeNil()
      var pair = list.nestedUnkeyedContainer()
      try pair.encode(true)
      try list.encode(2)
      try root.encode("done", forKey: PathCodingKey(stringValue: "tail"))
    }
  }

  @Test func nestedContainersInOrderStream() throws {
    #expect(
      try ParsnipEncoder().encodeToString(NestedEverywhere())
        == #"{"list":[{"one":1,"deeper":["x",null]},[true],2],"tail":"done"}"#)
    try expectEncodesLikeFoundation(NestedEverywhere())
  }

  @Test func unkeyedCountFollowsElements() throws {
    struct Counter: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(container.count)
        try container.encode([1])
        try container.encode(container.count)
      }
    }
    #expect(try ParsnipEncoder().encodeToString(Counter()) == "[0,[1],2]")
  }

  // MARK: Arrays written in place

  struct Point: Codable, Equatable {
    var x: Double
    var label: String?
  }

  final class Node: Encodable {
    let name: String
    var children: [Node] = []
    init(_ name: String) { self.name = name }
  }

  struct Arrays: Encodable {
    var points = [Point(x: 1, label: "a"), Point(x: 2.5, label: nil)]
    var nested = [[Point(x: 3, label: "b")], [], [Point(x: 4, label: nil), Point(x: 5, label: "c")]]
    var optionals: [Point?] = [nil, Point(x: 6, label: "d"), nil]
    var empty: [Point] = []
    var numbers = [[1, 2], [], [3]]
    var nodes: [Node] = {
      let shared = Node("shared")
      let root = Node("root")
      root.children = [shared, Node("other")]
      return [root, shared]
    }()
  }

  /// Arrays of any `Encodable` element are written by the encoder itself, not by the standard library's
  /// `encode(to:)` through an unkeyed container; the output is the same.
  @Test func arraysOfStructsClassesAndOptionalsAreWrittenAsFoundationWrites() throws {
    #expect(
      try ParsnipEncoder().encodeToString([Point(x: 1, label: "a"), Point(x: 2, label: nil)])
        == #"[{"x":1,"label":"a"},{"x":2}]"#)
    try expectEncodesLikeFoundation(Arrays())
    try expectEncodesLikeFoundation([Arrays(), Arrays()]) { parsnip, foundation in
      parsnip.outputFormatting = [.prettyPrinted, .sortedKeys]
      foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
    }
    #expect(try ParsnipEncoder().encodeToString([[Point]]()) == "[]")
  }

  struct SwallowsAnElementError: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      try container.encode(1, forKey: PathCodingKey(stringValue: "before"))
      try? container.encode([Point(x: 1), Point(x: .nan)], forKey: PathCodingKey(stringValue: "bad points"))
      try container.encode(2, forKey: PathCodingKey(stringValue: "after"))
    }
  }

  @Test func anElementErrorInAnArrayOfStructs() throws {
    do {
      _ = try ParsnipEncoder().encode(["list": [Point(x: 1), Point(x: 2), Point(x: .infinity)]])
      Issue.record("expected an error")
    } catch EncodingError.invalidValue(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["list", "Index 2", "x"])
    }
    #expect(try JSON(parsing: ParsnipEncoder().encode(SwallowsAnElementError())) == ["before": 1, "after": 2])
    try expectEncodesLikeFoundation(SwallowsAnElementError())
  }
}
