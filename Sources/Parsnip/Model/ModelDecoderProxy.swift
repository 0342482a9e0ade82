import Foundation

/// A `Decoder` that wraps the base decoder (`ParsnipDecoder`) to add the model layer's rules: per-type keys and
/// ignored keys, per-type dates, polymorphic types, unknown fields and the `didDecode` hook.
///
/// It does no decoding of its own: every value is read through the base decoder's containers. Beside the base
/// decoder it carries the JSON value at its position, which the hooks and unknown fields need. Coding paths are
/// the Swift keys (property names), as with any Codable decoder.
struct ModelDecoderProxy: Decoder {
  let base: any Decoder
  let context: ModelContext
  /// The JSON value at this position.
  let json: JSON
  let codingPath: [any CodingKey]
  let keyMode: TreeKeyMode
  let dateFormat: String
  /// JSON keys that the model being decoded asked for, to find its unknown fields.
  let requestedKeys: RequestedKeys?

  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let baseContainer = try base.container(keyedBy: PathCodingKey.self)
    return KeyedDecodingContainer(ModelKeyedDecodingContainer<Key>(proxy: self, base: baseContainer))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    ModelUnkeyedDecodingContainer(proxy: self, base: try base.unkeyedContainer())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ModelSingleValueDecodingContainer(proxy: self, base: try base.singleValueContainer())
  }

  /// A proxy for a child value.
  func child(base: any Decoder, json: JSON, key: any CodingKey) -> ModelDecoderProxy {
    ModelDecoderProxy(
      base: base, context: context, json: json, codingPath: codingPath + [key], keyMode: context.plainKeyMode,
      dateFormat: dateFormat, requestedKeys: nil)
  }

  // MARK: Values

  /// Whether the base decoder reads `T` itself (leaves and Parsnip's own values), rather than through `T(from:)`.
  static func isDelegated<T>(_ type: T.Type) -> Bool {
    type == String.self || type == Int.self || type == Double.self || type == Bool.self || type == Int64.self
      || type == UInt64.self || type == Int32.self || type == UInt32.self || type == Int16.self
      || type == UInt16.self || type == Int8.self || type == UInt8.self || type == UInt.self || type == Float.self
      || type == URL.self || type == Data.self || type == Decimal.self || type == JSON.self || type == JSONNumber.self
      || type == JSONObject.self
  }

  /// Decodes the value at this position.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == Date.self {
      let text = try base.singleValueContainer().decode(String.self)
      guard let date = ModelDateFormatting.date(from: text, format: dateFormat) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: codingPath,
            debugDescription:
              "Expected a date in the format \"\(dateFormat)\" at \(CodingPathRendering.message(codingPath)), "
              + "found \(Excerpt.quoted(text))."))
      }
      return checkedCast(date, to: T.self)
    }
    if Self.isDelegated(T.self) { return try base.singleValueContainer().decode(T.self) }
    // The proxy recurses once per level beside the base decoder, through frames of its own, so it checks the stack
    // itself: a deep model on a small thread stops with an error, never an overflow.
    var stack = StackGuard()
    guard stack.hasRoom(atDepth: codingPath.count) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription:
            "nesting deeper than this thread's stack can hold (\(codingPath.count) levels) decoding \(T.self)"))
    }
    if let modelType = T.self as? any JSONModel.Type {
      return try decodeModel(declared: modelType, as: T.self)
    }
    if T.self is any StringKeyedEncodableDictionary.Type {
      return try T(from: with(keyMode: .verbatim))
    }
    return try T(from: self)
  }

  func with(keyMode: TreeKeyMode, dateFormat: String? = nil, requestedKeys: RequestedKeys? = nil) -> ModelDecoderProxy {
    ModelDecoderProxy(
      base: base, context: context, json: json, codingPath: codingPath, keyMode: keyMode,
      dateFormat: dateFormat ?? self.dateFormat, requestedKeys: requestedKeys)
  }

  /// Decodes a model: picks the concrete type by the class key when the declared type is polymorphic, then runs
  /// its `init(from:)` with its own keys and dates, then stores unknown fields and calls `didDecode(from:)`.
  func decodeModel<T>(declared: any JSONModel.Type, as: T.Type, forcePolymorphic: Bool = false) throws -> T {
    var concrete = declared
    if forcePolymorphic || context.info(for: declared).isPolymorphic, let name = try className() {
      guard let registered = context.configuration.registry.type(named: name) else {
        if name == context.configuration.registry.name(for: declared) {
          return try decodeModel(concrete: declared, as: T.self)
        }
        throw unknownClass(name)
      }
      concrete = registered
    }
    return try decodeModel(concrete: concrete, as: T.self)
  }

  func decodeModel<T>(concrete: any JSONModel.Type, as: T.Type) throws -> T {
    func open<M: JSONModel>(_ type: M.Type) throws -> T {
      let info = context.info(for: type)
      let requested = info.preservesUnknownFields ? RequestedKeys() : nil
      let proxy = with(
        keyMode: .model(type), dateFormat: info.dateFormat ?? context.configuration.dateFormat, requestedKeys: requested
      )
      var model: M
      let ignoredDefaults = info.hasDefaults ? try context.ignoredDefaults(for: type) : [:]
      if ignoredDefaults.isEmpty {
        model = try M(from: proxy)
      } else if let stash = IgnoredValueStash.current {
        stash.addDefaults(ignoredDefaults, at: codingPath)
        model = try M(from: proxy)
      } else {
        // Ignored properties keep their declared defaults (`init()`'s values), found in a stash for this decode.
        let stash = IgnoredValueStash()
        stash.addDefaults(ignoredDefaults, at: codingPath)
        model = try IgnoredValueStash.$current.withValue(stash) { try M(from: proxy) }
      }
      if let requested, var preserving = model as? any UnknownFieldsPreserving, case .object(let object) = json {
        var unknown = JSONObject()
        for member in object.members
        where !requested.keys.contains(member.key)
          && !(info.isPolymorphic && member.key == context.configuration.classKey)
        {
          unknown[member.key] = member.value
        }
        preserving.unknownFields = unknown
        // Structs come back as a copy; classes were changed in place.
        if let updated = preserving as? M { model = updated }
      }
      try model.didDecode(from: json)
      guard let typed = model as? T else {
        throw DecodingError.typeMismatch(
          T.self,
          DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "The class key names \(M.self), which is not a \(T.self), at "
              + "\(CodingPathRendering.message(codingPath))."))
      }
      return typed
    }
    return try open(concrete)
  }

  /// The class key's value in this position's JSON object, if any.
  func className() throws -> String? {
    try PolymorphicCoding.className(in: json, key: context.configuration.classKey, path: codingPath)
  }

  func unknownClass(_ name: String) -> DecodingError {
    let key = context.configuration.classKey
    let registered = context.configuration.registry.names
    return DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath + [PathCodingKey(stringValue: key)],
        debugDescription:
          "Unknown model class \(Excerpt.quoted(name)) in \"\(key)\" at \(CodingPathRendering.message(codingPath)); "
          + (registered.isEmpty
            ? "no model types are registered." : "registered: \(registered.joined(separator: ", ")).")))
  }
}

