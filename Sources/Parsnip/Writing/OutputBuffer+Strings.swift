extension OutputBuffer {
  /// Input bytes a growing buffer escapes per reservation: the worst case (every byte a six-byte `\u00XX`) must
  /// fit in one.
  static let escapingChunkLimit = 1 << 16

  /// Input bytes escaped per reservation; a streaming buffer reserves at most ``largestReservation`` at a time.
  @inline(__always)
  private var escapingChunk: Int { isStreaming ? (Self.largestReservation &- 18) / 6 : Self.escapingChunkLimit }

  /// Appends `string` quoted and escaped, spelled as ``StringEscaping`` spells it.
  ///
  /// The fast path for the writer and the encoder: each chunk of the string gets room for its worst case, so every
  /// block (a string under 16 bytes as a whole, then 64 and 16 bytes at a time, then the 16 that end the string, or
  /// 8 at a time after an escape there) is stored unconditionally and the output advances past it when no byte in it
  /// needs escaping, with no bounds checks or copy calls per run of plain text. ASCII-only output takes
  /// ``StringEscaping``'s path.
  @inline(__always)
  mutating func appendQuoted(_ string: String, escapesSlashes: Bool, asciiOnly: Bool = false) {
    if !asciiOnly {
      let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
        appendQuoted(UnsafeRawBufferPointer(utf8), escapesSlashes: escapesSlashes)
      }
      if done != nil { return }
    }
    StringEscaping.appendQuoted(string, to: &self, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
  }

  /// Appends valid UTF-8 `bytes` quoted and escaped (non-ASCII bytes are copied as they are).
  @inline(__always)
  mutating func appendQuoted(_ bytes: UnsafeRawBufferPointer, escapesSlashes: Bool) {
    let chunk = escapingChunk
    guard let from = bytes.baseAddress, bytes.count > chunk else {
      // One reservation for the quotes and the worst case of the whole string.
      let n = bytes.count
      let start = UnsafeMutableRawPointer(reserve(n &* 6 &+ 18))
      start.storeBytes(of: .quote, as: UInt8.self)
      let end =
        n == 0 ? start + 1 : Self.escape(bytes.baseAddress!, count: n, to: start + 1, escapesSlashes: escapesSlashes)
      end.storeBytes(of: .quote, as: UInt8.self)
      advance(by: end + 1 - start)
      return
    }
    writeByte(.quote)
    var offset = 0
    while offset < bytes.count {
      let n = Swift.min(chunk, bytes.count &- offset)
      let start = UnsafeMutableRawPointer(reserve(n &* 6 &+ 16))
      advance(by: Self.escape(from + offset, count: n, to: start, escapesSlashes: escapesSlashes) - start)
      offset &+= n
    }
    writeByte(.quote)
  }

  /// The position (0..<16) of the first byte among `bytes` that needs escaping (a quote, backslash or control
  /// character, or a slash when `escapesSlashes`); 16 when none does.
  @inline(__always)
  private static func firstEscapedByte(_ bytes: SIMD16<UInt8>, escapesSlashes: Bool) -> Int {
    SIMD16Mask.firstLane(escapedBytes(bytes, escapesSlashes: escapesSlashes))
  }

  /// The lanes of `bytes` that need escaping. Flipping bit 1 turns a quote (0x22) into 0x20 and keeps every control
  /// character below 0x20, so one unsigned comparison finds both.
  @inline(__always)
  private static func escapedBytes(_ bytes: SIMD16<UInt8>, escapesSlashes: Bool) -> SIMDMask<SIMD16<Int8>> {
    let flip: SIMD16<UInt8> = SIMD16(repeating: 0x02)
    let limit: SIMD16<UInt8> = SIMD16(repeating: 0x21)
    let backslashes: SIMD16<UInt8> = SIMD16(repeating: .backslash)
    var special = ((bytes ^ flip) .< limit) .| (bytes .== backslashes)
    if escapesSlashes {
      let slashes: SIMD16<UInt8> = SIMD16(repeating: .slash)
      special .|= bytes .== slashes
    }
    return special
  }

  /// Whether any byte of four blocks needs escaping: the flipped bytes (as in ``escapedBytes(_:escapesSlashes:)``)
  /// are folded into one running minimum, so the quotes and controls of all four cost one comparison.
  @_transparent
  private static func anyEscapedByte(
    _ b0: SIMD16<UInt8>, _ b1: SIMD16<UInt8>, _ b2: SIMD16<UInt8>, _ b3: SIMD16<UInt8>, escapesSlashes: Bool
  ) -> Bool {
    let flip: SIMD16<UInt8> = SIMD16(repeating: 0x02)
    let limit: SIMD16<UInt8> = SIMD16(repeating: 0x21)
    let backslashes: SIMD16<UInt8> = SIMD16(repeating: .backslash)
    let low = lesser(lesser(b0 ^ flip, b1 ^ flip), lesser(b2 ^ flip, b3 ^ flip))
    var special =
      (low .< limit) .| (b0 .== backslashes) .| (b1 .== backslashes)
      .| (b2 .== backslashes) .| (b3 .== backslashes)
    if escapesSlashes {
      let slashes: SIMD16<UInt8> = SIMD16(repeating: .slash)
      special .|= (b0 .== slashes) .| (b1 .== slashes) .| (b2 .== slashes) .| (b3 .== slashes)
    }
    return SIMD16Mask.any(special)
  }

  /// The lesser of each pair of lanes (the standard library's `pointwiseMin` is generic and not inlined here).
  @inline(__always)
  private static func lesser(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    a.replacing(with: b, where: b .< a)
  }

  /// Escapes `n` bytes into `to`, which has room for their worst case plus 16 bytes, and returns the end.
  private static func escape(
    _ from: UnsafeRawPointer, count n: Int, to start: UnsafeMutableRawPointer, escapesSlashes: Bool
  ) -> UnsafeMutableRawPointer {
    // One copy of the loops for each setting, so the per-block tests do not ask again.
    escapesSlashes
      ? escape(from, count: n, to: start, slashes: true) : escape(from, count: n, to: start, slashes: false)
  }

  // `@_transparent` rather than `@inline(__always)` here and in `anyEscapedByte`: each SIMD operator is a per-lane
  // loop until LLVM vectorizes it, so these bodies count as many blocks, and the optimizer stopped inlining them
  // (+15% instructions on gsoc-2018.json).
  @_transparent
  private static func escape(
    _ from: UnsafeRawPointer, count n: Int, to start: UnsafeMutableRawPointer, slashes escapesSlashes: Bool
  ) -> UnsafeMutableRawPointer {
    var to = start
    var i = 0
    if n < 16 {
      // Most strings are short: their bytes are read as one word, or two that overlap, and tested at once; only a
      // short string with a byte to escape goes on below.
      if n >= 8 {
        let head = UInt64(littleEndian: from.loadUnaligned(as: UInt64.self))
        let tail = UInt64(littleEndian: from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
        let special =
          StringEscaping.specialBytes(head, escapesSlashes: escapesSlashes, asciiOnly: false)
          | StringEscaping.specialBytes(tail, escapesSlashes: escapesSlashes, asciiOnly: false)
        if special == 0 {
          start.storeBytes(of: head.littleEndian, as: UInt64.self)
          start.storeBytes(of: tail.littleEndian, toByteOffset: n &- 8, as: UInt64.self)
          return start + n
        }
      } else if n > 0 {
        let word: UInt64
        if n >= 4 {
          let head = UInt32(littleEndian: from.loadUnaligned(as: UInt32.self))
          let tail = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
          word = UInt64(head) | UInt64(tail) &<< 32
        } else {
          // One to three bytes: the first, middle and last, padded with spaces (which need no escape).
          word =
            UInt64(from.load(as: UInt8.self)) | UInt64(from.load(fromByteOffset: n &>> 1, as: UInt8.self)) &<< 8
            | UInt64(from.load(fromByteOffset: n &- 1, as: UInt8.self)) &<< 16 | 0x2020_2020_2000_0000
        }
        if StringEscaping.specialBytes(word, escapesSlashes: escapesSlashes, asciiOnly: false) == 0 {
          if n >= 4 {
            start.storeBytes(of: UInt32(truncatingIfNeeded: word).littleEndian, as: UInt32.self)
            start.storeBytes(
              of: UInt32(truncatingIfNeeded: word &>> 32).littleEndian, toByteOffset: n &- 4, as: UInt32.self)
          } else {
            start.storeBytes(of: UInt8(truncatingIfNeeded: word), as: UInt8.self)
            start.storeBytes(of: UInt8(truncatingIfNeeded: word &>> 8), toByteOffset: n &>> 1, as: UInt8.self)
            start.storeBytes(of: UInt8(truncatingIfNeeded: word &>> 16), toByteOffset: n &- 1, as: UInt8.self)
          }
          return start + n
        }
      }
    }
    if n < 8 {
      // Too short for a word load, with a byte to escape: byte by byte.
      while i < n {
        let byte = from.load(fromByteOffset: i, as: UInt8.self)
        if StringEscaping.needsEscape(byte, escapesSlashes, false) {
          to += StringEscaping.writeEscape(ascii: byte, to: to)
        } else {
          to.storeBytes(of: byte, as: UInt8.self)
          to += 1
        }
        i &+= 1
      }
      return to
    }
    // Where the output last matched the input byte for byte (after the last escape).
    var copiedFrom = 0
    // 64 bytes at a time while they last: four blocks stored whole and tested together, so a long run of plain text
    // costs one branch per 64 bytes; a block with an escape keeps its bytes up to it.
    while n &- i >= 64 {
      let p = UnsafeRawPointer(from + i)
      let b0 = p.loadUnaligned(as: SIMD16<UInt8>.self)
      let b1 = p.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
      let b2 = p.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
      let b3 = p.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
      to.storeBytes(of: b0, as: SIMD16<UInt8>.self)
      to.storeBytes(of: b1, toByteOffset: 16, as: SIMD16<UInt8>.self)
      to.storeBytes(of: b2, toByteOffset: 32, as: SIMD16<UInt8>.self)
      to.storeBytes(of: b3, toByteOffset: 48, as: SIMD16<UInt8>.self)
      if !anyEscapedByte(b0, b1, b2, b3, escapesSlashes: escapesSlashes) {
        i &+= 64
        to += 64
        continue
      }
      var k = firstEscapedByte(b0, escapesSlashes: escapesSlashes)
      if k == 16 {
        k &+= firstEscapedByte(b1, escapesSlashes: escapesSlashes)
        if k == 32 {
          k &+= firstEscapedByte(b2, escapesSlashes: escapesSlashes)
          if k == 48 { k &+= firstEscapedByte(b3, escapesSlashes: escapesSlashes) }
        }
      }
      i &+= k
      to += k
      to += StringEscaping.writeEscape(ascii: from.load(fromByteOffset: i, as: UInt8.self), to: to)
      i &+= 1
      copiedFrom = i
    }
    // Then 16 bytes at a time, stored whole and kept up to the first byte that needs escaping.
    while n &- i >= 16 {
      let bytes = UnsafeRawPointer(from + i).loadUnaligned(as: SIMD16<UInt8>.self)
      to.storeBytes(of: bytes, as: SIMD16<UInt8>.self)
      let k = firstEscapedByte(bytes, escapesSlashes: escapesSlashes)
      if k == 16 {
        i &+= 16
        to += 16
        continue
      }
      i &+= k
      to += k
      to += StringEscaping.writeEscape(ascii: from.load(fromByteOffset: i, as: UInt8.self), to: to)
      i &+= 1
      copiedFrom = i
    }
    // Under 16 bytes left: the 16 bytes that end the string, when those before `i` among them were copied unchanged,
    // are stored to end where its text ends, in one step if none needs escaping.
    if i < n, n >= 16, copiedFrom <= n &- 16 {
      let bytes = UnsafeRawPointer(from + (n &- 16)).loadUnaligned(as: SIMD16<UInt8>.self)
      if !SIMD16Mask.any(escapedBytes(bytes, escapesSlashes: escapesSlashes)) {
        (to - (16 &- (n &- i))).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
        return to + (n &- i)
      }
    }
    while i < n {
      let remaining = n &- i
      // `word` holds the bytes in little-endian order, as the SWAR helpers expect.
      var word: UInt64
      var valid: UInt64 = 0x8080_8080_8080_8080
      if remaining >= 8 {
        word = UInt64(littleEndian: from.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      } else {
        // The last few bytes: the word ending at the end, shifted down so they come first.
        let last = UInt64(littleEndian: from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
        word = last &>> UInt64((8 &- remaining) &* 8)
        valid &= (1 &<< UInt64(remaining &* 8)) &- 1
      }
      to.storeBytes(of: word.littleEndian, as: UInt64.self)
      let mask = StringEscaping.specialBytes(word, escapesSlashes: escapesSlashes, asciiOnly: false) & valid
      if mask == 0 {
        let step = Swift.min(8, remaining)
        i &+= step
        to += step
        continue
      }
      let plain = mask.trailingZeroBitCount &>> 3
      i &+= plain
      to += plain
      to += StringEscaping.writeEscape(ascii: from.load(fromByteOffset: i, as: UInt8.self), to: to)
      i &+= 1
    }
    return to
  }
}
