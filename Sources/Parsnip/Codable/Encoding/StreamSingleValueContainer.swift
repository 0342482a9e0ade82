import Foundation

/// The single-value container of the streaming encoder: the value slot it was made for, filled once.
struct StreamSingleValueContainer: SingleValueEncodingContainer, EncodesIntegersOneWay {
  let state: StreamEncoderState
  let depth: Int
  let slot: Int

  var codingPath: [any CodingKey] { state.codingPathOfPendingSlot(depth: depth) }

  @inline(__always)
  private func claim() -> Bool {
    guard state.claimSingleValue(depth: depth, slot: slot) else { return false }
    state.core.pointee.pendingSlot = 0
    return true
  }

  /// Every integer width (`EncodesIntegersOneWay`).
  @inline(__always)
  func encodeInteger(_ value: some FixedWidthInteger) {
    guard claim() else { return }
    state.writeInteger(value)
  }

  mutating func encodeNil() throws {
    guard claim() else { return }
    state.core.pointee.output.appendNull()
  }

  mutating func encode(_ value: Bool) throws {
    guard claim() else { return }
    state.core.pointee.output.appendBool(value)
  }

  mutating func encode(_ value: String) throws {
    guard claim() else { return }
    state.core.pointee.output.appendString(value)
  }

  mutating func encode(_ value: Double) throws {
    guard claim() else { return }
    try state.guarded { try state.writeDouble(value, path: codingPath) }
  }

  mutating func encode(_ value: Float) throws {
    guard claim() else { return }
    try state.guarded { try state.writeFloat(value, path: codingPath) }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: Int128) throws { encodeInteger(value) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  mutating func encode(_ value: UInt128) throws { encodeInteger(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    guard state.claimSingleValue(depth: depth, slot: slot) else { return }
    try state.guarded { try state.encodeValue(value, depth: depth) }
  }
}

/// The unkeyed and single-value containers' integer requirements, every width through the container's one
/// `encodeInteger(_:)` (the 128-bit ones stay on each container: the standard library's defaults would be as good a
/// match as these).
protocol EncodesIntegersOneWay {
  func encodeInteger(_ value: some FixedWidthInteger)
}

extension EncodesIntegersOneWay {
  mutating func encode(_ value: Int) throws { encodeInteger(value) }
  mutating func encode(_ value: Int8) throws { encodeInteger(value) }
  mutating func encode(_ value: Int16) throws { encodeInteger(value) }
  mutating func encode(_ value: Int32) throws { encodeInteger(value) }
  mutating func encode(_ value: Int64) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt8) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt16) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt32) throws { encodeInteger(value) }
  mutating func encode(_ value: UInt64) throws { encodeInteger(value) }
}
