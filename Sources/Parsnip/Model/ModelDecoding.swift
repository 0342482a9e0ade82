import Foundation

/// Decoding through `ParsnipDecoder`, which reads every value; the model layer only steers it.
enum ModelDecoding {
  /// Scans text once, with the configuration's depth limit, reporting syntax errors as `DecodingError`.
  static func parse(_ data: Data, configuration: JSONModelConfiguration) throws -> JSONDocument {
    do {
      return try JSONDocument(parsing: data, options: JSON.ParsingOptions(maximumDepth: configuration.maximumDepth))
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error))
    }
  }

  /// Decodes `T` from `json`: the base decoder reads the tree itself (over a `TreeTape`, without writing it as
  /// text).
  static func decode<T: Decodable>(
    _ type: T.Type, from json: JSON, configuration: JSONModelConfiguration
  ) throws -> T {
    let decoder = ParsnipDecoder()
    decoder.userInfo = userInfo(json, configuration)
    return try decoder.decode(ModelRoot<T>.self, from: json).value
  }

  /// Decodes `T` from a scanned document: the tree the model layer steers by is built from the document's tape,
  /// and the base decoder reads that same tape (errors with lines and columns), so the text is scanned once.
  static func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, configuration: JSONModelConfiguration
  ) throws -> T {
    let decoder = ParsnipDecoder()
    decoder.userInfo = userInfo(document.root.json(), configuration)
    return try withExtendedLifetime(document) {
      try ParsnipDecoder.decode(
        ModelRoot<T>.self, text: document.storage.text, options: decoder.optionsSnapshot, at: nil
      ).value
    }
  }

  /// The run's context, where ``ModelRoot`` finds it.
  private static func userInfo(
    _ json: JSON, _ configuration: JSONModelConfiguration
  ) -> [CodingUserInfoKey: any Sendable] {
    let context = ModelContext(configuration: configuration, rootJSON: json)
    var userInfo = context.userInfo
    userInfo[ModelContext.userInfoKey] = context
    return userInfo
  }
}

/// Starts a decoding run: wraps the base decoder's root in a ``ModelDecoderProxy``.
struct ModelRoot<T: Decodable>: Decodable {
  let value: T

  init(from decoder: any Decoder) throws {
    guard let context = decoder.userInfo[ModelContext.userInfoKey] as? ModelContext else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "Model decoding started without its context."))
    }
    let proxy = ModelDecoderProxy(
      base: decoder, context: context, json: context.rootJSON, codingPath: [], keyMode: .modelStyle,
      dateFormat: context.configuration.dateFormat, requestedKeys: nil)
    value = try proxy.decodeValue(T.self)
  }
}

/// A decoder with nothing to decode, for building error messages outside a decoding run.
struct PlaceholderDecoder: Decoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw unavailable }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw unavailable }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { throw unavailable }
  private var unavailable: DecodingError {
    DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "Nothing to decode."))
  }
}
