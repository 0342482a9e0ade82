import Foundation

/// A property the model layer (and any Codable coder) neither encodes nor decodes; it keeps its value.
///
/// Use it for properties that are not JSON data, such as a cached image, without writing a `CodingKeys` enum:
///
/// ```swift
/// struct BookShop: JSONModel {
///   var shopName: String?
///   @Ignored var shopLogo: ShopLogo? = nil   // never in the JSON
/// }
/// ```
///
/// Encoding skips the member entirely (through any `KeyedEncodingContainer`). Decoding leaves the member
/// unread. In a ``JSONModel`` that is ``DefaultInitializable`` the property keeps its declared default (the value
/// `init()` gives it, `42` for `@Ignored var retries = 42`), as a missing member does; when a model is updated with
/// ``JSONModel/update(from:nullsRemoveMembers:configuration:)`` it keeps its current value. Elsewhere (plain
/// Codable, or a model without `init()`), where the declared default cannot be known, it is set to its type's
/// ``IgnoredPropertyDefault/ignoredDefault`` (`nil` for optionals, an empty collection, zero, `false`).
@propertyWrapper
public struct Ignored<Value> {
  /// The property's value.
  public var wrappedValue: Value

  /// Wraps a value.
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

extension Ignored: Sendable where Value: Sendable {}
extension Ignored: Equatable where Value: Equatable {}
extension Ignored: Hashable where Value: Hashable {}

extension Ignored: Encodable {
  /// Encodes nothing; keyed containers skip the member altogether.
  /// - Parameter encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {}
}

extension Ignored: Decodable where Value: IgnoredPropertyDefault {
  /// Creates the wrapper with the value's default, without reading anything.
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: IgnoredValueStash.current?.value(at: decoder.codingPath) ?? Value.ignoredDefault)
  }
}

extension KeyedEncodingContainer {
  /// Skips an ``Ignored`` property: no member is written.
  /// - Parameters:
  ///   - value: The ignored property.
  ///   - key: Its key.
  public mutating func encode<Value>(_ value: Ignored<Value>, forKey key: Key) throws {
    IgnoredValueStash.current?.store(value.wrappedValue, at: codingPath + [key])
  }
}

extension KeyedDecodingContainer {
  /// Gives an ``Ignored`` property its default (or, during a model update, its current value) without reading.
  /// - Parameters:
  ///   - type: The wrapper type.
  ///   - key: Its key.
  /// - Returns: The wrapper.
  public func decode<Value: IgnoredPropertyDefault>(
    _ type: Ignored<Value>.Type, forKey key: Key
  ) throws -> Ignored<
    Value
  > {
    Ignored(wrappedValue: IgnoredValueStash.current?.value(at: codingPath + [key]) ?? Value.ignoredDefault)
  }
}

/// The value an ``Ignored`` property gets when a model is decoded.
///
/// Optionals, collections, strings, numbers and `Bool` conform; conform your own types to use them with `@Ignored`.
public protocol IgnoredPropertyDefault {
  /// The value of an ignored property after decoding.
  static var ignoredDefault: Self { get }
}

extension Optional: IgnoredPropertyDefault {
  /// `nil`.
  public static var ignoredDefault: Optional { nil }
}

extension Array: IgnoredPropertyDefault {
  /// `[]`.
  public static var ignoredDefault: Array { [] }
}

extension Dictionary: IgnoredPropertyDefault {
  /// `[:]`.
  public static var ignoredDefault: Dictionary { [:] }
}

extension Set: IgnoredPropertyDefault {
  /// `[]`.
  public static var ignoredDefault: Set { [] }
}

extension String: IgnoredPropertyDefault {
  /// `""`.
  public static var ignoredDefault: String { "" }
}

extension Bool: IgnoredPropertyDefault {
  /// `false`.
  public static var ignoredDefault: Bool { false }
}

extension Int: IgnoredPropertyDefault {
  /// `0`.
  public static var ignoredDefault: Int { 0 }
}

extension Double: IgnoredPropertyDefault {
  /// `0`.
  public static var ignoredDefault: Double { 0 }
}

extension Float: IgnoredPropertyDefault {
  /// `0`.
  public static var ignoredDefault: Float { 0 }
}

/// Values of ignored properties, kept aside while a model is updated (encode → merge → decode) so that the update
/// does not reset them. Keyed by the coding path of property names, which is the same on both sides.
final class IgnoredValueStash: @unchecked Sendable {  // Task-local to the one update that fills and reads it.
  @TaskLocal static var current: IgnoredValueStash?

  private var values: [String: Any] = [:]
  /// Declared defaults of the `DefaultInitializable` models being decoded, by path, used where `values` has none.
  private var defaults: [String: Any] = [:]

  static func pathKey(_ path: [any CodingKey]) -> String {
    path.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }.joined(separator: "\u{1F}")
  }

  /// The values stored, by path key (relative to where the encode that stored them began).
  var storedValues: [String: Any] { values }

  func store(_ value: Any, at path: [any CodingKey]) {
    values[Self.pathKey(path)] = value
  }

  /// Adds the declared defaults of a model decoded at `path`: `relative` maps path keys below the model to values.
  func addDefaults(_ relative: [String: Any], at path: [any CodingKey]) {
    let prefix = path.isEmpty ? "" : Self.pathKey(path) + "\u{1F}"
    for (key, value) in relative { defaults[prefix + key] = value }
  }

  func value<T>(at path: [any CodingKey]) -> T? {
    let key = Self.pathKey(path)
    return (values[key] ?? defaults[key]) as? T
  }

  func hasValue(at path: [any CodingKey]) -> Bool {
    let key = Self.pathKey(path)
    return values[key] != nil || defaults[key] != nil
  }
}
