/// Parses RFC 9535 query text into a `CompiledQuery`, checking well-formedness and validity (section 2.1):
/// the grammar, the blank-space rules, the integer range, singular queries where a value is required, and the
/// types of function expressions. Works on the UTF-8 bytes of the query; recursion is bounded by
/// `JSONPath.maximumNestingDepth`.
struct JSONPathParser {
  let query: String
  let bytes: [UInt8]
  var position = 0
  /// Current nesting of filters, parentheses, negations and function calls.
  var depth = 0

  /// The largest integer JSONPath allows for indices and slice bounds, 2^53-1 (RFC 9535 section 2.1).
  static let maximumInteger = 9_007_199_254_740_991

  init(_ query: String) {
    self.query = query
    self.bytes = Array(query.utf8)
  }

  /// Parses a complete query, `$` followed by segments.
  static func parse(_ query: String) throws(JSONPathError) -> CompiledQuery {
    var parser = JSONPathParser(query)
    return try parser.parseRootQuery()
  }

  mutating func parseRootQuery() throws(JSONPathError) -> CompiledQuery {
    guard let first = peek() else {
      throw error("expected '$' to begin the query, found an empty query", at: 0)
    }
    guard first == UInt8(ascii: "$") else {
      if first.isBlankSpace {
        throw error("blank space is not allowed before '$'", at: 0)
      }
      if first == UInt8(ascii: "@") {
        throw error("'@' (the current node) is only valid inside a filter; a query begins with '$'", at: 0)
      }
      throw error("expected '$' to begin the query, found \(describe(at: 0))", at: 0)
    }
    position = 1
    let segments = try parseSegments()
    if position < bytes.count {
      var next = position
      while next < bytes.count, bytes[next].isBlankSpace { next += 1 }
      if next == bytes.count {
        throw error("blank space is not allowed at the end of a query", at: position)
      }
      throw error("expected '.', '..' or '[' to begin a segment, found \(describe(at: next))", at: next)
    }
    return CompiledQuery(isAbsolute: true, segments: segments)
  }

  // MARK: - Segments

  /// Parses `*(S segment)`; blank space not followed by a segment is left for the caller.
  mutating func parseSegments() throws(JSONPathError) -> [CompiledSegment] {
    var segments: [CompiledSegment] = []
    while true {
      let save = position
      skipBlankSpace()
      guard let byte = peek() else {
        position = save
        return segments
      }
      // Each segment records its place in the text (`source`) itself: this function is on the recursion of
      // nested filters, where every byte of a frame counts (see JSONPath.maximumNestingDepth).
      if byte == .openBracket {
        segments.append(try parseBracketedSelection(isDescendant: false))
      } else if byte == .period {
        if peek(at: position + 1) == .period {
          position += 2
          segments.append(try parseDescendantSegmentBody())
        } else {
          position += 1
          segments.append(try parseShorthandBody())
        }
      } else {
        position = save
        return segments
      }
    }
  }

  /// After `.`: `*` or a member name.
  mutating func parseShorthandBody() throws(JSONPathError) -> CompiledSegment {
    guard let byte = peek() else {
      throw error("expected a member name or '*' after '.'", at: position)
    }
    if byte == UInt8(ascii: "*") {
      position += 1
      return CompiledSegment(isDescendant: false, selectors: [.wildcard], source: position - 2..<position)
    }
    if byte.isNameFirst {
      let start = position - 1
      let name = parseMemberName()
      return CompiledSegment(isDescendant: false, selectors: [.name(name)], source: start..<position)
    }
    if byte.isBlankSpace {
      throw error("blank space is not allowed after '.'", at: position)
    }
    if byte.isDigit {
      let digits = String(decoding: bytes[position...].prefix { $0.isDigit }, as: UTF8.self)
      throw error(
        "a member name cannot begin with a digit; write [\(digits)] for an index or ['\(digits)'] for a member",
        at: position)
    }
    if byte == .openBracket {
      throw error("'.' cannot be followed by '['; write '[...]' for a child or '..[...]' for descendants", at: position)
    }
    if byte == .quote || byte == UInt8(ascii: "'") {
      throw error("a quoted member name needs brackets: write ['name'] instead of .'name'", at: position)
    }
    throw error("expected a member name or '*' after '.', found \(describe(at: position))", at: position)
  }

