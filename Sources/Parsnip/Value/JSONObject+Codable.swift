import Foundation

extension JSONObject: Codable {
  /// Encodes the members as an object (see ``JSON/encode(to:)``).
  /// - Parameter encoder: The encoder.
  /// - Throws: Any error of the encoder.
  public func encode(to encoder: any Encoder) throws {
    try JSON.object(self).encode(to: encoder)
  }

  /// Decodes an object (see ``JSON/init(from:)``).
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.typeMismatch` when the value is not an object.
  public init(from decoder: any Decoder) throws {
    guard case .object(let object) = try JSON(from: decoder) else {
      throw DecodingError.typeMismatch(
        JSONObject.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected an object."))
    }
    self = object
  }
}
