/// Key comparisons for sorted output.
enum KeyOrdering {
  /// The members sorted by key (UTF-8 or UTF-16 order), or the same array when it is already in order (common
  /// when rewriting sorted output).
  ///
  /// Each key's first 8 bytes become a big-endian integer once, so most comparisons are one integer comparison;
  /// only keys sharing those 8 bytes are compared in full.
  static func sorted(_ members: [JSONObject.Member], utf16: Bool) -> [JSONObject.Member] {
    guard members.count > 1 else { return members }
    var keyed: [(prefix: UInt64, index: Int)] = []
    keyed.reserveCapacity(members.count)
    for (index, member) in members.enumerated() { keyed.append((prefix(member.key, utf16: utf16), index)) }
    func precedes(_ x: (prefix: UInt64, index: Int), _ y: (prefix: UInt64, index: Int)) -> Bool {
      if x.prefix != y.prefix { return x.prefix < y.prefix }
      let (a, b) = (members[x.index].key, members[y.index].key)
      return utf16 ? utf16Precedes(a, b) : scalarsPrecede(a, b)
    }
    var isSorted = true
    for i in 1..<keyed.count where !precedes(keyed[i - 1], keyed[i]) {
      isSorted = false
      break
    }
    if isSorted { return members }
    keyed.sort(by: precedes)
    return keyed.map { members[$0.index] }
  }

  /// The first 8 bytes of the key's UTF-8, zero-padded, as a big-endian integer, so integer order is byte order.
  ///
  /// For UTF-16 order, lead bytes F0–F4 (supplementary scalars) are moved below EE–EF (U+E000–U+FFFF).
  @inline(__always)
  private static func prefix(_ key: String, utf16: Bool) -> UInt64 {
    var key = key
    return key.withUTF8 { bytes in
      var value: UInt64 = 0
      for i in 0..<8 {
        var b = i < bytes.count ? bytes[i] : 0
        if utf16 && b >= 0xEE {
          b = b >= 0xF0 ? b &- 2 : b &+ 5  // F0…F4 → EE…F2, EE…EF → F3…F4
        }
        value = value << 8 | UInt64(b)
      }
      return value
    }
  }

  /// Whether `a` sorts before `b` by Unicode scalar values, which is UTF-8 byte order.
  static func scalarsPrecede(_ a: String, _ b: String) -> Bool {
    compareUTF8(a, b) { x, y in x < y }
  }

  /// Whether `a` sorts before `b` by UTF-16 code units (RFC 8785).
  ///
  /// UTF-16 order equals UTF-8 order except between a supplementary scalar (surrogates D800–DFFF) and one in
  /// U+E000–U+FFFF; both differ from their first byte (lead bytes F0–F4 against EE–EF), so one byte comparison at
  /// the first difference decides, without transcoding.
  static func utf16Precedes(_ a: String, _ b: String) -> Bool {
    compareUTF8(a, b) { x, y in
      if x >= 0xF0 && (y == 0xEE || y == 0xEF) { return true }
      if y >= 0xF0 && (x == 0xEE || x == 0xEF) { return false }
      return x < y
    }
  }

  /// Compares the UTF-8 of two strings: `differ` decides from the first differing bytes; a proper prefix
  /// sorts first.
  @inline(__always)
  private static func compareUTF8(_ a: String, _ b: String, differ: (UInt8, UInt8) -> Bool) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let common = Swift.min(x.count, y.count)
        var i = 0
        // Skip the common prefix 8 bytes at a time.
        while i &+ 8 <= common {
          let wx = UnsafeRawPointer(x.baseAddress!).loadUnaligned(fromByteOffset: i, as: UInt64.self)
          let wy = UnsafeRawPointer(y.baseAddress!).loadUnaligned(fromByteOffset: i, as: UInt64.self)
          if wx != wy { break }
          i &+= 8
        }
        while i < common {
          if x[i] != y[i] { return differ(x[i], y[i]) }
          i &+= 1
        }
        return x.count < y.count
      }
    }
  }
}
