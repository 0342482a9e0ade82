import Foundation

// Running a decoder. Text is parsed to a `JSONDocument` and read through its structural index: no `JSON` tree and
// no `[String: Any]` is built on the way, and errors get line and column. Trees are read directly.

/// Decodes UTF-8 JSON text with `decoder`.
///
/// ```swift
/// let result = decodeJSON(data, with: .array(decodeUser))   // Result<[User], JSONDecodingError>
/// ```
/// - Parameters:
///   - data: UTF-8 JSON text.
///   - decoder: The decoder.
///   - options: Whether to report every failure, the recursion budget, and how the text is parsed.
/// - Returns: The value, or why it could not be decoded: invalid JSON, or a value that does not fit, with its path,
///   byte offset, line and column.
public func decodeJSON<Value>(
  _ data: Data, with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  decodeText(with: decoder, options: options) { () throws(JSONParseError) in
    try JSONDocument(parsing: data, options: options.parsing)
  }
}

/// Decodes JSON text with `decoder`.
/// - Parameters:
///   - text: JSON text.
///   - decoder: The decoder.
///   - options: Whether to report every failure, the recursion budget, and how the text is parsed.
/// - Returns: The value, or why it could not be decoded (see ``decodeJSON(_:with:options:)-(Data,_,_)``).
public func decodeJSON<Value>(
  _ text: String, with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  decodeText(with: decoder, options: options) { () throws(JSONParseError) in
    try JSONDocument(parsing: text, options: options.parsing)
  }
}

/// Decodes UTF-8 JSON bytes with `decoder`; the document shares the array instead of copying it.
/// Decodes optional JSON text (such as the seed's `String!` response body) with `decoder`: text is parsed as
/// ``decodeJSON(_:with:options:)-(String,_,_)`` does, and `nil` decodes as JSON `null`, so that it never falls to
/// the `Any` overload and is read as a string value.
/// - Parameters:
///   - text: JSON text, or `nil`.
///   - decoder: The decoder.
///   - options: Whether to report every failure, the recursion budget, and how the text is parsed.
/// - Returns: The value, or why it could not be decoded.
public func decodeJSON<Value>(
  _ text: String?, with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  guard let text else { return decodeJSON(JSON.null, with: decoder, options: options) }
  return decodeJSON(text, with: decoder, options: options)
}

/// - Parameters:
///   - bytes: UTF-8 JSON text.
///   - decoder: The decoder.
///   - options: Whether to report every failure, the recursion budget, and how the text is parsed.
/// - Returns: The value, or why it could not be decoded (see ``decodeJSON(_:with:options:)-(Data,_,_)``).
public func decodeJSON<Value>(
  _ bytes: [UInt8], with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  decodeText(with: decoder, options: options) { () throws(JSONParseError) in
    try JSONDocument(parsing: bytes, options: options.parsing)
  }
}

/// Decodes a parsed document with `decoder`, reading its index; ``JSONDecodingOptions/parsing`` does not apply.
/// - Parameters:
///   - document: The document.
///   - decoder: The decoder.
///   - options: Whether to report every failure, and the recursion budget.
/// - Returns: The value, or why it could not be decoded, with line and column in the document's text.
public func decodeJSON<Value>(
  _ document: JSONDocument, with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  // Tape nodes do not retain the document: hold it until the end.
  withExtendedLifetime(document) {
    decoder.decode(.tape(document.root.node), options: options).mapError {
      $0.located(in: document.storage.input)
    }
  }
}

/// Decodes a ``JSON`` value with `decoder`, reading the tree directly (the same as `decoder(json)`).
/// - Parameters:
///   - json: The value.
///   - decoder: The decoder.
///   - options: Whether to report every failure, and the recursion budget.
/// - Returns: The value, or why it could not be decoded, with the path to the failing value.
public func decodeJSON<Value>(
  _ json: JSON, with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  decoder.decode(.tree(json), options: options)
}

/// Decodes a Foundation object graph, as `JSONSerialization.jsonObject(with:)` returns it (`NSDictionary`,
/// `NSArray`, `NSString`, `NSNumber`, `NSNull`, or their Swift counterparts), with `decoder`.
///
/// The graph is converted to a ``JSON`` value first (an object that JSON cannot hold fails with
/// ``JSONDecodingError/Kind-swift.enum/failure(_:)`` at its path).
/// - Parameters:
///   - object: The object graph.
///   - decoder: The decoder.
///   - options: Whether to report every failure, and the recursion budget.
/// - Returns: The value, or why it could not be decoded.
@_disfavoredOverload
public func decodeJSON<Value>(
  _ object: Any, with decoder: JSONDecoding<Value>, options: JSONDecodingOptions = .default
) -> Result<Value, JSONDecodingError> {
  let json: JSON
  do throws(JSONDecodingError) { json = try JSON(foundationObject: object, depthLimit: options.maximumDepth) } catch {
    return .failure(error)
  }
  return decoder.decode(.tree(json), options: options)
}

/// Parses with `parse`, then decodes the document's root; errors get line and column.
private func decodeText<Value>(
  with decoder: JSONDecoding<Value>, options: JSONDecodingOptions,
  _ parse: () throws(JSONParseError) -> JSONDocument
) -> Result<Value, JSONDecodingError> {
  let document: JSONDocument
  do throws(JSONParseError) { document = try parse() } catch {
    return .failure(
      JSONDecodingError(.invalidJSON(error), byteOffset: error.byteOffset, line: error.line, column: error.column))
  }
  return decodeJSON(document, with: decoder, options: options)
}
