import Foundation

/// Decodes `Decodable` values from JSON, as a faster drop-in for Foundation's `JSONDecoder`.
///
/// `ParsnipDecoder` has the same strategies and the same results as `JSONDecoder`, and reads values straight from
/// Parsnip's structural index of the input: no intermediate tree, no `[String: Any]`. On top of Foundation's API it
/// decodes from `[UInt8]`, `String` and ``JSON`` values, decodes only the part of a document at a key path or JSON
/// Pointer, reports what lenient decoding did (``decodeWithReport(_:from:)``), and can reject unknown and
/// duplicate keys (``strictness``).
///
/// ```swift
/// struct User: Decodable { var name: String; var isAdmin: Bool }
/// let decoder = ParsnipDecoder()
/// let user = try decoder.decode(User.self, from: #"{"name": "Ada", "isAdmin": true}"#)
/// user.name  // → "Ada"
/// ```
///
/// Errors are Foundation's `DecodingError`, with the full coding path and a description that names the place in the
/// input: `users[3].email: expected a String, found null (line 12, column 8)`. Invalid JSON fails with
/// `DecodingError.dataCorrupted` whose `underlyingError` is the ``JSONParseError``.
///
/// When an object has the same key twice, or two keys that `.convertFromSnakeCase` makes the same, the first one is
/// decoded, as Foundation does (a ``JSON`` tree keeps the last). A class handed as its superclass's metatype
/// (`Employee.self as Person.Type`) decodes as the class it is, at the top level and in unkeyed and single-value
/// containers; keyed containers see only the static type, in Foundation too (`KeyedDecodingContainer` passes its
/// box `T.self`).
///
/// Differences from Foundation, all where Foundation's result is arguably wrong or unspecified:
/// - Input is strict RFC 8259: Foundation also accepts a comma after the last element or member, and
///   ``allowsTrailingCommas`` restores that.
/// - A fractional number decodes as an integer only when it is exactly an integer (`2.0`, `1e2`, and
///   `1.8446744073709551615e19` for `UInt64`); Foundation rounds `1.0000000000000000001` to `1`, and a zero with a
///   large exponent (`0.0e76`) reads as `0` instead of failing.
/// - Number range errors keep their coding path; `.iso8601` also accepts fractional seconds and rejects impossible
///   dates such as February 30.
/// - `.convertFromSnakeCase` also finds properties whose names have acronyms (`myURLProperty` ← `my_url_property`),
///   see ``KeyDecodingStrategy-swift.enum/convertFromSnakeCase``.
/// - `allKeys` lists members in document order.
///
/// Decoding creates no tree, but containers and decoders must not be used after `decode` returns: they then throw
/// `DecodingError.dataCorrupted` (or answer empty) instead of reading freed input.
///
/// A decoder is safe to share between threads; changing its options while a decode is running affects only the
/// decodes that start afterwards.
public final class ParsnipDecoder: Sendable {
  /// A snapshot of the options, taken once per decode.
  struct Options {
    var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    var dataDecodingStrategy: DataDecodingStrategy = .base64
    var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var allowsJSON5 = false
    var allowsTrailingCommas = false
    var assumesTopLevelDictionary = false
    var strictness: Strictness = .lenient
    /// Whether keyed containers' boxes are cached and handed out again (StandardLibraryLayout.swift, assumption 4);
    /// `false` only to test the fallback, a new box per container.
    var reusesContainerBoxes = StandardLibraryLayout.keyedContainersAreBoxReferences

    var parsingOptions: JSON.ParsingOptions {
      JSON.ParsingOptions(
        allowsJSON5: allowsJSON5, allowsTrailingCommas: allowsTrailingCommas,
        assumesTopLevelObject: assumesTopLevelDictionary)
    }
  }

  private let settings = Lock(Options())

  /// Creates a decoder with the default options.
  public init() {}

  private func withOptions<R>(_ body: (inout Options) -> R) -> R { settings.withLock(body) }

  /// Whether keyed containers' boxes are reused (see ``Options``); for the tests of the fallback.
  var reusesContainerBoxes: Bool {
    get { withOptions { $0.reusesContainerBoxes } }
    set { withOptions { $0.reusesContainerBoxes = newValue } }
  }

  /// How type keys are matched to member names. Default ``KeyDecodingStrategy/useDefaultKeys``.
  public var keyDecodingStrategy: KeyDecodingStrategy {
    get { withOptions { $0.keyDecodingStrategy } }
    set { withOptions { $0.keyDecodingStrategy = newValue } }
  }

