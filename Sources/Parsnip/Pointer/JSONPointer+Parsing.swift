extension JSONPointer {
  /// Parses RFC 6901 pointer text: `""` for the whole document, otherwise `/`-separated tokens with `~0` for `~`
  /// and `~1` for `/`.
  ///
  /// ```swift
  /// try JSONPointer("/m~0n").tokens  // → ["m~n"]
  /// try JSONPointer("/a~2")          // throws: invalid JSON pointer at offset 2: '~' must be followed by '0' or '1'
  /// ```
  ///
  /// - Parameter text: The pointer text.
  /// - Throws: ``JSONPointerError`` with kind ``JSONPointerError/Kind-swift.enum/missingLeadingSlash`` or
  ///   ``JSONPointerError/Kind-swift.enum/invalidEscape`` and the byte offset of the problem.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String) throws(JSONPointerError) {
    let bytes = Array(text.utf8)
    do {
      self.init(tokens: try JSONPointer.parseTokens(bytes))
    } catch {
      throw JSONPointerError(error.kind, text: text, byteOffset: error.offset)
    }
  }

  /// Parses the URI fragment form of a pointer (RFC 6901 section 6): `#` followed by percent-encoded pointer text.
  ///
  /// The text after `#` is percent-decoded to UTF-8 first, then parsed as a pointer, so `%2F` is a token separator
  /// like `/` (write `~1` for a `/` inside a key). Characters that RFC 3986 would require to be encoded are
  /// accepted as they are.
  ///
  /// ```swift
  /// try JSONPointer(fragment: "#/a%20b/0").tokens  // → ["a b", "0"]
  /// try JSONPointer(fragment: "#").isRoot          // → true
  /// ```
  ///
  /// - Parameter fragment: The fragment, including the leading `#`.
  /// - Throws: ``JSONPointerError`` for a missing `#`, a bad percent escape, invalid UTF-8 once decoded, or a
  ///   pointer syntax error, with the byte offset in `fragment`.
  public init(fragment: String) throws(JSONPointerError) {
    let bytes = Array(fragment.utf8)
    guard bytes.first == UInt8(ascii: "#") else {
      throw JSONPointerError(.missingFragmentHash, text: fragment, byteOffset: 0)
    }
    var decoded: [UInt8] = []
    var sourceOffsets: [Int] = []  // where each decoded byte came from, to report offsets in `fragment`
    decoded.reserveCapacity(bytes.count)
    sourceOffsets.reserveCapacity(bytes.count)
    var position = 1
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "%") {
        guard position + 2 < bytes.count, let high = bytes[position + 1].hexValue,
          let low = bytes[position + 2].hexValue
        else {
          throw JSONPointerError(.invalidPercentEncoding, text: fragment, byteOffset: position)
        }
        decoded.append(high << 4 | low)
        sourceOffsets.append(position)
        position += 3
      } else {
        decoded.append(byte)
        sourceOffsets.append(position)
        position += 1
      }
    }
    // Not `String(validating:as:)`: that needs macOS 15.
    if let offset = JSONPointer.firstInvalidUTF8(decoded, sourceOffsets) {
      throw JSONPointerError(.invalidUTF8, text: fragment, byteOffset: offset)
    }
    do {
      self.init(tokens: try JSONPointer.parseTokens(decoded))
    } catch {
      let offset = error.offset < sourceOffsets.count ? sourceOffsets[error.offset] : bytes.count
      throw JSONPointerError(error.kind, text: fragment, byteOffset: offset)
    }
  }

  struct SyntaxFailure: Error {
    var kind: JSONPointerError.Kind
    var offset: Int
  }

  /// Splits pointer bytes (valid UTF-8) into unescaped tokens.
  static func parseTokens(_ bytes: [UInt8]) throws(SyntaxFailure) -> [String] {
    guard !bytes.isEmpty else { return [] }
    guard bytes[0] == .slash else { throw SyntaxFailure(kind: .missingLeadingSlash, offset: 0) }
    var tokens: [String] = []
    var token: [UInt8] = []
    var position = 1
    while position <= bytes.count {
      if position == bytes.count || bytes[position] == .slash {
        // Splitting valid UTF-8 at ASCII bytes keeps it valid.
        tokens.append(String(decoding: token, as: UTF8.self))
        token.removeAll(keepingCapacity: true)
        position += 1
        continue
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "~") {
        guard position + 1 < bytes.count else { throw SyntaxFailure(kind: .invalidEscape, offset: position) }
        switch bytes[position + 1] {
        case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): token.append(.slash)
        default: throw SyntaxFailure(kind: .invalidEscape, offset: position)
        }
        position += 2
      } else {
        token.append(byte)
        position += 1
      }
    }
    return tokens
  }

  /// The offset in the fragment of the first byte that makes `decoded` invalid UTF-8, or `nil` when it is valid.
  private static func firstInvalidUTF8(_ decoded: [UInt8], _ sourceOffsets: [Int]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = decoded.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset < sourceOffsets.count ? sourceOffsets[offset] : 0
      case .emptyInput: return nil
      }
    }
  }
}
