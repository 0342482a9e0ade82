import Foundation

extension ParsnipEncoder {
  /// Encodes a type that needs a configuration to encode (`EncodableWithConfiguration`), as
  /// `JSONEncoder.encode(_:configuration:)` does.
  ///
  /// - Parameters:
  ///   - value: The value to encode.
  ///   - configuration: What `encode(to:configuration:)` is handed.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: The errors of ``encode(_:)``.
  public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
    try encode(ConfiguredValue(value: value, configuration: configuration))
  }

  /// Encodes a type that needs a configuration, taking it from an `EncodingConfigurationProviding` type, as
  /// `JSONEncoder.encode(_:configuration:)` does.
  ///
  /// - Parameters:
  ///   - value: The value to encode.
  ///   - configuration: The type whose `encodingConfiguration` is used.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: The errors of ``encode(_:)``.
  public func encode<T: EncodableWithConfiguration, C: EncodingConfigurationProviding>(
    _ value: T, configuration: C.Type
  ) throws -> Data where T.EncodingConfiguration == C.EncodingConfiguration {
    try encode(value, configuration: C.encodingConfiguration)
  }
}
