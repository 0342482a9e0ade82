/// The text of RFC 9535 normalized-path steps, the one rendering of ``JSONPath/NormalizedPath``,
/// ``JSONKeyPath/normalizedPath`` and ``JSONWritingError/path`` (here so that the writer needs no JSONPath code).
enum NormalizedPathText {
  /// Appends an index step: `[3]`.
  static func appendIndex(_ index: Int, to out: inout [UInt8]) {
    out.append(.openBracket)
    appendDecimal(index, to: &out)
    out.append(.closeBracket)
  }

  /// Appends a name step: `['name']`, with the escapes of RFC 9535 section 2.7.
  static func appendName(_ name: String, to out: inout [UInt8]) {
    out.append(.openBracket)
    out.append(UInt8(ascii: "'"))
    var name = name
    name.withUTF8 { bytes in
      // Most names need no escaping: copy them whole.
      if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "'") || $0 == .backslash }) {
        out.append(contentsOf: bytes)
        return
      }
      for byte in bytes { appendEscaped(byte, to: &out) }
    }
    out.append(UInt8(ascii: "'"))
    out.append(.closeBracket)
  }

  private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "'"): out.append(contentsOf: #"\'"#.utf8)
    case .backslash: out.append(contentsOf: #"\\"#.utf8)
    case 0x08: out.append(contentsOf: #"\b"#.utf8)
    case 0x0C: out.append(contentsOf: #"\f"#.utf8)
    case .newline: out.append(contentsOf: #"\n"#.utf8)
    case .carriageReturn: out.append(contentsOf: #"\r"#.utf8)
    case .tab: out.append(contentsOf: #"\t"#.utf8)
    case 0..<0x20:
      // Section 2.7: other control characters are written \u00XX with lowercase hex digits.
      let hex = Array("0123456789abcdef".utf8)
      out.append(contentsOf: #"\u00"#.utf8)
      out.append(hex[Int(byte >> 4)])
      out.append(hex[Int(byte & 0xF)])
    default:
      out.append(byte)
    }
  }

  private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    guard value >= 0 else {
      // Not a valid normalized path (indices are non-negative), but `init(_:)` accepts any `Int`: write it as
      // it is rather than garbage.
      out.append(contentsOf: String(value).utf8)
      return
    }
    guard value >= 10 else {
      out.append(UInt8(truncatingIfNeeded: value) &+ .zero)
      return
    }
    let start = out.count
    var rest = value
    while rest > 0 {
      out.append(UInt8(truncatingIfNeeded: rest % 10) &+ .zero)
      rest /= 10
    }
    out[start...].reverse()
  }
}