  /// How `Date` values are read. Default ``DateDecodingStrategy/deferredToDate``.
  public var dateDecodingStrategy: DateDecodingStrategy {
    get { withOptions { $0.dateDecodingStrategy } }
    set { withOptions { $0.dateDecodingStrategy = newValue } }
  }

  /// How `Data` values are read. Default ``DataDecodingStrategy/base64``.
  public var dataDecodingStrategy: DataDecodingStrategy {
    get { withOptions { $0.dataDecodingStrategy } }
    set { withOptions { $0.dataDecodingStrategy = newValue } }
  }

  /// How infinities and NaN are read. Default ``NonConformingFloatDecodingStrategy/throw``.
  public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
    get { withOptions { $0.nonConformingFloatDecodingStrategy } }
    set { withOptions { $0.nonConformingFloatDecodingStrategy = newValue } }
  }

  /// Values passed to every `Decoder` of a decode, for types to adjust their decoding. Default empty.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withOptions { $0.userInfo } }
    set { withOptions { $0.userInfo = newValue } }
  }

  /// Whether the input may be JSON5 (comments, trailing commas, unquoted keys, single quotes, hexadecimal numbers,
  /// `Infinity`, `NaN`). Default `false`.
  public var allowsJSON5: Bool {
    get { withOptions { $0.allowsJSON5 } }
    set { withOptions { $0.allowsJSON5 = newValue } }
  }

  /// Whether a comma may follow the last element of an array or member of an object (`[1, 2,]`), as Foundation's
  /// `JSONDecoder` accepts; set it for exact drop-in behaviour. Default `false`: the input is strict RFC 8259.
  public var allowsTrailingCommas: Bool {
    get { withOptions { $0.allowsTrailingCommas } }
    set { withOptions { $0.allowsTrailingCommas = newValue } }
  }

  /// Whether a text of object members without braces (`"a": 1, "b": 2`, or in JSON5 `a: 1, b: 2`) decodes as that
  /// object, as with Foundation's `JSONDecoder`; a text that starts with `{` decodes as it is, and an empty text as
  /// an empty object. Errors point into the text as written. Default `false`.
  public var assumesTopLevelDictionary: Bool {
    get { withOptions { $0.assumesTopLevelDictionary } }
    set { withOptions { $0.assumesTopLevelDictionary = newValue } }
  }

  /// Extra checks on the input, the one setting for them: ``Strictness-swift.struct/rejectsUnknownKeys``,
  /// ``Strictness-swift.struct/rejectsDuplicateKeys``, both (``Strictness-swift.struct/strict``) or neither.
  /// Default ``Strictness-swift.struct/lenient``.
  public var strictness: Strictness {
    get { withOptions { $0.strictness } }
    set { withOptions { $0.strictness = newValue } }
  }

  // MARK: Decoding

  /// Decodes a value from JSON text: `Data`, `[UInt8]`, `String`, or any other ``JSONText``.
  ///
  /// UTF-16 and UTF-32 text (with or without a byte order mark) is read as `JSONDecoder` reads it.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError.dataCorrupted` with a ``JSONParseError`` as `underlyingError` when the text is not
  ///   valid JSON; otherwise the `DecodingError` that says which value did not fit the type, where.
  public func decode<T: Decodable>(_ type: T.Type, from text: some JSONText) throws -> T {
    let options = withOptions { $0 }
    return try text.withJSONBytes { try Self.run(type, buffer: $0, options: options, path: nil) }
  }

  /// The settings as they are now, for readers that decode through this decoder (JSON Lines, key-path reads of a
  /// document, the model layer).
  var optionsSnapshot: Options { withOptions { $0 } }

  /// Decodes a value from a ``JSON`` value.
  ///
  /// The tree is decoded by the same decoder as text, over a tape laid on the tree (no text is written or scanned);
  /// numbers keep all their digits, and errors carry coding paths but no lines and columns. A tree nested deeper
  /// than text may be (512 levels) is refused.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - json: The JSON value.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, as ``decode(_:from:)-(_,JSONText)``; a non-finite number in `json`, which JSON text
  ///   cannot hold, fails with `DecodingError.dataCorrupted`.
  public func decode<T: Decodable>(_ type: T.Type, from json: JSON) throws -> T {
    let options = withOptions { $0 }
    return try TreeTape.withTape(of: json, maximumDepth: options.parsingOptions.maximumDepth) { tape, source in
      try Self.decode(type, text: ScannedText(tape: tape, source: source), options: options, at: nil, hasText: false)
    }
  }

  // MARK: Decoding part of a document

  /// Decodes only the value at a key path or JSON Pointer, skipping the rest of the document.
  ///
  /// A path that starts with `/` is a ``JSONPointer`` (RFC 6901); any other path is a ``JSONKeyPath``, each in
  /// exactly its own grammar (`["x.y"]` for odd names, `[n]` for elements). An empty path is the whole document.
  /// Names are matched as written in the JSON, without the key decoding strategy. The typed overloads take a
  /// parsed ``JSONKeyPath`` or ``JSONPointer``.
  ///
  /// ```swift
  /// let statuses = try decoder.decode([Status].self, from: data, at: "statuses")
  /// let name = try decoder.decode(String.self, from: data, at: "statuses[0].user.name")
  /// let same = try decoder.decode(String.self, from: data, at: "/statuses/0/user/name")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  ///   - path: Where the value is.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError.keyNotFound` or `DecodingError.valueNotFound` when the path leads nowhere,
  ///   `DecodingError.typeMismatch` when it goes through a value that is not a container,
  ///   `DecodingError.dataCorrupted` when the path itself is malformed, and the errors of
  ///   ``decode(_:from:)-(_,JSONText)``.
  /// - Complexity: Walking the path skips each sibling in O(1).
  public func decode<T: Decodable>(_ type: T.Type, from text: some JSONText, at path: String) throws -> T {
    try decode(type, from: text, at: DecodePath(parsing: path))
  }

  /// Decodes only the value at a key path, skipping the rest of the document.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  ///   - keyPath: Where the value is.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, as ``decode(_:from:at:)-(_,JSONText,String)``.
  public func decode<T: Decodable>(_ type: T.Type, from text: some JSONText, at keyPath: JSONKeyPath) throws -> T {
    try decode(type, from: text, at: .keyPath(keyPath))
  }

  /// Decodes only the value at a JSON Pointer, skipping the rest of the document.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  ///   - pointer: Where the value is.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, as ``decode(_:from:at:)-(_,JSONText,String)``.
  public func decode<T: Decodable>(_ type: T.Type, from text: some JSONText, at pointer: JSONPointer) throws -> T {
    try decode(type, from: text, at: .pointer(pointer))
  }

  private func decode<T: Decodable>(_ type: T.Type, from text: some JSONText, at path: DecodePath) throws -> T {
    let options = withOptions { $0 }
    return try text.withJSONBytes { try Self.run(type, buffer: $0, options: options, path: path) }
  }

  // MARK: Decoding with a report

  /// Decodes a value and reports every leniency applied on the way: elements dropped by ``LossyArray`` and
  /// ``LossyDictionary``, defaults applied by ``DefaultValue`` and fallbacks used by ``UnknownFallback``.
  ///
  /// ```swift
  /// struct Feed: Decodable { @LossyArray var posts: [Post] }
  /// let (feed, report) = try decoder.decodeWithReport(Feed.self, from: data)
  /// report.droppedElements[0].path    // → "posts[1]"
  /// report.droppedElements[0].reason  // → "posts[1].id: expected an Int, found a string (\"7\") (line 1, column 32)"
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - text: The JSON text.
  /// - Returns: The value and the report of what lenient decoding did.
  /// - Throws: `DecodingError`, as ``decode(_:from:)-(_,JSONText)``.
  public func decodeWithReport<T: Decodable>(
    _ type: T.Type, from text: some JSONText
  ) throws -> (
    value: T, report: Report
  ) {
    let options = withOptions { $0 }
    var report = Report(entries: [])
    let value = try text.withJSONBytes {
      try Self.run(type, buffer: $0, options: options, path: nil, report: &report)
    }
    return (value, report)
  }

  // MARK: Engine entry
  //
  // These functions are generic over the decoded type and, called from other modules, run unspecialized: a tuple or
  // a `Result` holding `T` would cost a runtime metadata lookup per call, which the threads of a parallel JSON Lines
  // decode contend on. So `T` travels alone, and the report, when asked for, is written through `report`.

  /// Scans `buffer`, finds the start node, decodes, and closes the session so escaped containers fail cleanly.
  /// - Parameters:
  ///   - report: Where the report of the leniency applied goes; `nil` when nobody asked for one.
  ///   - utf8Only: The text is UTF-8 by its format (a JSON Lines line): no UTF-16 or UTF-32 detection, so a line
  ///     such as `5\0` is invalid JSON rather than UTF-16.
  static func run<T: Decodable>(
    _ type: T.Type, buffer: UnsafeRawBufferPointer, options: Options, path: DecodePath?,
    report: UnsafeMutablePointer<Report>? = nil, utf8Only: Bool = false
  ) throws -> T {
    let body = { (decoder: TapeDecoder, node: Int) throws -> T in try decoder.decodeRoot(type, at: node) }
    if utf8Only {
      return try scanAndDecode(buffer: buffer, options: options, path: path, report: report, body: body) { $0 }
    }
    return try run(buffer: buffer, options: options, path: path, report: report, body: body)
  }

  /// Scans `buffer` and decodes its root (or the value at `path`) with `body`, which is handed the decoder and the
  /// node to start from: `decodeRoot` for a `Decodable`, `init(from:configuration:)` for a configured type.
  static func run<T>(
    buffer: UnsafeRawBufferPointer, options: Options, path: DecodePath?, report: UnsafeMutablePointer<Report>? = nil,
    body: (TapeDecoder, Int) throws -> T
  ) throws -> T {
    // UTF-16 and UTF-32 text, as Foundation's decoder reads it: transcoded once, then the same pipeline.
    let (encoding, markLength) = TextEncoding.detect(buffer)
    guard encoding == .utf8 else {
      let utf8: [UInt8]
      do {
        utf8 = try encoding.transcoded(buffer, skipping: markLength)
      } catch {
        throw invalidJSON(error)
      }
      return try utf8.withUnsafeBytes { text in
        try scanAndDecode(buffer: text, options: options, path: path, report: report, body: body) { error in
          var moved = error
          moved.byteOffset = encoding.originalOffset(of: error.byteOffset, in: text, markLength: markLength)
          return moved
        }
      }
    }
    return try scanAndDecode(buffer: buffer, options: options, path: path, report: report, body: body) { $0 }
  }

  /// Scans UTF-8 `buffer` and decodes it with `body`; `relocate` moves a parse error into the text as given.
  private static func scanAndDecode<T>(
    buffer: UnsafeRawBufferPointer, options: Options, path: DecodePath?, report: UnsafeMutablePointer<Report>?,
    body: (TapeDecoder, Int) throws -> T, relocate: (JSONParseError) -> JSONParseError
  ) throws -> T {
    // The scan's body may throw only parse errors: a decode error is kept aside, and a stand-in parse error ends
    // the scan (a `Result` or a buffer of `T` to carry it out would each be one more lookup).
    var failure: (any Error)?
    do {
      return try ScanPipeline.withScan(buffer, options: options.parsingOptions) { text throws(JSONParseError) -> T in
        do {
          return try decode(text: text, options: options, at: path.map { .path($0) }, report: report, body: body)
        } catch {
          failure = error
          throw JSONParseError(kind: .unexpectedEndOfInput, message: "", byteOffset: 0, line: 0, column: 0)
        }
      }
    } catch {
      if let failure { throw failure }
      throw invalidJSON(relocate(error))
    }
  }

  /// Foundation's error for text that is not JSON, with the parse error as its underlying error.
  private static func invalidJSON(_ error: JSONParseError) -> DecodingError {
    let description =
      "The given data was not valid JSON: \(error.message) (line \(error.line), column \(error.column))"
    return DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: description, underlyingError: error))
  }

  /// Where a decode starts on its tape.
  enum Start {
    /// The value at a path from the root.
    case path(DecodePath)
    /// A node already found (a `JSONDocument.Value`).
    case node(Int)
  }

  /// Decodes `type` from a tape: a scanned document's (`hasText`: errors carry lines and columns) or a tree's
  /// (`TreeTape`), and closes the session so escaped containers fail cleanly.
  static func decode<T: Decodable>(
    _ type: T.Type, text: ScannedText, options: Options, at start: Start?,
    report: UnsafeMutablePointer<Report>? = nil, hasText: Bool = true
  ) throws -> T {
    try decode(text: text, options: options, at: start, report: report, hasText: hasText) {
      try $0.decodeRoot(type, at: $1)
    }
  }

  /// Decodes from a tape with `body`, handed the decoder and the start node (see `run(buffer:options:path:report:body:)`).
  static func decode<T>(
    text: ScannedText, options: Options, at start: Start?, report: UnsafeMutablePointer<Report>? = nil,
    hasText: Bool = true, body: (TapeDecoder, Int) throws -> T
  ) throws -> T {
    try DecodingState.withDecode(
      text: text, options: options, collectsReport: report != nil, hasText: hasText
    ) { state in
      // Text is checked whole, first; a value already found in a document alone, as its own text would be.
      let rejects = options.strictness.contains(.rejectsDuplicateKeys)
      let root: Int
      switch start {
      case nil:
        if rejects { try state.rejectDuplicateKeys() }
        root = 0
      case .path(let path):
        if rejects { try state.rejectDuplicateKeys() }
        root = try state.node(at: path)
      case .node(let node):
        if rejects { try state.rejectDuplicateKeys(inValueAt: node) }
        root = node
      }
      let value = try body(TapeDecoder(state: state, index: root), root)
      report?.pointee = Report(entries: state.reportEntries)
      return value
    }
  }
}
