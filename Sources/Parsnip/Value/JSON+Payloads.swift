// Reading a value's payload by address, for walks that must not copy it.
//
// `switch value.pointee { case .string(let s): ... }` copies the payload out of memory it cannot prove unchanged
// while the case runs: a large string, an array or an object is retained and released around every use, which was
// a tenth to a sixth of writing a tree. A pointer to the payload itself needs no copy. Swift gives no address for an
// enum payload, but lays out a multi-payload enum whose payloads share no spare bits with each payload stored as it
// is at offset 0 and the case in extra tag bytes after the largest payload. That layout is checked once, at run
// time, before any payload is read this way; where it does not hold, walkers copy as before.

extension JSON {
  /// Whether every payload of `JSON` sits at the value's address, bit for bit (see the discussion above).
  static let storesPayloadsInPlace: Bool = {
    let largestPayload = Swift.max(
      MemoryLayout<Bool>.size, MemoryLayout<JSONNumber>.size, MemoryLayout<String>.size,
      MemoryLayout<[JSON]>.size, MemoryLayout<JSONObject>.size)
    // Extra tag bytes: the payloads' own bits are left alone.
    guard MemoryLayout<JSON>.size > largestPayload else { return false }
    // And the check the readers rely on, for the kinds of string (small, large, non-ASCII, empty) and containers.
    let strings = ["", "key", "ünïcödé", String(repeating: "a string too long to be stored inline ", count: 2)]
    for string in strings where !holdsInPlace(.string(string), string) { return false }
    let elements: [JSON] = [.null, .bool(true)]
    return holdsInPlace(.array(elements), elements) && holdsInPlace(.array([]), [JSON]())
      && holdsInPlace(.bool(true), true) && holdsInPlace(.bool(false), false)
  }()

  /// Whether the first bytes of `value` are those of `payload`.
  private static func holdsInPlace<Payload>(_ value: JSON, _ payload: Payload) -> Bool {
    withUnsafeBytes(of: value) { value in
      withUnsafeBytes(of: payload) { payload in value.prefix(payload.count).elementsEqual(payload) }
    }
  }

  /// The address of the payload of the value at `value`, which must be of the case whose payload is a `Payload`;
  /// only where ``storesPayloadsInPlace``.
  @inline(__always)
  static func payload<Payload>(of value: UnsafePointer<JSON>, as type: Payload.Type) -> UnsafePointer<Payload> {
    UnsafeRawPointer(value).assumingMemoryBound(to: Payload.self)
  }
}
