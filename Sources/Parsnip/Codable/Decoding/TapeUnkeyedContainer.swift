import Foundation

/// An unkeyed container over an array node: a cursor that moves one sibling at a time.
///
/// As in Foundation, a failed decode does not move the cursor, so a caller can try another type for the same
/// element (``LossyArray`` relies on this).
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  unowned(unsafe) let decoder: TapeDecoder
  /// The same decoder, held: a container kept after its decode call keeps it and its state (see
  /// `DecodingState.finish(_:)`). Never read, so the reads above count nothing.
  private let heldDecoder: TapeDecoder
  let view: UnsafePointer<TapeView>
  let slot: UnsafePointer<UInt64>
  let generation: UInt64
  let array: Int
  let end: Int
  /// The node of the next element (`end` when at the end).
  private var cursor: Int
  private(set) var currentIndex = 0

  init(decoder: TapeDecoder, array: Int) {
    self.decoder = decoder
    self.heldDecoder = decoder
    self.view = decoder.view
    self.slot = decoder.slot
    self.generation = decoder.generation
    self.array = array
    self.end = decoder.view.pointee.end(array)
    self.cursor = array + 1
  }

  @inline(__always) var isOpen: Bool { slot.pointee == generation }
  var state: DecodingState { decoder.state }
  var codingPath: [any CodingKey] { isOpen ? state.codingPath(to: array) : [] }
  var count: Int? { isOpen ? view.pointee.count(array) : nil }
  var isAtEnd: Bool { cursor >= end }

  private mutating func advance() {
    cursor = view.pointee.next(cursor)
    currentIndex += 1
  }

  /// The next element's node; throws `valueNotFound` at the end.
  @inline(__always)
  private func nextNode(_ type: Any.Type) throws -> Int {
    if slot.pointee != generation { throw closedDecoderError() }
    guard cursor < end else { throw state.atEnd(type, array: array, index: currentIndex) }
    return cursor
  }

  @inline(__always)
  private mutating func read<V>(_ body: (UnsafePointer<TapeView>, Int) throws(ValueFailure) -> V) throws -> V {
    try read(node: try nextNode(V.self), body)
  }

  /// Reads element `node` with `body` and moves past it.
  @inline(__always)
  private mutating func read<V>(
    node: Int, _ body: (UnsafePointer<TapeView>, Int) throws(ValueFailure) -> V
  ) throws -> V {
    do {
      let value = try body(view, node)
      advance()
      return value
    } catch {
      throw state.decodingError(error)
    }
  }

  /// The next element's node, or `nil` at the end: `decodeIfPresent` past the last element answers `nil` and still
  /// counts up `currentIndex`, as Foundation's does.
  @inline(__always)
  private mutating func nextNodeIfPresent() throws -> Int? {
    if slot.pointee != generation { throw closedDecoderError() }
    if cursor < end { return cursor }
    currentIndex += 1
    return nil
  }

  @inline(__always)
  private mutating func readIfPresent<V>(_ body: (UnsafePointer<TapeView>, Int) throws(ValueFailure) -> V) throws -> V?
  {
    guard let node = try nextNodeIfPresent() else { return nil }
    if view.pointee.isNull(node) {
      advance()
      return nil
    }
    return try read(node: node, body)
  }

  mutating func decodeNil() throws -> Bool {
    let node = try nextNode(Any?.self)
    guard view.pointee.isNull(node) else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try read { v, n throws(ValueFailure) in try v.pointee.bool(at: n) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try read { v, n throws(ValueFailure) in try v.pointee.string(at: n) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try read { v, n throws(ValueFailure) in try v.pointee.double(at: n) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try read { v, n throws(ValueFailure) in try v.pointee.float(at: n) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(Int.self, at: n) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(Int8.self, at: n) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(Int16.self, at: n) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(Int32.self, at: n) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(Int64.self, at: n) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(UInt.self, at: n) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(UInt8.self, at: n) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(UInt16.self, at: n) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(UInt32.self, at: n) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(UInt64.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(Int128.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
    try read { v, n throws(ValueFailure) in try v.pointee.integer(UInt128.self, at: n) }
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let node = try nextNode(T.self)
    let value = try decoder.unbox(type, at: node)
    advance()
    return value
  }

  mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.bool(at: n) }
  }
  mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.string(at: n) }
  }
  mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.double(at: n) }
  }
  mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.float(at: n) }
  }
  mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(Int.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(Int8.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(Int16.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(Int32.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(Int64.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(UInt.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(UInt8.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(UInt16.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(UInt32.self, at: n) }
  }
  mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(UInt64.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(Int128.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? {
    try readIfPresent { v, n throws(ValueFailure) in try v.pointee.integer(UInt128.self, at: n) }
  }

  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    guard let node = try nextNodeIfPresent() else { return nil }
    if view.pointee.isNull(node) {
      advance()
      return nil
    }
    let value = try decoder.unbox(type, at: node)
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let node = try nextNode([String: Any].self)
    guard view.pointee.rawKind(node) == Tape.Kind.object.rawValue else {
      throw state.decodingError(.mismatch([String: Any].self, node))
    }
    let container = state.keyedContainer(NestedKey.self, decoder: decoder, object: node)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let node = try nextNode([Any].self)
    guard view.pointee.rawKind(node) == Tape.Kind.array.rawValue else {
      throw state.decodingError(.mismatch([Any].self, node))
    }
    advance()
    return TapeUnkeyedContainer(decoder: decoder, array: node)
  }

  mutating func superDecoder() throws -> any Decoder {
    let node = try nextNode((any Decoder).self)
    advance()
    return state.childDecoder(at: node)
  }
}
