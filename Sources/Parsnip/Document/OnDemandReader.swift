/// Finds one value in JSON text by walking only the path to it.
///
/// Values that the path does not enter are skipped without being decoded: strings are jumped over 8 bytes at a
/// time, containers by counting brackets outside strings. The value found is then parsed strictly, so what the
/// reader returns is always valid; skipped siblings are only checked for balanced brackets and terminated strings
/// (the trade every on-demand parser makes). Use `JSON(parsing:)` or `JSONDocument` to validate a whole document.
struct OnDemandReader {
  /// One step of a path: a member name when `key` is set and the container is an object, an array index when
  /// `index` is set and the container is an array. JSON Pointer tokens are ambiguous (`/0` names a member or an
  /// element), so both are kept; a key-path index (`[0]`) never names a member.
  struct Step {
    var key: String?
    var index: Int?

    init(key: String) {
      self.key = key
      index = Step.arrayIndex(key)
    }

    init(index: Int) {
      key = nil
      self.index = index
    }

    /// RFC 6901 array index: `0` or digits without a leading zero.
    static func arrayIndex(_ token: String) -> Int? {
      let utf8 = token.utf8
      guard let first = utf8.first, first.isDigit, first != .zero || utf8.count == 1, utf8.count <= 18,
        utf8.allSatisfy(\.isDigit)
      else { return nil }
      return Int(token)
    }
  }

  let input: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  let end: Int
  let options: JSON.ParsingOptions

  init(input: UnsafeRawBufferPointer, options: JSON.ParsingOptions = .default) {
    self.input = input
    self.base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    self.end = input.count
    self.options = options
  }

  /// The value at `path`, or `nil` when a step names a missing member, an index out of range, or steps into a
  /// scalar.
  /// - Throws: `JSONParseError` for malformed text met on the way or in the value found.
  func value(at path: [Step]) throws(JSONParseError) -> JSON? {
    guard let (start, stop) = try locate(path) else { return nil }
    return try JSON(parsing: UnsafeRawBufferPointer(rebasing: input[start..<stop]), options: options)
  }

  /// Byte range of the value at `path`.
  func locate(_ path: [Step]) throws(JSONParseError) -> (Int, Int)? {
    var i = skipWhitespace(0)
    for step in path {
      guard i < end else { throw unexpected("a value", at: i) }
      switch base[i] {
      case .openBrace:
        guard let key = step.key, let valueStart = try findMember(key, inObjectAt: i) else { return nil }
        i = valueStart
      case .openBracket:
        guard let index = step.index, let elementStart = try findElement(index, inArrayAt: i) else { return nil }
        i = elementStart
      default:
        _ = try skipValue(at: i)  // validates the bytes enough to report malformed text rather than "missing"
        return nil
      }
    }
    let stop = try skipValue(at: i)
    return (i, stop)
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

  /// Offset of element `index` of the array at `i`.
  func findElement(_ index: Int, inArrayAt i: Int) throws(JSONParseError) -> Int? {
    var j = skipWhitespace(i + 1)
    if j < end, base[j] == .closeBracket { return nil }
    var k = 0
    while true {
      if k == index { return j }
      j = skipWhitespace(try skipValue(at: j))
      guard j < end else { throw unexpected("',' or ']' after an array element", at: j) }
      if base[j] == .closeBracket { return nil }
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
      while j &+ 8 <= end {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
        let hits = SWAR.zeroBytes(word ^ SWAR.broadcast(.quote)) | SWAR.zeroBytes(word ^ SWAR.broadcast(.backslash))
        if hits != 0 {
          j &+= hits.trailingZeroBitCount >> 3
          break
        }
        j &+= 8
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
  func skipContainer(at i: Int) throws(JSONParseError) -> Int {
    var depth = 0
    var j = i
    let brackets = SWAR.broadcast(0x7B)  // '{'; '[' | 0x20 == '{' and ']' | 0x20 == '}'
    let closers = SWAR.broadcast(0x7D)
    let lower = SWAR.broadcast(0x20)
    while j < end {
      // Jump to the next quote or bracket, 8 bytes at a time.
      while j &+ 8 <= end {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
        let folded = word | lower
        let hits =
          SWAR.zeroBytes(word ^ SWAR.broadcast(.quote)) | SWAR.zeroBytes(folded ^ brackets)
          | SWAR.zeroBytes(folded ^ closers)
        if hits != 0 {
          j &+= hits.trailingZeroBitCount >> 3
          break
        }
        j &+= 8
      }
      guard j < end else { break }
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
        break  // a false positive of the folded comparison ('[' | 0x20 also matches 0x5B's neighbours)
      }
      j &+= 1
    }
    throw JSONParseError(.unexpectedEndOfInput, "unexpected end of input inside a container", at: end, in: input)
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
