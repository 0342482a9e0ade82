/// What the strict scanner and the JSON5 normalizer share: the text they read and the errors that point into it.
protocol TextScanning {
  var input: UnsafeRawBufferPointer { get }
  /// `input`'s bytes (a readable stand-in when it is empty).
  var base: UnsafePointer<UInt8> { get }
  var end: Int { get }
}

extension TextScanning {
  @inline(never)
  func error(_ kind: JSONParseError.Kind, _ message: String, at offset: Int) -> JSONParseError {
    JSONParseError(kind, message, at: offset, in: input)
  }

  /// "expected X, found Y" at `offset`, or the end-of-input or invalid-UTF-8 error that explains it better.
  @inline(never)
  func unexpected(_ expected: String, at offset: Int) -> JSONParseError {
    if offset >= end {
      return error(.unexpectedEndOfInput, "unexpected end of input, expected \(expected)", at: offset)
    }
    let b = base[offset]
    if b >= 0x80, Scanner.utf8SequenceLength(base, at: offset, end: end) == nil {
      return error(.invalidUTF8, "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))", at: offset)
    }
    return error(
      .unexpectedCharacter, "expected \(expected), found \(SourceLocation.describe(byteAt: offset, in: input))",
      at: offset)
  }

  /// The four hexadecimal digits of a `\u` escape at `j`.
  func hexQuad(at j: Int) throws(JSONParseError) -> UInt16 {
    var value: UInt16 = 0
    for k in 0..<4 {
      guard j &+ k < end, let h = base[j &+ k].hexValue else {
        throw error(.invalidEscape, "expected four hexadecimal digits after '\\u'", at: j &+ k)
      }
      value = value << 4 | UInt16(h)
    }
    return value
  }
}
