import Foundation

extension OutputCore {
  /// Strings up to this many UTF-8 bytes are escaped into space reserved for the worst case; longer ones go
  /// through the writer's escaper, which grows the buffer as it goes.
  static let reservedEscapingLimit = 1 << 16

  /// Appends a quoted, escaped string with the writer's escapes (``StringEscaping``), faster for the encoder.
  ///
  /// The output is reserved for the worst case (every byte a six-byte `\u00XX`), so each eight-byte word of the
  /// string is stored unconditionally and the output advances past it when no byte in it needs escaping: no bounds
  /// checks or copy calls per run of plain text.
  @inline(__always)
  mutating func appendString(_ string: String) {
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      if utf8.count <= Self.reservedEscapingLimit {
        appendQuoted(UnsafeRawBufferPointer(utf8))
      } else {
        StringEscaping.appendQuoted(string, to: &out, escapesSlashes: escapesSlashes)
      }
    }
    if done == nil { StringEscaping.appendQuoted(string, to: &out, escapesSlashes: escapesSlashes) }
  }

  /// Appends valid UTF-8 `bytes` (at most ``reservedEscapingLimit``) quoted and escaped.
  @inline(__always)
  mutating func appendQuoted(_ bytes: UnsafeRawBufferPointer) {
    let n = bytes.count
    out.reserve(n &* 6 &+ 16)
    let start = UnsafeMutableRawPointer(out.base + out.count)
    start.storeBytes(of: UInt8.quote, as: UInt8.self)
    var to = start + 1
    if let from = bytes.baseAddress {
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
        to += Self.writeEscape(from.load(fromByteOffset: i, as: UInt8.self), to: to)
        i &+= 1
      }
    }
    to.storeBytes(of: UInt8.quote, as: UInt8.self)
    out.advance(by: to - start + 1)
  }

  /// Writes the escape of an ASCII byte that needs one (a quote, backslash, slash or control character), spelled as
  /// ``StringEscaping`` spells it; returns its length.
  @inline(never)
  static func writeEscape(_ byte: UInt8, to: UnsafeMutableRawPointer) -> Int {
    to.storeBytes(of: .backslash, as: UInt8.self)
    let short: UInt8
    switch byte {
    case .quote, .backslash, .slash: short = byte
    case 0x08: short = UInt8(ascii: "b")
    case 0x0C: short = UInt8(ascii: "f")
    case .newline: short = UInt8(ascii: "n")
    case .carriageReturn: short = UInt8(ascii: "r")
    case .tab: short = UInt8(ascii: "t")
    default:
      let hex: StaticString = "0123456789abcdef"
      to.storeBytes(of: UInt8(ascii: "u"), toByteOffset: 1, as: UInt8.self)
      to.storeBytes(of: UInt8(ascii: "0"), toByteOffset: 2, as: UInt8.self)
      to.storeBytes(of: UInt8(ascii: "0"), toByteOffset: 3, as: UInt8.self)
      to.storeBytes(of: hex.utf8Start[Int(byte &>> 4)], toByteOffset: 4, as: UInt8.self)
      to.storeBytes(of: hex.utf8Start[Int(byte & 0xF)], toByteOffset: 5, as: UInt8.self)
      return 6
    }
    to.storeBytes(of: short, toByteOffset: 1, as: UInt8.self)
    return 2
  }
}
