extension FormatAssertion {
  /// RFC 5321 §4.1.2 `Mailbox` (`email`), or RFC 6531 §3.3's extension of it (`idn-email`): `Local-part "@"
  /// ( Domain / address-literal )`.
  ///
  /// - The local part is a `Dot-string` (atoms of `atext` joined by single dots) or a `Quoted-string` (printable
  ///   ASCII and space, with `\` quoting any of them), at most 64 octets (§4.5.3.1.1). `idn-email` adds every
  ///   non-ASCII scalar to both.
  /// - The domain is a host name (`hostname`, or `idn-hostname` for `idn-email`), at most 255 octets, or an address
  ///   literal: `[` dotted quad `]` or `[IPv6:` address `]` (the tag in any case). No other address-literal tag is
  ///   registered, so others are refused.
  /// - Comments, folding white space and the RFC 5322 display forms are not part of `Mailbox`.
  static func isEmail(_ value: String, international: Bool) -> Bool {
    let scalars = Array(value.unicodeScalars)
    var position = 0
    guard let first = scalars.first else { return false }
    if first == "\"" {
      position = 1
      while true {
        guard position < scalars.count else { return false }
        let c = scalars[position].value
        if c == 0x22 { break }  // "
        if c == 0x5C {  // quoted-pairSMTP = "\" %d32-126
          guard position + 1 < scalars.count, isPrintable(scalars[position + 1].value) else { return false }
          position += 2
          continue
        }
        guard (isPrintable(c) && c != 0x22) || (international && c >= 0x80) else { return false }
        position += 1
      }
      position += 1
    } else {
      var atomLength = 0
      while position < scalars.count, scalars[position] != "@" {
        let c = scalars[position].value
        if c == 0x2E {  // .
          guard atomLength > 0 else { return false }
          atomLength = 0
        } else {
          guard isAtext(c) || (international && c >= 0x80) else { return false }
          atomLength += 1
        }
        position += 1
      }
      guard atomLength > 0 else { return false }
    }
    let localPart = scalars[..<position]
    guard localPart.reduce(0, { $0 + UTF8.width($1) }) <= 64 else { return false }
    guard position < scalars.count, scalars[position] == "@" else { return false }
    let domain = String(String.UnicodeScalarView(scalars[(position + 1)...]))
    if domain.utf8.first == UInt8(ascii: "[") {
      guard domain.utf8.last == UInt8(ascii: "]"), domain.utf8.count > 2 else { return false }
      let literal = domain.utf8.dropFirst().dropLast()
      let tag = "IPv6:".utf8
      if literal.count > tag.count,
        zip(literal.prefix(tag.count), tag).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
      {
        return isIPv6(literal.dropFirst(tag.count))
      }
      return isIPv4(literal)
    }
    guard domain.utf8.count <= 255 else { return false }
    return international ? isInternationalHostname(domain) : isHostname(domain)
  }

  /// `%d32-126`.
  @inline(__always) static func isPrintable(_ c: UInt32) -> Bool { c >= 0x20 && c <= 0x7E }

  /// RFC 5322 `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
  static func isAtext(_ c: UInt32) -> Bool {
    guard c < 0x80 else { return false }
    let byte = UInt8(c)
    if isLetter(byte) || isDigit(byte) { return true }
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"),
      UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
      UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
