import Foundation

extension Array where Element: JSONModel {
  /// Creates models from a JSON array.
  /// - Parameters:
  ///   - json: A JSON array of objects.
  ///   - configuration: See ``JSONModel/init(json:configuration:)`` (default: the element type's).
  /// - Throws: The errors of ``JSONModel/init(json:configuration:)``.
  public init(json: JSON, configuration: JSONModelConfiguration? = nil) throws {
    self = try ModelDecoding.decode(
      [Element].self, from: json, configuration: configuration ?? Element.modelConfiguration)
  }

  /// Creates models from UTF-8 JSON text holding an array.
  /// - Parameters:
  ///   - jsonData: JSON text.
  ///   - configuration: See ``JSONModel/init(json:configuration:)``.
  /// - Throws: The errors of ``JSONModel/init(jsonData:configuration:)``.
  public init(jsonData: Data, configuration: JSONModelConfiguration? = nil) throws {
    let configuration = configuration ?? Element.modelConfiguration
    let document = try ModelDecoding.parse(jsonData, configuration: configuration)
    self = try ModelDecoding.decode([Element].self, from: document, configuration: configuration)
  }
}

extension Array where Element: JSONModel {
  /// The models as a JSON array.
  /// - Parameter configuration: See ``JSONModel/json(configuration:)`` (default: the element type's).
  /// - Returns: A JSON array of objects.
  /// - Throws: The errors of ``JSONModel/json(configuration:)``.
  public func json(configuration: JSONModelConfiguration? = nil) throws -> JSON {
    try ModelContext.json(for: self, configuration: configuration ?? Element.modelConfiguration)
  }
}
