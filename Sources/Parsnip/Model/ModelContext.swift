import Foundation

/// What the model layer adds to coding: per-type keys, ignored keys, dates, class keys and hooks.
///
/// One context serves one encoding run (through the tree encoder) or one decoding run (through
/// ``ModelDecoderProxy`` over the base decoder).
final class ModelContext: @unchecked Sendable {  // Used by the one encode or decode run it serves.
  /// Facts about a model type, computed once per encoding run.
  struct TypeInfo {
    var overrides: [String: String]
    var ignored: Set<String>
    var dateFormat: String?
    var preservesUnknownFields: Bool
    var isPolymorphic: Bool
    var hasDefaults: Bool
  }

  let configuration: JSONModelConfiguration
  /// The whole document, for decoding runs.
  var rootJSON: JSON = .null
  private var typeInfo: [ObjectIdentifier: TypeInfo] = [:]
  private var styledNames: [String: String] = [:]

  init(configuration: JSONModelConfiguration, rootJSON: JSON = .null) {
    self.configuration = configuration
    self.rootJSON = rootJSON
  }

  private var defaultJSON: [ObjectIdentifier: (json: JSON, ignored: [String: Any])] = [:]

  /// The JSON of a default-initialized instance of a model type, for members missing from the input.
  func defaultJSON(for type: any JSONModel.Type) throws -> JSON? {
    try defaults(for: type)?.json
  }

  /// The values of a default-initialized instance's ignored properties, by path key below the instance, for
  /// ignored properties to keep their declared defaults (see ``Ignored``); empty when the type has no `init()`.
  func ignoredDefaults(for type: any JSONModel.Type) throws -> [String: Any] {
    try defaults(for: type)?.ignored ?? [:]
  }

  /// A default-initialized instance of a model type as JSON, and its ignored values; made once per type.
  private func defaults(for type: any JSONModel.Type) throws -> (json: JSON, ignored: [String: Any])? {
    guard let initializable = type as? any DefaultInitializable.Type else { return nil }
    let id = ObjectIdentifier(type)
    if let known = defaultJSON[id] { return known }
    guard let instance = initializable.init() as? any JSONModel else { return nil }
    // In a stash of its own: the default instance's ignored values must not replace an update's real ones.
    let stash = IgnoredValueStash()
    let json = try IgnoredValueStash.$current.withValue(stash) {
      try ModelContext.json(for: instance, configuration: configuration)
    }
    defaultJSON[id] = (json, stash.storedValues)
    return (json, stash.storedValues)
  }

  /// Carries the decoding context to the root of a decoding run.
  static let userInfoKey = CodingUserInfoKey(rawValue: "Parsnip.ModelContext")!

  var userInfo: [CodingUserInfoKey: any Sendable] {
    [JSONModelConfiguration.userInfoKey: configuration, JSONModelRegistry.userInfoKey: configuration.registry]
  }

  /// Containers of values that are neither models nor dictionaries use the key style.
  var plainKeyMode: TreeKeyMode { .modelStyle }

  /// The JSON key of a property in a container of the given mode, or `nil` when the property is ignored.
  func jsonKey(for property: String, keyMode: TreeKeyMode) -> String? {
    switch keyMode {
    case .model(let type): return memberName(for: property, in: type)
    case .verbatim: return property
    case .modelStyle, .strategy: return styledName(property)
    }
  }

  /// The property that a JSON key belongs to (the reverse of ``jsonKey(for:keyMode:)``), for `allKeys`.
  func propertyName(forJSONKey key: String, keyMode: TreeKeyMode) -> String? {
    switch keyMode {
    case .verbatim, .strategy: return key
    case .modelStyle: return unstyledName(key)
    case .model(let type):
      let info = info(for: type)
      if let override = info.overrides.first(where: { $0.value == key }) { return override.key }
      let name = unstyledName(key)
      return memberName(for: name, in: type) == key ? name : nil
    }
  }

  private func unstyledName(_ key: String) -> String {
    guard configuration.keyStyle == .snakeCase else { return key }
    let candidate = KeyConversion.convertFromSnakeCase(key)
    return styledName(candidate) == key ? candidate : key
  }

  static func json<T: Encodable>(for value: T, configuration: JSONModelConfiguration) throws -> JSON {
    try json(for: value, context: ModelContext(configuration: configuration))
  }

  /// Encodes `value` with `context`, which then knows the class names it wrote (``writtenClasses``).
  static func json<T: Encodable>(for value: T, context: ModelContext) throws -> JSON {
    var options = EncoderOptions()
    options.maximumDepth = context.configuration.maximumDepth
    options.model = context
    return try TreeEncoderState.encode(value, options: options)
  }

  /// The model types this context wrote under the class key, by the name written (an encoding run's).
  private(set) var writtenClasses: [String: any JSONModel.Type] = [:]

  /// The configuration with every class this context wrote registered under the name it wrote, unless the name
  /// is registered already: an update decodes what it encoded, whether or not its configuration lists the types.
  func configurationReadingWrittenClasses() -> JSONModelConfiguration {
    var configuration = self.configuration
    for (name, type) in writtenClasses.sorted(by: { $0.key < $1.key })
    where configuration.registry.type(named: name) == nil {
      configuration.registry.register(type, as: name)
    }
    return configuration
  }

  static func text(for json: JSON, prettyPrinted: Bool) throws -> [UInt8] {
    var options = EncoderOptions()
    options.formatting = prettyPrinted ? [.prettyPrinted, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
    return try options.bytes(for: json)
  }

  func info(for type: any JSONModel.Type) -> TypeInfo {
    let id = ObjectIdentifier(type)
    if let known = typeInfo[id] { return known }
    let info = TypeInfo(
      overrides: type.keyOverrides, ignored: type.ignoredKeys, dateFormat: type.dateFormat,
      preservesUnknownFields: type is any UnknownFieldsPreserving.Type,
      isPolymorphic: type is any PolymorphicJSONModel.Type, hasDefaults: type is any DefaultInitializable.Type)
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
  func encode(
    _ instance: any JSONModel, through parent: TreeEncoder, path: [any CodingKey], forceClassKey: Bool = false
  ) throws -> TreeNode {
    let type = type(of: instance)
    let info = info(for: type)
    let child = parent.makeChild(path: path, keyMode: .model(type))
    child.context.dateFormat = info.dateFormat ?? configuration.dateFormat
    try child.encodeThroughConformance(instance)
    var json = try parent.state.materialize(child.node ?? .value(.object([:])), depth: child.depth)
    let writesClassKey = info.isPolymorphic || forceClassKey
    if case .object(var object) = json, writesClassKey || info.preservesUnknownFields {
      json = .null  // keep `object` uniquely referenced
      if writesClassKey {
        let name = configuration.registry.name(for: type)
        writtenClasses[name] = type
        object.insert(.string(name), forKey: configuration.classKey, at: 0)
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
  private static let formatters = Lock<[String: DateFormatter]>([:])

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
