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
  /// The containers the walk is in, one per step taken, outermost first.
  let frames: Frames

  init(input: UnsafeRawBufferPointer, options: JSON.ParsingOptions = .default) {
    self.input = input
    self.base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    self.end = input.count
    // The value found is one value of the document: it is never a brace-less top-level object.
    var options = options
    options.assumesTopLevelObject = false
    self.options = options
    self.frames = Frames()
  }

  /// The containers a walk went into whose rest has not been read yet.
  ///
  /// The last member of a repeated key wins, so a member found is only the answer once the rest of its object holds
  /// no other member of that name. Skipping that rest at each step would read every nested container once per
  /// level (quadratic in the depth); instead the walk goes straight in, and once it is over the rest of each
  /// container is read from the end of the value inside it, innermost first, so each byte is read once. A later
  /// member of the same key (rare) restarts the walk from it at that step.
  final class Frames {
    /// `nil` for an array; for an object, the key of the member the walk went into.
    var keys: [String?] = []

    func enter(_ key: String?, atDepth depth: Int) {
      keys.removeSubrange(depth...)
      keys.append(key)
    }
  }

  /// A value in the text, by the offset of its first byte: what the path engine walks on demand.
  struct Node: SteppableNode {
    let reader: OnDemandReader
    let offset: Int
    /// How many containers the walk went into to get here.
    let depth: Int

    func pathKind() throws(PathFailure) -> JSON.Kind {
      guard offset < reader.end else {
        throw PathFailure(reason: .malformed(reader.unexpected("a value", at: offset)), step: 0)
      }
      switch reader.base[offset] {
      case .openBrace: return .object
      case .openBracket: return .array
      default:
        // Paths stop at scalars: the scalar is read strictly first, so malformed text is reported as such.
        do { return try reader.parseValue(at: offset).value.kind } catch {
          throw PathFailure(reason: .malformed(error), step: 0)
        }
      }
    }

    func member(_ key: String) throws(PathFailure) -> Node? {
      try checkDepth()
      let found: Int?
      do { found = try reader.firstMember(key, inObjectAt: offset) } catch {
        throw PathFailure(reason: .malformed(error), step: 0)
      }
      guard let found else { return nil }
      reader.frames.enter(key, atDepth: depth)
      return Node(reader: reader, offset: found, depth: depth + 1)
    }

    func element(_ position: Int) throws(PathFailure) -> Node? {
      guard position >= 0 else { return nil }
      try checkDepth()
      let found: Int?
      do { found = try reader.findElement(position, inArrayAt: offset).found } catch {
        throw PathFailure(reason: .malformed(error), step: 0)
      }
      guard let found else { return nil }
      reader.frames.enter(nil, atDepth: depth)
      return Node(reader: reader, offset: found, depth: depth + 1)
    }

    /// A container entered this deep is past the depth limit, counted from the root as a whole parse counts it.
    private func checkDepth() throws(PathFailure) {
      guard depth >= reader.options.maximumDepth else { return }
      let error = JSONParseError(
        .nestingTooDeep, "nesting deeper than \(reader.options.maximumDepth) levels", at: offset, in: reader.input)
      throw PathFailure(reason: .malformed(error), step: 0)
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
    var start = Node(reader: self, offset: skipWhitespace(Scanner.byteOrderMarkLength(input)), depth: 0)
    while true {
      let outcome: Result<JSON, PathFailure>
      let node: Node
      let valueEnd: Int
      switch try walk(path, from: start) {
      case .success(let found):
        node = found
        let parsed = try parseValue(at: node.offset, depth: node.depth)
        outcome = .success(parsed.value)
        valueEnd = parsed.end
      case .failure(let failure):
        // The walk stopped: the containers it is in may still hold a later member that leads further.
        guard case .success(let stopped) = try walk(path, from: start, stepLimit: failure.step) else {
          preconditionFailure("the steps before a failed one are followed again")
        }
        node = stopped
        outcome = .failure(failure)
        valueEnd = try skipValue(at: node.offset)
      }
      guard let restart = try readRest(ofContainersAround: node, valueEnd: valueEnd) else { return outcome }
      start = restart
    }
  }

  /// The walk from `start` (the node after `start.depth` steps), with malformed text thrown.
  private func walk<P: SteppablePath>(
    _ path: P, from start: Node, stepLimit: Int = .max
  ) throws(JSONParseError) -> Result<Node, PathFailure> {
    do { return .success(try PathWalker.walk(path, from: start, firstStep: start.depth, stepLimit: stepLimit)) } catch {
      if case .malformed(let parseError) = error.reason { throw parseError }
      return .failure(error)
    }
  }

  /// Reads the rest of each container the walk to `node` is in, from the end of the value inside it; returns the
  /// node to walk on from when a container holds a later member of the key the walk took (the later one wins).
  private func readRest(ofContainersAround node: Node, valueEnd: Int) throws(JSONParseError) -> Node? {
    var j = valueEnd
    var depth = node.depth
    while depth > 0 {
      depth -= 1
      if let key = frames.keys[depth] {
        switch try restOfObject(after: j, key: key) {
        case .end(let stop): j = stop
        case .member(let later, let keyStart):
          // The walk went through this key: under `.reject`, its repeat fails as a whole parse fails.
          if options.duplicateKeys == .reject {
            throw JSONParseError(
              .duplicateKey, ScannedText.duplicateKeyMessage(key), at: keyStart, in: input)
          }
          frames.enter(key, atDepth: depth)
          return Node(reader: self, offset: later, depth: depth + 1)
        }
      } else {
        j = try restOfArray(after: j)
      }
    }
    return nil
  }

  /// The value starting at `start`, `depth` containers in, parsed strictly, and the offset just past it; errors are
  /// placed in the whole text, and the depth limit counts from the document's root, as in a whole parse.
  func parseValue(at start: Int, depth: Int = 0) throws(JSONParseError) -> (value: JSON, end: Int) {
    let stop = try skipValue(at: start)
    var options = options
    options.maximumDepth = Swift.max(options.maximumDepth - depth, 0)
    do {
      return (try JSON(parsing: UnsafeRawBufferPointer(rebasing: input[start..<stop]), options: options), stop)
    } catch  where error.kind == .nestingTooDeep {
      throw JSONParseError(
        .nestingTooDeep, "nesting deeper than \(self.options.maximumDepth) levels", at: start + error.byteOffset,
        in: input)
    } catch {
      throw JSONParseError(error.kind, error.message, at: start + error.byteOffset, in: input)
    }
  }

  // MARK: Navigation

  /// Offset of the value of the first member `key` in the object at `i`.
  func firstMember(_ key: String, inObjectAt i: Int) throws(JSONParseError) -> Int? {
    let j = skipWhitespace(i + 1)
    if j < end, base[j] == .closeBrace { return nil }
    switch try members(from: j, key: key) {
    case .member(let found, _): return found
    case .end: return nil
    }
  }

  enum MemberSearch {
    /// The value of a member with the key starts here; its key at `keyAt`.
    case member(Int, keyAt: Int)
    /// The object ends just before here.
    case end(Int)
  }

  /// Looks through the members of an object from the one starting at `i` (its key's quote) for the first `key`.
  private func members(from i: Int, key: String) throws(JSONParseError) -> MemberSearch {
    return try Array(key.utf8).withUnsafeBufferPointer { (wanted) throws(JSONParseError) -> MemberSearch in
      var j = i
      while true {
        guard j < end, base[j] == .quote else { throw unexpected("a string key", at: j) }
        let keyStart = j
        let keyEnd = try skipString(at: j)
        let matches = try keyEquals(from: j + 1, to: keyEnd - 1, wanted)
        j = skipWhitespace(keyEnd)
        guard j < end, base[j] == .colon else { throw unexpected("':' after an object key", at: j) }
        j = skipWhitespace(j + 1)
        if matches { return .member(j, keyAt: keyStart) }
        j = try afterMember(skipValue(at: j))
        if base[j - 1] == .closeBrace { return .end(j) }
        j = skipWhitespace(j)
      }
    }
  }

  /// The rest of an object after the value of a member that ends at `i`: a later member `key`, or the object's end.
  private func restOfObject(after i: Int, key: String) throws(JSONParseError) -> MemberSearch {
    let j = try afterMember(i)
    if base[j - 1] == .closeBrace { return .end(j) }
    return try members(from: skipWhitespace(j), key: key)
  }

  /// Past the `,` or `}` after a member's value ending at `i`.
  private func afterMember(_ i: Int) throws(JSONParseError) -> Int {
    let j = skipWhitespace(i)
    guard j < end, base[j] == .comma || base[j] == .closeBrace else {
      throw unexpected("',' or '}' after an object member", at: j)
    }
    return j + 1
  }

  /// The offset just past the array whose element ending at `i` the walk went into.
  private func restOfArray(after i: Int) throws(JSONParseError) -> Int {
    var j = skipWhitespace(i)
    while true {
      guard j < end else { throw unexpected("',' or ']' after an array element", at: j) }
      if base[j] == .closeBracket { return j + 1 }
      guard base[j] == .comma else { throw unexpected("',' or ']' after an array element", at: j) }
      j = skipWhitespace(try skipValue(at: skipWhitespace(j + 1)))
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

  /// Whether the key whose contents are `start..<stop` is `wanted`. A key with escapes is parsed strictly first: the
  /// skipping that found its end does not check escapes, and decoding an unchecked one could read past the text.
  func keyEquals(from start: Int, to stop: Int, _ wanted: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> Bool {
    let raw = UnsafeBufferPointer(start: base + start, count: stop - start)
    if raw.count == wanted.count, raw.elementsEqual(wanted) { return true }
    guard raw.contains(.backslash) else { return false }
    guard case .string(let key) = try parseValue(at: start - 1).value else { return false }
    return key.utf8.elementsEqual(wanted)
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
      return JSONParseError(
        .unexpectedEndOfInput, "unexpected end of input, expected \(expected)", at: offset, in: input)
    }
    return JSONParseError(
      .unexpectedCharacter, "expected \(expected), found \(SourceLocation.describe(byteAt: offset, in: input))",
      at: offset, in: input)
  }
}
