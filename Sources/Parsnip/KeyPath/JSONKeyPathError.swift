/// An error reading, enumerating or editing a value by ``JSONKeyPath``, or parsing key-path text.
///
/// The ``kind`` says what went wrong and ``keyPath`` where: for a missing key or index, the path of the container
/// that lacks it; for a type mismatch, the path of the value whose type was wrong. ``description`` reads like
/// `no value for key "salary" at managers.gavin`.
///
/// ```swift
/// let json: JSON = ["managers": ["gavin": ["dept": "RND"]]]
/// do {
///   let salary: Int = try json.value(at: "managers.gavin.salary")
/// } catch {
///   print(error)  // → no value for key "salary" at managers.gavin
/// }
/// ```
public struct JSONKeyPathError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The object at ``JSONKeyPathError/keyPath`` has no member with this key.
    case noValueForKey(String)
    /// The array at ``JSONKeyPathError/keyPath`` has `count` elements, so `index` is not one of them.
    case indexOutOfRange(index: Int, count: Int)
    /// The value at ``JSONKeyPathError/keyPath`` is a `found`, which cannot be read as `expected`
    /// (a Swift type such as `Int8`, possibly with a note on the accepted range, or a JSON kind such as `object`).
    case typeMismatch(expected: String, found: JSON.Kind)
    /// The key-path text is not valid: at UTF-8 byte `offset` of `text`, `expected` was expected.
    case invalidKeyPath(text: String, offset: Int, expected: String)
    /// A `Decodable` or ``JSONDeserializable`` type rejected the value at ``JSONKeyPathError/keyPath``
    /// for a reason of its own; ``JSONKeyPathError/underlyingError`` holds the original error.
    case dataCorrupted(String)
    /// Creating the intermediate containers would nest values deeper than `limit` levels
    /// (``JSON/maximumSupportedDepth``).
    case nestingTooDeep(limit: Int)
    /// Removing the document itself (the empty key path) is not possible.
    case cannotRemoveRoot
  }

  /// What went wrong.
  public var kind: Kind
  /// Where it went wrong (see ``JSONKeyPathError``); empty for syntax errors and the document itself.
  public var keyPath: JSONKeyPath
  /// The error thrown by a `Decodable` initializer or a ``JSONDeserializable`` method, when there was one.
  public var underlyingError: (any Error)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - keyPath: Where it went wrong.
  ///   - underlyingError: The original error, when this one wraps another.
  public init(_ kind: Kind, keyPath: JSONKeyPath = .root, underlyingError: (any Error)? = nil) {
    self.kind = kind
    self.keyPath = keyPath
    self.underlyingError = underlyingError
  }

  /// A one-line explanation naming the place, for example `index 3 out of range (count 2) at response[0]`;
  /// syntax errors add the text with a caret under the offending position.
  public var description: String {
    let place = keyPath.isRoot ? "the root" : Excerpt.abbreviated(keyPath.description)
    switch kind {
    case .noValueForKey(let key):
      return "no value for key \(Excerpt.quoted(key)) at \(place)"
    case .indexOutOfRange(let index, let count):
      return "index \(index) out of range (count \(count)) at \(place)"
    case .typeMismatch(let expected, let found):
      return "type mismatch at \(place): expected \(expected), found \(found)"
    case .invalidKeyPath(let text, let offset, let expected):
      return "invalid key path at offset \(offset): expected \(expected)\n"
        + SourceLocation.caretLines(in: text, at: offset)
    case .dataCorrupted(let message):
      return "cannot read the value at \(place): \(message)"
    case .cannotRemoveRoot:
      return "cannot remove the document itself (empty key path)"
    case .nestingTooDeep(let limit):
      return "creating the containers at \(place) would nest values deeper than \(limit) levels"
    }
  }

  /// For a syntax error (``Kind-swift.enum/invalidKeyPath(text:offset:expected:)``), the UTF-8 byte offset into the
  /// key-path text where the problem is; `nil` for errors that do not come from text.
  public var byteOffset: Int? {
    if case .invalidKeyPath(_, let offset, _) = kind { return offset }
    return nil
  }

  /// This error with `prefix` put in front of its key path, for errors raised relative to a nested value.
  func rerooted(at prefix: JSONKeyPath) -> JSONKeyPathError {
    guard case .invalidKeyPath = kind else {
      var copy = self
      copy.keyPath = prefix.appending(keyPath)
      return copy
    }
    return self
  }
}

extension JSONKeyPathError {
  /// Errors are equal when their kinds and key paths are; the underlying error is not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: Whether they describe the same failure.
  public static func == (lhs: JSONKeyPathError, rhs: JSONKeyPathError) -> Bool {
    lhs.kind == rhs.kind && lhs.keyPath == rhs.keyPath
  }

  /// Hashes the kind and the key path, the parts that ``==(_:_:)`` compares.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(keyPath)
  }
}
