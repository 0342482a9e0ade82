// Reading a value's payload by address, for walks that must not copy it.
//
// `switch value.pointee { case .string(let s): ... }` copies the payload out of memory it cannot prove unchanged
// while the case runs: a large string, an array or an object is retained and released around every use, which was
// a tenth to a sixth of writing a tree. A pointer to the payload itself needs no copy. Swift gives no address for an
// enum payload, but lays out a multi-payload enum whose payloads share no spare bits with each payload stored as it
// is at offset 0 and the case in extra tag bytes after the largest payload. That layout is checked once, at run
// time, before any payload is read this way; where it does not hold, walkers copy as before. A payload read through
// its pointer is still copied (`pointer.pointee.count` retains the array), so an array's elements, and an object's
// members, are found from the array's storage, whose layout the same check confirms.

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
  /// standard library's native array storage (its count 16 bytes in, its elements 32 bytes in, as the layout check
  /// confirms), because reading the array through the pointer copies it: a retain and a release per container.
  /// Only where ``storesPayloadsInPlace``.
  @inline(__always)
  static func elements<Element>(
    ofArrayAt value: UnsafePointer<JSON>, as type: Element.Type
  ) -> (UnsafePointer<Element>, count: Int) {
    let storage = UnsafeRawPointer(value).load(as: UnsafeRawPointer.self)
    return ((storage + 32).assumingMemoryBound(to: Element.self), storage.load(fromByteOffset: 16, as: Int.self))
  }

  /// The address of the payload of the value at `value`, which must be of the case whose payload is a `Payload`;
  /// only where ``storesPayloadsInPlace``.
  @inline(__always)
  static func payload<Payload>(of value: UnsafePointer<JSON>, as type: Payload.Type) -> UnsafePointer<Payload> {
    UnsafeRawPointer(value).assumingMemoryBound(to: Payload.self)
  }
}
