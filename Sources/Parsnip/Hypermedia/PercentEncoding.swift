/// RFC 3986 percent-encoding of UTF-8 bytes, as URI templates expand values.
enum PercentEncoding {
  private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// Appends `%XX` for `byte`, uppercase as RFC 3986 section 2.1 recommends.
  @inline(__always) static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "%"))
    out.append(hex[Int(byte >> 4)])
    out.append(hex[Int(byte & 0x0F)])
  }

  /// `unreserved`: letters, digits, `-`, `.`, `_`, `~`.
  @inline(__always) static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), .zero ... .nine,
      .minus, .period, UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// `reserved`: gen-delims `:/?#[]@` and sub-delims `!$&'()*+,;=`.
  @inline(__always) static func isReserved(_ byte: UInt8) -> Bool {
    switch byte {
    case .colon, .slash, UInt8(ascii: "?"), UInt8(ascii: "#"), .openBracket, .closeBracket, UInt8(ascii: "@"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), .plus, .comma, UInt8(ascii: ";"), UInt8(ascii: "="):
      true
    default: false
    }
  }

  /// Appends the UTF-8 of `text` encoded: unreserved bytes as they are, with `allowsReserved` also reserved bytes
  /// and existing `%XX` triplets, everything else as `%XX`.
  static func append(_ text: String, allowsReserved: Bool, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        if isUnreserved(byte) || (allowsReserved && isReserved(byte)) {
          out.append(byte)
        } else if allowsReserved, byte == UInt8(ascii: "%"), i + 2 < bytes.count, bytes[i + 1].hexValue != nil,
          bytes[i + 2].hexValue != nil
        {
          out.append(byte)
        } else {
          appendEscaped(byte, to: &out)
        }
        i += 1
      }
    }
  }
}
