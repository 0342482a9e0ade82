import Foundation

/// A keyed container over an object node. Members are found by comparing names with the source bytes.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: TapeDecoder
  let state: DecodingState
  let object: Int
  let end: Int
  let hasDuplicates: Bool
  /// For `.custom` key strategies: converted name → key node (the last member wins).
  let customNames: [String: Int]?

  init(decoder: TapeDecoder, object: Int) throws {
    self.decoder = decoder
    let state = decoder.state
    self.state = state
    self.object = object
    let end = state.end(object)
    self.end = end
    hasDuplicates = state.hasDuplicateKeys(object: object, end: end)
    if state.tracksKeys { state.noteOpened(object) }
    if case .custom(let convert) = state.options.keyDecodingStrategy {
      let path = state.codingPath(to: object)
      var names: [String: Int] = [:]
      var key = object + 1
      while key < end {
        names[convert(path + [PathCodingKey(stringValue: state.string(ofKey: key))]).stringValue] = key
        key = state.next(key + 1)
      }
      customNames = names
    } else {
      customNames = nil
    }
  }

  var codingPath: [any CodingKey] { state.codingPath(to: object) }

  /// The keys of the members, in document order, each once, as the key strategy presents them.
  var allKeys: [Key] {
    guard state.isOpen else { return [] }
    var keys: [Key] = []
    var seen = Set<String>()
    var key = object + 1
    while key < end {
      let name: String
      switch state.keyMode {
      case .plain: name = state.string(ofKey: key)
      case .snakeCase: name = KeyConversion.convertFromSnakeCase(state.string(ofKey: key))
      case .custom: name = customNames?.first { $0.value == key }?.key ?? state.string(ofKey: key)
      }
      if !hasDuplicates || seen.insert(name).inserted, let codingKey = Key(stringValue: name) {
        keys.append(codingKey)
      }
      key = state.next(key + 1)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { state.isOpen && keyNode(for: key) >= 0 }

  /// The key node of `key`'s member, or -1. Marks it as read for the unknown-key check.
  @inline(__always)
  func keyNode(for key: Key) -> Int {
    let node: Int
    switch state.keyMode {
    case .plain:
      var name = key.stringValue
      node = name.withUTF8 { state.findMember($0, in: object, end: end, hasDuplicates: hasDuplicates) }
    case .snakeCase:
      var name = key.stringValue
      node = name.withUTF8 { state.findSnakeCaseMember($0, in: object, end: end, hasDuplicates: hasDuplicates) }
    case .custom:
      node = customNames?[key.stringValue] ?? -1
    }
    if node >= 0, let marks = state.marks { marks[node] = 1 }
    return node
  }

  /// The value node of `key`'s member; throws `keyNotFound` when there is none.
  @inline(__always)
  func valueNode(for key: Key) throws -> Int {
    try decoder.checkOpen()
    let node = keyNode(for: key)
    guard node >= 0 else { throw notFound(key) }
    return node + 1
  }

  @inline(never)
  func notFound(_ key: Key) -> DecodingError {
    let converted: String? =
      if case .snakeCase = state.keyMode { KeyConversion.convertToSnakeCase(key.stringValue) } else { nil }
    return state.keyNotFound(key, in: object, lookedUpAs: converted)
  }

  @inline(__always)
  private func read<V>(_ key: Key, _ body: (Int) throws(ValueFailure) -> V) throws -> V {
    let node = try valueNode(for: key)
    do { return try body(node) } catch { throw state.decodingError(error) }
  }

  @inline(__always)
  private func readIfPresent<V>(_ key: Key, _ body: (Int) throws(ValueFailure) -> V) throws -> V? {
    try decoder.checkOpen()
    let node = keyNode(for: key) + 1
    guard node > 0, !state.isNull(node) else { return nil }
    do { return try body(node) } catch { throw state.decodingError(error) }
  }

  // MARK: Decoding

  func decodeNil(forKey key: Key) throws -> Bool { state.isNull(try valueNode(for: key)) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try read(key) { n throws(ValueFailure) in try state.bool(at: n) }
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try read(key) { n throws(ValueFailure) in try state.string(at: n) }
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try read(key) { n throws(ValueFailure) in try state.double(at: n) }
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try read(key) { n throws(ValueFailure) in try state.float(at: n) }
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try read(key) { n throws(ValueFailure) in try state.integer(Int.self, at: n) }
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try read(key) { n throws(ValueFailure) in try state.integer(Int8.self, at: n) }
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try read(key) { n throws(ValueFailure) in try state.integer(Int16.self, at: n) }
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try read(key) { n throws(ValueFailure) in try state.integer(Int32.self, at: n) }
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try read(key) { n throws(ValueFailure) in try state.integer(Int64.self, at: n) }
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try read(key) { n throws(ValueFailure) in try state.integer(UInt.self, at: n) }
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try read(key) { n throws(ValueFailure) in try state.integer(UInt8.self, at: n) }
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try read(key) { n throws(ValueFailure) in try state.integer(UInt16.self, at: n) }
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try read(key) { n throws(ValueFailure) in try state.integer(UInt32.self, at: n) }
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try read(key) { n throws(ValueFailure) in try state.integer(UInt64.self, at: n) }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unbox(T.self, at: try valueNode(for: key))
  }

  // MARK: Decoding if present

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.bool(at: n) }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.string(at: n) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.double(at: n) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.float(at: n) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(Int.self, at: n) }
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(Int8.self, at: n) }
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(Int16.self, at: n) }
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(Int32.self, at: n) }
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(Int64.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(UInt.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(UInt8.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(UInt16.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(UInt32.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try readIfPresent(key) { n throws(ValueFailure) in try state.integer(UInt64.self, at: n) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decoder.checkOpen()
    let node = keyNode(for: key) + 1
    guard node > 0, !state.isNull(node) else {
      if state.collectsReport, T.self is any _ParsnipDefaultValueMarker.Type {
        state.record(
          .appliedDefault, codingPath: codingPath + [key], reason: node > 0 ? "value is null" : "key not found")
      }
      return nil
    }
    return try decoder.unbox(T.self, at: node)
  }

  // MARK: Nested containers and decoders

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let node = try valueNode(for: key)
    guard state.rawKind(node) == Tape.Kind.object.rawValue else {
      throw state.decodingError(.mismatch([String: Any].self, node))
    }
    return KeyedDecodingContainer(try TapeKeyedContainer<NestedKey>(decoder: decoder, object: node))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let node = try valueNode(for: key)
    guard state.rawKind(node) == Tape.Kind.array.rawValue else { throw state.decodingError(.mismatch([Any].self, node)) }
    return TapeUnkeyedContainer(decoder: decoder, array: node)
  }

  func superDecoder() throws -> any Decoder { try superDecoder(named: PathCodingKey.super) }

  func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key) }

  /// A decoder for a member; for a missing member, a decoder that reads `null` (as Foundation's does).
  private func superDecoder(named key: any CodingKey) throws -> any Decoder {
    try decoder.checkOpen()
    var name = key.stringValue
    let node: Int
    switch state.keyMode {
    case .plain:
      node = name.withUTF8 { state.findMember($0, in: object, end: end, hasDuplicates: hasDuplicates) }
    case .snakeCase:
      node = name.withUTF8 { state.findSnakeCaseMember($0, in: object, end: end, hasDuplicates: hasDuplicates) }
    case .custom:
      node = customNames?[name] ?? -1
    }
    guard node >= 0 else {
      return state.nullDecoder(at: codingPath + [key])
    }
    if let marks = state.marks { marks[node] = 1 }
    return TapeDecoder(state: state, index: node + 1)
  }
}

/// Types whose missing or `null` members the report lists as defaults applied (``DefaultValue``).
protocol _ParsnipDefaultValueMarker {}
