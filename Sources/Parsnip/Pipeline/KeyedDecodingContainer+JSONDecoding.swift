import Foundation

extension KeyedDecodingContainer {
  /// Decodes the member for `key` with a pipeline decoder: the bridge from a pipeline into a `Decodable` type.
  ///
  /// ```swift
  /// init(from decoder: any Decoder) throws {
  ///   let container = try decoder.container(keyedBy: CodingKeys.self)
  ///   author = try container.decode(forKey: .author, with: decodeUser)
  /// }
  /// ```
  /// - Parameters:
  ///   - key: The member.
  ///   - decoding: The pipeline decoder for its value.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is the ``JSONDecodingError``.
  public func decode<T>(forKey key: Key, with decoding: JSONDecoding<T>) throws -> T {
    let json = try decode(JSON.self, forKey: key)
    switch decodeJSON(json, with: decoding) {
    case .success(let value): return value
    case .failure(let error):
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: error.description, underlyingError: error))
    }
  }

  /// Decodes the member for `key` with a pipeline decoder, or returns `nil` when it is missing or `null`.
  /// - Parameters:
  ///   - key: The member.
  ///   - decoding: The pipeline decoder for its value.
  /// - Returns: The decoded value, or `nil`.
  /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is the ``JSONDecodingError``.
  public func decodeIfPresent<T>(forKey key: Key, with decoding: JSONDecoding<T>) throws -> T? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decode(forKey: key, with: decoding)
  }
}
