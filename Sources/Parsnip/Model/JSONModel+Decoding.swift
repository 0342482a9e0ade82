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
    let document = try ModelDecoding.parse(jsonData, configuration: configuration)
    self = try ModelDecoding.decode(Self.self, from: document, configuration: configuration)
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
  /// the model layer applies; ignored properties keep their current values, and polymorphic members keep their
  /// classes without the configuration that registered them being passed again (a class that `json` names must
  /// be registered).
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
      let context = ModelContext(configuration: configuration)
      let current = try ModelContext.json(for: self, context: context)
      guard
        let merged = JSONMergePatch.merge(
          json, into: current, nullsRemoveMembers: nullsRemoveMembers, maximumDepth: configuration.maximumDepth)
      else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [], debugDescription: "Update nested deeper than \(configuration.maximumDepth) levels."))
      }
      // The polymorphic members' classes are read back as they were written, registered or not; only a class
      // that `json` names can be unknown, and the error is at that member.
      return try ModelDecoding.decode(
        Self.self, from: merged, configuration: context.configurationReadingWrittenClasses())
    }
  }
}
