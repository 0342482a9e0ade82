import Foundation
import Testing

@testable import Parsnip

class Animal: PolymorphicJSONModel, @unchecked Sendable {
  var name: String
  init(name: String) { self.name = name }
}

final class Dog: Animal, @unchecked Sendable {
  var barks: Bool
  init(name: String, barks: Bool) {
    self.barks = barks
    super.init(name: name)
  }
  private enum CodingKeys: String, CodingKey { case barks }
  required init(from decoder: any Decoder) throws {
    barks = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .barks)
    try super.init(from: decoder)
  }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(barks, forKey: .barks)
    try super.encode(to: encoder)
  }
}

final class Cat: Animal, @unchecked Sendable {
  var livesLeft: Int
  init(name: String, livesLeft: Int) {
    self.livesLeft = livesLeft
    super.init(name: name)
  }
  private enum CodingKeys: String, CodingKey { case livesLeft }
  required init(from decoder: any Decoder) throws {
    livesLeft = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .livesLeft)
    try super.init(from: decoder)
  }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(livesLeft, forKey: .livesLeft)
    try super.encode(to: encoder)
  }
}

struct Zoo: JSONModel {
  var star: Animal
  var animals: [Animal]
  var keepers: [String: Animal]
  var rescued: Animal?
}

protocol Shape: JSONModel {
  var area: Double { get }
}

struct Circle: Shape, Equatable {
  var radius: Double
  var area: Double { .pi * radius * radius }
}

struct Square: Shape, Equatable {
  var side: Double
  var area: Double { side * side }
}

struct Drawing: JSONModel {
  @Polymorphic var background: any Shape
  var shapes: [Polymorphic<any Shape>]
  @PolymorphicArray var layers: [any Shape]
}

@Suite struct JSONModelPolymorphismTests {
  static var configuration: JSONModelConfiguration {
    var configuration = JSONModelConfiguration()
    configuration.registry = [Animal.self, Dog.self, Circle.self, Square.self]
    configuration.registry.register(Cat.self, as: "cat")
    return configuration
  }

  static let zooJSON: JSON = [
    "star": ["_class": "Dog", "barks": true, "name": "Rex"],
    "animals": [
      ["_class": "cat", "lives_left": 9, "name": "Tom"], ["_class": "Animal", "name": "Generic"],
      ["_class": "Dog", "barks": false, "name": "Quiet"],
    ],
    "keepers": ["ann": ["_class": "cat", "lives_left": 3, "name": "Kit"]],
    "rescued": nil,
  ]

  @Test func classKeyPicksTheSubclassInPropertiesArraysAndDictionaries() throws {
    let zoo = try Zoo(json: Self.zooJSON, configuration: Self.configuration)
    #expect((zoo.star as? Dog)?.barks == true)
    #expect(zoo.star.name == "Rex")
    #expect((zoo.animals[0] as? Cat)?.livesLeft == 9)
    #expect(type(of: zoo.animals[1]) == Animal.self)
    #expect((zoo.animals[2] as? Dog)?.barks == false)
    #expect((zoo.keepers["ann"] as? Cat)?.name == "Kit")
    #expect(zoo.rescued == nil)
  }

  @Test func classKeyIsWrittenFirstWithTheRegisteredName() throws {
    let zoo = try Zoo(json: Self.zooJSON, configuration: Self.configuration)
    let json = try zoo.json(configuration: Self.configuration)
    #expect(json == Self.zooJSON)
    #expect(json["star"].objectValue?.keys.first == "_class")
    #expect(json["animals"][0]["_class"] == "cat")
  }

