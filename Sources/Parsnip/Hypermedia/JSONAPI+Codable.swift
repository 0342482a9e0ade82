extension JSONAPI {
  /// Decodes models straight from a JSON:API document: the document is flattened, then its `data` decoded.
  ///
  /// ```swift
  /// struct Person: Decodable { var id: String; var name: String }
  /// struct Article: Decodable { var id: String; var title: String; var author: Person }
  /// let articles = try JSONAPI.decode([Article].self, from: document)
  /// ```
  /// - Parameters:
  ///   - type: The model type of `data` (an array type for an array of resources).
  ///   - document: The JSON:API document.
  ///   - options: What to resolve.
  ///   - decoder: The decoder, with its strategies.
  /// - Returns: The decoded `data`.
  /// - Throws: ``JSONAPIError`` for a document that breaks the spec, `DecodingError` for one that does not fit.
  public static func decode<T: Decodable>(
    _ type: T.Type, from document: JSON, options: FlattenOptions = FlattenOptions(),
    decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws -> T {
    try decoder.decode(type, from: flatten(document, options: options)["data"])
  }

  /// Decodes models from the bytes of a JSON:API document; see ``decode(_:from:options:decoder:)-(_,JSON,_,_)``.
  /// - Throws: `JSONParseError` for text that is not JSON, otherwise as the `JSON` form.
  public static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], options: FlattenOptions = FlattenOptions(),
    decoder: ParsnipDecoder = ParsnipDecoder()
  ) throws -> T {
    try decoder.decode(type, from: flatten(JSONDocument(parsing: bytes), options: options)["data"])
  }

  /// Encodes models as a JSON:API document: the value is encoded with `encoder`, then built with
  /// ``build(_:options:)`` (each model needs `type` and `id` members).
  /// - Parameters:
  ///   - value: A model or an array of models.
  ///   - options: Which members are relationships.
  ///   - encoder: The encoder, with its strategies.
  /// - Returns: The document.
  public static func encode<T: Encodable>(
    _ value: T, options: BuildOptions = BuildOptions(), encoder: ParsnipEncoder = ParsnipEncoder()
  ) throws -> JSON {
    try build(encoder.encodeToJSON(value), options: options)
  }
}
