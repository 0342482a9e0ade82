// The one resumable structural tracker: it finds where values, keys and array elements begin and end in text that
// arrives in chunks, for the framed stream reader (concatenated values, array elements, an array at a path) and for
// partial documents. It parses nothing: what it delimits is handed to the one scanner. Each byte is looked at once,
// however the chunks split the text; its state between chunks is a few words and one bit per open container.
//
// It checks the structure it walks: brackets that match, the order of keys, colons, commas and values, the nesting
// limit. Token interiors (escapes, UTF-8, the number grammar, literals) are the scanner's to check. Inside a value
// its observer takes whole (`.skim`), only strings and brackets are followed, eight bytes at a time.

/// A byte-level, resumable walk over the structure of JSON text fed chunk by chunk. Offsets are stream offsets: the
/// first byte ever consumed is offset 0.
struct StructuralTracker {
  /// What a value starts with.
  enum ValueKind: UInt8 {
    case object, array, string
    /// A number or a literal (`true`, `false`, `null`): its end is known only at the byte after it.
    case scalar
  }

  /// How the observer wants a value that just started walked.
  enum Reading {
    /// Report the values and keys inside it.
    case events
    /// Report only its end: the observer reads the value whole (the scanner checks it then), so inside it only
    /// strings and brackets are followed.
    case skim
  }

  /// What the tracker expects next, between tokens.
  private enum Expect: UInt8 {
    case value, valueOrClose, key, keyOrClose, colon, commaOrClose
  }

  /// Where the tracker is inside a token.
  private enum Lexeme: UInt8 {
    case between, string, stringEscape, scalar
  }

  /// The deepest nesting of arrays and objects accepted, as ``JSON/ParsingOptions/maximumDepth``.
  let maximumDepth: Int
  /// Keys at this depth or shallower that a chunk boundary splits are copied so the observer sees them whole; keys
  /// inside one chunk are never copied. -1 (the default): none are.
  var keyCollectionDepth = -1
  /// The longest key copied for ``keyCollectionDepth``, in bytes; a longer one is an error.
  var maximumKeyLength = 1 << 20

  /// The stream offset of the next byte to consume.
  private(set) var offset = 0
  /// How many containers are open.
  private(set) var depth = 0
  /// One bit per open container, set for an object.
  private var kinds: [UInt64]
  private var expect = Expect.value
  private var lexeme = Lexeme.between
  /// Inside a string: whether it is an object key.
  private var stringIsKey = false
  /// While skimming: the depth at which the skimmed value ends; -1 otherwise.
  private var skimFloor = -1
  /// The stream offset where the current string or scalar began.
  private(set) var tokenStart = 0
  /// The start of a key that a chunk boundary split, when it is collected.
  private var keyBytes: [UInt8] = []
  private var collectsKey = false

  /// Creates a tracker at the start of a stream.
  init(maximumDepth: Int = 512) {
    self.maximumDepth = Swift.max(0, Swift.min(maximumDepth, JSON.maximumSupportedDepth))
    kinds = Array(repeating: 0, count: self.maximumDepth / 64 + 1)
  }

  /// Whether the tracker is inside a string (a key or a value).
  var isInString: Bool { lexeme == .string || lexeme == .stringEscape }
  /// Whether the string the tracker is inside is an object key.
  var isInKey: Bool { isInString && stringIsKey }
  /// Whether the tracker is inside a number or literal, whose end it has not seen yet.
  var isInScalar: Bool { lexeme == .scalar }
  /// Whether a key has been read whose value has not started (its colon may be missing too).
  var awaitsMemberValue: Bool { lexeme == .between && (expect == .colon || (expect == .value && isInObject)) }
  /// Whether the tracker is between values at the top level: nothing is open or unfinished.
  var isAtTopLevel: Bool { depth == 0 && lexeme == .between }

  /// Whether the innermost open container is an object.
  private var isInObject: Bool {
    depth > 0 && kinds[(depth &- 1) >> 6] & (1 << UInt64((depth &- 1) & 63)) != 0
  }

