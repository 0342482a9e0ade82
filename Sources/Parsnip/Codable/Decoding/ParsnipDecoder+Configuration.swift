import Foundation

extension ParsnipDecoder {
  /// Decodes a type that needs a configuration to decode (`DecodableWithConfiguration`), as
  /// `JSONDecoder.decode(_:from:configuration:)` does.
  ///
  /// ```swift
  /// struct Price: DecodableWithConfiguration {
  ///   var cents: Int
  ///   init(from decoder: any Decoder, configuration currency: String) throws {
  ///     cents = try decoder.singleValueContainer().decode(Int.self) * (currency == "EUR" ? 100 : 1)
  ///   }
  /// }
  /// let price = try ParsnipDecoder().decode(Price.self, from: Data("12".utf8), configuration: "EUR")  // 1200 cents
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  ///   - configuration: What `init(from:configuration:)` is handed.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, as ``decode(_:from:)-(_,JSONText)``.
  public func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from text: some JSONText, configuration: T.DecodingConfiguration
  ) throws -> T {
    let options = optionsSnapshot
    return try text.withJSONBytes {
      try Self.run(buffer: $0, options: options, path: nil) { decoder, node in
        decoder.index = node
        return try T(from: decoder, configuration: configuration)
      }
    }
  }

  /// Decodes a type that needs a configuration, taking it from a `DecodingConfigurationProviding` type, as
  /// `JSONDecoder.decode(_:from:configuration:)` does.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  ///   - configuration: The type whose `decodingConfiguration` is used.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, as ``decode(_:from:)-(_,JSONText)``.
  public func decode<T: DecodableWithConfiguration, C: DecodingConfigurationProviding>(
    _ type: T.Type, from text: some JSONText, configuration: C.Type
  ) throws -> T where T.DecodingConfiguration == C.DecodingConfiguration {
    try decode(type, from: text, configuration: C.decodingConfiguration)
  }
}
