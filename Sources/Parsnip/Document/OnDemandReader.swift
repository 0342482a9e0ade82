/// Finds one value in JSON text by walking only the path to it.
///
/// Values that the path does not enter are skipped without being decoded: strings are jumped over 16 bytes at a
/// time, containers by counting brackets outside strings. The value found is then parsed strictly, so what the
/// reader returns is always valid; skipped siblings are only checked for balanced brackets and terminated strings
/// (the trade every on-demand parser makes). Use `JSON(parsing:)` or `JSONDocument` to validate a whole document.
///
/// Paths are followed by the one path engine (``PathWalker``) over ``Node``s, so the answers and errors are those of
/// the tree and of `JSONDocument`; only malformed text met on the way differs, and is reported as the
/// ``JSONParseError`` a full parse would give at that place (offsets, lines and columns are the document's).
struct OnDemandReader {
  let input: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  let end: Int
  let options: JSON.ParsingOptions

  init(input: UnsafeRawBufferPointer, options: JSON.ParsingOptions = .default) {
    self.input = input
    self.base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    self.end = input.count
    // The value found is one value of the document: it is never a brace-less top-level object.
    var options = options
    options.assumesTopLevelObject = false
    self.options = options
  }

  /// A value in the text, by the offset of its first byte: what the path engine walks on demand.
  struct Node: PathNode {
    let reader: OnDemandReader
    let offset: Int

    func pathKind() throws(PathFailure) -> JSON.Kind {
      guard offset < reader.end else { throw PathFailure(reason: .malformed(reader.unexpected("a value", at: offset)), step: 0) }
      switch reader.base[offset] {
      case .openBrace: return .object
      case .openBracket: return .array
      default:
        // Paths stop at scalars: the scalar is read strictly first, so malformed text is reported as such.
        do { return try reader.parseValue(at: offset).kind } catch { throw PathFailure(reason: .malformed(error), step: 0) }
      }
    }

    func member(_ key: String) throws(PathFailure) -> Node? {
      do { return try reader.findMember(key, inObjectAt: offset).map { Node(reader: reader, offset: $0) } } catch {
        throw PathFailure(reason: .malformed(error), step: 0)
      }
    }

    func element(_ position: Int) throws(PathFailure) -> Node? {
      guard position >= 0 else { return nil }
      do { return try reader.findElement(position, inArrayAt: offset).found.map { Node(reader: reader, offset: $0) } } catch {
        throw PathFailure(reason: .malformed(error), step: 0)
      }
    }

    func pathCount() throws(PathFailure) -> Int {
      guard offset < reader.end, reader.base[offset] == .openBracket else { return 0 }
      do { return try reader.findElement(.max, inArrayAt: offset).count } catch {
        throw PathFailure(reason: .malformed(error), step: 0)
      }
    }
  }

  /// The value at `path`, or the path engine's failure when the path leads nowhere.
  /// - Throws: `JSONParseError` for malformed text met on the way or in the value found.
  func resolve<P: SteppablePath>(_ path: P) throws(JSONParseError) -> Result<JSON, PathFailure> {
    let node: Node
    let start = skipWhitespace(Scanner.byteOrderMarkLength(input))
    do { node = try PathWalker.walk(path, from: Node(reader: self, offset: start)) } catch {
      if case .malformed(let parseError) = error.reason { throw parseError }
      return .failure(error)
    }
    return .success(try parseValue(at: node.offset))
  }

  /// The value starting at `start`, parsed strictly; errors are placed in the whole text.
  func parseValue(at start: Int) throws(JSONParseError) -> JSON {
    let stop = try skipValue(at: start)
    do { return try JSON(parsing: UnsafeRawBufferPointer(rebasing: input[start..<stop]), options: options) } catch {
      throw JSONParseError(error.kind, error.message, at: start + error.byteOffset, in: input)
    }
  }

  // MARK: Navigation

  /// Offset of the value of member `key` in the object at `i` (the last one if the key repeats).
  func findMember(_ key: String, inObjectAt i: Int) throws(JSONParseError) -> Int? {
    let wantedBytes = Array(key.utf8)
    return try wantedBytes.withUnsafeBufferPointer { (wanted) throws(JSONParseError) -> Int? in
      var j = skipWhitespace(i + 1)
      var found: Int?
      if j < end, base[j] == .closeBrace { return nil }
      while true {
        guard j < end, base[j] == .quote else { throw unexpected("a string key", at: j) }
        let keyEnd = try skipString(at: j)
        let matches = keyEquals(from: j + 1, to: keyEnd - 1, wanted)
        j = skipWhitespace(keyEnd)
        guard j < end, base[j] == .colon else { throw unexpected("':' after an object key", at: j) }
        j = skipWhitespace(j + 1)
        if matches { found = j }
        j = skipWhitespace(try skipValue(at: j))
        guard j < end else { throw unexpected("',' or '}' after an object member", at: j) }
        if base[j] == .closeBrace {
          return found
        }
        guard base[j] == .comma else { throw unexpected("',' or '}' after an object member", at: j) }
        j = skipWhitespace(j + 1)
      }
    }
  }

