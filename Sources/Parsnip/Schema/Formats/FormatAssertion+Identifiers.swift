extension FormatAssertion {
  /// RFC 4122 §3, the hyphenated form: `8-4-4-4-12` hex digits, any case, any version and variant.
  static func isUUID(_ value: String) -> Bool {
    let bytes = value.utf8
    guard bytes.count == 36 else { return false }
    for (offset, byte) in bytes.enumerated() {
      switch offset {
      case 8, 13, 18, 23: guard byte == UInt8(ascii: "-") else { return false }
      default: guard isHexDigit(byte) else { return false }
      }
    }
    return true
  }

  /// RFC 6570, read by the one URI Template parser (`URITemplate`).
  static func isURITemplate(_ value: String) -> Bool {
    (try? URITemplate(value)) != nil
  }

  /// RFC 6901, read by the one JSON Pointer parser.
  static func isJSONPointer(_ value: String) -> Bool {
    (try? JSONPointer.parseTokens(Array(value.utf8))) != nil
  }

  /// draft-bhutton-relative-json-pointer-00: a non-negative integer without leading zeros, an optional index
  /// manipulation (`+` or `-` and another such integer), then `#` or a JSON Pointer.
  static func isRelativeJSONPointer(_ value: String) -> Bool {
    let bytes = Array(value.utf8)
    var position = 0
    func integer() -> Bool {
      guard position < bytes.count, isDigit(bytes[position]) else { return false }
      if bytes[position] == UInt8(ascii: "0") {
        position += 1
        return true
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
      return true
    }
    guard integer() else { return false }
    if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
      position += 1
      guard integer() else { return false }
    }
    if position == bytes.count { return true }
    if bytes[position] == UInt8(ascii: "#") { return position + 1 == bytes.count }
    return (try? JSONPointer.parseTokens(Array(bytes[position...]))) != nil
  }

  /// An ECMA-262 regular expression (Unicode mode), read by the one regular expression parser. A pattern this
  /// engine cannot run (a Unicode script, a size past its limits) is still a valid pattern.
  static func isRegularExpression(_ value: String) -> Bool {
    do {
      _ = try RegularExpression.compile(value, dialect: .ecmaScript)
      return true
    } catch {
      return error.kind != .invalidPattern
    }
  }
}
