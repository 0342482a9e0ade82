import Foundation

/// Parses key-path text byte by byte; see the grammar on ``JSONKeyPath``.
struct KeyPathParser {
  let text: String
  let bytes: [UInt8]
  var position = 0

  init(text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  mutating func parse() throws(JSONKeyPathError) -> [JSONKeyPath.Component] {
    var components: [JSONKeyPath.Component] = []
    guard !bytes.isEmpty else { return components }
    if bytes[0] == .openBracket {
      components.append(try parseSubscript())
    } else {
      components.append(.key(try parseName(expected: "a key or '['")))
    }
    while position < bytes.count {
      switch bytes[position] {
      case .period:
        position += 1
        components.append(.key(try parseName(expected: "a key after '.'")))
      case .openBracket:
        components.append(try parseSubscript())
      default:
        throw failure("'.' or '['")
      }
    }
    return components
  }

  private func failure(_ expected: String, at offset: Int? = nil) -> JSONKeyPathError {
    JSONKeyPathError(.invalidKeyPath(text: text, offset: offset ?? position, expected: expected))
  }

  /// A bare name: one or more bytes up to the next `.`, `[`, `]`, `"`, `\` or the end.
  private mutating func parseName(expected: String) throws(JSONKeyPathError) -> String {
    let start = position
    while position < bytes.count, !JSONKeyPath.isNameTerminator(bytes[position]) { position += 1 }
    guard position > start else { throw failure(expected) }
    // Splitting a valid string at ASCII bytes always yields valid UTF-8.
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// `[index]` or `["quoted key"]`, with `position` on the `[`.
  private mutating func parseSubscript() throws(JSONKeyPathError) -> JSONKeyPath.Component {
    position += 1
    guard position < bytes.count else { throw failure("an index or a quoted key") }
    let component: JSONKeyPath.Component
    let byte = bytes[position]
    if byte.isDigit {
      component = .index(try parseIndex())
    } else if byte == .quote {
      component = .key(try parseQuotedKey())
    } else if byte == .minus {
      throw failure("an index (0 or greater, without a sign)")
    } else {
      throw failure("an index or a quoted key")
    }
    guard position < bytes.count, bytes[position] == .closeBracket else { throw failure("']'") }
    position += 1
    return component
  }

  private mutating func parseIndex() throws(JSONKeyPathError) -> Int {
    do { return try KeyPathParser.index(in: bytes, at: &position) } catch {
      throw failure(error.expected, at: error.offset)
    }
  }

  /// Reads an index subscript with the one array-index rule (``ArrayIndex``), with `position` on its first digit;
  /// shared with normalized paths (`$['a'][0]`), whose indices have the same syntax.
  static func index(in bytes: [UInt8], at position: inout Int) throws(PathSyntaxFailure) -> Int {
    switch ArrayIndex.read(bytes, at: &position) {
    case .index(let value): return value
    case .leadingZero(let offset): throw PathSyntaxFailure(offset: offset, expected: "an index without leading zeros")
    case .tooLarge(let offset): throw PathSyntaxFailure(offset: offset, expected: "an index no larger than \(Int.max)")
    }
  }

  private mutating func parseQuotedKey() throws(JSONKeyPathError) -> String {
    position += 1  // opening quote
    var key: [UInt8] = []
    while true {
      guard position < bytes.count else { throw failure("'\"' to close the quoted key") }
      let byte = bytes[position]
      if byte == .quote {
        position += 1
        return String(decoding: key, as: UTF8.self)
      }
      if byte == .backslash {
        position += 1
        guard position < bytes.count, bytes[position] == .quote || bytes[position] == .backslash else {
          throw failure("'\"' or '\\' after '\\'")
        }
      }
      key.append(bytes[position])
      position += 1
    }
  }
}

/// A syntax error in key-path or normalized-path text: what was expected at a UTF-8 byte offset.
struct PathSyntaxFailure: Error {
  var offset: Int
  var expected: String
}
