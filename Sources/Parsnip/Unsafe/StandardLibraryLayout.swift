// Every assumption the library makes about the standard library's private layouts, in one file (the way
// swift-collections keeps its storage's unsafe code behind a few types).
//
// Each assumption is checked at run time, once, before the code that relies on it runs; where the check fails,
// that code takes its fallback (a copy, a new container box, no key cache), which gives the same result more
// slowly. A check that fails where the tests run fails them (`StandardLibraryLayoutTests`), loudly: a toolchain
// that changes a layout must not silently make the library slower. Each fallback can be forced, and the tests
// compare its results with the fast path's.
//
// 1. `String` is two words on 64-bit platforms (its ABI, frozen on Apple platforms): a count with flags, and an
//    object word whose top four bits say what the string is. A small string keeps up to 15 bytes in the two words
//    themselves (its count in the object word's top byte); a large tail-allocated one (native storage, or a
//    literal) keeps its bytes 32 bytes past the address in the object word. ``String/utf8InPlace(_:)`` reads those
//    two forms; the writer's key cache compares the two words (``String/storageWords(at:)``).
// 2. A native `Array`'s storage keeps its count 16 bytes in and its elements 32 bytes in, and an array is one word,
//    the address of that storage (``JSON/elements(ofArrayAt:as:)``).
// 3. `JSON`, a multi-payload enum whose payloads share no spare bits, keeps each payload as it is at offset 0 and
//    its case in extra tag bytes after the largest payload (``JSON/payload(of:as:)``).
// 4. `KeyedDecodingContainer` and `KeyedEncodingContainer` are each one reference to a box holding the container
//    (``StandardLibraryLayout/keyedContainersAreBoxReferences``): the coders keep the box and hand it out again.
// 5. An `Optional`'s payload lies at its start (the ABI's single-payload enum layout, stable on every platform):
//    the encoder unwraps a generic optional in place (``StandardLibraryLayout/unwrapped(_:)``).

/// The checks of the layouts above, and the forms of them that only one caller needs.
enum StandardLibraryLayout {
  /// Whether `KeyedDecodingContainer<Key>` and `KeyedEncodingContainer<Key>` are one reference to their box, the
  /// same for every key type (assumption 4): the size of each, and a container that round-trips through
  /// `AnyObject` and still reaches its own storage.
  static let keyedContainersAreBoxReferences: Bool = {
    guard MemoryLayout<KeyedDecodingContainer<ProbeKey>>.size == MemoryLayout<AnyObject>.size,
      MemoryLayout<KeyedEncodingContainer<ProbeKey>>.size == MemoryLayout<AnyObject>.size
    else { return false }
    let decoding = KeyedDecodingContainer(LayoutProbe(path: [ProbeKey(stringValue: "probe")]))
    let encoding = KeyedEncodingContainer(LayoutEncodingProbe<ProbeKey>(codingPath: [ProbeKey(stringValue: "probe")]))
    let decodingBack = unsafeBitCast(
      unsafeBitCast(decoding, to: AnyObject.self), to: KeyedDecodingContainer<ProbeKey>.self)
    let encodingBack = unsafeBitCast(
      unsafeBitCast(encoding, to: AnyObject.self), to: KeyedEncodingContainer<ProbeKey>.self)
    return decodingBack.codingPath.first?.stringValue == "probe"
      && encodingBack.codingPath.first?.stringValue == "probe"
  }()

  /// `container`'s box (assumption 4); only where ``keyedContainersAreBoxReferences``.
  @inline(__always)
  static func box<Key>(of container: KeyedDecodingContainer<Key>) -> AnyObject {
    unsafeBitCast(container, to: AnyObject.self)
  }

  /// `container`'s box (assumption 4); only where ``keyedContainersAreBoxReferences``.
  @inline(__always)
  static func box<Key>(of container: KeyedEncodingContainer<Key>) -> AnyObject {
    unsafeBitCast(container, to: AnyObject.self)
  }

  /// The container whose box is `box` (assumption 4), which must have come from ``box(of:)`` with the same `Key`.
  @inline(__always)
  static func decodingContainer<Key>(boxedIn box: AnyObject, as key: Key.Type) -> KeyedDecodingContainer<Key> {
    unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
  }

  /// The container whose box is `box` (assumption 4), which must have come from ``box(of:)`` with the same `Key`.
  @inline(__always)
  static func encodingContainer<Key>(boxedIn box: AnyObject, as key: Key.Type) -> KeyedEncodingContainer<Key> {
    unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
  }

