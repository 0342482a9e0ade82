/// An error parsing a JSON Pointer, or resolving or editing a value with one.
///
/// Syntax errors carry the UTF-8 ``byteOffset`` into ``text`` where the problem is; resolution errors carry the
/// ``tokenIndex`` of the token that could not be followed. ``description`` names both, for example
/// `index 3 out of range (count 2) at /foo (token 2 of /foo/3)`.
public struct JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A non-empty pointer must start with `/`.
    case missingLeadingSlash
    /// `~` must be followed by `0` or `1`.
    case invalidEscape
    /// A URI fragment pointer must start with `#`.
    case missingFragmentHash
    /// `%` must be followed by two hexadecimal digits.
    case invalidPercentEncoding
    /// The percent-decoded fragment is not valid UTF-8.
    case invalidUTF8
    /// A JSONPath normalized path (`$['a'][0]`) is malformed; `expected` says what should come at ``byteOffset``.
    case invalidNormalizedPath(expected: String)
    /// The object has no member with this key.
    case keyNotFound(String)
    /// The array has `count` elements, so `index` is not one of them.
    case indexOutOfRange(index: Int, count: Int)
    /// The token is not an array index (`01`, `-1`, `x`, or too large for `Int`) but the value is an array.
    case invalidArrayIndex(String)
    /// `-` (the position after the last element of an array of `count` elements) was used where a value must exist.
    case pastTheEnd(count: Int)
    /// The value reached is a scalar of this kind, so there is nothing for the next token to select.
    case notAContainer(JSON.Kind)
    /// The whole document cannot be removed.
    case cannotRemoveRoot
    /// Creating the intermediate containers would nest values deeper than `limit` levels
    /// (``JSON/maximumSupportedDepth``).
    case nestingTooDeep(limit: Int)
  }

  /// What went wrong.
  public var kind: Kind
  /// The pointer text: as given for syntax errors, in RFC 6901 form for resolution errors.
  public var text: String
  /// For syntax errors, the UTF-8 byte offset into ``text`` where the problem is.
  public var byteOffset: Int?
  /// For resolution errors, the zero-based index of the token that could not be followed.
  public var tokenIndex: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - text: The pointer text.
  ///   - byteOffset: The byte offset of a syntax error.
  ///   - tokenIndex: The token of a resolution error.
  public init(_ kind: Kind, text: String, byteOffset: Int? = nil, tokenIndex: Int? = nil) {
    self.kind = kind
    self.text = text
    self.byteOffset = byteOffset
    self.tokenIndex = tokenIndex
  }

  /// Whether the pointer text itself is malformed, as opposed to not matching the document.
  public var isSyntaxError: Bool {
    switch kind {
    case .missingLeadingSlash, .invalidEscape, .missingFragmentHash, .invalidPercentEncoding, .invalidUTF8,
      .invalidNormalizedPath:
      true
    default: false
    }
  }

  /// An explanation naming the place: a caret under the offending character for syntax errors, the container and
  /// the failing token for resolution errors.
  public var description: String {
    let reason: String
    switch kind {
    case .missingLeadingSlash: reason = "expected '/' at the start of a non-empty pointer"
    case .invalidEscape: reason = "'~' must be followed by '0' or '1'"
    case .missingFragmentHash: reason = "expected '#' at the start of a URI fragment pointer"
    case .invalidPercentEncoding: reason = "'%' must be followed by two hexadecimal digits"
    case .invalidUTF8: reason = "the percent-decoded fragment is not valid UTF-8"
    case .invalidNormalizedPath(let expected): reason = "expected \(expected)"
    case .keyNotFound(let key): reason = "no value for key \(Excerpt.quoted(key))"
    case .indexOutOfRange(let index, let count): reason = "index \(index) out of range (count \(count))"
    case .invalidArrayIndex(let token):
      reason =
        "\(Excerpt.quoted(token)) is not an array index (0, or digits without a leading zero"
        + (token.utf8.allSatisfy(\.isDigit) && !token.hasPrefix("0") ? ", at most \(Int.max))" : ")")
    case .pastTheEnd(let count):
      reason = "'-' designates the nonexistent element after the last (count \(count))"
    case .notAContainer(let found): reason = "cannot select a member of a \(found)"
    case .cannotRemoveRoot: reason = "cannot remove the whole document"
    case .nestingTooDeep(let limit): reason = "creating the containers would nest values deeper than \(limit) levels"
    }
    if let offset = byteOffset, isSyntaxError {
      let what = if case .invalidNormalizedPath = kind { "normalized path" } else { "JSON pointer" }
      return "invalid \(what) at offset \(offset): \(reason)\n"
        + SourceLocation.caretLines(in: text, at: offset)
    }
    guard let tokenIndex else { return reason }
    let container = JSONPointerError.prefix(of: text, tokens: tokenIndex)
    let place = container.isEmpty ? "the root" : Excerpt.abbreviated(container)
    return "\(reason) at \(place) (token \(tokenIndex + 1) of \(Excerpt.abbreviated(text)))"
  }

  /// The first `count` tokens of RFC 6901 pointer text.
  static func prefix(of text: String, tokens count: Int) -> String {
    guard count > 0 else { return "" }
    var seen = 0
    for index in text.utf8.indices where text.utf8[index] == .slash {
      if seen == count { return String(text[..<index]) }
      seen += 1
    }
    return text
  }
}