  /// Walks `chunk`, the next bytes of the stream, reporting to `observer`.
  mutating func consume<Observer: StructuralObserver>(
    _ chunk: UnsafeRawBufferPointer, _ observer: inout Observer
  ) throws(Failure) {
    guard let raw = chunk.baseAddress, !chunk.isEmpty else { return }
    let base = raw.assumingMemoryBound(to: UInt8.self)
    let n = chunk.count
    var i = 0
    defer { offset &+= n }
    while i < n {
      switch lexeme {
      case .string, .stringEscape:
        i = try finishString(base, from: i, count: n, &observer)
      case .scalar:
        while i < n, !Self.endsScalar(base[i]) { i &+= 1 }
        guard i < n else { break }
        lexeme = .between
        observer.valueEnded(at: offset &+ i, depth: depth)
        afterValue()
      case .between:
        if skimFloor >= 0 {
          i = try skim(base, from: i, count: n, &observer)
        } else {
          i = try step(base, at: i, count: n, &observer)
        }
      }
    }
  }

  /// Ends the stream: a number or literal at the top level ends here. Anything else left open is an error.
  mutating func finish<Observer: StructuralObserver>(_ observer: inout Observer) throws(Failure) {
    if lexeme == .scalar, depth == 0 {
      lexeme = .between
      observer.valueEnded(at: offset, depth: 0)
      afterValue()
      return
    }
    guard depth == 0, lexeme == .between else {
      throw Failure(
        .unexpectedEndOfInput,
        isInString ? "unexpected end of input inside a string" : "unexpected end of input inside a value",
        at: offset)
    }
  }

  // MARK: - Tokens

  /// One byte between tokens (or the first byte of one), checked against what may come; returns the next index.
  @inline(__always)
  private mutating func step<Observer: StructuralObserver>(
    _ base: UnsafePointer<UInt8>, at i: Int, count n: Int, _ observer: inout Observer
  ) throws(Failure) -> Int {
    let b = base[i]
    switch b {
    case .space, .newline, .carriageReturn, .tab:
      var j = i &+ 1
      while j < n, base[j].isJSONWhitespace { j &+= 1 }
      return j
    case .quote:
      tokenStart = offset &+ i
      if expect == .key || expect == .keyOrClose {
        stringIsKey = true
        collectsKey = depth <= keyCollectionDepth
      } else {
        guard expect == .value || expect == .valueOrClose else { throw unexpected(b, at: i) }
        stringIsKey = false
        _ = observer.valueStarted(at: offset &+ i, depth: depth, kind: .string)
      }
      lexeme = .string
      return try finishString(base, from: i &+ 1, count: n, &observer)
    case .openBrace, .openBracket:
      guard expect == .value || expect == .valueOrClose else { throw unexpected(b, at: i) }
      let isObject = b == .openBrace
      let reading = observer.valueStarted(at: offset &+ i, depth: depth, kind: isObject ? .object : .array)
      try open(isObject: isObject, at: i)
      if reading == .skim {
        skimFloor = depth &- 1
        return try skim(base, from: i &+ 1, count: n, &observer)
      }
      expect = isObject ? .keyOrClose : .valueOrClose
      return i &+ 1
    case .closeBrace, .closeBracket:
      let isObject = b == .closeBrace
      let allowed =
        expect == .commaOrClose || (isObject && expect == .keyOrClose) || (!isObject && expect == .valueOrClose)
      guard allowed, depth > 0 else { throw unexpected(b, at: i) }
      try close(isObject: isObject, at: i)
      observer.valueEnded(at: offset &+ i &+ 1, depth: depth)
      afterValue()
      return i &+ 1
    case .comma:
      guard expect == .commaOrClose, depth > 0 else { throw unexpected(b, at: i) }
      expect = isInObject ? .key : .value
      return i &+ 1
    case .colon:
      guard expect == .colon else { throw unexpected(b, at: i) }
      expect = .value
      return i &+ 1
    default:
      guard expect == .value || expect == .valueOrClose, b == .minus || b.isDigit || Self.startsLiteral(b) else {
        throw unexpected(b, at: i)
      }
      tokenStart = offset &+ i
      _ = observer.valueStarted(at: offset &+ i, depth: depth, kind: .scalar)
      lexeme = .scalar
      return i &+ 1
    }
  }

