// Reading a string's UTF-8 bytes where the string lies, without a copy of it.
//
// A view of a string behind a pointer (`string.pointee.utf8.span`, `withContiguousStorageIfAvailable`) starts with a
// copy of the string: a large one is retained and released around the read, and `span`'s getter is a call; together
// about 60 instructions a string, an eighth of writing update-center.json. On 64-bit platforms the standard library
// lays a `String` out as two words (its ABI, frozen on Apple platforms): a count with flags, and an object word whose
// top four bits say what the string is. A small string keeps up to 15 bytes in the two words themselves (its count in
// the object word's top byte); a large tail-allocated one (native storage, or a literal) keeps its bytes 32 bytes past
// the address in the object word. Only those two forms are read here: any other (bridged, foreign, shared storage)
// gives `nil`, and the caller reads the string through its public API. The layout is checked once, at run time, on
// samples of every form, before any string is read this way.

extension String {
  /// Whether ``utf8InPlace(_:)`` reads strings on this platform (see the discussion above).
  static let readsBytesInPlace: Bool = {
    guard MemoryLayout<String>.size == 16, Int.bitWidth == 64, 1.littleEndian == 1 else { return false }
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

  /// The UTF-8 bytes of the string at `string`, read where they lie; `nil` for a string stored in any other form
  /// than the two read here. Only where ``readsBytesInPlace``; the bytes stay valid while the string at `string` is
  /// neither changed nor destroyed.
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
