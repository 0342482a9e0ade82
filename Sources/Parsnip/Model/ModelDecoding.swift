import Foundation

/// Decoding through the base decoder.
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
    _ type: T.Type, from json: JSON, configuration: JSONModelConfiguration,
    base: some ModelBaseDecoder = ModelBaseDecoderDefault()
  ) throws -> T {
    try base.decode(ModelRoot<T>.self, from: json, userInfo: userInfo(json, configuration)).value
  }

  /// Decodes `T` from a scanned document: the tree the model layer steers by is built from the document's tape,
  /// and the base decoder reads that same tape (errors with lines and columns), so the text is scanned once.
  static func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, configuration: JSONModelConfiguration,
    base: some ModelBaseDecoder = ModelBaseDecoderDefault()
  ) throws -> T {
    let json = document.root.json()
    return try base.decode(ModelRoot<T>.self, from: document, userInfo: userInfo(json, configuration)).value
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

/// The decoder that reads values for the model layer.
protocol ModelBaseDecoder {
  func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, userInfo: [CodingUserInfoKey: any Sendable]
  ) throws -> T
  func decode<T: Decodable>(_ type: T.Type, from json: JSON, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T
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

/// Deep merge for model updates.
enum ModelMerge {
  static func merge(_ patch: JSON, into target: JSON, nullsRemoveMembers: Bool, maximumDepth: Int) throws -> JSON {
    try merge(patch, into: target, nullsRemoveMembers: nullsRemoveMembers, depth: 0, maximumDepth: maximumDepth)
  }

  private static func merge(
    _ patch: JSON, into target: JSON, nullsRemoveMembers: Bool, depth: Int, maximumDepth: Int
  ) throws -> JSON {
    guard case .object(let changes) = patch else { return patch }
    guard depth < maximumDepth else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "Update nested deeper than \(maximumDepth) levels."))
    }
    var object: JSONObject
    if case .object(let existing) = target { object = existing } else { object = [:] }
    for member in changes.members {
      if nullsRemoveMembers, member.value.isNull {
        object.removeValue(forKey: member.key)
      } else {
        object[member.key] = try merge(
          member.value, into: object[member.key] ?? .null, nullsRemoveMembers: nullsRemoveMembers, depth: depth + 1,
          maximumDepth: maximumDepth)
      }
    }
    return .object(object)
  }
}
