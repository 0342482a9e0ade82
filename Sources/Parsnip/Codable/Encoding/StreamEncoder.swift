import Foundation

/// The `Encoder` handed to `encode(to:)` while streaming: a slot in the output, three words, no allocation.
struct StreamEncoder: Encoder {
  let state: StreamEncoderState
  /// The number of containers open around this encoder's value.
  let depth: Int
  /// The slot this encoder's value fills.
  let slot: Int

  var codingPath: [any CodingKey] { state.encoderPath(depth: depth, slot: slot) }
  var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let id = state.openContainer(isObject: true, depth: depth, slot: slot)
    return state.keyedContainer(Key.self, frameIndex: depth, id: id)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let id = state.openContainer(isObject: false, depth: depth, slot: slot)
    return StreamUnkeyedContainer(state: state, frameIndex: depth, id: id)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    StreamSingleValueContainer(state: state, depth: depth, slot: slot)
  }
}

extension StreamEncoderState {
  /// An encoder for the value slot of a super encoder at `key`, `depth` containers in: the next value encoded
  /// fills the slot, under that key.
  func superEncoder(at key: PathComponent, depth: Int) -> StreamEncoder {
    let slot = core.pointee.output.makeID()
    core.pointee.pendingSlot = slot
    core.pointee.pendingKey = key
    return StreamEncoder(state: self, depth: depth, slot: slot)
  }

  /// Runs a container operation; an error thrown after its key or separator was written leaves the output
  /// incomplete, so the run is marked to be redone as a tree in case the caller catches the error and goes on.
  @inline(__always)
  func guarded(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch {
      core.pointee.sawSwallowableError = true
      throw error
    }
  }

  @inline(__always)
  func writeInteger(_ value: some FixedWidthInteger) {
    if let signed = Int64(exactly: value) {
      core.pointee.output.appendInteger(signed)
    } else if let unsigned = UInt64(exactly: value) {
      core.pointee.output.appendUnsigned(unsigned)
    } else {
      // `Int128` and `UInt128` beyond 64 bits: their exact digits.
      core.pointee.output.appendNumber(JSONNumber(value))
    }
  }

  func writeFloat(_ value: Float, path: @autoclosure () -> [any CodingKey]) throws {
    if value.isFinite {
      core.pointee.output.appendFiniteFloat(value)
    } else {
      core.pointee.output.appendString(try options.nonConformingText(Double(value), path: path()))
    }
  }
}

struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: StreamEncoderState
  /// Keeps `place` alive; shared with the encoder's box cache, which retargets it when it reuses this container.
  let target: KeyedContainerTarget
  let place: UnsafeMutablePointer<KeyedContainerPlace>

  init(state: StreamEncoderState, target: KeyedContainerTarget) {
    self.state = state
    self.target = target
    self.place = target.place
  }

  var frameIndex: Int { place.pointee.frameIndex }

  var codingPath: [any CodingKey] { state.containerPath(frameIndex: frameIndex) }

  @inline(__always)
  private func begin(_ key: Key) -> Bool {
    let frameIndex = place.pointee.frameIndex
    guard state.makeTop(frameIndex, id: place.pointee.id) else { return false }
    if let names = place.pointee.names {
      state.beginCachedMember(key, names: names)
    } else {
      state.beginMember(key, frameIndex: frameIndex)
    }
    return true
  }

  private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

  mutating func encodeNil(forKey key: Key) throws {
    guard begin(key) else { return }
    state.core.pointee.output.appendNull()
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    guard begin(key) else { return }
    state.core.pointee.output.appendBool(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    guard begin(key) else { return }
    state.core.pointee.output.appendString(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    guard begin(key) else { return }
    try state.guarded { try state.writeDouble(value, path: path(key)) }
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    guard begin(key) else { return }
    try state.guarded { try state.writeFloat(value, path: path(key)) }
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    guard begin(key) else { return }
    state.core.pointee.output.appendInteger(Int64(value))
  }

  mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { try encodeInteger(value, key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try encodeInteger(value, key) }

  @inline(__always)
  private func encodeInteger(_ value: some FixedWidthInteger, _ key: Key) throws {
    guard begin(key) else { return }
    state.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    guard begin(key) else { return }
    state.core.pointee.pendingSlot = -1
    state.core.pointee.pendingKey = .of(key)
    try state.guarded { try state.encodeValue(value, depth: frameIndex + 1) }
  }

  // Optionals are the most common generic values; skipping `nil` here avoids the generic entry point.
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  /// Unwrapped in place (StandardLibraryLayout.swift, assumption 5): `if let` asks for `Optional<T>`'s metadata.
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    guard value != nil else { return }
    try StandardLibraryLayout.unwrapped(value) { try encode($0, forKey: key) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    var nestedID = 0
    if frameIndex + 1 >= state.options.maximumDepth {
      state.abandon()
    } else if begin(key) {
      nestedID = state.openNested(isObject: true, key: .of(key))
    }
    return state.keyedContainer(NestedKey.self, frameIndex: frameIndex + 1, id: nestedID)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    var nestedID = 0
    if frameIndex + 1 >= state.options.maximumDepth {
      state.abandon()
    } else if begin(key) {
      nestedID = state.openNested(isObject: false, key: .of(key))
    }
    return StreamUnkeyedContainer(state: state, frameIndex: frameIndex + 1, id: nestedID)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(key: PathCodingKey(stringValue: "super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(key: key)
  }

  private func superEncoder(key: some CodingKey) -> any Encoder {
    guard state.makeTop(frameIndex, id: place.pointee.id) else {
      return StreamEncoder(state: state, depth: frameIndex + 1, slot: -2)
    }
    state.beginMember(key, frameIndex: frameIndex)
    return state.superEncoder(at: .of(key), depth: frameIndex + 1)
  }
}
