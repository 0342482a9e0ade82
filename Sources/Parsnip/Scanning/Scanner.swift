/// Strict RFC 8259 scanner: validates the whole input and fills a `Tape`.
///
/// The scanner is iterative, with an explicit stack of open containers, so nesting depth costs heap, not call
/// stack; the depth limit exists for the consumers of the tape (tree building, writing), which recurse.
struct Scanner: TextScanning {
  let base: UnsafePointer<UInt8>
  let end: Int
  let input: UnsafeRawBufferPointer
  var tape: TapeBuilder
  let maxDepth: Int
  var i = 0
  /// Accept the `Infinity`, `-Infinity` and `NaN` literals as numbers (tape flag `json5`). Set only for text that
  /// `JSON5.normalize` produced; the checks sit on paths that strict input reaches only when it is already invalid.
  var allowsNonFiniteLiterals = false

  init(input: UnsafeRawBufferPointer, maxDepth: Int) {
    self.input = input
    // An empty buffer may have no base address; point at a static byte so reads stay in bounds checks only.
    self.base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? TapeCursor.emptyBase
    self.end = input.count
    // Room for a value every 4 bytes: regrowing holds the old tape and the new at once (3 times the tape), while
    // capacity that is never written costs address space, not memory.
    self.tape = TapeBuilder(capacity: input.count / 4 + 16)
    // Trees deeper than this could not be released on a small thread stack (see `JSON.maximumSupportedDepth`).
    self.maxDepth = Swift.min(maxDepth, JSON.maximumSupportedDepth)
  }

  // MARK: Whitespace

  @inline(__always)
  mutating func skipWhitespace() {
    // Fast exits: every structural or value byte is above ' '; pretty-printed text puts one space after ':', and
    // text without indentation one line feed between tokens.
    guard i < end, base[i] <= .space else { return }
    if base[i] == .space || base[i] == .newline, i &+ 1 < end, base[i &+ 1] > .space {
      i &+= 1
      return
    }
    // A line break and indentation (pretty-printed text): the spaces found with one compare.
    if base[i] == .newline, i &+ 17 <= end {
      i &+= 1 &+ Self.firstNonSpaceByte(base + (i &+ 1))
      if i < end, base[i] > .space { return }
    }
    skipWhitespaceRun()
  }

  /// The position (0..<16) of the first byte among 16 at `p` that is not a space; 16 when all are.
  @inline(__always)
  static func firstNonSpaceByte(_ p: UnsafePointer<UInt8>) -> Int {
    let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    let spaces: SIMD16<UInt8> = SIMD16(repeating: 0x20)
    return SIMD16Mask.firstLane(bytes .!= spaces)
  }

  /// Skips a run of whitespace 16 bytes at a time (a line break and indentation make up much of pretty-printed
  /// text). A control character other than whitespace ends the run; the caller reports it.
  @inline(__always)
  mutating func skipWhitespaceRun() {
    while i &+ 16 <= end {
      let k = Self.firstNonWhitespaceByte(base + i)
      i &+= k
      if k < 16 { return }
    }
    while i < end, base[i].isJSONWhitespace { i &+= 1 }
  }

  @inline(__always)
  static func load32(_ p: UnsafePointer<UInt8>) -> UInt32 {
    UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
  }

  /// The position (0..<16) of the first byte among 16 at `p` that is not a space, tab, line feed or carriage
  /// return; 16 when all are.
  @inline(__always)
  static func firstNonWhitespaceByte(_ p: UnsafePointer<UInt8>) -> Int {
    let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    let spaces: SIMD16<UInt8> = SIMD16(repeating: 0x20)
    let lineFeeds: SIMD16<UInt8> = SIMD16(repeating: 0x0A)
    let returns: SIMD16<UInt8> = SIMD16(repeating: 0x0D)
    let tabs: SIMD16<UInt8> = SIMD16(repeating: 0x09)
    let whitespace = (bytes .== spaces) .| (bytes .== lineFeeds) .| (bytes .== returns) .| (bytes .== tabs)
    return SIMD16Mask.firstLane(.!whitespace)
  }

