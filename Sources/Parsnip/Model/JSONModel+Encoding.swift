import Foundation
import Synchronization

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
    try ModelEncodingContext.json(for: self, configuration: configuration ?? Self.modelConfiguration)
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
    Data(try ModelEncodingContext.text(for: json(configuration: configuration), prettyPrinted: prettyPrinted))
  }

  /// The model as JSON text.
  /// - Parameters:
  ///   - prettyPrinted: Whether to indent by two spaces, one member per line (default `false`).
  ///   - configuration: See ``json(configuration:)``.
  /// - Returns: JSON text; slashes are not escaped.
  /// - Throws: The errors of ``json(configuration:)``.
  public func jsonString(prettyPrinted: Bool = false, configuration: JSONModelConfiguration? = nil) throws -> String {
    let bytes = try ModelEncodingContext.text(for: json(configuration: configuration), prettyPrinted: prettyPrinted)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Array where Element: JSONModel {
  /// The models as a JSON array.
  /// - Parameter configuration: See ``JSONModel/json(configuration:)`` (default: the element type's).
  /// - Returns: A JSON array of objects.
  /// - Throws: The errors of ``JSONModel/json(configuration:)``.
  public func json(configuration: JSONModelConfiguration? = nil) throws -> JSON {
    try ModelEncodingContext.json(for: self, configuration: configuration ?? Element.modelConfiguration)
  }
}

/// What the model layer adds to the tree encoder: per-type keys, ignored keys, dates, class keys and hooks.
final class ModelEncodingContext: @unchecked Sendable {
  /// Facts about a model type, computed once per encoding run.
  struct TypeInfo {
    var overrides: [String: String]
    var ignored: Set<String>
    var dateFormat: String?
    var preservesUnknownFields: Bool
    var isPolymorphic: Bool
  }

  let configuration: JSONModelConfiguration
  private var typeInfo: [ObjectIdentifier: TypeInfo] = [:]
  private var styledNames: [String: String] = [:]

  init(configuration: JSONModelConfiguration) {
    self.configuration = configuration
  }

  var userInfo: [CodingUserInfoKey: Any] {
    [JSONModelConfiguration.userInfoKey: configuration, JSONModelRegistry.userInfoKey: configuration.registry]
  }

  static func json<T: Encodable>(for value: T, configuration: JSONModelConfiguration) throws -> JSON {
    var options = EncoderOptions()
    options.maximumDepth = configuration.maximumDepth
    options.model = ModelEncodingContext(configuration: configuration)
    return try TreeEncoderState.encode(value, options: options)
  }

  static func text(for json: JSON, prettyPrinted: Bool) throws -> [UInt8] {
    var options = EncoderOptions()
    options.formatting = prettyPrinted ? [.prettyPrinted, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
    return try JSONByteWriter.bytes(for: json, options: options)
  }

  func info(for type: any JSONModel.Type) -> TypeInfo {
    let id = ObjectIdentifier(type)
    if let known = typeInfo[id] { return known }
    let info = TypeInfo(
      overrides: type.keyOverrides, ignored: type.ignoredKeys, dateFormat: type.dateFormat,
      preservesUnknownFields: type is any UnknownFieldsPreserving.Type,
      isPolymorphic: type is any PolymorphicJSONModel.Type)
    typeInfo[id] = info
    return info
  }

  /// The JSON key of a property of a model type, or `nil` when the property is ignored.
  func memberName(for property: String, in type: any JSONModel.Type) -> String? {
    let info = info(for: type)
    if info.ignored.contains(property) { return nil }
    if info.preservesUnknownFields && property == "unknownFields" { return nil }
    if let override = info.overrides[property] { return override }
    return styledName(property)
  }

  /// A property name in the configuration's key style.
  func styledName(_ property: String) -> String {
    guard configuration.keyStyle == .snakeCase else { return property }
    if let known = styledNames[property] { return known }
    let converted = KeyConversion.convertToSnakeCase(property)
    styledNames[property] = converted
    return converted
  }

  /// Keeps an ignored property's value aside while a model is being updated, so that it survives the update.
  func keepIgnoredValue<T>(_ value: T, at path: [any CodingKey]) {
    IgnoredValueStash.current?.store(value, at: path)
  }

  /// Encodes a model: its members with its own keys and dates, then the class key, unknown fields and hook.
  func encode(_ instance: any JSONModel, through parent: TreeEncoder, path: [any CodingKey]) throws -> TreeNode {
    let type = type(of: instance)
    let info = info(for: type)
    let child = parent.makeChild(path: path, keyMode: .model(type))
    child.context.dateFormat = info.dateFormat ?? configuration.dateFormat
    try child.encodeThroughConformance(instance)
    var json = try parent.state.materialize(child.node ?? .value(.object([:])), depth: child.depth)
    if case .object(var object) = json, info.isPolymorphic || info.preservesUnknownFields {
      json = .null  // keep `object` uniquely referenced
      if info.isPolymorphic {
        object.insert(.string(configuration.registry.name(for: type)), forKey: configuration.classKey, at: 0)
      }
      if let preserving = instance as? any UnknownFieldsPreserving {
        for member in preserving.unknownFields.members where object[member.key] == nil {
          object[member.key] = member.value
        }
      }
      json = .object(object)
    }
    try instance.willEncode(into: &json)
    return .value(json)
  }
}

/// Date text for the model layer: the default format goes through the fast ISO 8601 code, others through a cached
/// `DateFormatter` in the `en_US_POSIX` locale and UTC.
enum ModelDateFormatting {
  private static let formatters = Mutex<[String: DateFormatter]>([:])

  static func string(from date: Date, format: String) -> String {
    if format == JSONModelConfiguration.defaultDateFormat { return ISO8601.format(date, fractionalSeconds: false) }
    return withFormatter(format) { $0.string(from: date) }
  }

  static func date(from text: String, format: String) -> Date? {
    if format == JSONModelConfiguration.defaultDateFormat { return ISO8601.parse(text) }
    return withFormatter(format) { $0.date(from: text) }
  }

  private static func withFormatter<R>(_ format: String, _ body: (DateFormatter) -> R) -> R {
    formatters.withLock { cache in
      if let formatter = cache[format] { return body(formatter) }
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(secondsFromGMT: 0)
      formatter.calendar = Calendar(identifier: .gregorian)
      formatter.dateFormat = format
      cache[format] = formatter
      return body(formatter)
    }
  }
}
