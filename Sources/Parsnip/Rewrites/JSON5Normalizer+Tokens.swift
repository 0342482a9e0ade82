/// Strings, identifier keys and numbers of JSON5, each validated and rewritten as strict JSON.
extension JSON5Normalizer {
  // MARK: Strings

  /// Normalizes a single- or double-quoted string starting at its opening quote.
  mutating func normalizeString() throws(JSONParseError) {
    let start = i
    let quote = base[i]
    output.append(.quote)
    i &+= 1
    var run = i  // start of the bytes not yet copied
    while true {
      guard i < end else { throw error(.unexpectedEndOfInput, "unterminated string", at: start) }
      let b = base[i]
      if b == quote {
        flush(from: run)
        i &+= 1
        break
      }
      switch b {
      case .backslash:
        flush(from: run)
        guard i &+ 1 < end else { throw error(.unexpectedEndOfInput, "unterminated string", at: start) }
        try normalizeEscape()
        run = i
      case .quote:  // inside a single-quoted string
        flush(from: run)
        output.append(contentsOf: [.backslash, .quote])
        i &+= 1
        run = i
      case .newline, .carriageReturn:
        throw error(
          .unescapedControlCharacter,
          "unescaped line break in string (write '\\n', or a backslash before the line break to continue the string)",
          at: i)
      case 0..<0x20:
        flush(from: run)
        appendEscapedControl(UInt32(b))
        i &+= 1
        run = i
      case 0x80...:
        i &+= try utf8Length(at: i)
      default:
        i &+= 1
      }
    }
    output.append(.quote)
  }

  /// Copies the input bytes `run..<i` to the output.
  @inline(__always)
  mutating func flush(from run: Int) {
    if i > run { output.append(contentsOf: UnsafeBufferPointer(start: base + run, count: i &- run)) }
  }

  /// Normalizes one escape sequence at `i` (the backslash) inside a string.
  mutating func normalizeEscape() throws(JSONParseError) {
    let start = i
    guard i &+ 1 < end else { throw error(.unexpectedEndOfInput, "unterminated string", at: i) }
    let e = base[i &+ 1]
    i &+= 2
    switch e {
    case .quote, .backslash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"),
      UInt8(ascii: "t"):
      output.append(contentsOf: [.backslash, e])
    case UInt8(ascii: "v"):
      appendEscapedControl(0x0B)
    case .zero:
      if i < end, base[i].isDigit {
        throw error(
          .invalidEscape, "invalid escape sequence '\\0' followed by a digit (octal escapes are not allowed)", at: start
        )
      }
      appendEscapedControl(0)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      throw error(
        .invalidEscape, "invalid escape sequence '\\\(Character(Unicode.Scalar(e)))' (octal escapes are not allowed)",
        at: start)
    case UInt8(ascii: "x"):
      var value: UInt32 = 0
      for k in 0..<2 {
        guard i &+ k < end, let h = base[i &+ k].hexValue else {
          throw error(.invalidEscape, "expected two hexadecimal digits after '\\x'", at: i &+ k)
        }
        value = value << 4 | UInt32(h)
      }
      i &+= 2
      appendScalar(value)
    case UInt8(ascii: "u"):
      let unit = try hexQuad(at: i)
      i &+= 4
      if unit & 0xFC00 == 0xD800 {
        guard i &+ 1 < end, base[i] == .backslash, base[i &+ 1] == UInt8(ascii: "u"),
          let low = try? hexQuad(at: i &+ 2), low & 0xFC00 == 0xDC00
        else { throw loneSurrogate(unit, at: start) }
        i &+= 6
        appendScalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
      } else if unit & 0xFC00 == 0xDC00 {
        throw loneSurrogate(unit, at: start)
      } else {
        appendScalar(UInt32(unit))
      }
    case .newline, .carriageReturn:
      i = start &+ 1 &+ lineTerminatorLength(at: start &+ 1)  // a line continuation stands for nothing
    case 0x80...:
      let length = lineTerminatorLength(at: start &+ 1)
      if length > 0 {
        i = start &+ 1 &+ length  // continuation before U+2028 or U+2029
      } else {
        let scalarLength = try utf8Length(at: start &+ 1)
        output.append(contentsOf: UnsafeBufferPointer(start: base + start + 1, count: scalarLength))
        i = start &+ 1 &+ scalarLength
      }
    case 0..<0x20:
      appendEscapedControl(UInt32(e))
    default:
      output.append(e)  // any other escaped character stands for itself: '\a' is 'a', '\'' is '\''
    }
  }

