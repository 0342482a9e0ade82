import Foundation

extension JSONDecoding where Value: Decodable {
  /// Decodes a `Decodable` type with ``ParsnipDecoder`` (and its strategies): the bridge from `Codable` types into a
  /// pipeline. Text is decoded straight from the document's index.
  ///
  /// ```swift
  /// let decodeEvent = decode(Event.init) |> required("when", .codable(Date.self)) |> required("tags", .codable([Tag].self))
  /// ```
  /// - Parameters:
  ///   - type: The type.
  ///   - decoder: The decoder whose options apply (default options when omitted).
  /// - Returns: The decoder.
  public static func codable(_ type: Value.Type, using decoder: ParsnipDecoder = ParsnipDecoder()) -> JSONDecoding<Value>
  {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      do throws(ParsnipDecoder.RelativeFailure) {
        switch input {
        case .document(let value): return try decoder.decode(at: value)
        case .tree(let json): return try decoder.decodeRelative(from: json)
        }
      } catch {
        let path = JSONKeyPath(
          components: error.path.map {
            switch $0 {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
          })
        // Located at the failing value itself (the failure's path is relative to `input`), not at `input`.
        var failing = input
        for component in error.path {
          let next: PipelineValue?
          switch component {
          case .key(let key): next = failing.member(key)
          case .index(let index): next = failing.element(index)
          }
          guard let next else { break }
          failing = next
        }
        var failure = JSONDecodingError(.decodable(error.message), at: failing)
        failure.path = path
        throw failure
      }
    }
  }
}

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
