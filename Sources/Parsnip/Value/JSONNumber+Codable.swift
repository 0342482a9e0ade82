import Foundation

extension JSONNumber: Codable {
  /// Encodes the number through any encoder, as exactly as the encoder allows.
  ///
  /// Integers are encoded as `Int64`/`UInt64`, doubles as `Double`, and decimal digits as `Decimal` when
  /// `Decimal` holds them exactly (Foundation's encoder writes a `Decimal`'s digits), else as the nearest `Double`.
  /// `ParsnipEncoder` writes every digit of any `JSONNumber`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: Any error of the encoder, such as a non-finite double it refuses.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch storage {
    case .int(let value): try container.encode(value)
    case .uint(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .decimal, .text:
      if let decimal = decimalValue, JSONNumber(decimal) == self {
        try container.encode(decimal)
      } else {
        try container.encode(doubleValue)
      }
    }
  }

  /// Decodes a number through any decoder: an exact integer when possible, then a `Decimal`, then a `Double`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.typeMismatch` when the value is not a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let number = Self.decodeIfNumber(from: container) else {
      throw DecodingError.typeMismatch(
        JSONNumber.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected a number."))
    }
    self = number
  }

  static func decodeIfNumber(from container: any SingleValueDecodingContainer) -> JSONNumber? {
    if let value = try? container.decode(Int64.self) { return JSONNumber(value) }
    if let value = try? container.decode(UInt64.self) { return JSONNumber(value) }
    if let value = try? container.decode(Decimal.self), let number = JSONNumber(value),
      let double = try? container.decode(Double.self), double.isFinite, number.doubleValue == double
    {
      return number
    }
    if let value = try? container.decode(Double.self) { return JSONNumber(value) }
    return nil
  }
}