  @Test func unknownClassKeyNamesTheKeyTheValueAndThePath() throws {
    var json = Self.zooJSON
    json["animals"][2]["_class"] = "Sheep"
    do {
      _ = try Zoo(json: json, configuration: Self.configuration)
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(
        context.debugDescription
          == #"Unknown model class "Sheep" in "_class" at animals[2]; registered: Animal, Circle, Dog, Square, cat."#)
      #expect(CodingPathRendering.message(context.codingPath) == "animals[2]._class")
    }
  }

  @Test func aRegisteredTypeThatIsNotASubclassIsATypeMismatch() throws {
    var json = Self.zooJSON
    json["star"]["_class"] = "Circle"
    json["star"]["radius"] = 1
    #expect(throws: DecodingError.self) { try Zoo(json: json, configuration: Self.configuration) }
  }

  @Test func missingClassKeyDecodesTheDeclaredType() throws {
    var json = Self.zooJSON
    json["star"] = ["name": "Plain"]
    let zoo = try Zoo(json: json, configuration: Self.configuration)
    #expect(type(of: zoo.star) == Animal.self)
  }

  /// A class key that is there but is not a string is a type mismatch at the key, not a missing key.
  @Test func aClassKeyThatIsNotAStringIsATypeMismatch() throws {
    var json = Self.zooJSON
    json["star"]["_class"] = 7
    let error = #expect(throws: DecodingError.self) { try Zoo(json: json, configuration: Self.configuration) }
    guard case .typeMismatch(_, let context) = error else { Issue.record("\(String(describing: error))"); return }
    #expect(CodingPathRendering.render(context.codingPath) == "star._class")
    #expect(context.debugDescription.contains("found 7"))
    #expect(throws: DecodingError.self) { try Self.configuration.model(from: ["_class": ["Dog"], "name": "Rex"]) }
    var drawing: JSON = ["background": ["_class": true, "radius": 1], "shapes": [], "layers": []]
    #expect(throws: DecodingError.self) { try Drawing(json: drawing, configuration: Self.configuration) }
    drawing["background"]["_class"] = nil
    let missing = #expect(throws: DecodingError.self) { try Drawing(json: drawing, configuration: Self.configuration) }
    guard case .keyNotFound = missing else { Issue.record("\(String(describing: missing))"); return }
  }

  /// A class name from the input is quoted in a bounded, printable form.
  @Test func unknownClassNamesAreQuotedBounded() throws {
    var json = Self.zooJSON
    json["star"]["_class"] = .string(String(repeating: "x", count: 100_000) + "\u{0}")
    let error = #expect(throws: DecodingError.self) { try Zoo(json: json, configuration: Self.configuration) }
    let message = String(describing: error)
    #expect(message.count < 1_000)
    #expect(!message.contains("\u{0}"))
    #expect(message.contains(#"\u0000""#))
  }

  @Test func classKeyNameIsConfigurable() throws {
    var configuration = Self.configuration
    configuration.classKey = "_mf_class_key"
    let dog: Animal = Dog(name: "Rex", barks: true)
    let json = try dog.json(configuration: configuration)
    #expect(json == ["_mf_class_key": "Dog", "barks": true, "name": "Rex"])
    let decoded = try Animal(json: json, configuration: configuration)
    #expect((decoded as? Dog)?.barks == true)
    #expect(try configuration.model(from: json) is Dog)
  }

  @Test func protocolTypedValuesUseThePolymorphicWrappers() throws {
    let drawing = Drawing(
      background: Square(side: 3), shapes: [Polymorphic(Circle(radius: 1)), Polymorphic(Square(side: 2))],
      layers: [Circle(radius: 5)])
    let json = try drawing.json(configuration: Self.configuration)
    #expect(
      json == [
        "background": ["_class": "Square", "side": 3],
        "shapes": [["_class": "Circle", "radius": 1], ["_class": "Square", "side": 2]],
        "layers": [["_class": "Circle", "radius": 5]],
      ])
    let decoded = try Drawing(json: json, configuration: Self.configuration)
    #expect(decoded.background as? Square == Square(side: 3))
    #expect(decoded.shapes.map(\.wrappedValue.area) == [.pi, 4])
    #expect(decoded.layers.first as? Circle == Circle(radius: 5))
  }

  @Test func polymorphicWrapperWorksWithPlainCodersThroughUserInfo() throws {
    let shapes = [Polymorphic<any Shape>(Circle(radius: 2)), Polymorphic(Square(side: 1))]
    let text = try ParsnipEncoder().encodeToString(shapes)
    #expect(try JSON(parsing: text) == [["_class": "Circle", "radius": 2], ["_class": "Square", "side": 1]])
    let decoder = ParsnipDecoder()
    decoder.userInfo[JSONModelRegistry.userInfoKey] = Self.configuration.registry
    let decoded = try decoder.decode([Polymorphic<any Shape>].self, from: text)
    #expect(decoded.map(\.wrappedValue.area) == [4 * .pi, 1])
    let foundation = JSONDecoder()
    foundation.userInfo[JSONModelRegistry.userInfoKey] = Self.configuration.registry
    #expect(try foundation.decode([Polymorphic<any Shape>].self, from: Data(text.utf8)).count == 2)
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([Polymorphic<any Shape>].self, from: text) }
  }

  @Test func registryMapsNamesBothWays() {
    var registry: JSONModelRegistry = [Dog.self]
    registry.register(Cat.self, as: "kitty")
    #expect(registry.type(named: "Dog") == Dog.self)
    #expect(registry.type(named: "kitty") == Cat.self)
    #expect(registry.type(named: "cat") == nil)
    #expect(registry.name(for: Cat.self) == "kitty")
    #expect(registry.name(for: Animal.self) == "Animal")
    #expect(registry.names == ["Dog", "kitty"])
  }
}

final class Link: PolymorphicJSONModel, @unchecked Sendable {
  var next: Link?
  init(next: Link?) { self.next = next }
}

@Suite struct PolymorphicDepthTests {
  /// Decoding past the depth limit is a decoding error, whether the models are polymorphic or not.
  @Test func aDeepPolymorphicDecodeIsADecodingError() throws {
    var json: JSON = ["_class": "Link"]
    for _ in 0..<2_000 { json = ["_class": "Link", "next": json] }
    var configuration = JSONModelConfiguration()
    configuration.registry = [Link.self]
    let error = #expect(throws: (any Error).self) { try Link(json: json, configuration: configuration) }
    #expect(error is DecodingError, "\(String(describing: error))")
    let text = Array(
      (String(repeating: #"{"_class": "Link", "next": "#, count: 2_000) + "null" + String(repeating: "}", count: 2_000))
        .utf8)
    let fromText = #expect(throws: (any Error).self) { try Link(jsonData: Data(text), configuration: configuration) }
    #expect(fromText is DecodingError, "\(String(describing: fromText))")
  }
}