  /// Offset of element `index` of the array at `i`, or `nil` and the number of elements when there is none.
  func findElement(_ index: Int, inArrayAt i: Int) throws(JSONParseError) -> (found: Int?, count: Int) {
    var j = skipWhitespace(i + 1)
    if j < end, base[j] == .closeBracket { return (nil, 0) }
    var k = 0
    while true {
      if k == index { return (j, k) }
      j = skipWhitespace(try skipValue(at: j))
      guard j < end else { throw unexpected("',' or ']' after an array element", at: j) }
      if base[j] == .closeBracket { return (nil, k + 1) }
      guard base[j] == .comma else { throw unexpected("',' or ']' after an array element", at: j) }
      j = skipWhitespace(j + 1)
      k += 1
    }
  }

  func keyEquals(from start: Int, to stop: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeBufferPointer(start: base + start, count: stop - start)
    if raw.count == wanted.count, raw.elementsEqual(wanted) { return true }
    guard raw.contains(.backslash) else { return false }
    return StringDecoding.slowpathUnescape(base, from: start, count: stop - start).utf8.elementsEqual(wanted)
  }

  // MARK: Skipping

  @inline(__always)
  func skipWhitespace(_ i: Int) -> Int {
    var i = i
    while i < end, base[i].isJSONWhitespace { i &+= 1 }
    return i
  }

  /// Offset just past the value at `i`.
  func skipValue(at i: Int) throws(JSONParseError) -> Int {
    guard i < end else { throw unexpected("a value", at: i) }
    switch base[i] {
    case .quote: return try skipString(at: i)
    case .openBrace, .openBracket: return try skipContainer(at: i)
    default:
      var j = i
      while j < end {
        let b = base[j]
        if b == .comma || b == .closeBracket || b == .closeBrace || b.isJSONWhitespace { break }
        j &+= 1
      }
      if j == i { throw unexpected("a value", at: i) }
      return j
    }
  }

  /// Offset just past the closing quote of the string starting at `i`.
  @inline(__always)
  func skipString(at i: Int) throws(JSONParseError) -> Int {
    var j = i &+ 1
    while true {
      // 16 bytes at a time; the last few of the input one by one below.
      while j &+ 16 <= end {
        let k = Self.firstQuoteOrBackslash(base + j)
        j &+= k
        if k < 16 { break }
      }
      guard j < end else { throw JSONParseError(.unexpectedEndOfInput, "unterminated string", at: i, in: input) }
      let b = base[j]
      if b == .quote { return j &+ 1 }
      if b == .backslash {
        j &+= 2
      } else {
        j &+= 1
      }
    }
  }

  /// Offset just past the container starting at `i`, counting brackets outside strings.
  ///
  /// 32 bytes at a time without a branch per string: the quotes of a block, as a bit mask, give by prefix XOR the
  /// bytes inside strings, and the brackets outside them change the depth by their counts; only a block that can
  /// close the container is looked at bracket by bracket. A block with a backslash, and the last 32 bytes of the
  /// input, are stepped through byte by byte.
  func skipContainer(at i: Int) throws(JSONParseError) -> Int {
    var depth = 0
    var j = i
    var inString: UInt32 = 0  // all ones while the previous block ended inside a string
    // Where the string that the scan may end inside began: the last block with a quote and its quote mask (its last
    // quote opened the string), or, after a block read byte by byte, the quote itself (`lastQuotes` 0).
    var lastQuoteBlock = i
    var lastQuotes: UInt32 = 0
    while j &+ 32 <= end {
      guard let masks = Self.blockMasks(base + j) else {
        j &+= 32  // no quote, backslash or bracket: inside a long string or between numbers
        continue
      }
      if masks.hasBackslash {
        // Escapes: this block byte by byte (an escape may run into the next block).
        var inside = inString != 0
        let stop = j &+ 32
        while j < stop {
          let b = base[j]
          if inside {
            if b == .backslash {
              j &+= 1
            } else if b == .quote {
              inside = false
            }
          } else if b == .quote {
            inside = true
            lastQuoteBlock = j
            lastQuotes = 0
          } else if b == .openBrace || b == .openBracket {
            depth &+= 1
          } else if b == .closeBrace || b == .closeBracket {
            depth &-= 1
            if depth == 0 { return j &+ 1 }
          }
          j &+= 1
        }
        inString = inside ? ~0 : 0
        continue
      }
      // Bit k set: byte k is inside a string (an opening quote counts as inside, a closing one as outside).
      let inside = Self.prefixXOR(masks.quotes) ^ inString
      let opens = masks.opens & ~inside
      let closes = masks.closes & ~inside
      if closes != 0 {
        // No more than 32 closing brackets fit in a block; below that, walk them in order.
        if depth > 32 {
          depth &+= opens.nonzeroBitCount &- closes.nonzeroBitCount
        } else {
          var brackets = opens | closes
          while brackets != 0 {
            let k = brackets.trailingZeroBitCount
            if opens & (1 &<< k) != 0 {
              depth &+= 1
            } else {
              depth &-= 1
              if depth == 0 { return j &+ k &+ 1 }
            }
            brackets &= brackets &- 1
          }
        }
      } else if opens != 0 {
        depth &+= opens.nonzeroBitCount
      }
      inString = UInt32(bitPattern: Int32(bitPattern: inside) >> 31)  // the last byte's state, spread
      if masks.quotes != 0 {
        lastQuoteBlock = j
        lastQuotes = masks.quotes
      }
      j &+= 32
    }
    // The last bytes: as a string (from its opening quote) or container byte by byte.
    if inString != 0 {
      let opening = lastQuotes == 0 ? lastQuoteBlock : lastQuoteBlock &+ 31 &- lastQuotes.leadingZeroBitCount
      j = try skipString(at: opening)
    }
    while j < end {
      switch base[j] {
      case .quote:
        j = try skipString(at: j)
        continue
      case .openBrace, .openBracket:
        depth &+= 1
      case .closeBrace, .closeBracket:
        depth &-= 1
        if depth == 0 { return j &+ 1 }
      default:
        break
      }
      j &+= 1
    }
    throw JSONParseError(.unexpectedEndOfInput, "unexpected end of input inside a container", at: end, in: input)
  }

