extension FormatAssertion {
  enum URIKind {
    /// `URI` / `IRI`: a scheme is required.
    case absolute
    /// `URI-reference` / `IRI-reference`: a URI or a relative reference.
    case reference
  }

  /// RFC 3986 §3 and §4.1 (`uri`, `uri-reference`), or RFC 3987 §2.2 (`iri`, `iri-reference`), which adds
  /// `ucschar` to every component but the scheme, port and IP literals, and `iprivate` to the query.
  static func isURI(_ value: String, kind: URIKind, international: Bool) -> Bool {
    let scalars = Array(value.unicodeScalars).map(\.value)
    var position = 0
    // A scheme, when a ':' comes before any of '/', '?', '#'.
    var hasScheme = false
    if let colon = scalars.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }),
      scalars[colon] == 0x3A
    {
      // A relative reference's first segment cannot hold ':' (path-noscheme), so this must be a scheme.
      guard colon > 0, isSchemeStart(scalars[0]), scalars[1..<colon].allSatisfy(isSchemeCharacter) else {
        return false
      }
      hasScheme = true
      position = colon + 1
    }
    guard hasScheme || kind == .reference else { return false }
    let components = URIComponents(scalars: scalars, international: international)
    // hier-part / relative-part
    if position + 1 < scalars.count, scalars[position] == 0x2F, scalars[position + 1] == 0x2F {
      position += 2
      let end = scalars[position...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? scalars.count
      guard components.isAuthority(position..<end) else { return false }
      position = end
    }
    while position < scalars.count, scalars[position] != 0x3F, scalars[position] != 0x23 {
      guard let next = components.pathCharacter(at: position) else { return false }
      position = next
    }
    if position < scalars.count, scalars[position] == 0x3F {
      position += 1
      while position < scalars.count, scalars[position] != 0x23 {
        guard let next = components.queryCharacter(at: position, privateUse: true) else { return false }
        position = next
      }
    }
    if position < scalars.count, scalars[position] == 0x23 {
      position += 1
      while position < scalars.count {
        guard let next = components.queryCharacter(at: position, privateUse: false) else { return false }
        position = next
      }
    }
    return true
  }

  static func isSchemeStart(_ c: UInt32) -> Bool { c < 0x80 && isLetter(UInt8(c)) }

  static func isSchemeCharacter(_ c: UInt32) -> Bool {
    c < 0x80 && (isLetter(UInt8(c)) || isDigit(UInt8(c)) || c == 0x2B || c == 0x2D || c == 0x2E)
  }

  /// The character rules of RFC 3986 §2 and RFC 3987 §2.2 over one reference's scalars.
  struct URIComponents {
    let scalars: [UInt32]
    let international: Bool

    /// `unreserved`, plus `ucschar` in an IRI.
    func isUnreserved(_ c: UInt32) -> Bool {
      if c < 0x80 {
        let byte = UInt8(c)
        return isLetter(byte) || isDigit(byte) || c == 0x2D || c == 0x2E || c == 0x5F || c == 0x7E
      }
      return international && isUCSCharacter(c)
    }

    func isUCSCharacter(_ c: UInt32) -> Bool {
      switch c {
      case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
      case 0x10000...0xEFFFD: return c & 0xFFFF <= 0xFFFD
      default: return false
      }
    }

    func isPrivateUse(_ c: UInt32) -> Bool {
      (0xE000...0xF8FF).contains(c) || (0xF0000...0xFFFFD).contains(c) || (0x100000...0x10FFFD).contains(c)
    }

    /// `sub-delims`: ``!$&'()*+,;=``.
    func isSubDelimiter(_ c: UInt32) -> Bool {
      switch c {
      case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: return true
      default: return false
      }
    }

    /// The position after a `pct-encoded` triplet at `position`, or `nil`.
    func percentEncoded(at position: Int) -> Int? {
      guard scalars[position] == 0x25, position + 2 < scalars.count, isHex(scalars[position + 1]),
        isHex(scalars[position + 2])
      else { return nil }
      return position + 3
    }

    func isHex(_ c: UInt32) -> Bool { c < 0x80 && isHexDigit(UInt8(c)) }

    /// One `pchar` or `/` at `position`: the position after it, or `nil`.
    func pathCharacter(at position: Int) -> Int? {
      let c = scalars[position]
      if c == 0x25 { return percentEncoded(at: position) }
      if isUnreserved(c) || isSubDelimiter(c) || c == 0x3A || c == 0x40 || c == 0x2F { return position + 1 }
      return nil
    }

    /// One query or fragment character (`pchar`, `/`, `?`, and `iprivate` in an IRI's query).
    func queryCharacter(at position: Int, privateUse: Bool) -> Int? {
      let c = scalars[position]
      if c == 0x3F || (international && privateUse && isPrivateUse(c)) { return position + 1 }
      return pathCharacter(at: position)
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    func isAuthority(_ range: Range<Int>) -> Bool {
      var start = range.lowerBound
      if let at = scalars[range].firstIndex(of: 0x40) {
        var position = start
        while position < at {
          let c = scalars[position]
          if c == 0x25 {
            guard let next = percentEncoded(at: position), next <= at else { return false }
            position = next
          } else {
            guard isUnreserved(c) || isSubDelimiter(c) || c == 0x3A else { return false }
            position += 1
          }
        }
        start = at + 1
      }
      var hostEnd = range.upperBound
      if start < range.upperBound, scalars[start] == 0x5B {  // [ IP-literal ]
        guard let close = scalars[start..<range.upperBound].firstIndex(of: 0x5D),
          isIPLiteral(start + 1..<close)
        else { return false }
        hostEnd = close + 1
        guard hostEnd == range.upperBound || scalars[hostEnd] == 0x3A else { return false }
      } else {
        hostEnd = scalars[start..<range.upperBound].firstIndex(of: 0x3A) ?? range.upperBound
        var position = start
        while position < hostEnd {
          let c = scalars[position]
          if c == 0x25 {
            guard let next = percentEncoded(at: position), next <= hostEnd else { return false }
            position = next
          } else {
            guard isUnreserved(c) || isSubDelimiter(c) else { return false }
            position += 1
          }
        }
      }
      if hostEnd < range.upperBound {
        // ":" port, where port = *DIGIT
        return scalars[(hostEnd + 1)..<range.upperBound].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      }
      return true
    }

    /// `IPv6address / IPvFuture`, between the brackets.
    func isIPLiteral(_ range: Range<Int>) -> Bool {
      guard !range.isEmpty, scalars[range].allSatisfy({ $0 < 0x80 }) else { return false }
      let text = String(decoding: scalars[range].map { UInt8($0) }, as: UTF8.self)
      if scalars[range.lowerBound] | 0x20 == 0x76 {  // v
        // "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let body = scalars[(range.lowerBound + 1)..<range.upperBound]
        guard let dot = body.firstIndex(of: 0x2E), dot > body.startIndex, dot + 1 < body.endIndex,
          body[..<dot].allSatisfy(isHex),
          body[(dot + 1)...].allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == 0x3A })
        else { return false }
        return true
      }
      return isIPv6(text.utf8[...])
    }
  }
}
