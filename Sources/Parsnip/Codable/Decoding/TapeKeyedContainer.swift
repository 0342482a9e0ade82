import Foundation

/// A keyed container over an object node. Members are found by comparing names with the source bytes.
///
/// `KeyedDecodingContainer` copies this struct for every call through its value witnesses, so it holds no counted
/// reference: the decoder is kept alive by the decode call, or, for a container kept after the call returns, by
/// `DetachedDecodes` (see `DecodingState.finish(_:)`), and the lifetime slot says whether the decode's memory is still
/// there before anything else is touched. Where it reads (the decode's view and slot, the decoder and object) is a
/// target that the state retargets when it hands the same box out again, in the same decode or a later one (see
/// `DecodingState.keyedContainer(_:decoder:object:)`).
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let target: UnsafeMutablePointer<ContainerTarget>
  /// Per key byte, the index + 1 of the cached name (see `DecodingState.cacheName`); `nil` when names of this key
  /// type are not cached.
  let names: UnsafeMutablePointer<Int32>?

  @inline(__always) var view: UnsafePointer<TapeView> { target.pointee.view }
  @inline(__always) var decoder: TapeDecoder { target.pointee.decoder }
  @inline(__always) var object: Int { target.pointee.object }
  @inline(__always) var end: Int { target.pointee.end }
  @inline(__always) var hasDuplicates: Bool { target.pointee.hasDuplicates }

  @inline(__always) var isOpen: Bool { target.pointee.slot.pointee == target.pointee.generation }

  @inline(__always) func checkOpen() throws {
    if !isOpen { throw closedDecoderError() }
  }

  var state: DecodingState { decoder.state }

  var codingPath: [any CodingKey] { isOpen ? state.codingPath(to: object) : [] }

  /// The keys of the members, in document order, each once, as the key strategy presents them.
  var allKeys: [Key] {
    guard isOpen else { return [] }
    let view = self.view.pointee
    var keys: [Key] = []
    var seen = Set<ExactKey>()
    var key = object + 1
    while key < end {
      let name: String
      switch view.keyMode {
      case .plain: name = view.string(ofKey: key)
      case .snakeCase: name = KeyConversion.convertFromSnakeCase(view.string(ofKey: key))
      case .custom: name = state.customNames[object]?.first { $0.value == key }?.key ?? view.string(ofKey: key)
      }
      if !hasDuplicates || seen.insert(ExactKey(name)).inserted, let codingKey = Key(stringValue: name) {
        keys.append(codingKey)
      }
      key = view.next(key + 1)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { isOpen && keyNode(for: key, marking: false) >= 0 }

  /// The key node of `key`'s member, or -1. Marks it as read for the unknown-key check unless `marking` is `false`.
  @inline(__always)
  func keyNode(for key: Key, marking: Bool = true) -> Int {
    guard let names else { return keyNode(named: key, marking: marking) }
    let view = self.view
    let target = self.target.pointee
    // Names that may meet after conversion: Foundation's rule, which the cached snake case name cannot answer.
    if _slowPath(target.hasDuplicates), view.pointee.keyMode == .snakeCase {
      return keyNode(named: key, marking: marking)
    }
    let byte = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
    var entry = Int(names[byte])
    if _slowPath(entry == 0) { entry = target.decoder.state.cacheName(of: key, names: names, byte: byte) }
    let workspace = view.pointee.workspace
    let name = workspace.pointee.nameEntries[entry &- 1]
    var node = view.pointee.findMember(
      UnsafeBufferPointer(start: workspace.pointee.nameBytes + Int(name.start), count: Int(name.count)),
      in: target.object, end: target.end, hasDuplicates: target.hasDuplicates)
    if _slowPath(node < 0), view.pointee.keyMode == .snakeCase {
      // Foundation's rule for names that are not the property name in snake case.
      var text = key.stringValue
      node = text.withUTF8 { view.pointee.findCamelCasedMember($0, in: target.object, end: target.end) }
    }
    if marking, node >= 0, let marks = view.pointee.marks { marks[node] = 1 }
    return node
  }

  /// The key node of the member named by `key`, without the name cache. Marks it as read unless `marking` is
  /// `false`.
  @inline(never)
  func keyNode(named key: some CodingKey, marking: Bool = true) -> Int {
    let node: Int
    let target = self.target.pointee
    switch view.pointee.keyMode {
    case .plain:
      var name = key.stringValue
      node = name.withUTF8 {
        view.pointee.findMember($0, in: target.object, end: target.end, hasDuplicates: target.hasDuplicates)
      }
    case .snakeCase:
      var name = key.stringValue
      node = name.withUTF8 {
        view.pointee.findSnakeCaseMember($0, in: target.object, end: target.end, hasDuplicates: target.hasDuplicates)
      }
    case .custom:
      node = state.customNames[target.object]?[key.stringValue] ?? -1
    }
    if marking, node >= 0, let marks = view.pointee.marks { marks[node] = 1 }
    return node
  }

  /// The value node of `key`'s member; throws `keyNotFound` when there is none.
  @inline(__always)
  func valueNode(for key: Key) throws -> Int {
    try checkOpen()
    let node = keyNode(for: key)
    guard node >= 0 else { throw notFound(key) }
    return node + 1
  }

  @inline(never)
  func notFound(_ key: Key) -> DecodingError {
    let converted: String? =
      if case .snakeCase = view.pointee.keyMode { KeyConversion.convertToSnakeCase(key.stringValue) } else { nil }
    return state.keyNotFound(key, in: object, lookedUpAs: converted)
  }

  // The readers take the view as a parameter so their closures capture nothing: capturing `self` would need the
  // generic container's metadata on every call.
  @inline(__always)
  private func read<V>(_ key: Key, _ body: (UnsafePointer<TapeView>, Int) throws(ValueFailure) -> V) throws -> V {
    let node = try valueNode(for: key)
    do { return try body(view, node) } catch { throw state.decodingError(error) }
  }

  @inline(__always)
  private func readIfPresent<V>(
    _ key: Key, _ body: (UnsafePointer<TapeView>, Int) throws(ValueFailure) -> V
  ) throws -> V? {
    try checkOpen()
    let node = keyNode(for: key) + 1
    guard node > 0, !view.pointee.isNull(node) else { return nil }
    do { return try body(view, node) } catch { throw state.decodingError(error) }
  }

  // MARK: Decoding

  func decodeNil(forKey key: Key) throws -> Bool { view.pointee.isNull(try valueNode(for: key)) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.bool(at: n) }
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.string(at: n) }
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.double(at: n) }
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.float(at: n) }
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int.self, at: n) }
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int8.self, at: n) }
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int16.self, at: n) }
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int32.self, at: n) }
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int64.self, at: n) }
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt.self, at: n) }
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt8.self, at: n) }
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt16.self, at: n) }
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt32.self, at: n) }
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt64.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int128.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try read(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt128.self, at: n) }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unbox(type, at: try nestedValueNode(for: key))
  }

  // The generic `decode` and `decodeIfPresent` are on the stack once per level of a recursive decode (a member
  // whose type decodes members of its own type): they find the member out of line, so that their frames do not
  // hold the lookup's (a few hundred bytes per level).

  /// ``valueNode(for:)``, out of line.
  @inline(never)
  func nestedValueNode(for key: Key) throws -> Int { try valueNode(for: key) }

  /// The value node of `key`'s member, or 0 when there is none; out of line.
  @inline(never)
  func nestedValueNodeIfPresent(for key: Key) throws -> Int {
    try checkOpen()
    return keyNode(for: key) + 1
  }

  // MARK: Decoding if present

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.bool(at: n) }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.string(at: n) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.double(at: n) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.float(at: n) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int.self, at: n) }
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int8.self, at: n) }
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int16.self, at: n) }
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int32.self, at: n) }
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int64.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt8.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt16.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt32.self, at: n) }
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt64.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(Int128.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
    try readIfPresent(key) { v, n throws(ValueFailure) in try v.pointee.integer(UInt128.self, at: n) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let node = try nestedValueNodeIfPresent(for: key)
    guard node > 0, !view.pointee.isNull(node) else {
      if state.collectsReport, T.self is any _ParsnipDefaultValueMarker.Type { recordDefault(key, isNull: node > 0) }
      return nil
    }
    return try decoder.unbox(type, at: node)
  }

  /// Reports a ``DefaultValue`` applied; out of line, so that `decodeIfPresent`'s frame (once per level of a
  /// recursive decode) does not hold the path and message it builds.
  @inline(never)
  private func recordDefault(_ key: Key, isNull: Bool) {
    state.record(.appliedDefault, codingPath: codingPath + [key], reason: isNull ? "value is null" : "key not found")
  }

  // MARK: Nested containers and decoders

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let node = try valueNode(for: key)
    guard view.pointee.rawKind(node) == Tape.Kind.object.rawValue else {
      throw state.decodingError(.mismatch([String: Any].self, node))
    }
    return state.keyedContainer(NestedKey.self, decoder: decoder, object: node)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let node = try valueNode(for: key)
    guard view.pointee.rawKind(node) == Tape.Kind.array.rawValue else {
      throw state.decodingError(.mismatch([Any].self, node))
    }
    return TapeUnkeyedContainer(decoder: decoder, array: node)
  }

  func superDecoder() throws -> any Decoder { try superDecoder(named: PathCodingKey.super) }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try checkOpen()
    let node = keyNode(for: key)
    guard node >= 0 else { return state.nullDecoder(at: codingPath + [key]) }
    return state.childDecoder(at: node + 1)
  }

  /// A decoder for a member; for a missing member, a decoder that reads `null` (as Foundation's does).
  private func superDecoder(named key: some CodingKey) throws -> any Decoder {
    try checkOpen()
    let node = keyNode(named: key)
    guard node >= 0 else { return state.nullDecoder(at: codingPath + [key]) }
    return state.childDecoder(at: node + 1)
  }
}

/// Types whose missing or `null` members the report lists as defaults applied (``DefaultValue``).
protocol _ParsnipDefaultValueMarker {}
