extension FormatAssertion {
  /// RFC 2673 §3.2 dotted quad: four decimal octets 0–255, ASCII digits, no leading zeros.
  static func isIPv4(_ bytes: Substring.UTF8View) -> Bool {
    var octets = 0
    var index = bytes.startIndex
    while true {
      var value = 0
      var digits = 0
      var first: UInt8 = 0
      while index != bytes.endIndex, isDigit(bytes[index]) {
        if digits == 0 { first = bytes[index] }
        value = value * 10 + Int(bytes[index] - 0x30)
        digits += 1
        bytes.formIndex(after: &index)
        guard digits <= 3 else { return false }
      }
      guard digits > 0, value <= 255, digits == 1 || first != UInt8(ascii: "0") else { return false }
      octets += 1
      if index == bytes.endIndex { return octets == 4 }
      guard octets < 4, bytes[index] == UInt8(ascii: ".") else { return false }
      bytes.formIndex(after: &index)
    }
  }

  /// RFC 4291 §2.2 text forms: eight groups of 1–4 hex digits, at most one `::` standing for one or more zero
  /// groups, and optionally a dotted quad in place of the last two groups. No zone index, no prefix length.
  static func isIPv6(_ bytes: Substring.UTF8View) -> Bool {
    var groups = 0
    var sawDoubleColon = false
    var index = bytes.startIndex
    let end = bytes.endIndex
    if index != end, bytes[index] == UInt8(ascii: ":") {
      // Only `::` may start the address.
      bytes.formIndex(after: &index)
      guard index != end, bytes[index] == UInt8(ascii: ":") else { return false }
      bytes.formIndex(after: &index)
      sawDoubleColon = true
      if index == end { return true }
    }
    while true {
      // A group, or the embedded IPv4 address that ends the text.
      let groupStart = index
      var digits = 0
      while index != end, isHexDigit(bytes[index]) {
        digits += 1
        bytes.formIndex(after: &index)
      }
      if index != end, bytes[index] == UInt8(ascii: ".") {
        guard isIPv4(bytes[groupStart...]) else { return false }
        groups += 2
        break
      }
      guard digits >= 1, digits <= 4 else { return false }
      groups += 1
      if index == end { break }
      guard bytes[index] == UInt8(ascii: ":") else { return false }
      bytes.formIndex(after: &index)
      if index != end, bytes[index] == UInt8(ascii: ":") {
        guard !sawDoubleColon else { return false }
        sawDoubleColon = true
        bytes.formIndex(after: &index)
        if index == end { break }
      } else if index == end {
        return false  // a trailing single colon
      }
      guard groups < 8 else { return false }
    }
    return sawDoubleColon ? groups < 8 : groups == 8
  }
}
