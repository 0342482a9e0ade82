/// The engine behind `JSON5.normalize`: one pass over JSON5 text that validates it and writes strict JSON.
///
/// Like the strict scanner it is iterative, with an explicit stack of open containers, so deep nesting costs heap,
/// not call stack. White space and comments are not copied, so the output is compact.
struct JSON5Normalizer: TextScanning {
  let input: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  let end: Int
  let maximumDepth: Int
  var i = 0
  var output: [UInt8] = []
  /// Where values and keys start: `output offset << 32 | input offset` (see `JSON5.OffsetMap`).
  var marks: [UInt64] = []

  init(input: UnsafeRawBufferPointer, maximumDepth: Int) {
    self.input = input
    self.base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? TapeCursor.emptyBase
    self.end = input.count
    self.maximumDepth = maximumDepth
    output.reserveCapacity(input.count + input.count / 8 + 16)
  }

  /// Records that the token starting at `i` is written from the current end of the output.
  @inline(__always)
  mutating func mark() {
    marks.append(UInt64(truncatingIfNeeded: output.count) << 32 | UInt64(truncatingIfNeeded: i))
  }

  // MARK: Errors

  /// How the character at `offset` is shown in a message: `'x'`, `U+00A0`, or `byte 0xNN`.
  func describe(at offset: Int) -> String { SourceLocation.describe(byteAt: offset, in: input) }

