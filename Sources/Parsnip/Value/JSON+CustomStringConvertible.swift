extension JSON: CustomStringConvertible {
  /// The value as compact JSON text; non-finite numbers appear as `NaN`/`Infinity`.
  public var description: String {
    var out: [UInt8] = []
    SimpleWriter.write(self, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}

/// Minimal compact writer used for descriptions until the full writer is wired in.
enum SimpleWriter {
  static func write(_ value: JSON, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): NumberFormatting.append(n, to: &out)
    case .string(let s): writeString(s, to: &out)
    case .array(let a):
      out.append(.openBracket)
      for (k, e) in a.enumerated() {
        if k > 0 { out.append(.comma) }
        write(e, to: &out)
      }
      out.append(.closeBracket)
    case .object(let o):
      out.append(.openBrace)
      for (k, m) in o.members.enumerated() {
        if k > 0 { out.append(.comma) }
        writeString(m.key, to: &out)
        out.append(.colon)
        write(m.value, to: &out)
      }
      out.append(.closeBrace)
    }
  }

  static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(.quote)
    for b in s.utf8 {
      switch b {
      case .quote: out.append(contentsOf: #"\""#.utf8)
      case .backslash: out.append(contentsOf: #"\\"#.utf8)
      case .newline: out.append(contentsOf: #"\n"#.utf8)
      case .carriageReturn: out.append(contentsOf: #"\r"#.utf8)
      case .tab: out.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        out.append(contentsOf: "\\u00".utf8)
        out.append(contentsOf: String(b, radix: 16).count == 1 ? "0\(String(b, radix: 16))".utf8 : String(b, radix: 16).utf8)
      default: out.append(b)
      }
    }
    out.append(.quote)
  }
}
