/// The `format` assertions of JSON Schema (draft 2020-12 §7.3, and drafts 2019-09 and 7), each checked against
/// its RFC's grammar. The validator calls ``isValid(_:format:)`` for string instances when format assertion is on;
/// non-strings always pass and are not asked about.
///
/// Each family lives in its own file: dates and durations (RFC 3339), e-mail addresses (RFC 5321, RFC 6531), host
/// names (RFC 1123, IDNA 2008), IP addresses (RFC 2673, RFC 4291), URIs and IRIs (RFC 3986, RFC 3987), and
/// identifiers (UUIDs, JSON Pointers, URI Templates, regular expressions). They read UTF-8 bytes, or Unicode scalars
/// where the grammar is about characters, never `Character`s.
enum FormatAssertion {
  /// Whether `value` is valid for the named format; `nil` when the format name is unknown (an unknown format is
  /// not an assertion: the caller decides what that means).
  static func isValid(_ value: String, format: String) -> Bool? {
    switch format {
    case "date-time": return isDateTime(value)
    case "date": return isDate(value)
    case "time": return isTime(value)
    case "duration": return isDuration(value)
    case "email": return isEmail(value, international: false)
    case "idn-email": return isEmail(value, international: true)
    case "hostname": return isHostname(value)
    case "idn-hostname": return isInternationalHostname(value)
    case "ipv4": return isIPv4(value.utf8[...])
    case "ipv6": return isIPv6(value.utf8[...])
    case "uri": return isURI(value, kind: .absolute, international: false)
    case "uri-reference": return isURI(value, kind: .reference, international: false)
    case "iri": return isURI(value, kind: .absolute, international: true)
    case "iri-reference": return isURI(value, kind: .reference, international: true)
    case "uuid": return isUUID(value)
    case "uri-template": return isURITemplate(value)
    case "json-pointer": return isJSONPointer(value)
    case "relative-json-pointer": return isRelativeJSONPointer(value)
    case "regex": return isRegularExpression(value)
    default: return nil
    }
  }

  /// Whether the byte is an ASCII digit.
  @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Whether the byte is an ASCII letter.
  @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }

  /// Whether the byte is an ASCII hex digit.
  @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
  }
}
