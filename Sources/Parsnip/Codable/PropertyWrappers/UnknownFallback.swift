/// A type with a value to use when the input holds a value the type does not know, such as an enum case added by a
/// newer server.
///
/// ```swift
/// enum Status: String, Codable, FallbackDecodable {
///   case active, suspended, unknown
///   static var fallback: Status { .unknown }
/// }
/// ```
public protocol FallbackDecodable: Decodable {
  /// The value used in place of an unrecognized one.
  static var fallback: Self { get }
}

/// A property that decodes to its type's ``FallbackDecodable/fallback`` when the value is not one the type knows.
///
/// "Not known" means the type's `init(from:)` failed with `DecodingError.dataCorrupted` about the value itself, which
/// is how `RawRepresentable` enums reject unknown raw values. A missing member, `null` or a value of the wrong JSON
/// type still fail. With ``ParsnipDecoder/decodeWithReport(_:from:)`` every fallback used is listed in the
/// report. Works with any `Decoder`.
///
/// ```swift
/// struct Account: Decodable { @UnknownFallback var status: Status }
/// let account = try ParsnipDecoder().decode(Account.self, from: #"{"status": "archived"}"#)
/// account.status  // → .unknown
/// ```
@propertyWrapper
public struct UnknownFallback<Value: FallbackDecodable> {
  /// The decoded value, or the fallback.
  public var wrappedValue: Value

  /// Creates the property with a value.
  /// - Parameter wrappedValue: The value.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

extension UnknownFallback: Decodable {
  /// Decodes the value, or uses the fallback when the value is not one the type knows.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` other than `dataCorrupted` for this value.
  public init(from decoder: any Decoder) throws {
    do {
      wrappedValue = try Value(from: decoder)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.count == decoder.codingPath.count {
      wrappedValue = Value.fallback
      (decoder as? TapeDecoder)?.state.record(
        .usedFallback, codingPath: decoder.codingPath, reason: context.debugDescription)
    }
  }
}

extension UnknownFallback: Encodable where Value: Encodable {
  /// Encodes the wrapped value.
  /// - Parameter encoder: The encoder.
  /// - Throws: What encoding the value throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension UnknownFallback: Equatable where Value: Equatable {}
extension UnknownFallback: Hashable where Value: Hashable {}
extension UnknownFallback: Sendable where Value: Sendable {}