  func loneSurrogate(_ unit: UInt16, at offset: Int) -> JSONParseError {
    error(.invalidEscape, "lone surrogate \\u\(hex(unit, width: 4)) is not a Unicode scalar", at: offset)
  }

  /// Appends a scalar inside a strict JSON string: escaped when JSON requires it, as UTF-8 otherwise.
  mutating func appendScalar(_ scalar: UInt32) {
    if scalar < 0x20 {
      appendEscapedControl(scalar)
    } else if scalar == UInt32(UInt8.quote) || scalar == UInt32(UInt8.backslash) {
      output.append(contentsOf: [.backslash, UInt8(scalar)])
    } else {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { buffer in
        let n = StringDecoding.encodeUTF8(scalar, into: buffer.baseAddress!)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
      }
    }
  }

  /// Appends `\u00XX`.
  mutating func appendEscapedControl(_ scalar: UInt32) {
    output.append(contentsOf: [.backslash, UInt8(ascii: "u"), .zero, .zero])
    output.append(contentsOf: hex(scalar, width: 2).utf8)
  }

  // MARK: Identifier keys

  /// Normalizes an unquoted key (an ECMAScript 5.1 IdentifierName) into a quoted string.
  mutating func normalizeIdentifier() throws(JSONParseError) {
    output.append(.quote)
    var isFirst = true
    while i < end {
      let scalar: Unicode.Scalar
      if base[i] == .backslash {
        guard i &+ 1 < end, base[i &+ 1] == UInt8(ascii: "u") else {
          throw error(.invalidEscape, "expected '\\u' escape in an unquoted key", at: i)
        }
        let unit = try hexQuad(at: i &+ 2)
        guard let s = Unicode.Scalar(UInt32(unit)), JSON5Normalizer.isIdentifierPart(s, first: isFirst) else {
          throw error(
            .invalidEscape, "escape \\u\(hex(unit, width: 4)) is not a letter, digit, '$' or '_' in an unquoted key",
            at: i)
        }
        scalar = s
        i &+= 6
      } else {
        if base[i] >= 0x80 { _ = try utf8Length(at: i) }
        guard let s = self.scalar(at: i), JSON5Normalizer.isIdentifierPart(s, first: isFirst) else {
          if isFirst { throw unexpected("a key", at: i) }
          break  // the identifier ends here
        }
        scalar = s
        i &+= s.utf8.count
      }
      appendScalar(scalar.value)  // identifier characters never need escaping in JSON
      isFirst = false
    }
    output.append(.quote)
  }

