import Foundation

/// A value whose concrete model type is named in its JSON by the class key: for properties typed as a protocol
/// (or a class whose subclasses come from the registry).
///
/// ```swift
/// protocol Shape: JSONModel {}
/// struct Circle: Shape { var radius = 1.0 }
/// struct Square: Shape { var side = 2.0 }
///
/// struct Drawing: JSONModel {
///   @Polymorphic var background: any Shape = Circle()
///   var shapes: [Polymorphic<any Shape>] = []
/// }
/// var configuration = JSONModelConfiguration()
/// configuration.registry = [Circle.self, Square.self]
/// let drawing = try Drawing(json: ["background": ["_class": "Square", "side": 3]], configuration: configuration)
/// drawing.background is Square  // → true
/// ```
///
/// Encoding writes the class key (``JSONModelConfiguration/classKey``, default `"_class"`) with the type's registered
/// name, then the model's members. Decoding reads the class key and decodes the registered type; a missing class
/// key, a name that is not registered, or a type that is not a `Value` is a `DecodingError` naming the key, the
/// name and the path.
///
/// Outside the model layer (with `ParsnipDecoder` or Foundation's decoder directly), put the registry in the
/// decoder's `userInfo` under ``JSONModelRegistry/userInfoKey`` (and a configuration under
/// ``JSONModelConfiguration/userInfoKey`` for another class key); models are then coded by their own
/// `Codable` conformance, without the model layer's key conversion.
@propertyWrapper
public struct Polymorphic<Value> {
  /// The value.
  public var wrappedValue: Value

  /// Wraps a value.
  /// - Parameter wrappedValue: A value whose dynamic type is a ``JSONModel``.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// Wraps a value (for arrays of polymorphic values: `[Polymorphic(Circle())]`).
  /// - Parameter value: A value whose dynamic type is a ``JSONModel``.
  public init(_ value: Value) { self.wrappedValue = value }
}

extension Polymorphic: Codable {
  /// Decodes the type the class key names.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a missing or unknown class key, or a type that is not a `Value`.
  public init(from decoder: any Decoder) throws {
    if let proxy = decoder as? ModelDecoderProxy {
      guard let name = try proxy.className() else {
        throw PolymorphicCoding.missingClassKey(proxy.context.configuration.classKey, path: decoder.codingPath)
      }
      guard let type = proxy.context.configuration.registry.type(named: name) else { throw proxy.unknownClass(name) }
      wrappedValue = try proxy.decodeModel(concrete: type, as: Value.self)
      return
    }
    let (registry, classKey) = PolymorphicCoding.settings(decoder.userInfo)
    let container = try decoder.container(keyedBy: PathCodingKey.self)
    guard let name = try container.decodeIfPresent(String.self, forKey: PathCodingKey(stringValue: classKey)) else {
      throw PolymorphicCoding.missingClassKey(classKey, path: decoder.codingPath)
    }
    guard let type = registry.type(named: name) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [PathCodingKey(stringValue: classKey)],
          debugDescription: "Unknown model class \(Excerpt.quoted(name)) in \"\(classKey)\" at "
            + "\(CodingPathRendering.message(decoder.codingPath)); registered: \(registry.names.joined(separator: ", "))."
        ))
    }
    let value = try type.init(from: decoder)
    guard let typed = value as? Value else {
      throw DecodingError.typeMismatch(
        Value.self,
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "The class key names \(type), which is not a \(Value.self)."
        ))
    }
    wrappedValue = typed
  }

  /// Encodes the class key and the model.
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError.invalidValue` when the value is not a ``JSONModel``, and the model's errors.
  public func encode(to encoder: any Encoder) throws {
    guard let model = wrappedValue as? any JSONModel else {
      throw EncodingError.invalidValue(
        wrappedValue,
        EncodingError.Context(
          codingPath: encoder.codingPath, debugDescription: "\(type(of: wrappedValue)) is not a JSONModel."))
    }
    if let tree = encoder as? TreeEncoder, let context = tree.options.model {
      tree.setSingleValue(try context.encode(model, through: tree, path: tree.codingPath, forceClassKey: true))
      return
    }
    let (registry, classKey) = PolymorphicCoding.settings(encoder.userInfo)
    var container = encoder.container(keyedBy: PathCodingKey.self)
    try container.encode(registry.name(for: type(of: model)), forKey: PathCodingKey(stringValue: classKey))
    try model.encode(to: encoder)
  }
}

extension Polymorphic: Sendable where Value: Sendable {}

/// An array of values whose concrete model types are named by the class key (see ``Polymorphic``).
///
/// ```swift
/// struct Zoo: JSONModel {
///   @PolymorphicArray var animals: [any Animal] = []
/// }
/// ```
@propertyWrapper
public struct PolymorphicArray<Element> {
  /// The elements.
  public var wrappedValue: [Element]

  /// Wraps elements.
  /// - Parameter wrappedValue: Values whose dynamic types are ``JSONModel``s.
  public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }
}

extension PolymorphicArray: Codable {
  /// Decodes each element as the type its class key names.
  /// - Parameter decoder: The decoder.
  /// - Throws: The errors of ``Polymorphic/init(from:)``, with the element's index in the path.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try [Polymorphic<Element>](from: decoder).map(\.wrappedValue)
  }

  /// Encodes each element with its class key.
  /// - Parameter encoder: The encoder.
  /// - Throws: The errors of ``Polymorphic/encode(to:)``.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.map { Polymorphic($0) }.encode(to: encoder)
  }
}

extension PolymorphicArray: Sendable where Element: Sendable {}

enum PolymorphicCoding {
  static func settings(_ userInfo: [CodingUserInfoKey: Any]) -> (JSONModelRegistry, String) {
    let configuration = userInfo[JSONModelConfiguration.userInfoKey] as? JSONModelConfiguration
    let registry =
      userInfo[JSONModelRegistry.userInfoKey] as? JSONModelRegistry ?? configuration?.registry ?? JSONModelRegistry()
    return (registry, configuration?.classKey ?? "_class")
  }

  /// The model type name under the class `key` of `json`: `nil` when the key is missing or null.
  /// - Throws: `DecodingError.typeMismatch` when the class key holds something other than a string.
  static func className(in json: JSON, key: String, path: [any CodingKey]) throws -> String? {
    switch json[key] {
    case .string(let name): return name
    case .null: return nil
    case let found:
      throw DecodingError.typeMismatch(
        String.self,
        DecodingError.Context(
          codingPath: path + [PathCodingKey(stringValue: key)],
          debugDescription:
            "The class key \(Excerpt.quoted(key)) at \(CodingPathRendering.message(path)) must hold the "
            + "model type's name as a string, found \(Excerpt.abbreviated(found.description))."))
    }
  }

  static func missingClassKey(_ key: String, path: [any CodingKey]) -> DecodingError {
    DecodingError.keyNotFound(
      PathCodingKey(stringValue: key),
      DecodingError.Context(
        codingPath: path,
        debugDescription: "No class key \"\(key)\" at \(CodingPathRendering.message(path)) to pick the model type."))
  }
}