  /// After `..`: `[...]`, `*` or a member name.
  mutating func parseDescendantSegmentBody() throws(JSONPathError) -> CompiledSegment {
    guard let byte = peek() else {
      throw error("expected a member name, '*' or '[' after '..'", at: position)
    }
    if byte == .openBracket { return try parseBracketedSelection(isDescendant: true) }
    if byte == UInt8(ascii: "*") {
      position += 1
      return CompiledSegment(isDescendant: true, selectors: [.wildcard], source: position - 3..<position)
    }
    if byte.isNameFirst {
      let start = position - 2
      let name = parseMemberName()
      return CompiledSegment(isDescendant: true, selectors: [.name(name)], source: start..<position)
    }
    if byte.isBlankSpace {
      throw error("blank space is not allowed after '..'", at: position)
    }
    throw error("expected a member name, '*' or '[' after '..', found \(describe(at: position))", at: position)
  }

  /// `member-name-shorthand`: ASCII letters, `_`, digits after the first, and any non-ASCII character.
  mutating func parseMemberName() -> String {
    let start = position
    while let byte = peek(), byte.isNameCharacter { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// `[ S selector *(S "," S selector) S ]`.
  ///
  /// On the recursion of nested filters: its error messages are built in `bracketError`, out of its frame.
  mutating func parseBracketedSelection(isDescendant: Bool) throws(JSONPathError) -> CompiledSegment {
    let start = isDescendant ? position - 2 : position  // `..` is never followed by blank space
    position += 1  // [
    skipBlankSpace()
    var isCompact = position == 0 || bytes[position - 1] == .openBracket
    if peek() == .closeBracket {
      throw bracketError(.empty)
    }
    var selectors: [CompiledSelector] = []
    while true {
      selectors.append(try parseSelector())
      if let byte = peek(), byte.isBlankSpace { isCompact = false }
      skipBlankSpace()
      guard let byte = peek() else { throw bracketError(.unclosed) }
      if byte == .comma {
        position += 1
        skipBlankSpace()
        if peek() == .closeBracket { throw bracketError(.missingSelector) }
        continue
      }
      if byte == .closeBracket {
        position += 1
        return CompiledSegment(
          isDescendant: isDescendant, selectors: selectors, isCompact: isCompact, source: start..<position)
      }
      throw bracketError(.unexpected)
    }
  }

  enum BracketProblem { case empty, unclosed, missingSelector, unexpected }

  /// The errors of `parseBracketedSelection`, at the current position, built here so that their string
  /// temporaries stay out of its frame.
  @inline(never)
  func bracketError(_ problem: BracketProblem) -> JSONPathError {
    switch problem {
    case .empty: error("expected a selector; a bracketed selection cannot be empty", at: position)
    case .unclosed: error("expected ']' to close the bracketed selection", at: position)
    case .missingSelector: error("expected a selector after ','", at: position)
    case .unexpected: error("expected ',' or ']' after a selector, found \(describe(at: position))", at: position)
    }
  }

  mutating func parseSelector() throws(JSONPathError) -> CompiledSelector {
    guard let byte = peek() else {
      throw error("expected a selector, found the end of the query", at: position)
    }
    switch byte {
    case .quote, UInt8(ascii: "'"):
      return .name(try parseStringLiteral())
    case UInt8(ascii: "*"):
      position += 1
      return .wildcard
    case UInt8(ascii: "?"):
      let questionMark = position
      try enterNesting(at: questionMark)
      defer { depth -= 1 }
      position += 1
      skipBlankSpace()
      return .filter(try parseLogicalExpression())
    case .minus, .colon, .zero ... .nine:
      return try parseIndexOrSlice()
    default:
      if byte.isNameFirst {
        let start = position
        let name = parseMemberName()
        position = start
        throw error("expected a selector, found '\(name)'; member names in brackets are quoted: ['\(name)']", at: start)
      }
      throw error(
        "expected a selector (a quoted name, an index, a slice, '*' or a '?' filter), found \(describe(at: position))",
        at: position)
    }
  }

  /// `int` or `[start S] ":" S [end S] [":" [S step]]`.
  mutating func parseIndexOrSlice() throws(JSONPathError) -> CompiledSelector {
    var start: Int?
    if peek() != .colon { start = try parseInteger() }
    let afterStart = position
    skipBlankSpace()
    if let start, peek() != .colon {
      position = afterStart
      return .index(start)
    }
    position += 1  // ':'
    skipBlankSpace()
    var end: Int?
    var step: Int?
    if let byte = peek(), byte == .minus || byte.isDigit {
      end = try parseInteger()
      skipBlankSpace()
    }
    if peek() == .colon {
      position += 1
      let afterColon = position
      skipBlankSpace()
      if let byte = peek(), byte == .minus || byte.isDigit {
        step = try parseInteger()
      } else {
        position = afterColon
      }
    }
    return .slice(start: start, end: end, step: step)
  }

  /// `int = "0" / (["-"] DIGIT1 *DIGIT)`, within ±(2^53-1).
  mutating func parseInteger() throws(JSONPathError) -> Int {
    let start = position
    var isNegative = false
    if peek() == .minus {
      isNegative = true
      position += 1
      guard let byte = peek(), byte.isDigit else {
        if let byte = peek(), byte.isBlankSpace {
          throw error("blank space is not allowed after '-'", at: position)
        }
        throw error("expected a digit after '-', found \(describe(at: position))", at: position)
      }
    }
    guard let first = peek(), first.isDigit else {
      throw error("expected an integer, found \(describe(at: position))", at: position)
    }
    if first == .zero {
      position += 1
      if isNegative {
        throw error("-0 is not a valid integer here; write 0", at: start)
      }
      if let next = peek(), next.isDigit {
        throw error("leading zeros are not allowed in an integer", at: start)
      }
      return 0
    }
    var value = 0
    var isOutOfRange = false
    while let byte = peek(), byte.isDigit {
      if !isOutOfRange {
        value = value * 10 + Int(byte - .zero)
        if value > Self.maximumInteger { isOutOfRange = true }
      }
      position += 1
    }
    if isOutOfRange {
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      throw error(
        .integerOutOfRange,
        "integer \(text) is out of range; indices and slice bounds must be within ±9007199254740991 (2^53-1)",
        at: start)
    }
    return isNegative ? -value : value
  }

  // MARK: - String literals

  /// A single- or double-quoted string with the RFC 9535 escapes (section 2.3.1.1).
  mutating func parseStringLiteral() throws(JSONPathError) -> String {
    let quote = bytes[position]
    let quoteText = quote == .quote ? "'\"'" : "\"'\""
    position += 1
    let contentStart = position
    var unescaped: [UInt8]?  // built only once an escape appears
    while true {
      guard position < bytes.count else {
        throw error("expected \(quoteText) to close the string", at: position)
      }
      let byte = bytes[position]
      if byte == quote {
        let text =
          unescaped.map { String(decoding: $0, as: UTF8.self) }
          ?? String(decoding: bytes[contentStart..<position], as: UTF8.self)
        position += 1
        return text
      }
      if byte < 0x20 {
        let name = byte == .newline ? "a line break" : byte == .tab ? "a tab" : "control character \(hex(UInt32(byte)))"
        throw error("\(name) must be escaped in a string literal", at: position)
      }
      if byte != .backslash {
        unescaped?.append(byte)
        position += 1
        continue
      }
      if unescaped == nil { unescaped = Array(bytes[contentStart..<position]) }
      let escapeStart = position
      position += 1
      guard let escaped = peek() else {
        throw error("expected an escape sequence after '\\'", at: escapeStart)
      }
      position += 1
      switch escaped {
      case UInt8(ascii: "b"): unescaped!.append(0x08)
      case UInt8(ascii: "f"): unescaped!.append(0x0C)
      case UInt8(ascii: "n"): unescaped!.append(.newline)
      case UInt8(ascii: "r"): unescaped!.append(.carriageReturn)
      case UInt8(ascii: "t"): unescaped!.append(.tab)
      case .slash, .backslash: unescaped!.append(escaped)
      case quote: unescaped!.append(quote)
      case UInt8(ascii: "u"):
        let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
        unescaped!.append(contentsOf: String(Character(scalar)).utf8)
      case .quote, UInt8(ascii: "'"):
        let other = escaped == .quote ? "\\\"" : "\\'"
        throw error(
          "\(other) is not a valid escape in a \(quote == .quote ? "double" : "single")-quoted string; "
            + "write the quote without a backslash", at: escapeStart)
      default:
        throw error(
          "invalid escape sequence '\\\(describeCharacter(at: escapeStart + 1))'; "
            + #"the escapes are \b \f \n \r \t \/ \\ \' \" and \uXXXX"#, at: escapeStart)
      }
    }
  }

  /// After `\u`: four hex digits, or a surrogate pair `\uD8xx\uDCxx`.
  mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONPathError) -> Unicode.Scalar {
    let first = try parseHex4(escapeStart: escapeStart)
    if (0xDC00...0xDFFF).contains(first) {
      throw error("\\u\(hex4(first)) is a lone low surrogate; it must follow a high surrogate", at: escapeStart)
    }
    if (0xD800...0xDBFF).contains(first) {
      guard peek() == .backslash, peek(at: position + 1) == UInt8(ascii: "u") else {
        throw error(
          "\\u\(hex4(first)) is a high surrogate; it must be followed by a low surrogate escape \\uDC00...\\uDFFF",
          at: escapeStart)
      }
      let secondStart = position
      position += 2
      let second = try parseHex4(escapeStart: secondStart)
      guard (0xDC00...0xDFFF).contains(second) else {
        throw error(
          "\\u\(hex4(first)) is a high surrogate; it must be followed by a low surrogate escape \\uDC00...\\uDFFF",
          at: escapeStart)
      }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }
    return Unicode.Scalar(first)!
  }

  mutating func parseHex4(escapeStart: Int) throws(JSONPathError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = peek()?.hexValue else {
        throw error("\\u must be followed by four hexadecimal digits", at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  // MARK: - Lexing helpers

  @inline(__always) func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

  @inline(__always) func peek(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// `S = *B`, `B = %x20 / %x09 / %x0A / %x0D`.
  @inline(__always) mutating func skipBlankSpace() {
    while position < bytes.count, bytes[position].isBlankSpace { position += 1 }
  }

  mutating func enterNesting(at offset: Int) throws(JSONPathError) {
    depth += 1
    if depth > JSONPath.maximumNestingDepth {
      throw error(
        .nestingTooDeep,
        "the query nests filters, parentheses, '!' and function calls more than \(JSONPath.maximumNestingDepth) deep",
        at: offset)
    }
  }

  func error(_ kind: JSONPathError.Kind, _ message: String, at offset: Int) -> JSONPathError {
    JSONPathError(kind: kind, message: message, query: query, byteOffset: offset)
  }

  /// A ``JSONPathError/Kind-swift.enum/syntax`` error.
  func error(_ message: String, at offset: Int) -> JSONPathError {
    JSONPathError(kind: .syntax, message: message, query: query, byteOffset: offset)
  }

  /// How the character at `offset` appears in messages: `'x'`, `blank space`, `the end of the query`.
  func describe(at offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the query" }
    let byte = bytes[offset]
    if byte == .newline { return "a line break" }
    if byte.isBlankSpace { return "blank space" }
    if byte < 0x20 || byte == 0x7F { return "control character \(hex(UInt32(byte)))" }
    if byte == UInt8(ascii: "'") { return "\"'\"" }
    return "'\(describeCharacter(at: offset))'"
  }

  /// The Unicode scalar starting at `offset`, as text.
  func describeCharacter(at offset: Int) -> String {
    guard offset < bytes.count else { return "" }
    var length = 1
    let byte = bytes[offset]
    if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
    return String(decoding: bytes[offset..<Swift.min(offset + length, bytes.count)], as: UTF8.self)
  }

  func hex(_ value: UInt32) -> String { "U+" + hex4(value) }

  func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
  }
}

extension UInt8 {
  /// RFC 9535 blank space: space, tab, line feed, carriage return.
  @inline(__always) var isBlankSpace: Bool {
    self == .space || self == .tab || self == .newline || self == .carriageReturn
  }

  /// `name-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF` (every non-ASCII scalar of a Swift string).
  @inline(__always) var isNameFirst: Bool {
    (self | 0x20) &- UInt8(ascii: "a") < 26 || self == UInt8(ascii: "_") || self >= 0x80
  }

  /// `name-char = name-first / DIGIT`.
  @inline(__always) var isNameCharacter: Bool { isNameFirst || isDigit }
}