  /// Calls `body` with the value in `optional`, which is not `nil`, read in place (assumption 5): `if let` copies
  /// the optional, which needs `Optional<T>`'s metadata, a runtime hash lookup per call.
  @inline(__always)
  static func unwrapped<T, R>(_ optional: T?, _ body: (T) throws -> R) rethrows -> R {
    try withUnsafePointer(to: optional) { try body(UnsafeRawPointer($0).assumingMemoryBound(to: T.self).pointee) }
  }

  /// The probe's key: its own, so that this file stands alone (the parser's fuzzer builds it without `Codable/`).
  private struct ProbeKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// A keyed container that only knows its coding path, to check assumption 4 with.
  private struct LayoutProbe: KeyedDecodingContainerProtocol {
    typealias Key = ProbeKey
    var codingPath: [any CodingKey]
    init(path: [any CodingKey]) { codingPath = path }

    var allKeys: [ProbeKey] { [] }
    func contains(_ key: ProbeKey) -> Bool { false }
    func decodeNil(forKey key: ProbeKey) throws -> Bool { true }
    func decode<T: Decodable>(_ type: T.Type, forKey key: ProbeKey) throws -> T {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "a layout probe"))
    }
    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: ProbeKey
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "a layout probe"))
    }
    func nestedUnkeyedContainer(forKey key: ProbeKey) throws -> any UnkeyedDecodingContainer {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "a layout probe"))
    }
    func superDecoder() throws -> any Decoder {
      throw DecodingError.keyNotFound(
        ProbeKey(stringValue: "super"), .init(codingPath: codingPath, debugDescription: "a layout probe"))
    }
    func superDecoder(forKey key: ProbeKey) throws -> any Decoder {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "a layout probe"))
    }
  }

  /// A keyed encoding container that only knows its coding path, to check assumption 4 with (and its own nested
  /// containers, never made).
  private struct LayoutEncodingProbe<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey]
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(LayoutEncodingProbe<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      fatalError("a layout probe has no nested containers")
    }
    mutating func superEncoder() -> any Encoder { fatalError("a layout probe has no super encoder") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("a layout probe has no super encoder") }
  }
}

// MARK: - String (assumption 1)

extension String {
  /// Whether ``utf8InPlace(_:)`` reads strings on this platform (assumption 1).
  static let readsBytesInPlace: Bool = {
    guard hasTwoWordLayout else { return false }
    let samples: [String] = [
      "", "a", "fifteen bytes!!", "ünïcödé", "日本語テキスト",  // small
      "a literal string stored in the binary, long enough not to be small",  // immortal, tail-allocated
      String(repeating: "native storage ", count: 3),
      String(decoding: Array("from bytes: ünïcödé, past 15".utf8), as: UTF8.self),
      String(repeating: "é", count: 40) + "\u{1F600}",
    ]
    for var sample in samples {
      let expected = Array(sample.utf8)
      let read = withUnsafePointer(to: &sample) { utf8InPlace($0).map(Array.init) }
      guard read == expected else { return false }
    }
    return true
  }()

  /// Whether a `String` is the two 64-bit words of assumption 1, which ``storageWords(at:)`` reads.
  /// Constant-folded: no lazy initialization to check per key.
  @inline(__always)
  static var hasTwoWordLayout: Bool { MemoryLayout<String>.size == 16 && Int.bitWidth == 64 && 1.littleEndian == 1 }

  /// The two words of the string at `string`, read as plain bytes (no retain); `(0, 0)` where not
  /// ``hasTwoWordLayout``. Equal words mean the same text while both strings are alive: a small string's words are
  /// its bytes, a large one's its count, flags and storage address.
  @inline(__always)
  static func storageWords(at string: UnsafePointer<String>) -> (UInt64, UInt64) {
    guard hasTwoWordLayout else { return (0, 0) }
    let raw = UnsafeRawPointer(string)
    return (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
  }

  /// The UTF-8 bytes of the string at `string`, read where they lie; `nil` for a string stored in any other form
  /// (bridged, foreign, shared storage) than the two read here, which the caller reads through the public API.
  /// Only where ``readsBytesInPlace``; the bytes stay valid while the string at `string` is neither changed nor
  /// destroyed. A view of a string behind a pointer (`utf8.span`) starts with a copy of it: a retain, a release and
  /// a call, about 60 instructions a string.
  @inline(__always)
  static func utf8InPlace(_ string: UnsafePointer<String>) -> UnsafeRawBufferPointer? {
    let raw = UnsafeRawPointer(string)
    let countAndFlags = raw.load(as: UInt64.self)
    let object = raw.load(fromByteOffset: 8, as: UInt64.self)
    let form = object >> 60  // b63 immortal, b62 ASCII (small) or bridged (large), b61 small, b60 foreign
    if form & 0b0010 != 0 {
      guard form & 0b0001 == 0 else { return nil }
      return UnsafeRawBufferPointer(start: raw, count: Int(truncatingIfNeeded: (object >> 56) & 0x0F))
    }
    // Large: neither bridged nor foreign, and tail-allocated (countAndFlags bit 60).
    guard form & 0b0111 == 0, countAndFlags & (1 << 60) != 0 else { return nil }
    let address = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: object & 0x0FFF_FFFF_FFFF_FFFF))
    return UnsafeRawBufferPointer(
      start: address.map { $0 + 32 }, count: Int(truncatingIfNeeded: countAndFlags & 0x0000_FFFF_FFFF_FFFF))
  }
}