  /// Reads a string's body from `i` up to and including its closing quote, or to the end of the chunk.
  @inline(__always)
  private mutating func finishString<Observer: StructuralObserver>(
    _ base: UnsafePointer<UInt8>, from start: Int, count n: Int, _ observer: inout Observer
  ) throws(Failure) -> Int {
    var i = start
    if lexeme == .stringEscape {
      // The byte after a backslash that ended the last chunk.
      guard i < n else { return i }
      lexeme = .string
      i &+= 1
    }
    while true {
      i = Self.quoteOrBackslash(base, from: i, count: n)
      guard i < n else {
        if collectsKey { try collectKey(base, upTo: n) }
        return n
      }
      if base[i] == .backslash {
        i &+= 2
        if i > n {
          lexeme = .stringEscape
          if collectsKey { try collectKey(base, upTo: n) }
          return n
        }
        continue
      }
      break
    }
    // `base[i]` is the closing quote.
    lexeme = .between
    let end = offset &+ i &+ 1
    guard stringIsKey else {
      if skimFloor < 0 {
        observer.valueEnded(at: end, depth: depth)
        afterValue()
      }
      return i &+ 1
    }
    expect = .colon
    if tokenStart >= offset {
      let text = UnsafeRawBufferPointer(start: base + (tokenStart &- offset), count: end &- tokenStart)
      observer.keyEnded(start: tokenStart, end: end, depth: depth, text: text)
    } else if collectsKey {
      try collectKey(base, upTo: i &+ 1)
      keyBytes.withUnsafeBytes { observer.keyEnded(start: tokenStart, end: end, depth: depth, text: $0) }
      keyBytes.removeAll(keepingCapacity: true)
    } else {
      observer.keyEnded(start: tokenStart, end: end, depth: depth, text: UnsafeRawBufferPointer(start: nil, count: 0))
    }
    collectsKey = false
    return i &+ 1
  }

  /// Copies the part of the current key that lies in this chunk, before `limit`.
  private mutating func collectKey(_ base: UnsafePointer<UInt8>, upTo limit: Int) throws(Failure) {
    let from = Swift.max(0, tokenStart &- offset)
    guard keyBytes.count + (limit - from) <= maximumKeyLength else {
      throw Failure(.inputTooLarge, "an object key longer than \(maximumKeyLength) bytes", at: tokenStart)
    }
    keyBytes.append(contentsOf: UnsafeBufferPointer(start: base + from, count: limit &- from))
  }

  /// Follows strings and brackets only, until the skimmed value closes or the chunk ends.
  private mutating func skim<Observer: StructuralObserver>(
    _ base: UnsafePointer<UInt8>, from start: Int, count n: Int, _ observer: inout Observer
  ) throws(Failure) -> Int {
    var i = start
    while true {
      i = Self.quoteOrBracket(base, from: i, count: n)
      guard i < n else { return n }
      let b = base[i]
      switch b {
      case .quote:
        stringIsKey = false
        collectsKey = false
        lexeme = .string
        tokenStart = offset &+ i
        i = try finishString(base, from: i &+ 1, count: n, &observer)
        guard lexeme == .between else { return i }
      case .openBrace, .openBracket:
        try open(isObject: b == .openBrace, at: i)
        i &+= 1
      case .closeBrace, .closeBracket:
        try close(isObject: b == .closeBrace, at: i)
        i &+= 1
        if depth == skimFloor {
          skimFloor = -1
          observer.valueEnded(at: offset &+ i, depth: depth)
          afterValue()
          return i
        }
      default:
        i &+= 1  // a byte that only looks like a bracket to the eight-byte search
      }
    }
  }