  /// Bit k of each mask stands for byte k of the 32 at `p`: quotes, `{` or `[`, `}` or `]`; `nil` when the block
  /// has none of them and no backslash.
  @inline(__always)
  static func blockMasks(
    _ p: UnsafePointer<UInt8>
  ) -> (quotes: UInt32, opens: UInt32, closes: UInt32, hasBackslash: Bool)? {
    let low = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    let high = UnsafeRawPointer(p + 16).loadUnaligned(as: SIMD16<UInt8>.self)
    let quotes: SIMD16<UInt8> = SIMD16(repeating: 0x22)
    let backslashes: SIMD16<UInt8> = SIMD16(repeating: 0x5C)
    let lower: SIMD16<UInt8> = SIMD16(repeating: 0x20)
    let openers: SIMD16<UInt8> = SIMD16(repeating: 0x7B)  // '{', and '[' | 0x20
    let closers: SIMD16<UInt8> = SIMD16(repeating: 0x7D)  // '}', and ']' | 0x20
    let lowFolded = low | lower
    let highFolded = high | lower
    let q0 = low .== quotes
    let q1 = high .== quotes
    let b = (low .== backslashes) .| (high .== backslashes)
    let o0 = lowFolded .== openers
    let o1 = highFolded .== openers
    let c0 = lowFolded .== closers
    let c1 = highFolded .== closers
    guard SIMD16Mask.any(q0 .| q1 .| b .| o0 .| o1 .| c0 .| c1) else { return nil }
    @inline(__always) func bits(_ low: SIMDMask<SIMD16<Int8>>, _ high: SIMDMask<SIMD16<Int8>>) -> UInt32 {
      UInt32(SIMD16Mask.bits(low)) | UInt32(SIMD16Mask.bits(high)) &<< 16
    }
    return (bits(q0, q1), bits(o0, o1), bits(c0, c1), SIMD16Mask.any(b))
  }

  /// Bit k set when an odd number of bits at or below k are set.
  @inline(__always)
  static func prefixXOR(_ x: UInt32) -> UInt32 {
    var x = x
    x ^= x &<< 1
    x ^= x &<< 2
    x ^= x &<< 4
    x ^= x &<< 8
    x ^= x &<< 16
    return x
  }

  /// The position (0..<16) of the first quote or backslash among 16 bytes at `p`; 16 when there is none.
  @inline(__always)
  static func firstQuoteOrBackslash(_ p: UnsafePointer<UInt8>) -> Int {
    let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    let quotes: SIMD16<UInt8> = SIMD16(repeating: 0x22)
    let backslashes: SIMD16<UInt8> = SIMD16(repeating: 0x5C)
    return SIMD16Mask.firstLane((bytes .== quotes) .| (bytes .== backslashes))
  }

  @inline(never)
  func unexpected(_ expected: String, at offset: Int) -> JSONParseError {
    if offset >= end {
      return JSONParseError(.unexpectedEndOfInput, "unexpected end of input, expected \(expected)", at: offset, in: input)
    }
    return JSONParseError(
      .unexpectedCharacter, "expected \(expected), found \(SourceLocation.describe(byteAt: offset, in: input))",
      at: offset, in: input)
  }
}