// MARK: - JSON's payloads and Array's storage (assumptions 2 and 3)

extension JSON {
  /// Whether every payload of `JSON` sits at the value's address, bit for bit (assumption 3), and the elements of an
  /// array payload (or of an object's members) are found from its storage (assumption 2). `switch value.pointee`
  /// copies the payload out of memory it cannot prove unchanged: a large string, an array or an object is retained
  /// and released around every use, a tenth to a sixth of writing a tree.
  static let storesPayloadsInPlace: Bool = {
    let largestPayload = Swift.max(
      MemoryLayout<Bool>.size, MemoryLayout<JSONNumber>.size, MemoryLayout<String>.size,
      MemoryLayout<[JSON]>.size, MemoryLayout<JSONObject>.size)
    // Extra tag bytes: the payloads' own bits are left alone.
    guard MemoryLayout<JSON>.size > largestPayload, MemoryLayout<[JSON]>.size == MemoryLayout<UnsafeRawPointer>.size
    else { return false }
    // And the check the readers rely on, for the kinds of string (small, large, non-ASCII, empty) and containers.
    let strings = ["", "key", "ünïcödé", String(repeating: "a string too long to be stored inline ", count: 2)]
    for string in strings where !holdsInPlace(.string(string), string) { return false }
    let elements: [JSON] = [.null, .bool(true)]
    let members: JSONObject = ["a": 1, "b": [2]]
    let indexed = JSONObject((0..<JSONObject.indexThreshold).map { ("key \($0)", JSON.null) })
    return holdsInPlace(.array(elements), elements) && holdsInPlace(.array([]), [JSON]())
      && holdsInPlace(.object(members), members) && holdsInPlace(.object(indexed), indexed)
      && holdsInPlace(.object(JSONObject()), JSONObject())
      && readsInPlace(.array(elements), elements) && readsInPlace(.array([]), [JSON]())
      && readsInPlace(.object(members), members._members) && readsInPlace(.object(indexed), indexed._members)
      && readsInPlace(.object(JSONObject()), [JSONObject.Member]())
      && holdsInPlace(.bool(true), true) && holdsInPlace(.bool(false), false)
  }()

  /// Whether ``elements(ofArrayAt:as:)`` finds the elements of the array (or of the object's members) in `value`.
  private static func readsInPlace<Element>(_ value: JSON, _ array: [Element]) -> Bool {
    withUnsafePointer(to: value) { value in
      let (base, count) = elements(ofArrayAt: value, as: Element.self)
      return count == array.count && (count == 0 || array.withUnsafeBufferPointer { $0.baseAddress == base })
    }
  }

  /// Whether the first bytes of `value` are those of `payload`.
  private static func holdsInPlace<Payload>(_ value: JSON, _ payload: Payload) -> Bool {
    withUnsafeBytes(of: value) { value in
      withUnsafeBytes(of: payload) { payload in value.prefix(payload.count).elementsEqual(payload) }
    }
  }

  /// The elements and count of the array whose storage the first word of the value at `value` refers to: an
  /// `.array`'s elements, or an `.object`'s members (the first stored property of ``JSONObject``). Read from the
  /// native array storage (assumption 2), because reading the array through the pointer copies it: a retain and a
  /// release per container. Only where ``storesPayloadsInPlace``.
  @inline(__always)
  static func elements<Element>(
    ofArrayAt value: UnsafePointer<JSON>, as type: Element.Type
  ) -> (UnsafePointer<Element>, count: Int) {
    let storage = UnsafeRawPointer(value).load(as: UnsafeRawPointer.self)
    return ((storage + 32).assumingMemoryBound(to: Element.self), storage.load(fromByteOffset: 16, as: Int.self))
  }

  /// The address of the payload of the value at `value`, which must be of the case whose payload is a `Payload`
  /// (assumption 3); only where ``storesPayloadsInPlace``.
  @inline(__always)
  static func payload<Payload>(of value: UnsafePointer<JSON>, as type: Payload.Type) -> UnsafePointer<Payload> {
    UnsafeRawPointer(value).assumingMemoryBound(to: Payload.self)
  }
}
