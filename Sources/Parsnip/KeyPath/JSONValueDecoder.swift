import Foundation

/// A `Decoder` over an already-built ``JSON`` value, used by ``JSON/value(forKeyPath:as:)-(String,_)`` for
/// `Decodable` types.
///
/// It follows Foundation `JSONDecoder`'s default strategies so that results match: integers must be exact,
/// `Data` is Base64 text, `URL` a string, `Date` seconds since 2001-01-01, `Decimal` keeps the number's digits,
/// keys are used as written. ``JSON`` and ``JSONObject`` properties receive the value itself. One deliberate
/// difference: a number that does not fit the requested type (`3.5` or `300` for `UInt8`) is a `typeMismatch`,
/// not `dataCorrupted`, so key-path reads report it like their non-`Decodable` counterparts.
struct JSONValueDecoder: Decoder {
  let value: JSON
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSON, codingPath: [any CodingKey]) {
    self.value = value
    self.codingPath = codingPath
  }

  /// Decodes `type` from `value` and reports failures as ``JSONKeyPathError`` rooted at `keyPath`.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSON, at keyPath: JSONKeyPath)
    throws(JSONKeyPathError) -> T
  {
    do {
      return try JSONValueDecoder(value: value, codingPath: []).decodeValue(T.self)
    } catch let error as DecodingError {
      throw keyPathError(for: error, in: value).rerooted(at: keyPath)
    } catch let error as JSONKeyPathError {
      throw error.rerooted(at: keyPath)
    } catch {
      throw JSONKeyPathError(.dataCorrupted(String(describing: error)), keyPath: keyPath, underlyingError: error)
    }
  }

  /// Translates a `DecodingError` into the key-path error a reader expects, keeping the original.
  static func keyPathError(for error: DecodingError, in root: JSON) -> JSONKeyPathError {
    func path(_ codingPath: [any CodingKey]) -> JSONKeyPath {
      JSONKeyPath(
        components: codingPath.map { key in
          if let index = key as? KeyPathIndexKey { return .index(index.index) }
          return .key(key.stringValue)
        })
    }
    switch error {
    case .keyNotFound(let key, let context):
      return JSONKeyPathError(
        .noValueForKey(key.stringValue), keyPath: path(context.codingPath), underlyingError: error)
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let keyPath = path(context.codingPath)
      let found: JSON
      do {
        found = try PathWalker.walk(keyPath, from: root)
      } catch {
        // The path ends past the last element of an unkeyed container.
        var mapped = keyPath.error(for: error)
        mapped.underlyingError = DecodingError.valueNotFound(type, context)
        return mapped
      }
      return JSONKeyPathError(
        .typeMismatch(expected: "\(type)", found: found.kind), keyPath: keyPath,
        underlyingError: error)
    case .dataCorrupted(let context):
      return JSONKeyPathError(
        .dataCorrupted(context.debugDescription), keyPath: path(context.codingPath),
        underlyingError: error)
    @unknown default:
      return JSONKeyPathError(.dataCorrupted(String(describing: error)), underlyingError: error)
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else { throw mismatch([String: JSON].self) }
    return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([JSON].self) }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func mismatch(_ type: Any.Type) -> DecodingError {
    let description = "Expected to decode \(type) but found \(value.kind) instead."
    if case .null = value {
      return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
    return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }

  /// Decodes a value, with the special cases Foundation's `JSONDecoder` makes by default.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == JSON.self { return value as! T }  // swiftlint:disable:this force_cast
    if T.self == JSONObject.self {
      guard case .object(let object) = value else { throw mismatch(JSONObject.self) }
      return object as! T
    }
    if T.self == Decimal.self {
      guard case .number(let number) = value, let decimal = number.decimalValue else { throw mismatch(Decimal.self) }
      return decimal as! T
    }
    if T.self == URL.self {
      let string = try decode(String.self)
      guard let url = URL(string: string) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: codingPath, debugDescription: "Invalid URL string."))
      }
      return url as! T
    }
    if T.self == Data.self {
      let string = try decode(String.self)
      guard let data = Data(base64Encoded: string) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
      }
      return data as! T
    }
    return try T(from: self)
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard case .number(let number) = value else { throw mismatch(T.self) }
    guard let result = T.readingExactly(number) else {
      throw DecodingError.typeMismatch(
        T.self,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Parsed JSON number <\(number)> does not fit in \(T.self)."))
    }
    return result
  }
}

extension JSONValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { value.isNull }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(Bool.self) }
    return bool
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let string) = value else { throw mismatch(String.self) }
    return string
  }

  func decode(_ type: Double.Type) throws -> Double {
    guard case .number(let number) = value else { throw mismatch(Double.self) }
    let result = number.doubleValue
    guard result.isFinite else {
      throw DecodingError.typeMismatch(
        Double.self,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Parsed JSON number <\(number)> does not fit in Double."))
    }
    return result
  }

  func decode(_ type: Float.Type) throws -> Float {
    guard case .number(let number) = value else { throw mismatch(Float.self) }
    let result = Float(number.description) ?? Float(number.doubleValue)
    guard result.isFinite else {
      throw DecodingError.typeMismatch(
        Float.self,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Parsed JSON number <\(number)> does not fit in Float."))
    }
    return result
  }

  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

/// The coding key of an array element; recognised when turning coding paths into key paths.
struct KeyPathIndexKey: CodingKey {
  let index: Int
  init(_ index: Int) { self.index = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { index = intValue }
  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: JSONObject
  let codingPath: [any CodingKey]

  var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

  func decoder(for key: Key) throws -> JSONValueDecoder {
    guard let value = object[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key.stringValue.debugDescription)."))
    }
    return JSONValueDecoder(value: value, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decodeValue(type) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try decoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    JSONValueDecoder(value: object["super"] ?? .null, codingPath: codingPath + [SuperKey()])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    JSONValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
  }
}

private struct SuperKey: CodingKey {
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
  var stringValue: String { "super" }
  var intValue: Int? { nil }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSON]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSON], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The decoder for the next element; advances only after a successful decode, as Foundation does.
  func next(_ type: Any.Type) throws -> JSONValueDecoder {
    let path = codingPath + [KeyPathIndexKey(currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path,
          debugDescription: "Unkeyed container is at end."))
    }
    return JSONValueDecoder(value: elements[currentIndex], codingPath: path)
  }

  mutating func decodeNil() throws -> Bool {
    guard try next(Never.self).decodeNil() else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try next(type).decodeValue(type)
    currentIndex += 1
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let container = try next([String: JSON].self).container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try next([JSON].self).unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let decoder = try next(JSON.self)
    currentIndex += 1
    return decoder
  }
}