  @inline(__always)
  private mutating func open(isObject: Bool, at i: Int) throws(Failure) {
    guard depth < maximumDepth else {
      throw Failure(.nestingTooDeep, "nesting deeper than \(maximumDepth) levels", at: offset &+ i)
    }
    let bit: UInt64 = 1 << UInt64(depth & 63)
    if isObject { kinds[depth >> 6] |= bit } else { kinds[depth >> 6] &= ~bit }
    depth &+= 1
  }

  @inline(__always)
  private mutating func close(isObject: Bool, at i: Int) throws(Failure) {
    guard depth > 0, isInObject == isObject else {
      let expected = depth == 0 ? "a value" : isInObject ? "'}'" : "']'"
      throw Failure(
        .unexpectedCharacter, "expected \(expected), found '\(isObject ? "}" : "]")'", at: offset &+ i)
    }
    depth &-= 1
  }

  @inline(__always)
  private mutating func afterValue() {
    expect = depth == 0 ? .value : .commaOrClose
  }

  @inline(never)
  private func unexpected(_ b: UInt8, at i: Int) -> Failure {
    let expected: String
    switch expect {
    case .value: expected = "a value"
    case .valueOrClose: expected = "a value or ']'"
    case .key: expected = "a string key"
    case .keyOrClose: expected = "a string key or '}'"
    case .colon: expected = "':' after an object key"
    case .commaOrClose: expected = isInObject ? "',' or '}'" : "',' or ']'"
    }
    let found =
      b >= 0x20 && b < 0x7F && b != UInt8(ascii: "'")
      ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    return Failure(.unexpectedCharacter, "expected \(expected), found \(found)", at: offset &+ i)
  }

  // MARK: - Byte searches

  @inline(__always)
  private static func startsLiteral(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "t") || b == UInt8(ascii: "f") || b == UInt8(ascii: "n")
  }

  /// Whether `b` ends a number or literal: white space, punctuation or a quote.
  @inline(__always)
  private static func endsScalar(_ b: UInt8) -> Bool {
    switch b {
    case .space, .newline, .carriageReturn, .tab, .comma, .colon, .closeBracket, .closeBrace, .openBracket,
      .openBrace, .quote:
      true
    default: false
    }
  }

  /// The index of the first `"` or `\` at or after `i`, or `n`.
  @inline(__always)
  private static func quoteOrBackslash(_ base: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
    var i = start
    let quotes = SWAR.broadcast(.quote)
    let backslashes = SWAR.broadcast(.backslash)
    while i &+ 8 <= n {
      let word = SWAR.load(base + i)
      let hits = SWAR.zeroBytes(word ^ quotes) | SWAR.zeroBytes(word ^ backslashes)
      if hits != 0 { return i &+ hits.trailingZeroBitCount >> 3 }
      i &+= 8
    }
    while i < n, base[i] != .quote, base[i] != .backslash { i &+= 1 }
    return i
  }

  /// The index of the first `"`, `[`, `]`, `{` or `}` at or after `i`, or `n`; the eight-byte search may also stop
  /// at `Y`, `_`, `y` or DEL (the bytes equal to `[` after masking bits 1, 2 and 5), which the caller steps over.
  @inline(__always)
  private static func quoteOrBracket(_ base: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
    var i = start
    let quotes = SWAR.broadcast(.quote)
    let mask = SWAR.broadcast(0xD9)
    let brackets = SWAR.broadcast(0x59)
    while i &+ 8 <= n {
      let word = SWAR.load(base + i)
      let hits = SWAR.zeroBytes(word ^ quotes) | SWAR.zeroBytes((word & mask) ^ brackets)
      if hits != 0 { return i &+ hits.trailingZeroBitCount >> 3 }
      i &+= 8
    }
    while i < n {
      let b = base[i]
      if b == .quote || b & 0xD9 == 0x59 { return i }
      i &+= 1
    }
    return i
  }
}
