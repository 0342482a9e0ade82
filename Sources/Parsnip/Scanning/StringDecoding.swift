/// Decoding of validated string contents (the bytes between the quotes) into `String`.
enum StringDecoding {
  /// Decodes validated contents. Without escapes this is one bulk UTF-8 copy.
  ///
  /// - Parameter flags: The string node's `Tape.Flag` bits (`hasEscapes`, `nonASCII`).
  @inline(__always)
  static func string(_ p: UnsafePointer<UInt8>, from start: Int, count: Int, flags: UInt8) -> String {
    if flags & Tape.Flag.hasEscapes == 0 {
      return validated(UnsafeBufferPointer(start: p + start, count: count), isASCII: flags & Tape.Flag.nonASCII == 0)
    }
    return slowpathUnescape(p, from: start, count: count, flags: flags)
  }

  /// A string from bytes the scanner has already validated as UTF-8, without checking them a second time where the
  /// standard library allows it (`UTF8Span`, Swift 6.2 runtimes; about 3% of a tree parse).
  ///
  /// `isASCII` must be exact: `String` keeps it as its ASCII (and so NFC) bit, and a string wrongly marked non-ASCII
  /// compares and hashes through Unicode normalization.
  @inline(__always)
  static func validated(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
    #if compiler(>=6.2)
      if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        return unsafe String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII))
      }
    #endif
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Strings with escapes up to this many bytes are unescaped in a scratch buffer; longer ones in place.
  static let scratchLimit = 1 << 16

  /// Unescapes validated contents into a `String`.
  ///
  /// The unescaped text is never longer than the escaped, and it is valid UTF-8 by construction (the scanner
  /// validated the runs between escapes, and every escape is encoded here), so it is made in a scratch buffer and
  /// becomes a `String` without a second validation (``validated(_:isASCII:)``): on text with many `\u` escapes
  /// that validation was most of the cost. Past ``scratchLimit`` bytes it is unescaped straight into the string's
  /// storage, which validates it again, so that a huge string is never held twice.
  /// - Parameter flags: The string node's `Tape.Flag` bits; `nonASCII` says whether the runs hold non-ASCII bytes.
  @inline(never)
  static func slowpathUnescape(_ p: UnsafePointer<UInt8>, from start: Int, count: Int, flags: UInt8) -> String {
    guard count <= scratchLimit else {
      return String(unsafeUninitializedCapacity: count) { out in
        unescape(p, from: start, count: count, into: out.baseAddress!).count
      }
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { out in
      let (length, escapedNonASCII) = unescape(p, from: start, count: count, into: out.baseAddress!)
      return validated(
        UnsafeBufferPointer(start: out.baseAddress!, count: length),
        isASCII: flags & Tape.Flag.nonASCII == 0 && !escapedNonASCII)
    }
  }

  /// Whether validated contents with escapes, unescaped, are `wanted`'s bytes (no `String` is made).
  static func unescapedEquals(
    _ p: UnsafePointer<UInt8>, from start: Int, count: Int, _ wanted: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { out in
      let (length, _) = unescape(p, from: start, count: count, into: out.baseAddress!)
      return UnsafeBufferPointer(start: out.baseAddress!, count: length).elementsEqual(wanted)
    }
  }

  /// Unescapes validated contents into `out` (room for `count` bytes), copying the runs between escapes in bulk.
  /// - Returns: The bytes written, and whether an escape wrote a non-ASCII scalar.
  private static func unescape(
    _ p: UnsafePointer<UInt8>, from start: Int, count: Int, into out: UnsafeMutablePointer<UInt8>
  ) -> (count: Int, escapedNonASCII: Bool) {
    var o = 0
    var escapedNonASCII = false
    var j = start
    let end = start + count
    while j < end {
      // Copy up to the next backslash, found 8 bytes at a time.
      var k = j
      while k &+ 8 <= end {
        let word = UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
        let backslashes = SWAR.zeroBytes(word ^ SWAR.broadcast(.backslash))
        if backslashes != 0 {
          k &+= backslashes.trailingZeroBitCount >> 3
          break
        }
        k &+= 8
      }
      if k &+ 8 > end { while k < end, p[k] != .backslash { k += 1 } }
      if k > j {
        (out + o).update(from: p + j, count: k - j)
        o += k - j
      }
      j = k
      guard j < end else { break }
      let e = p[j + 1]
      j += 2
      let scalar: UInt32
      switch e {
      case UInt8(ascii: "b"): scalar = 0x08
      case UInt8(ascii: "f"): scalar = 0x0C
      case UInt8(ascii: "n"): scalar = 0x0A
      case UInt8(ascii: "r"): scalar = 0x0D
      case UInt8(ascii: "t"): scalar = 0x09
      case UInt8(ascii: "u"):
        let unit = hex4(p + j)
        j += 4
        if unit & 0xFC00 == 0xD800, j + 6 <= end, p[j] == .backslash, p[j + 1] == UInt8(ascii: "u") {
          let low = hex4(p + j + 2)
          if low & 0xFC00 == 0xDC00 {
            j += 6
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          } else {
            scalar = 0xFFFD
          }
        } else if unit & 0xF800 == 0xD800 {
          scalar = 0xFFFD  // unreachable for validated input; JSON5 input may carry lone surrogates
        } else {
          scalar = UInt32(unit)
        }
      default: scalar = UInt32(e)  // \" \\ \/
      }
      if scalar >= 0x80 { escapedNonASCII = true }
      o += encodeUTF8(scalar, into: out + o)
    }
    return (o, escapedNonASCII)
  }

  @inline(__always)
  static func hex4(_ p: UnsafePointer<UInt8>) -> UInt16 {
    var v: UInt16 = 0
    for k in 0..<4 { v = v << 4 | UInt16(p[k].hexValue ?? 0) }
    return v
  }

  /// Writes the UTF-8 encoding of a scalar; returns the number of bytes (an escape is never shorter).
  @inline(__always)
  static func encodeUTF8(_ s: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
    if s < 0x80 {
      out[0] = UInt8(s)
      return 1
    } else if s < 0x800 {
      out[0] = UInt8(0xC0 | (s >> 6))
      out[1] = UInt8(0x80 | (s & 0x3F))
      return 2
    } else if s < 0x10000 {
      out[0] = UInt8(0xE0 | (s >> 12))
      out[1] = UInt8(0x80 | ((s >> 6) & 0x3F))
      out[2] = UInt8(0x80 | (s & 0x3F))
      return 3
    } else {
      out[0] = UInt8(0xF0 | (s >> 18))
      out[1] = UInt8(0x80 | ((s >> 12) & 0x3F))
      out[2] = UInt8(0x80 | ((s >> 6) & 0x3F))
      out[3] = UInt8(0x80 | (s & 0x3F))
      return 4
    }
  }
}