  func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }

  // MARK: Document

  mutating func normalizeDocument() throws(JSONParseError) {
    try skipTrivia()
    try normalizeValues()
    try skipTrivia()
    if i < end {
      if base[i] >= 0x80, Scanner.utf8SequenceLength(base, at: i, end: end) == nil {
        throw error(.invalidUTF8, "invalid UTF-8 byte 0x\(hex(base[i], width: 2))", at: i)
      }
      throw error(.trailingContent, "unexpected \(describe(at: i)) after the top-level value", at: i)
    }
  }

  /// Normalizes one complete value, with everything nested in it, starting at `i` (trivia skipped).
  mutating func normalizeValues() throws(JSONParseError) {
    // The closing byte of each open container.
    var stack: [UInt8] = []
    valueLoop: while true {
      guard i < end else { throw unexpected("a value", at: i) }
      let b = base[i]
      mark()
      switch b {
      case .quote, UInt8(ascii: "'"):
        try normalizeString()
      case .openBracket, .openBrace:
        let isObject = b == .openBrace
        if stack.count >= maximumDepth {
          throw error(.nestingTooDeep, "nesting deeper than \(maximumDepth) levels", at: i)
        }
        let close: UInt8 = isObject ? .closeBrace : .closeBracket
        output.append(b)
        i &+= 1
        try skipTrivia()
        if i < end, base[i] == close {
          output.append(close)
          i &+= 1
          break  // an empty container is a complete value
        }
        stack.append(close)
        if isObject { try normalizeKeyAndColon() }
        try skipTrivia()
        continue valueLoop
      case .minus, .plus, .period, .zero ... .nine, UInt8(ascii: "I"), UInt8(ascii: "N"):
        try normalizeNumber()
      case UInt8(ascii: "t"):
        try literal("true")
      case UInt8(ascii: "f"):
        try literal("false")
      case UInt8(ascii: "n"):
        try literal("null")
      default:
        throw unexpected("a value", at: i)
      }

      // After a complete value: close containers, or move to the next element.
      while let close = stack.last {
        let isObject = close == .closeBrace
        try skipTrivia()
        guard i < end else { throw unexpected(isObject ? "',' or '}'" : "',' or ']'", at: i) }
        let c = base[i]
        if c == .comma {
          i &+= 1
          try skipTrivia()
          if i < end, base[i] == close {
            continue  // a trailing comma: the closing byte is handled by the next iteration
          }
          output.append(.comma)
          if isObject { try normalizeKeyAndColon() }
          try skipTrivia()
          continue valueLoop
        }
        if c == close {
          output.append(close)
          stack.removeLast()
          i &+= 1
          continue
        }
        throw unexpected(isObject ? "',' or '}' after an object member" : "',' or ']' after an array element", at: i)
      }
      return
    }
  }

  /// Normalizes `key :` (trivia before the key already skipped), leaving `i` after the colon.
  mutating func normalizeKeyAndColon() throws(JSONParseError) {
    guard i < end else { throw unexpected("a key", at: i) }
    let b = base[i]
    mark()
    if b == .quote || b == UInt8(ascii: "'") {
      try normalizeString()
    } else {
      try normalizeIdentifier()
    }
    try skipTrivia()
    guard i < end, base[i] == .colon else { throw unexpected("':' after an object key", at: i) }
    output.append(.colon)
    i &+= 1
  }

  /// Matches a literal such as `true` at `i` and copies it.
  mutating func literal(_ word: StaticString) throws(JSONParseError) {
    let n = word.utf8CodeUnitCount
    for k in 0..<n where i &+ k >= end || base[i &+ k] != word.utf8Start[k] {
      throw unexpected(k == 0 ? "a value" : "'\(word)'", at: i &+ k)
    }
    output.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: n))
    i &+= n
  }

  // MARK: White space and comments

  /// Skips JSON5 white space and comments.
  mutating func skipTrivia() throws(JSONParseError) {
    while i < end {
      let b = base[i]
      switch b {
      case 0x09...0x0D, .space:
        i &+= 1
      case .slash:
        guard i &+ 1 < end else { return }
        if base[i &+ 1] == .slash {
          try skipLineComment()
        } else if base[i &+ 1] == UInt8(ascii: "*") {
          try skipBlockComment()
        } else {
          return
        }
      case 0x80...:
        guard let length = whiteSpaceLength(at: i) else { return }
        i &+= length
      default:
        return
      }
    }
  }

  /// Length of the non-ASCII JSON5 white space character at `j`, or `nil`: U+00A0, U+1680, U+2000...U+200A,
  /// U+2028, U+2029, U+202F, U+205F, U+3000 (the space separators and line terminators) and U+FEFF.
  func whiteSpaceLength(at j: Int) -> Int? {
    let b0 = base[j]
    let b1: UInt8 = j &+ 1 < end ? base[j &+ 1] : 0
    let b2: UInt8 = j &+ 2 < end ? base[j &+ 2] : 0
    switch (b0, b1) {
    case (0xC2, 0xA0): return 2
    case (0xE1, 0x9A): return b2 == 0x80 ? 3 : nil
    case (0xE2, 0x80): return (0x80...0x8A).contains(b2) || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF ? 3 : nil
    case (0xE2, 0x81): return b2 == 0x9F ? 3 : nil
    case (0xE3, 0x80): return b2 == 0x80 ? 3 : nil
    case (0xEF, 0xBB): return b2 == 0xBF ? 3 : nil
    default: return nil
    }
  }

  /// Length of the line terminator at `j` (LF, CR, CR LF, U+2028, U+2029), or 0.
  func lineTerminatorLength(at j: Int) -> Int {
    switch base[j] {
    case .newline: return 1
    case .carriageReturn: return j &+ 1 < end && base[j &+ 1] == .newline ? 2 : 1
    case 0xE2:
      return j &+ 2 < end && base[j &+ 1] == 0x80 && (base[j &+ 2] == 0xA8 || base[j &+ 2] == 0xA9) ? 3 : 0
    default: return 0
    }
  }

  /// Skips `// ...` up to (not including) the line terminator; comment text must still be valid UTF-8.
  mutating func skipLineComment() throws(JSONParseError) {
    i &+= 2
    while i < end {
      let b = base[i]
      if b == .newline || b == .carriageReturn { return }
      if b < 0x80 {
        i &+= 1
        continue
      }
      if lineTerminatorLength(at: i) > 0 { return }
      i &+= try utf8Length(at: i)
    }
  }

  /// Skips `/* ... */`.
  mutating func skipBlockComment() throws(JSONParseError) {
    let start = i
    i &+= 2
    while i < end {
      let b = base[i]
      if b == UInt8(ascii: "*"), i &+ 1 < end, base[i &+ 1] == .slash {
        i &+= 2
        return
      }
      i &+= b < 0x80 ? 1 : try utf8Length(at: i)
    }
    throw error(.unexpectedEndOfInput, "unterminated block comment", at: start)
  }

  /// Length of the well-formed UTF-8 sequence at `j` (first byte ≥ 0x80), or an `invalidUTF8` error.
  func utf8Length(at j: Int) throws(JSONParseError) -> Int {
    guard let length = Scanner.utf8SequenceLength(base, at: j, end: end) else {
      throw error(.invalidUTF8, "invalid UTF-8 byte 0x\(hex(base[j], width: 2))", at: j)
    }
    return length
  }

  /// The Unicode scalar encoded at `j`, or `nil` for ill-formed UTF-8.
  func scalar(at j: Int) -> Unicode.Scalar? {
    let b0 = base[j]
    if b0 < 0x80 { return Unicode.Scalar(b0) }
    guard let length = Scanner.utf8SequenceLength(base, at: j, end: end) else { return nil }
    var value = UInt32(b0) & (0x7F >> UInt32(length))
    for k in 1..<length { value = value << 6 | UInt32(base[j &+ k] & 0x3F) }
    return Unicode.Scalar(value)
  }
}
