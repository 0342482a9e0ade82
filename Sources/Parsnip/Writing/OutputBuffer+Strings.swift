extension OutputBuffer {
  /// Input bytes a growing buffer escapes per reservation: the worst case (every byte a six-byte `\u00XX`) must
  /// fit in one.
  static let escapingChunkLimit = 1 << 16

  /// Input bytes escaped per reservation; a streaming buffer reserves at most ``largestReservation`` at a time.
  @inline(__always)
  private var escapingChunk: Int { isStreaming ? (Self.largestReservation &- 16) / 6 : Self.escapingChunkLimit }

  /// Appends `string` quoted and escaped, spelled as ``StringEscaping`` spells it.
  ///
  /// The fast path for the writer and the encoder: each chunk of the string gets room for its worst case, so every
  /// eight-byte word is stored unconditionally and the output advances past it when no byte in it needs escaping,
  /// with no bounds checks or copy calls per run of plain text. ASCII-only output takes ``StringEscaping``'s path.
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
    writeByte(.quote)
    if let from = bytes.baseAddress {
      let chunk = escapingChunk
      var offset = 0
      while offset < bytes.count {
        let n = Swift.min(chunk, bytes.count &- offset)
        appendEscaped(from + offset, count: n, escapesSlashes: escapesSlashes)
        offset &+= n
      }
    }
    writeByte(.quote)
  }

  /// Escapes `n` bytes (at most ``escapingChunk``) into one worst-case reservation.
  @inline(__always)
  private mutating func appendEscaped(_ from: UnsafeRawPointer, count n: Int, escapesSlashes: Bool) {
    let start = UnsafeMutableRawPointer(reserve(n &* 6 &+ 16))
    var to = start
    var i = 0
    while i < n {
      let remaining = n &- i
      // `word` holds the bytes in little-endian order, as the SWAR helpers expect.
      var word: UInt64
      var valid: UInt64 = 0x8080_8080_8080_8080
      if remaining >= 8 {
        word = UInt64(littleEndian: from.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      } else {
        // The last few bytes, without reading past the end; the zero padding is not looked at.
        word = 0
        for k in 0..<remaining { word |= UInt64(from.load(fromByteOffset: i &+ k, as: UInt8.self)) &<< (k &* 8) }
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
    advance(by: to - start)
  }
}
