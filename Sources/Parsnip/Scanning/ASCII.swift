/// Byte constants and classification used by the scanners and writers.
extension UInt8 {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let period = UInt8(ascii: ".")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let lowerE = UInt8(ascii: "e")
  static let upperE = UInt8(ascii: "E")

  @inline(__always) var isDigit: Bool { self &- .zero < 10 }
  @inline(__always) var isJSONWhitespace: Bool {
    self == .space || self == .newline || self == .carriageReturn || self == .tab
  }
  @inline(__always) var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }
}

/// 8-bytes-at-a-time helpers (SWAR) for finding bytes that end a fast string run.
enum SWAR {
  @inline(__always) static func broadcast(_ b: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(b) }

  /// The eight bytes at `p` (unaligned) as a little-endian word: the first byte in the lowest bits.
  @inline(__always) static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
  }

  /// High bit set in each byte of `word` that is zero.
  @inline(__always) static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }

  /// High bit set in each byte that is `"` or `\` or a control character (ASCII-only check skipped).
  @inline(__always) static func escapeOrQuoteBytes(_ word: UInt64) -> UInt64 {
    let quotes = zeroBytes(word ^ broadcast(.quote))
    let backslashes = zeroBytes(word ^ broadcast(.backslash))
    let controls = (word &- broadcast(0x20)) & ~word
    return (quotes | backslashes | controls) & 0x8080_8080_8080_8080
  }
}

/// Reading the result of a 16-byte SIMD comparison (`SIMDMask<SIMD16<Int8>>`, all-ones lanes where it holds) as
/// integers. The mask is read as two words rather than lane by lane, which `any(_:)` and subscripts compile to.
enum SIMD16Mask {
  /// The first lane (0..<16) where `mask` holds; 16 when it holds nowhere.
  @inline(__always)
  static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    if words[0] != 0 { return words[0].trailingZeroBitCount >> 3 }
    if words[1] != 0 { return 8 &+ words[1].trailingZeroBitCount >> 3 }
    return 16
  }

  /// Whether `mask` holds in any lane.
  @inline(__always)
  static func any(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// Whether `mask` holds in every lane (SSE2: a compare of the two words with all ones and `movmskps`).
  @inline(__always)
  static func all(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return words[0] & words[1] == ~0
  }

  /// `mask` as 16 bits, lane k at bit k: each word's high bits gathered by one multiplication.
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt16 {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let magic: UInt64 = 0x0002_0408_1020_4081
    let low = ((words[0] & 0x8080_8080_8080_8080) &* magic) >> 56
    let high = ((words[1] & 0x8080_8080_8080_8080) &* magic) >> 56
    return UInt16(truncatingIfNeeded: low | high << 8)
  }
}
