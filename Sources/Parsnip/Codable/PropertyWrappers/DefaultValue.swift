/// A type that supplies the value ``DefaultValue`` uses when a member is missing or `null`.
///
/// ```swift
/// enum Unnamed: DefaultValueProvider { static var defaultValue: String { "(unnamed)" } }
/// struct Item: Decodable { @DefaultValue<Unnamed> var name: String }
/// ```
public protocol DefaultValueProvider {
  /// The type of the value.
  associatedtype Value: Decodable
  /// The value used for a missing or `null` member.
  static var defaultValue: Value { get }
}

/// A property that decodes to a default when its member is missing or `null`, instead of failing.
///
/// A member that is present but has the wrong type still fails, so bad data is not hidden. With
/// ``ParsnipDecoder/decodeWithReport(_:from:)`` every default applied is listed in the report. Works with
/// any `Decoder`, including Foundation's `JSONDecoder`.
///
/// ```swift
/// struct Settings: Decodable {
///   @DefaultValue<DefaultValues.False> var isDarkMode: Bool
///   @DefaultValue<DefaultValues.EmptyArray<String>> var tags: [String]
///   @DefaultFalse var notifications: Bool  // the same, through a type alias
/// }
/// let settings = try ParsnipDecoder().decode(Settings.self, from: #"{"isDarkMode": null}"#)
/// settings.isDarkMode  // → false
/// settings.tags        // → []
/// ```
@propertyWrapper
public struct DefaultValue<Provider: DefaultValueProvider> {
  /// The decoded value, or the provider's default.
  public var wrappedValue: Provider.Value

  /// Creates the property with a value.
  /// - Parameter wrappedValue: The value.
  public init(wrappedValue: Provider.Value) { self.wrappedValue = wrappedValue }

  /// Creates the property with the provider's default.
  public init() { self.wrappedValue = Provider.defaultValue }
}

extension DefaultValue: Decodable {
  /// Decodes the value, or uses the default when the value is `null`.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is present, not `null`, and not a `Provider.Value`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      wrappedValue = Provider.defaultValue
      (decoder as? TapeDecoder)?.state.record(.appliedDefault, codingPath: decoder.codingPath, reason: "value is null")
    } else {
      wrappedValue = try container.decode(Provider.Value.self)
    }
  }
}

extension DefaultValue: _ParsnipDefaultValueMarker {}

extension DefaultValue: Encodable where Provider.Value: Encodable {
  /// Encodes the wrapped value.
  /// - Parameter encoder: The encoder.
  /// - Throws: What encoding the value throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension DefaultValue: Equatable where Provider.Value: Equatable {
  /// Properties are equal when their values are.
  /// - Parameters:
  ///   - lhs: A property.
  ///   - rhs: Another property.
  /// - Returns: Whether the values are equal.
  public static func == (lhs: DefaultValue, rhs: DefaultValue) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension DefaultValue: Hashable where Provider.Value: Hashable {
  /// Hashes the value.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension DefaultValue: Sendable where Provider.Value: Sendable {}

extension KeyedDecodingContainer {
  /// Decodes a ``DefaultValue`` property, using its default when the key is missing or the value is `null`.
  ///
  /// Synthesized `init(from:)` implementations call this overload for `@DefaultValue` properties.
  /// - Parameters:
  ///   - type: The property type.
  ///   - key: The key.
  /// - Returns: The decoded or default value.
  /// - Throws: `DecodingError` when the value is present, not `null`, and not a `Provider.Value`.
  public func decode<Provider>(_ type: DefaultValue<Provider>.Type, forKey key: Key) throws -> DefaultValue<Provider> {
    try decodeIfPresent(type, forKey: key) ?? DefaultValue()
  }
}

/// Ready-made ``DefaultValueProvider``s for ``DefaultValue``.
public enum DefaultValues {
  /// `false`.
  public enum False: DefaultValueProvider {
    /// `false`.
    public static var defaultValue: Bool { false }
  }

  /// `true`.
  public enum True: DefaultValueProvider {
    /// `true`.
    public static var defaultValue: Bool { true }
  }

  /// The integer `0`.
  public enum Zero: DefaultValueProvider {
    /// `0`.
    public static var defaultValue: Int { 0 }
  }

  /// The double `0.0`.
  public enum ZeroDouble: DefaultValueProvider {
    /// `0.0`.
    public static var defaultValue: Double { 0 }
  }

  /// The empty string.
  public enum EmptyString: DefaultValueProvider {
    /// `""`.
    public static var defaultValue: String { "" }
  }

  /// An empty array.
  public enum EmptyArray<Element: Decodable>: DefaultValueProvider {
    /// `[]`.
    public static var defaultValue: [Element] { [] }
  }

  /// An empty dictionary.
  public enum EmptyDictionary<Key: Hashable & Decodable, Value: Decodable>: DefaultValueProvider {
    /// `[:]`.
    public static var defaultValue: [Key: Value] { [:] }
  }
}

/// A `Bool` property that is `false` when missing or `null`.
public typealias DefaultFalse = DefaultValue<DefaultValues.False>
/// A `Bool` property that is `true` when missing or `null`.
public typealias DefaultTrue = DefaultValue<DefaultValues.True>
/// An `Int` property that is `0` when missing or `null`.
public typealias DefaultZero = DefaultValue<DefaultValues.Zero>
/// A `String` property that is empty when missing or `null`.
public typealias DefaultEmptyString = DefaultValue<DefaultValues.EmptyString>
/// An array property that is empty when missing or `null`.
public typealias DefaultEmptyArray<Element: Decodable> = DefaultValue<DefaultValues.EmptyArray<Element>>
/// A dictionary property that is empty when missing or `null`.
public typealias DefaultEmptyDictionary<Key: Hashable & Decodable, Value: Decodable> = DefaultValue<
  DefaultValues.EmptyDictionary<Key, Value>
>
