/// Why a ``JSONDecoding`` could not decode a value: what was wrong, and where.
///
/// ``path`` is the place as data (the components of a ``JSONKeyPath`` from the decoded value), and decoding text adds
/// ``byteOffset``, ``line`` and ``column``. ``description`` reads like Elm's decoding errors:
///
/// ```
/// Problem with the value at users[0].score (line 7, column 18): expected an Int, found "5"
/// Problem with the value at users[1]: expected an object with a field named "name"
/// ```
public struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The value is not what the decoder reads: `expected` names it (`an Int`, `an array`), `found` shows the value
    /// (scalars as JSON text, containers as `an object` or `an array`).
    case typeMismatch(expected: String, found: String)
    /// The object at ``JSONDecodingError/path`` has no member named this.
    case missingKey(String)
    /// The array at ``JSONDecodingError/path`` has `count` elements, so it has none at `index`.
    case missingIndex(Int, count: Int)
    /// A decoder failed with this message: ``JSONDecoding/fail(_:)``, a `map` that threw, a bad URL or date.
    case failure(String)
    /// Every alternative of ``JSONDecoding/oneOf(_:)`` failed, each for the reason given, in order.
    case oneOf([JSONDecodingError])
    /// The input is not valid JSON (nothing was decoded).
    case invalidJSON(JSONParseError)
    /// A key path or JSON Pointer text given to `requiredAt` or `optionalAt` does not parse.
    case invalidPath(String)
    /// Recursive decoders (``JSONDecoding/lazy(_:)``, ``JSONDecoding/andThen(_:)``) went deeper than
    /// ``JSONDecodingOptions/maximumDepth``, or than the thread's stack can hold (`limit` is then the depth reached);
    /// for ``decodeJSON(_:with:options:)-(Any,_,_)``, the object graph is nested deeper than that limit, or contains
    /// itself.
    case nestingTooDeep(limit: Int)
    /// The decode ran its recursive and alternative decoders more than `limit` times
    /// (``JSONDecodingOptions/maximumDecoderRuns``): alternatives of ``JSONDecoding/oneOf(_:)`` that each decode a
    /// recursive member would otherwise take time exponential in the depth.
    case tooExpensive(limit: Int)
    /// A `Decodable` type (``JSONDecoding/codable(_:using:)``) rejected the value; the message is its decoder's.
    case decodable(String)
    /// Several failures, found in one pass with ``JSONDecodingOptions/accumulatesErrors``, in document order.
    case several([JSONDecodingError])
  }

  /// What went wrong.
  public var kind: Kind {
    get { storage.kind }
    set { storage = Storage(newValue, path, byteOffset, line, column) }
  }
  /// Where: the path from the decoded value to the value that failed (for a missing key, to the object that lacks
  /// it); the root path for the decoded value itself.
  public var path: JSONKeyPath {
    get { storage.path }
    set { storage = Storage(kind, newValue, byteOffset, line, column) }
  }
  /// The byte offset in the text of the value that failed; `nil` when a tree was decoded.
  public var byteOffset: Int? {
    get { storage.byteOffset }
    set { storage = Storage(kind, path, newValue, line, column) }
  }
  /// The one-based line of ``byteOffset`` in the text.
  public var line: Int? {
    get { storage.line }
    set { storage = Storage(kind, path, byteOffset, newValue, column) }
  }
  /// The one-based column of ``byteOffset``, counted in Unicode scalars.
  public var column: Int? {
    get { storage.column }
    set { storage = Storage(kind, path, byteOffset, line, newValue) }
  }

  /// Everything, behind one reference: an error one word wide is thrown in registers, so the frames of a recursive
  /// decoder (each level several closures deep, each with typed throws) keep no error-sized buffers on the stack;
  /// inline, the error's 120-odd bytes cost several times that per level (issue 42, N3).
  private final class Storage: Sendable {
    let kind: Kind
    let path: JSONKeyPath
    let byteOffset: Int?
    let line: Int?
    let column: Int?

    init(_ kind: Kind, _ path: JSONKeyPath, _ byteOffset: Int?, _ line: Int?, _ column: Int?) {
      self.kind = kind
      self.path = path
      self.byteOffset = byteOffset
      self.line = line
      self.column = column
    }
  }

  private var storage: Storage

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - path: Where, relative to the decoded value.
  ///   - byteOffset: Where in the text, when text was decoded.
  ///   - line: The line of `byteOffset`.
  ///   - column: The column of `byteOffset`.
  public init(_ kind: Kind, path: JSONKeyPath = .root, byteOffset: Int? = nil, line: Int? = nil, column: Int? = nil) {
    storage = Storage(kind, path, byteOffset, line, column)
  }

  /// Whether two errors have the same kind, path and position.
  public static func == (lhs: JSONDecodingError, rhs: JSONDecodingError) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.byteOffset == rhs.byteOffset && lhs.line == rhs.line
        && lhs.column == rhs.column)
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(path)
    hasher.combine(byteOffset)
    hasher.combine(line)
    hasher.combine(column)
  }

  /// The failures this error stands for: the list of a ``Kind-swift.enum/several(_:)`` error, or the error itself.
  public var failures: [JSONDecodingError] {
    if case .several(let errors) = kind { return errors }
    return [self]
  }

  /// `Problem with the value at PATH (line L, column C): WHAT`; several failures give one such line each.
  public var description: String {
    switch kind {
    case .several(let errors):
      return "\(errors.count) problems:\n" + errors.map(\.description).joined(separator: "\n")
    case .invalidJSON(let error):
      return "The given data was not valid JSON: \(error.message) (line \(error.line), column \(error.column))"
    default:
      var text =
        path.isRoot
        ? "Problem with the given value" : "Problem with the value at \(Excerpt.abbreviated(path.description))"
      if let line, let column { text += " (line \(line), column \(column))" }
      return text + ": " + reason
    }
  }

  /// The part after the colon.
  private var reason: String {
    switch kind {
    case .typeMismatch(let expected, let found): return "expected \(expected), found \(found)"
    case .missingKey(let key): return "expected an object with a field named \(JSON.string(key))"
    case .missingIndex(let index, let count):
      return "expected an array with an element at index \(index), found \(count) element\(count == 1 ? "" : "s")"
    case .failure(let message), .decodable(let message), .invalidPath(let message): return message
    case .nestingTooDeep(let limit): return "recursive decoders nested deeper than \(limit) levels"
    case .tooExpensive(let limit):
      return "the decode ran recursive and alternative decoders more than \(limit) times (maximumDecoderRuns)"
    case .oneOf(let errors):
      return "all \(errors.count) alternatives failed:"
        + errors.enumerated().map { "\n  (\($0.offset + 1)) \($0.element)" }.joined()
    case .invalidJSON, .several: return ""
    }
  }

  // MARK: Building errors while decoding

  /// Whether the error stops the whole decode: no alternative is tried and no further failure collected after it.
  @usableFromInline var endsTheDecode: Bool {
    if case .tooExpensive = kind { return true }
    return false
  }

  /// An error at `value`, with its byte offset when `value` is text.
  @usableFromInline init(_ kind: Kind, at value: AnyJSONNode) {
    self.init(kind, byteOffset: value.byteOffset)
  }

  /// `expected WHAT, found VALUE` at `value`.
  @usableFromInline static func mismatch(_ expected: String, _ value: AnyJSONNode) -> JSONDecodingError {
    JSONDecodingError(.typeMismatch(expected: expected, found: value.found), at: value)
  }

  /// This error as seen from the container of its value: `component` goes in front of every path.
  @usableFromInline func inside(_ component: JSONKeyPath.Component) -> JSONDecodingError {
    inside(JSONKeyPath(components: [component]))
  }

  /// This error as seen from `prefix` up: `prefix` goes in front of every path (and of nested errors' paths).
  @usableFromInline func inside(_ prefix: JSONKeyPath) -> JSONDecodingError {
    guard !prefix.isRoot else { return self }
    var copy = self
    switch kind {
    case .invalidJSON: return self
    case .oneOf(let errors): copy.kind = .oneOf(errors.map { $0.inside(prefix) })
    case .several(let errors): copy.kind = .several(errors.map { $0.inside(prefix) })
    default: break
    }
    copy.path = prefix.appending(path)
    return copy
  }

  /// `first` and `second` as one error (both, when accumulating; ``Kind-swift.enum/several(_:)`` flattened).
  @usableFromInline static func combining(_ first: JSONDecodingError?, _ second: JSONDecodingError) -> JSONDecodingError
  {
    guard let first else { return second }
    return JSONDecodingError(.several(first.failures + second.failures))
  }

  /// Adds `error` to the failures collected in `failure`, as ``combining(_:_:)`` does, but in place: the list grows
  /// without being copied, so that collecting n failures costs O(n), not O(n²).
  @usableFromInline static func accumulate(_ error: JSONDecodingError, into failure: inout JSONDecodingError?) {
    guard var first = failure else {
      failure = error
      return
    }
    failure = nil  // `first` is now the only reference to the list, if it has one
    var list: [JSONDecodingError]
    if case .several(let errors) = first.kind {
      list = errors
      first.kind = .failure("")  // and `list` the only reference, so appending does not copy it
    } else {
      list = [first]
    }
    if case .several(let more) = error.kind { list.append(contentsOf: more) } else { list.append(error) }
    failure = JSONDecodingError(.several(list))
  }

  /// Adds line and column to every error from `text`, and puts several failures in document order.
  func located(in text: UnsafeRawBufferPointer) -> JSONDecodingError {
    var last: SourceLocation?
    return located(in: text, resumingFrom: &last)
  }

  /// ``located(in:)``, counting lines on from `last`, the location found before (errors in document order cost one
  /// pass over the text, not one each).
  private func located(in text: UnsafeRawBufferPointer, resumingFrom last: inout SourceLocation?) -> JSONDecodingError {
    var copy = self
    if let byteOffset {
      let location = SourceLocation(byteOffset: byteOffset, in: text, resumingFrom: last)
      (copy.line, copy.column) = (location.line, location.column)
      last = location
    }
    switch kind {
    case .invalidJSON: return self
    case .oneOf(let errors):
      copy.kind = .oneOf(errors.map { $0.located(in: text, resumingFrom: &last) })
    case .several(let errors):
      let sorted = errors.enumerated().sorted {
        ($0.element.byteOffset ?? Int.max, $0.offset) < ($1.element.byteOffset ?? Int.max, $1.offset)
      }
      copy.kind = .several(sorted.map { $0.element.located(in: text, resumingFrom: &last) })
    default: break
    }
    return copy
  }
}
