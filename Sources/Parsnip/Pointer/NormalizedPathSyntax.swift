/// Formats and parses RFC 9535 (JSONPath) normalized paths such as `$['store']['book'][0]`.
///
/// Formatting follows the normalized form exactly: names in single quotes, escaping `'`, `\` and control
/// characters (`\b \f \n \r \t`, otherwise `\u00xx` in lowercase hex), indices as plain non-negative integers.
/// Parsing accepts that form and, for convenience, any JSONPath string literal in either quote style with the
/// escapes RFC 9535 allows (`\/`, `\uXXXX` with surrogate pairs, the other quote escaped).
enum NormalizedPathSyntax {
  struct Failure: Error {
    var offset: Int
    var expected: String
  }

  static func format(_ components: [JSONKeyPath.Component]) -> String {
    var out = "$"
    for component in components {
      switch component {
      case .index(let index):
        out += "[\(index)]"
      case .key(let key):
        out += "['"
        for scalar in key.unicodeScalars {
          switch scalar {
          case "'": out += "\\'"
          case "\\": out += "\\\\"
          case "\u{08}": out += "\\b"
          case "\u{0C}": out += "\\f"
          case "\n": out += "\\n"
          case "\r": out += "\\r"
          case "\t": out += "\\t"
          default:
            if scalar.value < 0x20 {
              out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            } else {
              out.unicodeScalars.append(scalar)
            }
          }
        }
        out += "']"
      }
    }
    return out
  }

  static func parse(_ text: String) throws(Failure) -> [JSONKeyPath.Component] {
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "$") else { throw Failure(offset: 0, expected: "'$'") }
    var position = 1
    var components: [JSONKeyPath.Component] = []
    while position < bytes.count {
      guard bytes[position] == .openBracket else { throw Failure(offset: position, expected: "'['") }
      position += 1
      guard position < bytes.count else { throw Failure(offset: position, expected: "an index or a quoted name") }
      let byte = bytes[position]
      if byte.isDigit {
        components.append(.index(try parseIndex(bytes, &position)))
      } else if byte == UInt8(ascii: "'") || byte == .quote {
        components.append(.key(try parseName(bytes, &position)))
      } else {
        throw Failure(offset: position, expected: "an index or a quoted name")
      }
      guard position < bytes.count, bytes[position] == .closeBracket else {
        throw Failure(offset: position, expected: "']'")
      }
      position += 1
    }
    return components
  }

  private static func parseIndex(_ bytes: [UInt8], _ position: inout Int) throws(Failure) -> Int {
    let start = position
    if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, bytes[position + 1].isDigit {
      throw Failure(offset: position + 1, expected: "an index without leading zeros")
    }
    var value = 0
    while position < bytes.count, bytes[position].isDigit {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int(bytes[position] &- UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { throw Failure(offset: start, expected: "an index no larger than \(Int.max)") }
      value = sum
      position += 1
    }
    return value
  }

  private static func parseName(_ bytes: [UInt8], _ position: inout Int) throws(Failure) -> String {
    let quote = bytes[position]
    position += 1
    var name = String.UnicodeScalarView()
    var run: [UInt8] = []  // unescaped bytes, flushed before each escape
    func flush() {
      if !run.isEmpty {
        name.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        run.removeAll(keepingCapacity: true)
      }
    }
    while true {
      guard position < bytes.count else { throw Failure(offset: position, expected: "a closing quote") }
      let byte = bytes[position]
      if byte == quote {
        position += 1
        flush()
        return String(name)
      }
      if byte < 0x20 { throw Failure(offset: position, expected: "an escape sequence for a control character") }
      guard byte == .backslash else {
        run.append(byte)
        position += 1
        continue
      }
      flush()
      guard position + 1 < bytes.count else { throw Failure(offset: position + 1, expected: "an escape sequence") }
      let escaped = bytes[position + 1]
      position += 2
      switch escaped {
      case UInt8(ascii: "b"): name.append("\u{08}")
      case UInt8(ascii: "f"): name.append("\u{0C}")
      case UInt8(ascii: "n"): name.append("\n")
      case UInt8(ascii: "r"): name.append("\r")
      case UInt8(ascii: "t"): name.append("\t")
      case .slash: name.append("/")
      case .backslash: name.append("\\")
      case quote: name.append(Unicode.Scalar(quote))
      case UInt8(ascii: "u"):
        let start = position - 2
        let high = try hex4(bytes, &position)
        var value = UInt32(high)
        if (0xD800..<0xDC00).contains(high) {
          guard position + 1 < bytes.count, bytes[position] == .backslash, bytes[position + 1] == UInt8(ascii: "u")
          else { throw Failure(offset: position, expected: "a low surrogate escape after a high surrogate") }
          position += 2
          let low = try hex4(bytes, &position)
          guard (0xDC00..<0xE000).contains(low) else {
            throw Failure(offset: position - 6, expected: "a low surrogate escape (\\uDC00 to \\uDFFF)")
          }
          value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00..<0xE000).contains(high) {
          throw Failure(offset: start, expected: "a high surrogate before a low surrogate")
        }
        // Surrogates were excluded above, so the scalar is valid.
        name.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      default:
        throw Failure(offset: position - 1, expected: "a valid escape (\\b \\f \\n \\r \\t \\/ \\\\ \\u or a quote)")
      }
    }
  }

  private static func hex4(_ bytes: [UInt8], _ position: inout Int) throws(Failure) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = bytes[position].hexValue else {
        throw Failure(offset: position, expected: "four hexadecimal digits after \\u")
      }
      value = value << 4 | UInt16(digit)
      position += 1
    }
    return value
  }
}

