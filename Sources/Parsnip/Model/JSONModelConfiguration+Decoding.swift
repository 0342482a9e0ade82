import Foundation

extension JSONModelConfiguration {
  /// Creates a model of the type that the JSON's class key names, without knowing it ahead of time (Moonflower's
  /// `generate:`).
  ///
  /// ```swift
  /// let model = try configuration.model(from: json)   // a User, a Shop, … as the class key says
  /// ```
  /// - Parameter json: A JSON object with the class key.
  /// - Returns: The model, of the registered type named by the class key.
  /// - Throws: `DecodingError.keyNotFound` when the class key is missing, `DecodingError.dataCorrupted` when it
  ///   names no registered type, and the errors of ``JSONModel/init(json:configuration:)``.
  public func model(from json: JSON) throws -> any JSONModel {
    guard let name = try PolymorphicCoding.className(in: json, key: classKey, path: []) else {
      throw DecodingError.keyNotFound(
        PathCodingKey(stringValue: classKey),
        DecodingError.Context(codingPath: [], debugDescription: "No class key \"\(classKey)\" in the JSON object."))
    }
    guard let type = registry.type(named: name) else {
      let context = ModelContext(configuration: self, rootJSON: json)
      let proxy = ModelDecoderProxy(
        base: PlaceholderDecoder(), context: context, json: json, codingPath: [], keyMode: .modelStyle,
        dateFormat: dateFormat, requestedKeys: nil)
      throw proxy.unknownClass(name)
    }
    func open<M: JSONModel>(_ type: M.Type) throws -> any JSONModel { try M(json: json, configuration: self) }
    return try open(type)
  }
}
