import Foundation

/// Where `decode(_:from:at:)` starts: a parsed ``JSONKeyPath`` or ``JSONPointer``.
enum DecodePath {
  case keyPath(JSONKeyPath)
  case pointer(JSONPointer)

  /// Path text: a JSON Pointer when it starts with `/`, a key path otherwise, each in exactly its own grammar.
  /// - Throws: `DecodingError.dataCorrupted` naming the path and the grammar's error.
  init(parsing text: String) throws {
    do {
      self = text.hasPrefix("/") ? .pointer(try JSONPointer(text)) : .keyPath(try JSONKeyPath(text))
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "invalid path \(Excerpt.quoted(text)): \(error)", underlyingError: error))
    }
  }
}