  /// Whether `s` may start (`first`) or continue an ECMAScript 5.1 identifier.
  static func isIdentifierPart(_ s: Unicode.Scalar, first: Bool) -> Bool {
    switch s.value {
    case 0x24, 0x5F, 0x41...0x5A, 0x61...0x7A: return true  // $ _ A-Z a-z
    case 0x30...0x39: return !first
    case 0x00..<0x80: return false
    case 0x200C, 0x200D: return !first  // ZWNJ, ZWJ
    default: break
    }
    switch s.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
      return true
    case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
      return !first
    default:
      return false
    }
  }

  // MARK: Numbers

  /// Normalizes a JSON5 number: optional sign, then decimal, hexadecimal, `Infinity` or `NaN`.
  mutating func normalizeNumber() throws(JSONParseError) {
    var negative = false
    if base[i] == .minus || base[i] == .plus {
      negative = base[i] == .minus
      i &+= 1
    }
    guard i < end else { throw error(.invalidNumber, "invalid number: expected a digit after the sign", at: i) }
    switch base[i] {
    case UInt8(ascii: "I"):
      try literal("Infinity")
      if negative { output.insert(.minus, at: output.count - 8) }
    case UInt8(ascii: "N"):
      try literal("NaN")  // NaN has no sign worth keeping
    case .zero where i &+ 1 < end && base[i &+ 1] | 0x20 == UInt8(ascii: "x"):
      try normalizeHexadecimal(negative: negative)
    default:
      try normalizeDecimal(negative: negative)
    }
  }

  /// `0`, `12`, `.5`, `5.`, `1.5e3`...; leading zeros are not allowed, as in JSON.
  mutating func normalizeDecimal(negative: Bool) throws(JSONParseError) {
    if negative { output.append(.minus) }
    var hasInteger = false
    if i < end, base[i] == .zero {
      output.append(.zero)
      i &+= 1
      hasInteger = true
      if i < end, base[i].isDigit { throw invalidNumber("no leading zeros", at: i) }
    } else if i < end, base[i].isDigit {
      copyDigits()
      hasInteger = true
    }
    if i < end, base[i] == .period {
      i &+= 1
      if !hasInteger { output.append(.zero) }
      output.append(.period)
      if i < end, base[i].isDigit {
        copyDigits()
      } else if hasInteger {
        output.append(.zero)  // `5.` is `5.0`
      } else {
        throw invalidNumber("a digit after '.'", at: i)
      }
    } else if !hasInteger {
      throw invalidNumber("a digit", at: i)
    }
    if i < end, base[i] | 0x20 == .lowerE {
      output.append(.lowerE)
      i &+= 1
      if i < end, base[i] == .minus || base[i] == .plus {
        output.append(base[i])
        i &+= 1
      }
      guard i < end, base[i].isDigit else { throw invalidNumber("a digit in the exponent", at: i) }
      copyDigits()
    }
  }

  mutating func copyDigits() {
    let start = i
    while i < end, base[i].isDigit { i &+= 1 }
    output.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i &- start))
  }

  func invalidNumber(_ expected: String, at offset: Int) -> JSONParseError {
    if offset < end, base[offset] > 0x20 {
      return error(.invalidNumber, "invalid number: expected \(expected), found \(describe(at: offset))", at: offset)
    }
    return error(.invalidNumber, "invalid number: expected \(expected)", at: offset)
  }

  /// `0x1F` → `31`, exactly, however long (up to `JSON5.maximumHexadecimalDigits` significant digits).
  mutating func normalizeHexadecimal(negative: Bool) throws(JSONParseError) {
    i &+= 2
    let start = i
    while i < end, base[i].hexValue != nil { i &+= 1 }
    guard i > start else { throw invalidNumber("a hexadecimal digit after '0x'", at: i) }
    var first = start
    while first < i &- 1, base[first] == .zero { first &+= 1 }
    let count = i &- first
    guard count <= JSON5.maximumHexadecimalDigits else {
      throw error(
        .invalidNumber,
        "invalid number: hexadecimal number longer than \(JSON5.maximumHexadecimalDigits) significant digits",
        at: start &- 2)
    }
    if negative { output.append(.minus) }
    if count <= 16 {
      var value: UInt64 = 0
      for k in first..<i { value = value << 4 | UInt64(base[k].hexValue!) }
      output.append(contentsOf: String(value).utf8)
      return
    }
    appendHexadecimalAsDecimal(from: first, to: i)
  }

  /// Converts a long hexadecimal digit run to decimal with base-10⁹ limbs, 7 hex digits (28 bits) at a time.
  mutating func appendHexadecimalAsDecimal(from start: Int, to stop: Int) {
    var limbs: [UInt32] = [0]  // little-endian, base 10⁹
    limbs.reserveCapacity((stop - start) * 4 / 29 + 2)
    var k = start
    while k < stop {
      let chunk = Swift.min(7, stop - k)
      var addend: UInt64 = 0
      for _ in 0..<chunk {
        addend = addend << 4 | UInt64(base[k].hexValue!)
        k += 1
      }
      let factor = UInt64(1) << UInt64(4 * chunk)
      var carry = addend
      for index in limbs.indices {
        let product = UInt64(limbs[index]) * factor + carry
        limbs[index] = UInt32(product % 1_000_000_000)
        carry = product / 1_000_000_000
      }
      while carry > 0 {
        limbs.append(UInt32(carry % 1_000_000_000))
        carry /= 1_000_000_000
      }
    }
    output.append(contentsOf: String(limbs[limbs.count - 1]).utf8)
    for limb in limbs.dropLast().reversed() {
      let digits = String(limb)
      output.append(contentsOf: repeatElement(UInt8.zero, count: 9 - digits.utf8.count))
      output.append(contentsOf: digits.utf8)
    }
  }
}