extension JSONKeyPath {
  /// The path as an RFC 9535 normalized path, the form JSONPath query results use: `$['first']['upperCase'][0]`.
  public var normalizedPath: String { NormalizedPathSyntax.format(components) }

  /// Parses an RFC 9535 normalized path such as `$['a'][0]`.
  ///
  /// Names may also be double-quoted and use any JSONPath string escape (`\uXXXX`, `\/`); indices must be
  /// non-negative integers without leading zeros, as in normalized paths.
  ///
  /// ```swift
  /// try JSONKeyPath(normalizedPath: "$['managers']['racheal']").description  // → managers.racheal
  /// ```
  ///
  /// - Parameter normalizedPath: The path text, starting with `$`.
  /// - Throws: ``JSONKeyPathError`` with kind
  ///   ``JSONKeyPathError/Kind-swift.enum/invalidKeyPath(text:offset:expected:)``.
  public init(normalizedPath: String) throws(JSONKeyPathError) {
    do {
      self.init(components: try NormalizedPathSyntax.parse(normalizedPath))
    } catch {
      throw JSONKeyPathError(.invalidKeyPath(text: normalizedPath, offset: error.offset, expected: error.expected))
    }
  }

  /// Creates the key path with the same steps as a JSON Pointer, reading tokens that are array indices in RFC 6901
  /// form (`0`, `12`; not `01`) as indices and all others as keys.
  ///
  /// A pointer alone cannot say whether `/a/0` means element 0 or the member `"0"`; when that matters, use
  /// ``init(_:in:)``, which asks the document.
  ///
  /// - Parameter pointer: The pointer.
  public init(_ pointer: JSONPointer) {
    self.init(
      components: pointer.tokens.map { token in
        if case .index(let index) = JSONPointer.indexToken(token) { return .index(index) }
        return .key(token)
      })
  }

  /// Creates the key path that follows the same values as a JSON Pointer in `document`: a token is an index
  /// where the value reached is an array (`-` being the index one past the end) and a key where it is an object.
  ///
  /// The last token's value need not exist, so the pointer of a JSON Patch `add` converts too.
  ///
  /// - Parameters:
  ///   - pointer: The pointer.
  ///   - document: The document the pointer applies to.
  /// - Throws: ``JSONPointerError`` when a token before the last cannot be followed, or a token applied to an
  ///   array is not an index.
  public init(_ pointer: JSONPointer, in document: JSON) throws(JSONPointerError) {
    var components: [Component] = []
    components.reserveCapacity(pointer.tokens.count)
    var current = document
    for index in pointer.tokens.indices {
      let step: PathStep
      do { step = try pointer.step(index, in: current.kind) } catch { throw pointer.error(for: error) }
      switch step {
      case .member(let key): components.append(.key(key))
      case .element(let position): components.append(.index(position))
      case .end: components.append(.index(current.count))
      }
      if index < pointer.tokens.count - 1 {
        do { current = try PathEditing.read(current, path: JSONKeyPath(components: [components[index]])) } catch {
          var failure = error
          failure.step = index
          throw pointer.error(for: failure)
        }
      }
    }
    self.init(components: components)
  }
}

extension JSONPointer {
  /// Creates the pointer with the same steps as a key path: keys and indices become tokens.
  ///
  /// ```swift
  /// JSONPointer(try JSONKeyPath(#"a["x/y"][0]"#)).description  // → /a/x~1y/0
  /// ```
  ///
  /// - Parameter keyPath: The key path.
  public init(_ keyPath: JSONKeyPath) {
    self.init(
      tokens: keyPath.components.map { component in
        switch component {
        case .key(let key): key
        case .index(let index): String(index)
        }
      })
  }

  /// Parses an RFC 9535 normalized path such as `$['a'][0]` into a pointer (`/a/0`).
  ///
  /// - Parameter normalizedPath: The path text, starting with `$` (see ``JSONKeyPath/init(normalizedPath:)``).
  /// - Throws: ``JSONPointerError`` with kind ``JSONPointerError/Kind-swift.enum/invalidNormalizedPath(expected:)``
  ///   and the byte offset of the problem.
  public init(normalizedPath: String) throws(JSONPointerError) {
    do {
      self.init(JSONKeyPath(components: try NormalizedPathSyntax.parse(normalizedPath)))
    } catch {
      throw JSONPointerError(
        .invalidNormalizedPath(expected: error.expected), text: normalizedPath,
        offset: error.offset)
    }
  }

  /// The RFC 9535 normalized path of this pointer's target in `document`: `$['foo'][0]` for `/foo/0` when `foo` is
  /// an array, `$['foo']['0']` when it is an object.
  ///
  /// - Parameter document: The document that decides which tokens are indices.
  /// - Returns: The normalized path text.
  /// - Throws: ``JSONPointerError`` as for ``JSONKeyPath/init(_:in:)``.
  public func normalizedPath(in document: JSON) throws(JSONPointerError) -> String {
    try JSONKeyPath(self, in: document).normalizedPath
  }
}
