/// A dictionary property that leaves out the members whose key or value fails to decode.
///
/// Keys are read as written in the JSON (never converted by a key strategy) and converted with
/// `Key(_ description:)`, so `String` and `Int` keys work. With
/// ``ParsnipDecoder/decodeWithReport(_:from:)`` every dropped member is listed in the report. Works with any
/// `Decoder`.
///
/// ```swift
/// struct Prices: Decodable { @LossyDictionary var byCode: [String: Double] }
/// let prices = try ParsnipDecoder().decode(Prices.self, from: #"{"byCode": {"EUR": 1.1, "XXX": "n/a"}}"#)
/// prices.byCode  // → ["EUR": 1.1]
/// ```
@propertyWrapper
public struct LossyDictionary<Key: Hashable & LosslessStringConvertible, Value: Decodable> {
  /// The members that decoded.
  public var wrappedValue: [Key: Value]

  /// Creates the property with members.
  /// - Parameter wrappedValue: The members.
  public init(wrappedValue: [Key: Value]) { self.wrappedValue = wrappedValue }
}

extension LossyDictionary: Decodable {
  /// Decodes the members that can be decoded.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not an object.
  public init(from decoder: any Decoder) throws {
    var result: [Key: Value] = [:]
    if let tapeDecoder = decoder as? TapeDecoder {
      // Member names as written, without the key strategy (on coding paths too); the last of duplicate names wins.
      let state = tapeDecoder.state
      let object = tapeDecoder.index
      guard state.rawKind(object) == Tape.Kind.object.rawValue else {
        throw tapeDecoder.containerError(expected: [String: Any].self)
      }
      state.verbatimObjects.append(object)
      defer { state.verbatimObjects.removeLast() }
      let end = state.end(object)
      var key = object + 1
      while key < end {
        let name = state.string(ofKey: key)
        if let marks = state.view.pointee.marks { marks[key] = 1 }
        if let typedKey = Key(name) {
          do {
            result[typedKey] = try tapeDecoder.unbox(Value.self, at: key + 1)
          } catch {
            result[typedKey] = nil
            state.record(.droppedElement, codingPath: state.codingPath(to: key), reason: reportReason(for: error))
          }
        } else {
          state.record(
            .droppedElement, codingPath: state.codingPath(to: key),
            reason: "key \(Excerpt.quoted(name)) is not a valid \(Key.self)"
          )
        }
        key = state.next(key + 1)
      }
    } else {
      let container = try decoder.container(keyedBy: PathCodingKey.self)
      for codingKey in container.allKeys {
        guard let typedKey = Key(codingKey.stringValue) else { continue }
        if let value = try? container.decode(Value.self, forKey: codingKey) { result[typedKey] = value }
      }
    }
    wrappedValue = result
  }
}

extension LossyDictionary: Encodable where Value: Encodable {
  /// Encodes the members as an object whose member names are the keys' descriptions.
  /// - Parameter encoder: The encoder.
  /// - Throws: What encoding the values throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: PathCodingKey.self)
    for (key, value) in wrappedValue {
      try container.encode(value, forKey: PathCodingKey(stringValue: key.description))
    }
  }
}

extension LossyDictionary: Equatable where Value: Equatable {}
extension LossyDictionary: Hashable where Value: Hashable {}
extension LossyDictionary: Sendable where Key: Sendable, Value: Sendable {}
