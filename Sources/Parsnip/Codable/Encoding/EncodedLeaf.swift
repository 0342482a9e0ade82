import Foundation

/// One step of a coding path, kept cheap until an error or a `codingPath` read needs the real key.
enum PathComponent {
  case none
  case key(any CodingKey)
  /// A key of a plain one-byte type (see `StreamEncoderState+KeyedContainerCache`): its byte and type, trivial to copy.
  case byteKey(UInt8, any CodingKey.Type)
  case index(Int)
  case string(String)

  /// The component of `key`, kept as its byte when the key type allows.
  @inline(__always)
  static func of<Key: CodingKey>(_ key: Key) -> PathComponent {
    if _isPOD(Key.self) && MemoryLayout<Key>.size <= 1 {
      return .byteKey(MemoryLayout<Key>.size == 0 ? 0 : unsafeBitCast(key, to: UInt8.self), Key.self)
    }
    return .key(key)
  }

  var codingKey: (any CodingKey)? {
    switch self {
    case .none: nil
    case .key(let key): key
    case .byteKey(let byte, let type): Self.key(type, byte: byte)
    case .index(let index): PathCodingKey(index: index)
    case .string(let string): PathCodingKey(stringValue: string)
    }
  }

  private static func key<Key: CodingKey>(_ type: Key.Type, byte: UInt8) -> any CodingKey {
    withUnsafeBytes(of: byte) { $0.load(as: Key.self) }
  }
}

/// What a special leaf type turns into under the encoder's strategies.
enum EncodedLeaf {
  case string(String)
  case double(Double)
  case float(Float)
  /// A number written with its exact digits (`Decimal`, `JSONNumber`).
  case number(JSONNumber)
  case json(JSON)
  /// A strategy closure that encodes through a sub-encoder.
  case custom((any Encoder) throws -> Void)
}

extension EncoderOptions {
  /// The encoded form of `value` when its type is one the encoder treats specially (dates, data, URLs, decimals,
  /// floats, Parsnip's own values), or `nil` to encode it through its own `Encodable` conformance.
  @inline(__always)
  func specialLeaf<T: Encodable>(_ value: T) -> EncodedLeaf? {
    if T.self == Date.self { return dateLeaf(checkedCast(value, to: Date.self)) }
    if T.self == URL.self { return .string(checkedCast(value, to: URL.self).absoluteString) }
    if T.self == Data.self { return dataLeaf(checkedCast(value, to: Data.self)) }
    if T.self == Decimal.self { return decimalLeaf(checkedCast(value, to: Decimal.self)) }
    if T.self == Float.self { return .float(checkedCast(value, to: Float.self)) }
    if T.self == JSON.self { return .json(checkedCast(value, to: JSON.self)) }
    if T.self == JSONNumber.self { return .number(checkedCast(value, to: JSONNumber.self)) }
    if T.self == JSONObject.self { return .json(.object(checkedCast(value, to: JSONObject.self))) }
    return nil
  }

  func dateLeaf(_ date: Date) -> EncodedLeaf {
    switch dateStrategy {
    case .deferredToDate: return .double(date.timeIntervalSinceReferenceDate)
    case .secondsSince1970: return .double(date.timeIntervalSince1970)
    case .millisecondsSince1970: return .double(1000 * date.timeIntervalSince1970)
    // A non-finite date has no ISO 8601 text: it goes the way of a non-finite number (an error, or the
    // non-conforming float strategy's string), as under the numeric strategies, never "invalid date".
    case .iso8601 where !date.timeIntervalSince1970.isFinite,
      .iso8601WithFractionalSeconds where !date.timeIntervalSince1970.isFinite:
      return .double(date.timeIntervalSince1970)
    case .iso8601: return .string(ISO8601.format(date, fractionalSeconds: false))
    case .iso8601WithFractionalSeconds: return .string(ISO8601.format(date, fractionalSeconds: true))
    case .formatted(let formatter): return .string(formatter.string(from: date))
    case .custom(let closure): return .custom { encoder in try closure(date, encoder) }
    }
  }

  func dataLeaf(_ data: Data) -> EncodedLeaf? {
    switch dataStrategy {
    case .base64: return .string(data.base64EncodedString())
    case .deferredToData: return nil
    case .custom(let closure): return .custom { encoder in try closure(data, encoder) }
    }
  }

  func decimalLeaf(_ decimal: Decimal) -> EncodedLeaf {
    // Decimal's NaN goes through the non-conforming float strategy, as in Foundation.
    if decimal.isNaN { return .double(.nan) }
    // Foundation writes the description (`0.0000000001`, never an exponent); kept verbatim.
    return .number(JSONNumber(storage: .text(JSONNumberText(decimal.description))))
  }

  /// The text to write for a non-finite double, or an error naming the path.
  func nonConformingText(_ value: Double, path: @autoclosure () -> [any CodingKey]) throws -> String {
    guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = floatStrategy else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path(),
          debugDescription: "Unable to encode \(value) directly in JSON at \(CodingPathRendering.message(path())); "
            + "use ParsnipEncoder.NonConformingFloatEncodingStrategy.convertToString to write it as text."))
    }
    return value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity
  }

  /// The member name for `key` under the key strategy (not for dictionary keys, which are written verbatim).
  func convertedKey(_ key: some CodingKey, path: @autoclosure () -> [any CodingKey]) -> String {
    switch keyStrategy {
    case .useDefaultKeys: return key.stringValue
    case .convertToSnakeCase: return KeyConversion.convertToSnakeCase(key.stringValue)
    case .custom(let closure): return closure(path() + [key]).stringValue
    }
  }
}
