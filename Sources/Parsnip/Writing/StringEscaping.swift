/// String → quoted JSON string text.
///
/// Runs of bytes that need no escaping are found 8 bytes at a time (SWAR, see ``SWAR``) and copied in one piece;
/// only the bytes that end a run take the slow path. Escapes are the minimal set of RFC 8259, spelled as
/// `JSON.stringify` and RFC 8785 spell them: `\"` `\\` `\b` `\f` `\n` `\r` `\t`, and `\u00XX` with lowercase hex
/// for the other control characters. `/` is escaped only on request (`\/`), and DEL and U+2028/U+2029 are written
/// raw. With `asciiOnly`, every non-ASCII scalar becomes `\uXXXX` (lowercase hex), as a UTF-16 surrogate pair above
/// U+FFFF.
enum StringEscaping {
  /// Appends `string` as a quoted JSON string.
  /// - Parameters:
  ///   - string: The string.
  ///   - out: The destination, an `[UInt8]` or the writer's buffer.
  ///   - escapesSlashes: Write `/` as `\/` (default `false`).
  ///   - asciiOnly: Escape every non-ASCII scalar (default `false`).
  @inline(__always)
  static func appendQuoted<Output: JSONOutput>(
    _ string: String, to out: inout Output, escapesSlashes: Bool = false, asciiOnly: Bool = false
  ) {
    out.writeByte(.quote)
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      appendEscaped(UnsafeRawBufferPointer(utf8), to: &out, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
    }
    if done == nil {
      // Bridged or otherwise non-contiguous strings: make a native copy once.
      var copy = string
      copy.makeContiguousUTF8()
      copy.withUTF8 { utf8 in
        appendEscaped(UnsafeRawBufferPointer(utf8), to: &out, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
      }
    }
    out.writeByte(.quote)
  }

  /// Appends the escaped contents of valid UTF-8 `bytes`, without quotes.
  @inline(__always)
  static func appendEscaped<Output: JSONOutput>(
    _ bytes: UnsafeRawBufferPointer, to out: inout Output, escapesSlashes: Bool, asciiOnly: Bool
  ) {
    guard let base = bytes.baseAddress else { return }
    let n = bytes.count
    var runStart = 0
    var i = 0
    while true {
      // Find the next byte that needs attention, 8 bytes at a time.
      var special = -1
      while i &+ 8 <= n {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let mask = specialBytes(word, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
        if mask != 0 {
          special = i &+ mask.trailingZeroBitCount >> 3
          break
        }
        i &+= 8
      }
      if special < 0 {
        while i < n {
          if needsEscape(base.load(fromByteOffset: i, as: UInt8.self), escapesSlashes, asciiOnly) {
            special = i
            break
          }
          i &+= 1
        }
        if special < 0 { break }
      }
      if special > runStart {
        out.writeBytes(UnsafeRawBufferPointer(start: base + runStart, count: special &- runStart))
      }
      i = special &+ writeEscape(base.assumingMemoryBound(to: UInt8.self), at: special, count: n, to: &out)
      runStart = i
    }
    if n > runStart { out.writeBytes(UnsafeRawBufferPointer(start: base + runStart, count: n &- runStart)) }
  }

  /// High bit set in each byte of `word` that needs escaping; only the lowest set bit is exact (higher ones can be
  /// borrow artefacts), which is all the scan uses.
  @inline(__always)
  static func specialBytes(_ word: UInt64, escapesSlashes: Bool, asciiOnly: Bool) -> UInt64 {
    var mask = SWAR.escapeOrQuoteBytes(word)
    if escapesSlashes { mask |= SWAR.zeroBytes(word ^ SWAR.broadcast(.slash)) }
    if asciiOnly { mask |= word }
    return mask & 0x8080_8080_8080_8080
  }

  @inline(__always)
  static func needsEscape(_ b: UInt8, _ escapesSlashes: Bool, _ asciiOnly: Bool) -> Bool {
    b < 0x20 || b == .quote || b == .backslash || (escapesSlashes && b == .slash) || (asciiOnly && b >= 0x80)
  }

  /// Writes the escape for the byte (or, for non-ASCII, the scalar) at `i` and returns how many bytes it consumed.
  @inline(never)
  static func writeEscape<Output: JSONOutput>(
    _ p: UnsafePointer<UInt8>, at i: Int, count n: Int, to out: inout Output
  ) -> Int {
    let b = p[i]
    if b < 0x80 {
      var scratch: UInt64 = 0
      withUnsafeMutableBytes(of: &scratch) { scratch in
        let length = writeEscape(ascii: b, to: scratch.baseAddress!)
        out.writeBytes(UnsafeRawBufferPointer(rebasing: scratch[..<length]))
      }
      return 1
    }
    // Non-ASCII in ASCII-only mode: decode the scalar (the input is valid UTF-8; a truncated tail is replaced with
    // U+FFFD rather than read past the end).
    let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
    guard i + length <= n else {
      writeUnicodeEscape(0xFFFD, to: &out)
      return n - i
    }
    var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length { scalar = scalar << 6 | UInt32(p[i + k] & 0x3F) }
    if scalar > 0xFFFF {
      let v = scalar - 0x1_0000
      writeUnicodeEscape(UInt16(0xD800 + (v >> 10)), to: &out)
      writeUnicodeEscape(UInt16(0xDC00 + (v & 0x3FF)), to: &out)
    } else {
      writeUnicodeEscape(UInt16(scalar), to: &out)
    }
    return length
  }

  /// Writes the escape of an ASCII byte that needs one (a quote, backslash, slash or control character) at `to`
  /// (room for six bytes); returns its length.
  @inline(never)
  static func writeEscape(ascii byte: UInt8, to: UnsafeMutableRawPointer) -> Int {
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

  /// `\uXXXX` with lowercase hex digits.
  static func writeUnicodeEscape<Output: JSONOutput>(_ unit: UInt16, to out: inout Output) {
    let hex: StaticString = "0123456789abcdef"
    let digits = hex.utf8Start
    out.writeByte(.backslash)
    out.writeByte(UInt8(ascii: "u"))
    out.writeByte(digits[Int(unit >> 12)])
    out.writeByte(digits[Int(unit >> 8 & 0xF)])
    out.writeByte(digits[Int(unit >> 4 & 0xF)])
    out.writeByte(digits[Int(unit & 0xF)])
  }
}
