import Foundation

extension JSONModel {
  /// The model as a JSON value.
  ///
  /// ```swift
  /// let book = Book(name: "Data Mining", price: 825)
  /// try book.json()  // → {"name":"Data Mining","price":825}
  /// ```
  /// - Parameter configuration: Keys, nulls, dates and class key (default: the type's ``modelConfiguration``).
  /// - Returns: A JSON object, members in declaration order.
  /// - Throws: `EncodingError` for a reference cycle (naming its path, such as `bff.bff`), a non-finite number,
  ///   nesting deeper than the configuration's limit, or an error thrown by ``willEncode(into:)``.
  public func json(configuration: JSONModelConfiguration? = nil) throws -> JSON {
    try ModelContext.json(for: self, configuration: configuration ?? Self.modelConfiguration)
  }

  /// The model's members as a dictionary.
  /// - Parameter configuration: See ``json(configuration:)``.
  /// - Returns: The members of the model's JSON object.
  /// - Throws: The errors of ``json(configuration:)``, and `EncodingError.invalidValue` when
  ///   ``willEncode(into:)`` turned the object into another kind of value.
  public func jsonDictionary(configuration: JSONModelConfiguration? = nil) throws -> [String: JSON] {
    let json = try json(configuration: configuration)
    guard case .object(let object) = json else {
      throw EncodingError.invalidValue(
        json, EncodingError.Context(codingPath: [], debugDescription: "\(Self.self) did not encode as an object."))
    }
    var dictionary: [String: JSON] = [:]
    for member in object.members { dictionary[member.key] = member.value }
    return dictionary
  }

  /// The model as UTF-8 JSON text.
  /// - Parameters:
  ///   - prettyPrinted: Whether to indent by two spaces, one member per line (default `false`).
  ///   - configuration: See ``json(configuration:)``.
  /// - Returns: JSON text; slashes are not escaped.
  /// - Throws: The errors of ``json(configuration:)``.
  public func jsonData(prettyPrinted: Bool = false, configuration: JSONModelConfiguration? = nil) throws -> Data {
    Data(try ModelContext.text(for: json(configuration: configuration), prettyPrinted: prettyPrinted))
  }

  /// The model as JSON text.
  /// - Parameters:
  ///   - prettyPrinted: Whether to indent by two spaces, one member per line (default `false`).
  ///   - configuration: See ``json(configuration:)``.
  /// - Returns: JSON text; slashes are not escaped.
  /// - Throws: The errors of ``json(configuration:)``.
  public func jsonString(prettyPrinted: Bool = false, configuration: JSONModelConfiguration? = nil) throws -> String {
    let bytes = try ModelContext.text(for: json(configuration: configuration), prettyPrinted: prettyPrinted)
    return String(decoding: bytes, as: UTF8.self)
  }
}