/// The JSON keys a model asked for while decoding.
final class RequestedKeys {
  var keys: Set<String> = []
}

struct ModelKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let proxy: ModelDecoderProxy
  let base: KeyedDecodingContainer<PathCodingKey>

  var codingPath: [any CodingKey] { proxy.codingPath }

  var allKeys: [Key] {
    base.allKeys.compactMap { jsonKey in
      proxy.context.propertyName(forJSONKey: jsonKey.stringValue, keyMode: proxy.keyMode).flatMap {
        Key(stringValue: $0)
      }
    }
  }

  /// The base key for `key`, or `nil` when the model ignores the property.
  private func baseKey(_ key: Key) -> PathCodingKey? {
    guard let name = proxy.context.jsonKey(for: key.stringValue, keyMode: proxy.keyMode) else { return nil }
    proxy.requestedKeys?.keys.insert(name)
    return PathCodingKey(stringValue: name)
  }

  private var stash: IgnoredValueStash? { IgnoredValueStash.current }

  private func ignoredKeyNotFound(_ key: Key) -> DecodingError {
    DecodingError.keyNotFound(
      key,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "\"\(key.stringValue)\" is an ignored key of this model, so it is never decoded; give the "
          + "property a default and leave it out of CodingKeys, wrap it in @Ignored, or make it optional."))
  }

  private func missing(_ key: Key, _ name: PathCodingKey) -> DecodingError {
    DecodingError.keyNotFound(
      key,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "No value for \"\(name.stringValue)\" (property \(key.stringValue)) at "
          + "\(CodingPathRendering.message(codingPath))."))
  }

  func contains(_ key: Key) -> Bool {
    guard let name = baseKey(key) else { return stash?.hasValue(at: codingPath + [key]) ?? false }
    return base.contains(name)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let name = baseKey(key) else { return !(stash?.hasValue(at: codingPath + [key]) ?? false) }
    return try base.decodeNil(forKey: name)
  }

  /// For a `DefaultInitializable` model, the default value of a member missing from the input.
  private func defaultValue<T: Decodable>(_ type: T.Type, _ name: PathCodingKey) throws -> T? {
    guard case .model(let model) = proxy.keyMode, proxy.context.info(for: model).hasDefaults,
      !base.contains(name), let value = try proxy.context.defaultJSON(for: model)?.objectValue?[name.stringValue]
    else { return nil }
    return try ModelDecoding.decode(T.self, from: value, configuration: proxy.context.configuration)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    guard let name = baseKey(key) else {
      if let kept: T = stash?.value(at: codingPath + [key]) { return kept }
      if T.self == JSONObject.self, case .model(let model) = proxy.keyMode,
        proxy.context.info(for: model).preservesUnknownFields, key.stringValue == "unknownFields"
      {
        return checkedCast(JSONObject(), to: T.self)  // filled in after init(from:) returns
      }
      throw ignoredKeyNotFound(key)
    }
    if let fallback = try defaultValue(T.self, name) { return fallback }
    if ModelDecoderProxy.isDelegated(T.self) { return try base.decode(T.self, forKey: name) }
    guard base.contains(name) else { throw missing(key, name) }
    let child = proxy.child(base: try base.superDecoder(forKey: name), json: proxy.json[name.stringValue], key: key)
    return try child.decodeValue(T.self)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let name = baseKey(key) else { return stash?.value(at: codingPath + [key]) }
    if let fallback = try defaultValue(T?.self, name) { return fallback }
    guard base.contains(name), try !base.decodeNil(forKey: name) else { return nil }
    return try decode(T.self, forKey: key)
  }

  // The leaves go straight to the base container.
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try leaf(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try leaf(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try leaf(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try leaf(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try leaf(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try leaf(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try leaf(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try leaf(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try leaf(key) }

  private func leaf<T: Decodable>(_ key: Key) throws -> T { try decode(T.self, forKey: key) }

  // Every optional overload goes through the generic one, which knows ignored keys and defaults.
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(key) }

  private func optional<T: Decodable>(_ key: Key) throws -> T? { try decodeIfPresent(T.self, forKey: key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    guard let name = baseKey(key) else { throw ignoredKeyNotFound(key) }
    let nested = try base.nestedContainer(keyedBy: PathCodingKey.self, forKey: name)
    let child = proxy.child(base: proxy.base, json: proxy.json[name.stringValue], key: key)
    return KeyedDecodingContainer(ModelKeyedDecodingContainer<NestedKey>(proxy: child, base: nested))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    guard let name = baseKey(key) else { throw ignoredKeyNotFound(key) }
    let nested = try base.nestedUnkeyedContainer(forKey: name)
    let child = proxy.child(base: proxy.base, json: proxy.json[name.stringValue], key: key)
    return ModelUnkeyedDecodingContainer(proxy: child, base: nested)
  }

  func superDecoder() throws -> any Decoder {
    let key = PathCodingKey(stringValue: "super")
    return proxy.child(base: try base.superDecoder(forKey: key), json: proxy.json["super"], key: key)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    guard let name = baseKey(key) else { throw ignoredKeyNotFound(key) }
    return proxy.child(base: try base.superDecoder(forKey: name), json: proxy.json[name.stringValue], key: key)
  }
}

struct ModelUnkeyedDecodingContainer: UnkeyedDecodingContainer {
  let proxy: ModelDecoderProxy
  var base: any UnkeyedDecodingContainer

  var codingPath: [any CodingKey] { proxy.codingPath }
  var count: Int? { base.count }
  var isAtEnd: Bool { base.isAtEnd }
  var currentIndex: Int { base.currentIndex }

  mutating func decodeNil() throws -> Bool { try base.decodeNil() }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if ModelDecoderProxy.isDelegated(T.self) { return try base.decode(T.self) }
    let index = base.currentIndex
    let elementBase = try base.superDecoder()
    let child = proxy.child(base: elementBase, json: proxy.json[index], key: PathCodingKey(index: index))
    return try child.decodeValue(T.self)
  }

  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    if try base.decodeNil() { return nil }
    return try decode(T.self)
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    let index = base.currentIndex
    let nested = try base.nestedContainer(keyedBy: PathCodingKey.self)
    let child = proxy.child(base: proxy.base, json: proxy.json[index], key: PathCodingKey(index: index))
    return KeyedDecodingContainer(ModelKeyedDecodingContainer<NestedKey>(proxy: child, base: nested))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let index = base.currentIndex
    let nested = try base.nestedUnkeyedContainer()
    let child = proxy.child(base: proxy.base, json: proxy.json[index], key: PathCodingKey(index: index))
    return ModelUnkeyedDecodingContainer(proxy: child, base: nested)
  }

  mutating func superDecoder() throws -> any Decoder {
    let index = base.currentIndex
    return proxy.child(base: try base.superDecoder(), json: proxy.json[index], key: PathCodingKey(index: index))
  }
}

struct ModelSingleValueDecodingContainer: SingleValueDecodingContainer {
  let proxy: ModelDecoderProxy
  let base: any SingleValueDecodingContainer

  var codingPath: [any CodingKey] { proxy.codingPath }

  func decodeNil() -> Bool { base.decodeNil() }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if ModelDecoderProxy.isDelegated(T.self) { return try base.decode(T.self) }
    return try proxy.decodeValue(T.self)
  }
  func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
  func decode(_ type: String.Type) throws -> String { try base.decode(type) }
  func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
  func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
  func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }
}
