import Foundation

/// Maps the names written under the class key to model types, for polymorphic decoding.
///
/// A value type: build it once and put it in a ``JSONModelConfiguration`` (or in a decoder's `userInfo` under
/// ``userInfoKey`` for ``Polymorphic`` values decoded outside the model layer).
///
/// ```swift
/// var registry: JSONModelRegistry = [Dog.self, Cat.self]   // names "Dog" and "Cat"
/// registry.register(Parrot.self, as: "bird")
/// registry.type(named: "bird")  // → Parrot.self
/// ```
public struct JSONModelRegistry: Sendable, ExpressibleByArrayLiteral {
  private var typesByName: [String: any JSONModel.Type] = [:]
  private var namesByType: [ObjectIdentifier: String] = [:]

  /// Creates an empty registry.
  public init() {}

  /// Creates a registry of types under their ``JSONModel/modelName``.
  /// - Parameter types: The types.
  public init(_ types: [any JSONModel.Type]) {
    for type in types { register(type) }
  }

  /// Creates a registry of types under their ``JSONModel/modelName``.
  /// - Parameter elements: The types.
  public init(arrayLiteral elements: any JSONModel.Type...) { self.init(elements) }

  /// Registers a type under a name (default: its ``JSONModel/modelName``); the type is then written with that name.
  /// - Parameters:
  ///   - type: The model type.
  ///   - name: The class key value; a name registered before is replaced.
  public mutating func register(_ type: any JSONModel.Type, as name: String? = nil) {
    let name = name ?? type.modelName
    typesByName[name] = type
    namesByType[ObjectIdentifier(type)] = name
  }

  /// The type registered under a name.
  /// - Parameter name: A class key value.
  /// - Returns: The type, or `nil` when no type has that name.
  public func type(named name: String) -> (any JSONModel.Type)? { typesByName[name] }

  /// The name written for a type: its registered name, else its ``JSONModel/modelName``.
  /// - Parameter type: A model type.
  /// - Returns: The class key value.
  public func name(for type: any JSONModel.Type) -> String {
    namesByType[ObjectIdentifier(type)] ?? type.modelName
  }

  /// The registered names, sorted.
  public var names: [String] { typesByName.keys.sorted() }

  /// The `userInfo` key for a registry handed to a decoder directly (used by ``Polymorphic``).
  public static let userInfoKey = CodingUserInfoKey(rawValue: "Parsnip.JSONModelRegistry")!
}
