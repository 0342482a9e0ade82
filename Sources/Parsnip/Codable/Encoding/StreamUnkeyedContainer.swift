import Foundation

/// The unkeyed container of the streaming encoder: a frame of the output, written as elements arrive.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer, EncodesIntegersOneWay {
  let state: StreamEncoderState
  let frameIndex: Int
  let id: Int

  var codingPath: [any CodingKey] { state.containerPath(frameIndex: frameIndex) }

  var count: Int {
    let frames = state.core.pointee.output.frames
    guard frameIndex < frames.count, frames[frameIndex].id == id else { return 0 }
    return frames[frameIndex].count
  }

  /// Writes the separator; returns the new element's index, or `nil` when the container is no longer open.
  @inline(__always)
  private func begin() -> Int? {
    guard state.makeTop(frameIndex, id: id) else { return nil }
    let index = state.core.pointee.output.frames[frameIndex].count
    state.core.pointee.output.beginElement()
    return index
  }

  /// Every integer width (`EncodesIntegersOneWay`).
  @inline(__always)
  func encodeInteger(_ value: some FixedWidthInteger) {
    guard begin() != nil else { return }
    state.writeInteger(value)
  }

  private func path(_ index: Int) -> [any CodingKey] { codingPath + [PathCodingKey(index: index)] }

  mutating func encodeNil() throws {
    guard begin() != nil else { return }
    state.core.pointee.output.appendNull()
  }

  mutating func encode(_ value: Bool) throws {
    guard begin() != nil else { return }
    state.core.pointee.output.appendBool(value)
  }

  mutating func encode(_ value: String) throws {
    guard begin() != nil else { return }
    state.core.pointee.output.appendString(value)
  }

  mutating func encode(_ value: Double) throws {
    guard let index = begin() else { return }
    try state.guarded { try state.writeDouble(value, path: path(index)) }
  }

  mutating func encode(_ value: Float) throws {
    guard let index = begin() else { return }
    try state.guarded { try state.writeFloat(value, path: path(index)) }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: Int128) throws { encodeInteger(value) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: UInt128) throws { encodeInteger(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    guard let index = begin() else { return }
    state.core.pointee.pendingSlot = -1
    state.core.pointee.pendingKey = .index(index)
    try state.guarded { try state.encodeValue(value, depth: frameIndex + 1) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<
    NestedKey
  > {
    var nestedID = 0
    if frameIndex + 1 >= state.options.maximumDepth {
      state.abandon()
    } else if let index = begin() {
      nestedID = state.openNested(isObject: true, key: .index(index))
    }
    return state.keyedContainer(NestedKey.self, frameIndex: frameIndex + 1, id: nestedID)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    var nestedID = 0
    if frameIndex + 1 >= state.options.maximumDepth {
      state.abandon()
    } else if let index = begin() {
      nestedID = state.openNested(isObject: false, key: .index(index))
    }
    return StreamUnkeyedContainer(state: state, frameIndex: frameIndex + 1, id: nestedID)
  }

  mutating func superEncoder() -> any Encoder {
    guard let index = begin() else { return StreamEncoder(state: state, depth: frameIndex + 1, slot: -2) }
    return state.superEncoder(at: .index(index), depth: frameIndex + 1)
  }
}
