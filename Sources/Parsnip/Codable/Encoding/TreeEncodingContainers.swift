import Foundation

struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TreeEncoder
  let object: TreeObject

  var codingPath: [any CodingKey] { encoder.codingPath }

  /// Sets the member for `key` unless the model layer ignores it (then the value is kept aside for updates).
  @inline(__always)
  private func put<T>(_ value: T, _ key: Key, _ node: () throws -> TreeNode) throws {
    if let name = encoder.memberName(for: key) {
      object.set(name, try node())
    } else {
      encoder.options.model?.keepIgnoredValue(value, at: codingPath + [key])
    }
  }

  private var writesNulls: Bool { encoder.options.model?.configuration.nullEncoding == .null }

  mutating func encodeNil(forKey key: Key) throws { try put((), key) { .value(.null) } }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) { .value(.bool(value)) } }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) { .value(.string(value)) } }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try put(value, key) { try encoder.doubleNode(value, path: codingPath + [key]) }
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try put(value, key) { try encoder.floatNode(value, path: codingPath + [key]) }
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

  private func integer(_ value: some BinaryInteger, _ key: Key) throws {
    try put(value, key) { .value(.number(JSONNumber(value))) }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try put(value, key) { try encoder.encodeChild(value, key: key) }
  }

  // Every optional overload is implemented so that the model layer can write `null` for `nil`.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try optional(value, key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try optional(value, key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try optional(value, key) }
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try optional(value, key) }

  private mutating func optional<T: Encodable>(_ value: T?, _ key: Key) throws {
    if let value {
      try put(value, key) { try encoder.encodeChild(value, key: key) }
    } else if writesNulls {
      try put(value, key) { .value(.null) }
    } else if encoder.memberName(for: key) == nil {
      encoder.options.model?.keepIgnoredValue(value, at: codingPath + [key])
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = encoder.makeChild(path: codingPath + [key], keyMode: encoder.plainKeyMode)
    let name = encoder.memberName(for: key)
    // Asked again for the same key, Foundation hands out the object it made the first time: the members merge.
    if let name, case .object(let existing) = object.node(forKey: name) {
      child.node = .object(existing)
      return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: child, object: existing))
    }
    let nested = child.objectNode()
    if let name { object.set(name, .object(nested)) }
    return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: child, object: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = encoder.makeChild(path: codingPath + [key], keyMode: encoder.plainKeyMode)
    let name = encoder.memberName(for: key)
    // As for keyed containers: the second request appends to the first array.
    if let name, case .array(let existing) = object.node(forKey: name) {
      child.node = .array(existing)
      return TreeValueContainer(encoder: child, array: existing)
    }
    let nested = child.arrayNode()
    if let name { object.set(name, .array(nested)) }
    return TreeValueContainer(encoder: child, array: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let key = PathCodingKey(stringValue: "super")
    let child = encoder.makeChild(path: codingPath + [key], keyMode: encoder.plainKeyMode)
    object.set(encoder.memberName(for: key) ?? "super", .deferred(child))
    return child
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let child = encoder.makeChild(path: codingPath + [key], keyMode: encoder.plainKeyMode)
    if let name = encoder.memberName(for: key) { object.set(name, .deferred(child)) }
    return child
  }
}

/// The unkeyed container (values appended to `array`) and the single value container (`array` is `nil`: the one
/// value becomes the encoder's node) of the tree encoder: one type, as the two differ only in where a value goes.
struct TreeValueContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  let encoder: TreeEncoder
  let array: TreeArray?

  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { array?.nodes.count ?? 0 }

  /// The coding path of the next value: the next index for an array, the encoder's path for a single value.
  private var nextPath: [any CodingKey] {
    guard let array else { return codingPath }
    return codingPath + [PathCodingKey(index: array.nodes.count)]
  }

  private func put(_ node: TreeNode) {
    if let array { array.nodes.append(node) } else { encoder.setSingleValue(node) }
  }

  mutating func encodeNil() throws { put(.value(.null)) }
  mutating func encode(_ value: Bool) throws { put(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { put(.value(.string(value))) }
  mutating func encode(_ value: Double) throws { put(try encoder.doubleNode(value, path: nextPath)) }
  mutating func encode(_ value: Float) throws { put(try encoder.floatNode(value, path: nextPath)) }
  mutating func encode(_ value: Int) throws { integer(value) }
  mutating func encode(_ value: Int8) throws { integer(value) }
  mutating func encode(_ value: Int16) throws { integer(value) }
  mutating func encode(_ value: Int32) throws { integer(value) }
  mutating func encode(_ value: Int64) throws { integer(value) }
  mutating func encode(_ value: UInt) throws { integer(value) }
  mutating func encode(_ value: UInt8) throws { integer(value) }
  mutating func encode(_ value: UInt16) throws { integer(value) }
  mutating func encode(_ value: UInt32) throws { integer(value) }
  mutating func encode(_ value: UInt64) throws { integer(value) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: Int128) throws { integer(value) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: UInt128) throws { integer(value) }

  private func integer(_ value: some BinaryInteger) { put(.value(.number(JSONNumber(value)))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    guard let array else {
      if encoder.node != nil {
        encoder.deferError(encoder.misuse("a single value container was asked to encode a second value"))
        return
      }
      encoder.node = try encoder.encodeChild(value, key: nil)
      return
    }
    array.nodes.append(try encoder.encodeChild(value, key: PathCodingKey(index: array.nodes.count)))
  }

  // The rest is unkeyed only: a single value container is handed out as `any SingleValueEncodingContainer`.

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<
    NestedKey
  > {
    let child = encoder.makeChild(path: nextPath, keyMode: encoder.plainKeyMode)
    let nested = child.objectNode()
    put(.object(nested))
    return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: child, object: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = encoder.makeChild(path: nextPath, keyMode: encoder.plainKeyMode)
    let nested = child.arrayNode()
    put(.array(nested))
    return TreeValueContainer(encoder: child, array: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let child = encoder.makeChild(path: nextPath, keyMode: encoder.plainKeyMode)
    put(.deferred(child))
    return child
  }
}
