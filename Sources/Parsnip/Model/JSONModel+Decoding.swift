import Foundation

extension JSONModel {
  /// Creates a model from a JSON value.
  ///
  /// ```swift
  /// let book = try Book(json: ["name": "Data Analysis", "price": 750])
  /// book.price  // → 750
  /// ```
  /// - Parameters:
  ///   - json: A JSON object (or, for a model with a custom `init(from:)`, any value it accepts).
  ///   - configuration: Keys, dates, class key and registry (default: the type's ``modelConfiguration``).
  /// - Throws: `DecodingError` naming the path of the offending value (for example `books[1].price`), including
  ///   an unknown class key, and any error of ``didDecode(from:)``.
  public init(json: JSON, configuration: JSONModelConfiguration? = nil) throws {
    self = try ModelDecoding.decode(Self.self, from: json, configuration: configuration ?? Self.modelConfiguration)
  }

  /// Creates a model from UTF-8 JSON text.
  /// - Parameters:
  ///   - jsonData: JSON text.
  ///   - configuration: See ``init(json:configuration:)``.
  /// - Throws: `DecodingError.dataCorrupted` with the ``JSONParseError`` (line and column) as its underlying error
  ///   for malformed text, and the errors of ``init(json:configuration:)``.
  public init(jsonData: Data, configuration: JSONModelConfiguration? = nil) throws {
    let configuration = configuration ?? Self.modelConfiguration
    let json = try ModelDecoding.parse(jsonData, configuration: configuration)
    self = try ModelDecoding.decode(Self.self, from: json, text: Array(jsonData), configuration: configuration)
  }

  /// Creates a model from JSON text.
  /// - Parameters:
  ///   - jsonString: JSON text.
  ///   - configuration: See ``init(json:configuration:)``.
  /// - Throws: The errors of ``init(jsonData:configuration:)``.
  public init(jsonString: String, configuration: JSONModelConfiguration? = nil) throws {
    try self.init(jsonData: Data(jsonString.utf8), configuration: configuration)
  }

  /// Creates a model from a dictionary of members, such as a dictionary literal.
  /// - Parameters:
  ///   - dictionary: The members.
  ///   - configuration: See ``init(json:configuration:)``.
  /// - Throws: The errors of ``init(json:configuration:)``.
  public init(dictionary: [String: JSON], configuration: JSONModelConfiguration? = nil) throws {
    try self.init(json: JSON(dictionary), configuration: configuration)
  }

  /// Updates the model from partial JSON: members present overwrite, members absent keep their value, nested
  /// objects merge member by member (arrays are replaced as a whole).
  ///
  /// The model is encoded, `json` is deep-merged into the result and the result is decoded again, so every rule of
  /// the model layer applies; ignored properties keep their current values.
  ///
  /// ```swift
  /// var shop = try BookShop(json: ["shop_name": "Wisdom", "shop_owner": ["owner_name": "Alax"]])
  /// try shop.update(from: ["shop_owner": ["mobilephone": "800-888-7777"]])
  /// shop.shopOwner?.ownerName  // → "Alax"
  /// ```
  ///
  /// > Note: For a class, the variable is rebound to a new instance; other references to the old instance do not
  /// > see the update.
  ///
  /// - Parameters:
  ///   - json: A JSON object with the members to change, keyed as in the model's JSON (snake_case by default).
  ///   - nullsRemoveMembers: Whether `null` removes a member (RFC 7396 merge patch semantics) instead of setting
  ///     it to `null`. Default `false`. Either way an optional property becomes `nil`; the difference shows in
  ///     `[String: Value]` and ``JSON`` properties, whose members are removed.
  ///   - configuration: See ``init(json:configuration:)``.
  /// - Throws: `DecodingError.typeMismatch` when `json` is not an object, and the errors of encoding and decoding.
  public mutating func update(
    from json: JSON, nullsRemoveMembers: Bool = false, configuration: JSONModelConfiguration? = nil
  ) throws {
    self = try updated(from: json, nullsRemoveMembers: nullsRemoveMembers, configuration: configuration)
  }

  /// A copy of the model updated from partial JSON (see ``update(from:nullsRemoveMembers:configuration:)``).
  /// - Parameters:
  ///   - json: A JSON object with the members to change.
  ///   - nullsRemoveMembers: Whether `null` removes a member. Default `false`.
  ///   - configuration: See ``init(json:configuration:)``.
  /// - Returns: The updated model.
  /// - Throws: The errors of ``update(from:nullsRemoveMembers:configuration:)``.
  public func updated(
    from json: JSON, nullsRemoveMembers: Bool = false, configuration: JSONModelConfiguration? = nil
  ) throws -> Self {
    guard case .object = json else {
      throw DecodingError.typeMismatch(
        JSONObject.self,
        DecodingError.Context(
          codingPath: [], debugDescription: "A model is updated from an object, found \(json.kind)."))
    }
    let configuration = configuration ?? Self.modelConfiguration
    return try IgnoredValueStash.$current.withValue(IgnoredValueStash()) {
      let current = try ModelContext.json(for: self, configuration: configuration)
      let merged = try ModelMerge.merge(
        json, into: current, nullsRemoveMembers: nullsRemoveMembers, maximumDepth: configuration.maximumDepth)
      return try ModelDecoding.decode(Self.self, from: merged, configuration: configuration)
    }
  }
}

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
    let json = try ModelDecoding.parse(jsonData, configuration: configuration)
    self = try ModelDecoding.decode(
      [Element].self, from: json, text: [UInt8](jsonData), configuration: configuration)
  }
}

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
        StringCodingKey(classKey),
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

/// Decoding through the base decoder.
enum ModelDecoding {
  /// Parses text with the configuration's depth limit, reporting syntax errors as `DecodingError`.
  static func parse(_ data: Data, configuration: JSONModelConfiguration) throws -> JSON {
    do {
      return try JSON(parsing: data, options: JSON.ParsingOptions(maximumDepth: configuration.maximumDepth))
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error))
    }
  }

  /// Decodes `T` from `json`; the base decoder reads `text` when given (the source of `json`), else the tree itself
  /// (over a `TreeTape`, without writing it as text).
  static func decode<T: Decodable>(
    _ type: T.Type, from json: JSON, text: [UInt8]? = nil, configuration: JSONModelConfiguration,
    base: some ModelBaseDecoder = ModelBaseDecoderDefault()
  ) throws -> T {
    let context = ModelContext(configuration: configuration, rootJSON: json)
    var userInfo = context.userInfo
    userInfo[ModelContext.userInfoKey] = context
    if let text { return try base.decode(ModelRoot<T>.self, from: text, userInfo: userInfo).value }
    return try base.decode(ModelRoot<T>.self, from: json, userInfo: userInfo).value
  }
}

/// The decoder that reads values for the model layer.
protocol ModelBaseDecoder {
  func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], userInfo: [CodingUserInfoKey: any Sendable]) throws
    -> T
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