  /// The position (0..<16) of the first byte among 16 at `p` that is `"`, `\`, a control character or non-ASCII;
  /// 16 when there is none.
  ///
  /// SIMD compares (SSE2 `pcmpeqb`/`pcmpgtb` on x86-64): a signed byte below 0x20 is a control character or
  /// non-ASCII.
  @inline(__always)
  static func firstStringSpecialByte(_ p: UnsafePointer<UInt8>) -> Int {
    // Explicitly typed operands: with inferred ones the compiler picks the generic, lane-by-lane operators.
    let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    let quotes: SIMD16<UInt8> = SIMD16(repeating: 0x22)
    let backslashes: SIMD16<UInt8> = SIMD16(repeating: 0x5C)
    let spaces: SIMD16<Int8> = SIMD16(repeating: 0x20)
    let signed: SIMD16<Int8> = SIMD16<Int8>(truncatingIfNeeded: bytes)
    return SIMD16Mask.firstLane((bytes .== quotes) .| (bytes .== backslashes) .| (signed .< spaces))
  }

  /// High bit set in each byte that is `"`, `\`, a control character (< 0x20) or non-ASCII (≥ 0x80).
  ///
  /// Only the lowest set bit is exact (a borrow can flag bytes above it), which is all the scan needs. The three
  /// "byte minus constant" terms share the `& ~word` of the usual zero-byte test: every flagged ASCII byte has its
  /// high bit clear, and bytes with the high bit set are flagged anyway.
  @inline(__always)
  static func stringSpecialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = (word ^ 0x2222_2222_2222_2222) &- ones
    let backslashes = (word ^ 0x5C5C_5C5C_5C5C_5C5C) &- ones
    let controls = word &- 0x2020_2020_2020_2020
    return (quotes | backslashes | controls | word) & 0x8080_8080_8080_8080
  }

  // MARK: Document

  /// RFC 8259 section 8.1: parsers MAY ignore a byte order mark; every Parsnip reader skips one UTF-8 BOM at the
  /// very start (3), and nothing else (0).
  static func byteOrderMarkLength(_ text: UnsafeRawBufferPointer) -> Int {
    text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
  }

  /// Scans the whole input; the scanner must not be used afterwards.
  consuming func scanDocument() throws(JSONParseError) -> Tape {
    do throws(JSONParseError) {
      guard end <= ScanPipeline.maximumInputSize else {
        throw error(.inputTooLarge, "input larger than 4 GiB", at: 0)
      }
      i = Self.byteOrderMarkLength(input)
      skipWhitespace()
      try scanValues()
      skipWhitespace()
      if i < end {
        throw error(
          .trailingContent,
          "unexpected \(SourceLocation.describe(byteAt: i, in: input)) after the top-level value", at: i)
      }
    } catch {
      tape.discard()
      throw error
    }
    return tape.finish()
  }

  /// Scans one complete value (with everything nested in it) starting at `i`.
  ///
  /// The innermost open container lives in locals (its start node, its element count, whether it is an object);
  /// the enclosing ones are saved on `ContainerStack`, one word each.
  mutating func scanValues() throws(JSONParseError) {
    var outer = ContainerStack()
    defer { outer.deallocate() }
    var depth = 0
    var open = 0  // start node of the innermost open container (when depth > 0)
    var count: UInt32 = 0  // its elements so far
    var inObject = false
    var keyFirst = false  // an object member starts here: its key and colon come before the value

    valueLoop: while true {
      if keyFirst {
        // `"key" :`, written out here: as a call it is not inlined, and keys are a third of all nodes.
        guard i < end, base[i] == .quote else { throw unexpected("a string key", at: i) }
        try scanString()
        if i < end, base[i] == .colon {
          i &+= 1
          skipWhitespace()
        } else if i &+ 4 <= end, Self.load32(base + i) & 0xFF_FFFF == 0x20_3A20, base[i &+ 3] > .space {
          i &+= 3  // ` : ` and the value
        } else {
          try scanSpacedColon()
        }
        keyFirst = false
      }
      // Expect a value at i (whitespace already skipped).
      guard i < end else { throw unexpected("a value", at: i) }
      let b = base[i]
      switch b {
      case .quote:
        try scanString()
      case .openBracket, .openBrace:
        let isObject = b == .openBrace
        if depth >= maxDepth {
          throw error(.nestingTooDeep, "nesting deeper than \(maxDepth) levels", at: i)
        }
        let node = tape.append(isObject ? Tape.Kind.object.rawValue : Tape.Kind.array.rawValue, offset: i, aux: 0)
        i &+= 1
        skipWhitespace()
        if i < end, base[i] == (isObject ? .closeBrace : .closeBracket) {
          let endNode = tape.append(Tape.Kind.end.rawValue, offset: i, aux: 0)
          tape.setAux(node, UInt32(truncatingIfNeeded: endNode))
          i &+= 1
          break  // an empty container is a complete value
        }
        if depth > 0 { outer.push(node: open, count: count) }
        depth &+= 1
        open = node
        count = 1
        inObject = isObject
        keyFirst = isObject
        continue valueLoop
      case .minus, .zero ... .nine:
        try scanNumber()
      case UInt8(ascii: "t"):
        try scanLiteral("true", Tape.Kind.true)
      case UInt8(ascii: "f"):
        try scanLiteral("false", Tape.Kind.false)
      case UInt8(ascii: "n"):
        try scanLiteral("null", Tape.Kind.null)
      default:
        if allowsNonFiniteLiterals, let length = nonFiniteLiteralLength(at: i) {
          tape.append(Tape.Kind.number.rawValue | Tape.Flag.json5, offset: i, aux: UInt32(length))
          i &+= length
          break
        }
        throw unexpected("a value", at: i)
      }

      // After a complete value: close containers or move to the next element.
      while true {
        guard depth > 0 else { return }
        skipWhitespace()
        guard i < end else {
          throw unexpected(inObject ? "',' or '}'" : "',' or ']'", at: i)
        }
        let c = base[i]
        if c == .comma {
          i &+= 1
          count &+= 1
          skipWhitespace()
          keyFirst = inObject
          continue valueLoop
        }
        if c == (inObject ? .closeBrace : .closeBracket) {
          let endNode = tape.append(Tape.Kind.end.rawValue, offset: i, aux: count)
          tape.setAux(open, UInt32(truncatingIfNeeded: endNode))
          i &+= 1
          depth &-= 1
          if depth > 0 {
            (open, count) = outer.pop()
            inObject = tape.rawKind(open) == Tape.Kind.object.rawValue
          }
          continue
        }
        throw unexpected(
          inObject ? "',' or '}' after an object member" : "',' or ']' after an array element", at: i)
      }
    }
  }

  /// Scans a number at `i` (a minus sign or a digit) and appends its node.
  @inline(__always)
  mutating func scanNumber() throws(JSONParseError) {
    let start = i
    let scanned: NumberParser.Validated
    do {
      scanned = try NumberParser.validate(base, from: i, end: end)
    } catch {
      return try scanNumberFailed(error)
    }
    tape.append(scanned.tapeKind, offset: start, aux: UInt32(truncatingIfNeeded: scanned.end &- start))
    i = scanned.end
  }

  /// A number at `i` that does not validate: `-Infinity` and the like in text that JSON5 normalization produced, or
  /// the error. Out of line, so that the valid path inlines small.
  @inline(never)
  mutating func scanNumberFailed(_ failure: NumberParser.Failure) throws(JSONParseError) {
    if allowsNonFiniteLiterals, let length = nonFiniteLiteralLength(at: i) {
      tape.append(Tape.Kind.number.rawValue | Tape.Flag.json5, offset: i, aux: UInt32(length))
      i &+= length
      return
    }
    throw numberError(failure, start: i)
  }

  /// The error for a number that failed to scan at `start`.
  @inline(never)
  func numberError(_ failure: NumberParser.Failure, start: Int) -> JSONParseError {
    switch failure {
    case .invalid(let offset, let expected):
      if offset < end, base[offset] > 0x20, offset != start {
        return self.error(
          .invalidNumber,
          "invalid number: expected \(expected), found \(SourceLocation.describe(byteAt: offset, in: input))",
          at: offset)
      }
      return self.error(.invalidNumber, "invalid number: expected \(expected)", at: offset)
    }
  }

  /// Whitespace, then the colon after a key, then whitespace.
  @inline(__always)
  mutating func scanSpacedColon() throws(JSONParseError) {
    guard skipSpacedColon() else { throw unexpected("':' after an object key", at: i) }
  }

  /// Skips whitespace, the colon after a key and whitespace; `false` (at what is there instead) without a colon.
  /// Out of line, and not throwing, so that a call costs little. `"key" : value`, the layout of Python's `indent=`
  /// output and other pretty-printers, is stepped over before this is called (one 4-byte compare in `scanValues`);
  /// this takes every other layout.
  @inline(never)
  mutating func skipSpacedColon() -> Bool {
    if i &+ 1 < end, base[i] == .space, base[i &+ 1] == .colon {
      i &+= 2
    } else {
      skipWhitespace()
      guard i < end, base[i] == .colon else { return false }
      i &+= 1
    }
    skipWhitespace()
    return true
  }

  /// Length of `Infinity`, `-Infinity` or `NaN` at `j`, or `nil`.
  @inline(never)
  func nonFiniteLiteralLength(at j: Int) -> Int? {
    for word: StaticString in ["Infinity", "-Infinity", "NaN"] {
      let n = word.utf8CodeUnitCount
      guard j &+ n <= end else { continue }
      var k = 0
      while k < n, base[j &+ k] == word.utf8Start[k] { k &+= 1 }
      if k == n { return n }
    }
    return nil
  }

  /// Scans `word`: `true`, `false` or `null`.
  @inline(__always)
  mutating func scanLiteral(_ word: StaticString, _ kind: Tape.Kind) throws(JSONParseError) {
    let n = word.utf8CodeUnitCount
    // The word's bytes as a little-endian integer (constant-folded: `word` is a literal).
    var bytes: UInt64 = 0
    for k in 0..<n { bytes |= UInt64(word.utf8Start[k]) &<< UInt64(k &* 8) }
    // One load and compare where eight bytes are readable; byte by byte (for the error's offset) otherwise.
    if i &+ 8 <= end, SWAR.load(base + i) & ((1 &<< UInt64(truncatingIfNeeded: n &* 8)) &- 1) == bytes {
      tape.append(kind.rawValue, offset: i, aux: 0)
      i &+= n
      return
    }
    try scanLiteralSlowly(word, kind)
  }

  @inline(never)
  mutating func scanLiteralSlowly(_ word: StaticString, _ kind: Tape.Kind) throws(JSONParseError) {
    let n = word.utf8CodeUnitCount
    let w = word.utf8Start
    var k = 0
    while k < n {
      guard i &+ k < end, base[i &+ k] == w[k] else {
        throw unexpected(k == 0 ? "a value" : "'\(word)'", at: i &+ k)
      }
      k &+= 1
    }
    tape.append(kind.rawValue, offset: i, aux: 0)
    i &+= n
  }

  // MARK: Strings

  /// Validates a string starting at the opening quote and appends its node.
  ///
  /// Inline fast path: plain ASCII, 16 bytes at a time, up to the closing quote. Escapes, non-ASCII text, control
  /// characters and the last 16 bytes of the input go to `scanStringSlowly`.
  @inline(__always)
  mutating func scanString() throws(JSONParseError) {
    let start = i &+ 1
    var j = start
    while j &+ 16 <= end {
      let k = Self.firstStringSpecialByte(base + j)
      if k < 16 {
        j &+= k
        if base[j] == .quote {
          tape.append(Tape.Kind.string.rawValue, offset: start, aux: UInt32(truncatingIfNeeded: j &- start))
          i = j &+ 1
          return
        }
        break
      }
      j &+= 16
    }
    try scanStringSlowly(start: start, from: j)
  }

  /// The rest of `scanString`: the bytes from `start` to `j` are plain ASCII.
  @inline(never)
  mutating func scanStringSlowly(start: Int, from plain: Int) throws(JSONParseError) {
    var j = plain
    var flags: UInt8 = 0
    while true {
      // Skip plain ASCII 16 bytes at a time, then 8 near the end of the input.
      while j &+ 16 <= end {
        let k = Self.firstStringSpecialByte(base + j)
        j &+= k
        if k < 16 { break }
      }
      if j &+ 16 > end {
        while j &+ 8 <= end {
          let special = Self.stringSpecialBytes(SWAR.load(base + j))
          if special != 0 {
            j &+= special.trailingZeroBitCount >> 3
            break
          }
          j &+= 8
        }
      }
      guard j < end else { throw error(.unexpectedEndOfInput, "unterminated string", at: i) }
      let b = base[j]
      if b == .quote {
        break
      } else if b == .backslash {
        flags |= Tape.Flag.hasEscapes
        guard j &+ 1 < end else { throw error(.unexpectedEndOfInput, "unterminated string", at: i) }
        // `\n`, `\"` and the other one-letter escapes in place; a call (which copies the scanner) for `\u` and errors.
        j = Self.isOneLetterEscape(base[j &+ 1]) ? j &+ 2 : try scanEscape(at: j)
      } else if b < 0x20 {
        throw error(
          .unescapedControlCharacter,
          "unescaped control character U+\(hex4(UInt16(b))) in string", at: j)
      } else if b >= 0x80 {
        flags |= Tape.Flag.nonASCII
        // Non-ASCII text comes in runs (Cyrillic, CJK): validate the whole run before going back to 16-byte steps.
        repeat {
          // Common runs many bytes at a time, each kind in its own loop: two-byte sequences with ASCII (Cyrillic,
          // Greek, Hebrew, Arabic), 16 bytes a step; three-byte ones (CJK), two as one word. Anything else, and
          // the last 16 bytes of the input, go through `utf8SequenceLength`.
          let lead = base[j]
          if lead &- 0xE0 < 0x10 {
            let after = Self.skipThreeByteText(base, from: j, end: end)
            if after != j {
              j = after
              continue
            }
          } else if lead &- 0xC2 < 0x1E, j &+ 16 <= end {
            // Two-byte sequences mixed with ASCII (a Cyrillic name, its spaces, up to the closing quote), from a
            // lead: a stray continuation byte or an overlong lead is an error, reported below.
            let after = Self.skipTwoByteText(base, from: j, end: end)
            if after != j {
              j = after
              continue
            }
          }
          let length =
            j &+ 4 <= end
            ? Scanner.utf8SequenceLength(base + j) : Scanner.utf8SequenceLength(base, at: j, end: end) ?? 0
          guard length != 0 else {
            throw error(
              .invalidUTF8, "invalid UTF-8 byte 0x\(String(base[j], radix: 16, uppercase: true)) in string", at: j)
          }
          j &+= length
        } while j < end && base[j] >= 0x80
      } else {
        j &+= 1
      }
    }
    tape.append(Tape.Kind.string.rawValue | flags, offset: start, aux: UInt32(truncatingIfNeeded: j &- start))
    i = j &+ 1
  }

  /// Whether `\` followed by `byte` is a complete escape: `"`, `\`, `/`, `b`, `f`, `n`, `r` or `t`; one bit test in a
  /// 128-bit set, as two words.
  @inline(__always)
  static func isOneLetterEscape(_ byte: UInt8) -> Bool {
    let below64: UInt64 = 1 << 0x22 | 1 << 0x2F
    let from64: UInt64 =
      1 << (0x5C - 64) | 1 << (0x62 - 64) | 1 << (0x66 - 64) | 1 << (0x6E - 64) | 1 << (0x72 - 64)
      | 1 << (0x74 - 64)
    return byte < 0x80 && ((byte < 0x40 ? below64 : from64) >> (byte & 63)) & 1 != 0
  }

  /// Validates one escape sequence at `j` (the backslash) and returns the offset after it.
  @inline(never)
  func scanEscape(at j: Int) throws(JSONParseError) -> Int {
    guard j &+ 1 < end else { throw error(.unexpectedEndOfInput, "unterminated string", at: j) }
    switch base[j &+ 1] {
    case let escaped where Self.isOneLetterEscape(escaped):
      return j &+ 2
    case UInt8(ascii: "u"):
      let unit = try hexQuad(at: j &+ 2)
      if unit & 0xFC00 == 0xD800 {
        // A high surrogate must be followed by an escaped low surrogate.
        guard j &+ 7 < end, base[j &+ 6] == .backslash, base[j &+ 7] == UInt8(ascii: "u") else {
          throw error(.invalidEscape, "lone surrogate \\u\(hex4(unit)) is not a Unicode scalar", at: j)
        }
        let low = try hexQuad(at: j &+ 8)
        guard low & 0xFC00 == 0xDC00 else {
          throw error(.invalidEscape, "lone surrogate \\u\(hex4(unit)) is not a Unicode scalar", at: j)
        }
        return j &+ 12
      }
      if unit & 0xFC00 == 0xDC00 {
        throw error(.invalidEscape, "lone surrogate \\u\(hex4(unit)) is not a Unicode scalar", at: j)
      }
      return j &+ 6
    default:
      throw error(
        .invalidEscape,
        "invalid escape sequence '\\' followed by \(SourceLocation.describe(byteAt: j &+ 1, in: input))", at: j)
    }
  }

  func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - s.count) + s
  }

  /// The end of the string text from `j` made only of ASCII and two-byte sequences (see ``plainTwoByteRun(_:)``),
  /// read 16 bytes a step while 16 remain; `j` itself when there is none. Out of line, so that the SIMD constants do
  /// not crowd the registers of `scanStringSlowly`'s other loops.
  @inline(never)
  static func skipTwoByteText(_ base: UnsafePointer<UInt8>, from j: Int, end: Int) -> Int {
    var j = j
    while j &+ 16 <= end {
      let run = plainTwoByteRun(base + j)
      j &+= run
      if run < 15 { break }  // 15 may end before a lead whose continuation starts the next block
    }
    return j
  }

  /// The end of the three-byte sequences from `j` (CJK text), while their leads are neither 0xE0 nor 0xED (those
  /// two need a range check on their second byte): five at a time while 16 bytes remain, then two at a time, checked
  /// as one word, while 8 remain; `j` itself when there is no such pair.
  @inline(never)
  static func skipThreeByteText(_ base: UnsafePointer<UInt8>, from j: Int, end: Int) -> Int {
    var j = j
    // CJK runs in text average 30 to 60 bytes (twitter.json's: 55): most of a run goes in 15-byte steps.
    while j &+ 16 <= end, areFiveThreeByteSequences(base + j) { j &+= 15 }
    while j &+ 8 <= end {
      let word = SWAR.load(base + j)
      let first = UInt8(truncatingIfNeeded: word)
      let second = UInt8(truncatingIfNeeded: word >> 24)
      guard word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0, first != 0xE0, first != 0xED, second != 0xE0,
        second != 0xED
      else { break }
      j &+= 6
    }
    return j
  }

  /// Whether the first 15 of the 16 bytes at `p` are five well-formed three-byte sequences whose leads are neither
  /// 0xE0 nor 0xED: each lead 1110xxxx and each continuation 10xxxxxx, in one masked compare of the 16 bytes. The
  /// 16th byte is not judged (a 0x00 there only sends the caller to its slower check).
  @inline(__always)
  static func areFiveThreeByteSequences(_ p: UnsafePointer<UInt8>) -> Bool {
    // Lanes 0 ... 15: F0 C0 C0 repeated five times, then 0 (the expected E0 80 80, the leads E0 and ED likewise),
    // as two little-endian words. The mask is applied to the words: applied to the bytes, it became lane-by-lane code.
    let words = UnsafeRawPointer(p).loadUnaligned(as: SIMD2<UInt64>.self)
    let shape = unsafeBitCast(Self.bytes(0xC0F0_C0C0_F0C0_C0F0, 0x00C0_C0F0_C0C0_F0C0), to: SIMD2<UInt64>.self)
    let shaped = unsafeBitCast(words & shape, to: SIMD16<UInt8>.self)
    let bytes = unsafeBitCast(words, to: SIMD16<UInt8>.self)
    // Zero in the continuation lanes, which hold 0x80 ... 0xBF once the shape matches.
    let leadsE0 = Self.bytes(0x00E0_0000_E000_00E0, 0x0000_00E0_0000_E000)
    let leadsED = Self.bytes(0x00ED_0000_ED00_00ED, 0x0000_00ED_0000_ED00)
    let good =
      shaped .== Self.bytes(0x80E0_8080_E080_80E0, 0x0080_80E0_8080_E080)
      .& .!((bytes .== leadsE0) .| (bytes .== leadsED))
    return SIMD16Mask.all(good)
  }

  /// Sixteen bytes written as two little-endian words: lane 0 is `low`'s lowest byte, lane 15 `high`'s highest.
  @inline(__always)
  static func bytes(_ low: UInt64, _ high: UInt64) -> SIMD16<UInt8> {
    unsafeBitCast(SIMD2<UInt64>(low.littleEndian, high.littleEndian), to: SIMD16<UInt8>.self)
  }

  /// How many of the 16 bytes at `p` are string text made only of ASCII (no `"`, `\`, or control character) and
  /// whole, well-formed two-byte UTF-8 sequences. `p[-1]` must be readable and must not lead a sequence (it is
  /// ASCII, a quote or the end of a sequence). The count never ends inside a sequence (15 when the last byte leads
  /// one), and it stops where something else begins (the closing quote, a longer sequence, an error; at the lead of
  /// a sequence without its continuation), for the byte-by-byte path to read.
  ///
  /// A byte is a continuation exactly when the byte before it leads a two-byte sequence (0xC2–0xDF), so each
  /// byte's "is a continuation" is compared with its predecessor's "is a lead", both from 16-byte compares (signed:
  /// continuations are -128 ... -65, leads -62 ... -33).
  @inline(__always)
  static func plainTwoByteRun(_ p: UnsafePointer<UInt8>) -> Int {
    let raw = UnsafeRawPointer(p)
    let bytes = raw.loadUnaligned(as: SIMD16<Int8>.self)
    let previous = (raw - 1).loadUnaligned(as: SIMD16<Int8>.self)
    let continuations = bytes .< SIMD16<Int8>(repeating: -64)
    let leadsBefore = (previous .> SIMD16<Int8>(repeating: -63)) .& (previous .< SIMD16<Int8>(repeating: -32))
    // Controls (0x00–0x1F) and leads of longer sequences (0xE0–0xFF) are -32 ... 31: 0 ... 63 once 32 is added.
    let controlsOrLongLeads =
      (bytes &+ SIMD16<Int8>(repeating: 32)) & SIMD16<Int8>(repeating: -64) .== SIMD16<Int8>(repeating: 0)
    let overlongLeads = (bytes | SIMD16<Int8>(repeating: 1)) .== SIMD16<Int8>(repeating: -63)  // 0xC0, 0xC1
    let special =
      (bytes .== SIMD16<Int8>(repeating: 0x22)) .| (bytes .== SIMD16<Int8>(repeating: 0x5C)) .| controlsOrLongLeads
      .| overlongLeads .| (continuations .^ leadsBefore)
    let k = SIMD16Mask.firstLane(special)
    // Stop before a lead whose continuation is missing (lane k) or not yet read (lane 16).
    return k != 0 && p[k &- 1] &- 0xC2 < 0x1E ? k &- 1 : k
  }

  /// Length of the well-formed UTF-8 sequence at `p` (first byte ≥ 0x80, four bytes readable), or 0 when it is
  /// ill-formed. One 4-byte load; the continuation bytes are checked together.
  @inline(__always)
  static func utf8SequenceLength(_ p: UnsafePointer<UInt8>) -> Int {
    let w = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    let b0 = w & 0xFF
    let b1 = (w >> 8) & 0xFF
    if b0 < 0xE0 {
      return b0 >= 0xC2 && w & 0xC000 == 0x8000 ? 2 : 0
    }
    if b0 < 0xF0 {
      guard w & 0xC0_C000 == 0x80_8000 else { return 0 }
      if b0 == 0xE0 && b1 < 0xA0 { return 0 }  // overlong
      if b0 == 0xED && b1 >= 0xA0 { return 0 }  // surrogates
      return 3
    }
    guard b0 <= 0xF4, w & 0xC0C0_C000 == 0x8080_8000 else { return 0 }
    if b0 == 0xF0 && b1 < 0x90 { return 0 }  // overlong
    if b0 == 0xF4 && b1 >= 0x90 { return 0 }  // above U+10FFFF
    return 4
  }

  /// Length of the well-formed UTF-8 sequence at `j` (first byte ≥ 0x80), or `nil` when it is ill-formed
  /// (overlong, surrogate, above U+10FFFF, truncated, or a stray continuation byte).
  @inline(__always)
  static func utf8SequenceLength(_ p: UnsafePointer<UInt8>, at j: Int, end: Int) -> Int? {
    let b0 = p[j]
    @inline(__always) func cont(_ k: Int) -> Bool { j &+ k < end && p[j &+ k] & 0xC0 == 0x80 }
    switch b0 {
    case 0xC2...0xDF:
      return cont(1) ? 2 : nil
    case 0xE0...0xEF:
      guard cont(1), cont(2) else { return nil }
      let b1 = p[j &+ 1]
      if b0 == 0xE0 && b1 < 0xA0 { return nil }  // overlong
      if b0 == 0xED && b1 >= 0xA0 { return nil }  // surrogates
      return 3
    case 0xF0...0xF4:
      guard cont(1), cont(2), cont(3) else { return nil }
      let b1 = p[j &+ 1]
      if b0 == 0xF0 && b1 < 0x90 { return nil }  // overlong
      if b0 == 0xF4 && b1 >= 0x90 { return nil }  // above U+10FFFF
      return 4
    default:
      return nil
    }
  }
}

/// The open containers enclosing the innermost one while scanning: start node and element count, one word each.
struct ContainerStack {
  private var words = UnsafeStack<UInt64>(capacity: 32)

  func deallocate() { words.release() }

  @inline(__always)
  mutating func push(node: Int, count elements: UInt32) {
    words.append(UInt64(truncatingIfNeeded: node) | UInt64(elements) << 32)
  }

  @inline(__always)
  mutating func pop() -> (node: Int, count: UInt32) {
    let word = words.removeLast()
    return (Int(truncatingIfNeeded: word & 0xFFFF_FFFF), UInt32(truncatingIfNeeded: word >> 32))
  }
}
