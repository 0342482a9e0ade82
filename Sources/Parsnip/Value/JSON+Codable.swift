import Foundation

extension JSON: Codable {
  /// Encodes the value through any encoder, Foundation's included.
  ///
  /// Objects are encoded as `[String: JSON]` dictionaries, so key strategies never rename their members;
  /// numbers are encoded as described in ``JSONNumber/encode(to:)``. `ParsnipEncoder` writes `JSON` values itself,
  /// with their exact digits and member order.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError.invalidValue` when arrays and objects nest deeper than 512 levels (so that a
  ///   deep value cannot exhaust the stack of an encoder without a limit), and any error of the encoder.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let bool):
      var container = encoder.singleValueContainer()
      try container.encode(bool)
    case .number(let number):
      try number.encode(to: encoder)
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .array(let elements):
      try Self.checkNesting(encoder.codingPath, self)
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      try Self.checkNesting(encoder.codingPath, self)
      var members: [String: JSON] = [:]
      members.reserveCapacity(object.count)
      for member in object.members { members[member.key] = member.value }
      var container = encoder.singleValueContainer()
      try container.encode(members)
    }
  }

  private static func checkNesting(_ path: [any CodingKey], _ value: JSON) throws {
    guard path.count >= 512 else { return }
    throw EncodingError.invalidValue(
      value,
      EncodingError.Context(codingPath: path, debugDescription: "JSON value nested deeper than 512 levels."))
  }

  /// Decodes any JSON value through any decoder, Foundation's included.
  ///
  /// Tries, in order: `null`, a Boolean, an integer (`Int64`, then `UInt64`, so integers stay exact), a
  /// `Decimal` (which keeps up to 38 digits), a `Double`, a string, an object (`[String: JSON]`, members in key
  /// order since a generic decoder does not report document order), and an array. `ParsnipDecoder` builds `JSON`
  /// values straight from the input instead, exactly and in document order.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` when the decoder's value is none of these.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = JSONNumber.decodeIfNumber(from: container) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let members = try? container.decode([String: JSON].self) {
      self = JSON(members)
    } else if let elements = try? container.decode([JSON].self) {
      self = .array(elements)
    } else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected a JSON value."))
    }
  }
}
