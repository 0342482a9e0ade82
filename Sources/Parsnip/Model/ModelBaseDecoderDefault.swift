import Foundation

/// The model layer's base decoder: `ParsnipDecoder`, which reads every value; the model layer only steers it.
struct ModelBaseDecoderDefault: ModelBaseDecoder {
  func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, userInfo: [CodingUserInfoKey: any Sendable]
  ) throws -> T {
    let decoder = ParsnipDecoder()
    decoder.userInfo = userInfo
    return try withExtendedLifetime(document) {
      try ParsnipDecoder.decode(type, text: document.storage.text, options: decoder.optionsSnapshot, at: nil)
    }
  }

  func decode<T: Decodable>(_ type: T.Type, from json: JSON, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
    let decoder = ParsnipDecoder()
    decoder.userInfo = userInfo
    return try decoder.decode(type, from: json)
  }
}
