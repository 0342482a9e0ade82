import Foundation

/// Encodes `Encodable` values as JSON: a drop-in for Foundation's `JSONEncoder`, several times faster.
///
/// `ParsnipEncoder` has the same shape as `JSONEncoder`: the same strategies (nested on the type), the same
/// output formatting options and `userInfo`. Its output is Foundation's byte for byte (numbers, escapes, pretty
/// printing), except that the members of an object without ``OutputFormatting/sortedKeys`` come in the order they
/// were encoded, where Foundation's order is that of its hash table and changes from run to run.
///
/// ```swift
/// struct Point: Codable { var x: Int; var y: Double; var label: String? }
/// let encoder = ParsnipEncoder()
/// try encoder.encodeToString(Point(x: 1, y: 2.5, label: "a/b"))
/// // → {"x":1,"y":2.5,"label":"a\/b"}
/// encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
/// try encoder.encodeToString(Point(x: 1, y: 2.5, label: "a/b"))
/// // → {"label":"a/b","x":1,"y":2.5}
/// ```
///
/// ## How it is fast
/// `encode(_:)` writes bytes straight into the output buffer while your `encode(to:)` runs: containers are cheap
/// handles onto a stack of open arrays and objects, leaves (`Int`, `Double`, `String`, `Bool`, arrays of them and
/// `String`-keyed dictionaries) are written without creating containers, member names are escaped (and converted
/// to snake case) once per key type, and the box of a finished keyed container is reused for the next object of the
/// same key type.
/// Codable allows containers to be filled in any order, requested twice, or written after a sibling; the common
/// nested, in-order use streams, and anything else (writing into a container that was already closed, a key
/// written twice) is detected and the value is re-encoded through an intermediate tree, the way Foundation always
/// does, so the result is always the same as Foundation's. Your `encode(to:)` may therefore run twice for such
/// values; it should not have side effects.
///
/// Like Foundation, a `JSON`, `JSONNumber` or `Decimal` value is written with its exact digits, `URL` as its
/// absolute string, and the keys of `[String: Value]` dictionaries are never converted by the key strategy.
///
/// Reference cycles among class instances are reported as an `EncodingError` naming the path where the cycle
/// closes (for example `bff.bff`), and nesting deeper than ``maximumDepth`` is an error, never a stack overflow.
///
/// `ParsnipEncoder` is a class, like `JSONEncoder`, so `let encoder = ParsnipEncoder()` can be configured in place;
/// it is `Sendable` (its settings are protected by a lock) and may encode from several threads at once.
public final class ParsnipEncoder: Sendable {
  // MARK: Strategies

  /// How coding keys are turned into JSON member names. Default ``useDefaultKeys``.
  ///
  /// Keys of `[String: Value]` dictionaries are never converted, as with Foundation.
  public enum KeyEncodingStrategy: Sendable {
    /// Use each key's `stringValue` as it is (the default).
    case useDefaultKeys
    /// Convert camel case to snake case: `myURLProperty` → `my_url_property`, `userID` → `user_id`.
    ///
    /// A run of capitals is kept together as one word, so the conversion round-trips with
    /// `ParsnipDecoder.KeyDecodingStrategy.convertFromSnakeCase`. Leading and trailing underscores are kept.
    case convertToSnakeCase
    /// Call a closure with the coding path (whose last element is the key being written) and use the
    /// `stringValue` of the key it returns.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }

  /// How `Date` values are written. Default ``deferredToDate``.
  public enum DateEncodingStrategy: Sendable {
    /// Use `Date`'s own `Encodable` conformance: seconds since 1 January 2001 (the default, as Foundation).
    case deferredToDate
    /// Seconds since 1 January 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1 January 1970 as a number.
    case millisecondsSince1970
    /// ISO 8601 text in UTC without fractional seconds, `2015-03-25T15:49:10Z` (as Foundation's `.iso8601`).
    case iso8601
    /// ISO 8601 text in UTC with milliseconds, `2015-03-25T15:49:10.357Z`.
    case iso8601WithFractionalSeconds
    /// Text from a date formatter.
    case formatted(DateFormatter)
    /// Call a closure that encodes the date through the given encoder; a closure that encodes nothing writes `{}`.
    case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
  }

  /// How `Data` values are written. Default ``base64``.
  public enum DataEncodingStrategy: Sendable {
    /// Use `Data`'s own `Encodable` conformance: an array of byte values.
    case deferredToData
    /// Base64 text (the default).
    case base64
    /// Call a closure that encodes the data through the given encoder; a closure that encodes nothing writes `{}`.
    case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)
  }

  /// What to do with infinite and NaN floating-point values, which JSON cannot represent. Default ``throw``.
  public enum NonConformingFloatEncodingStrategy: Sendable {
    /// Fail with `EncodingError.invalidValue` (the default).
    case `throw`
    /// Write the given strings instead.
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// Layout options. Default: none (compact, keys in encoding order, slashes escaped as `\/`).
  ///
  /// The raw values are `JSONEncoder.OutputFormatting`'s, so options stored as integers carry over.
  public struct OutputFormatting: OptionSet, Sendable, Hashable {
    /// The raw bits, the same as Foundation's.
    public let rawValue: UInt

    /// Creates options from raw bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Indent nested values by two spaces, one member or element per line, in Foundation's layout: `"key" : value`,
    /// and an empty line between the brackets of an empty array or object.
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    /// Write object members sorted by key (Unicode scalar order, the same as Foundation).
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    /// Write `/` as is instead of `\/`.
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
  }

  // MARK: Settings

  private struct Settings {
    var options = EncoderOptions()
    /// The size of this encoder's last output: the next one starts with room for it, so encoding values of a
    /// similar size over and over grows no buffer (each doubling moved the bytes written so far: about a tenth of
    /// encoding twitter.json's structs). Read with the options, under the one lock an encode takes to start.
    var lastOutputSize = 0
  }
  private let settings = Lock(Settings())

  /// Creates an encoder with the default strategies.
  public init() {}

  /// Layout options. Default: none (compact).
  public var outputFormatting: OutputFormatting {
    get { settings.withLock { $0.options.formatting } }
    set { settings.withLock { $0.options.formatting = newValue } }
  }

  /// How coding keys become member names. Default ``KeyEncodingStrategy/useDefaultKeys``.
  public var keyEncodingStrategy: KeyEncodingStrategy {
    get { settings.withLock { $0.options.keyStrategy } }
    set { settings.withLock { $0.options.keyStrategy = newValue } }
  }

  /// How dates are written. Default ``DateEncodingStrategy/deferredToDate``.
  public var dateEncodingStrategy: DateEncodingStrategy {
    get { settings.withLock { $0.options.dateStrategy } }
    set { settings.withLock { $0.options.dateStrategy = newValue } }
  }

  /// How data is written. Default ``DataEncodingStrategy/base64``.
  public var dataEncodingStrategy: DataEncodingStrategy {
    get { settings.withLock { $0.options.dataStrategy } }
    set { settings.withLock { $0.options.dataStrategy = newValue } }
  }

  /// What to do with infinities and NaN. Default ``NonConformingFloatEncodingStrategy/throw``.
  public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { settings.withLock { $0.options.floatStrategy } }
    set { settings.withLock { $0.options.floatStrategy = newValue } }
  }

  /// Values handed to every `encode(to:)` through `Encoder.userInfo`. Default empty.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings.withLock { $0.options.userInfo } }
    set { settings.withLock { $0.options.userInfo = newValue } }
  }

  /// The deepest nesting of containers written; deeper values fail with `EncodingError.invalidValue`.
  ///
  /// Default 512, the parser's default limit, so everything the encoder writes can be read back. The limit also
  /// stops runaway recursion in `encode(to:)` implementations before the stack overflows.
  public var maximumDepth: Int {
    get { settings.withLock { $0.options.maximumDepth } }
    set { settings.withLock { $0.options.maximumDepth = Swift.max(1, newValue) } }
  }

  var options: EncoderOptions { settings.withLock { $0.options } }

  /// Whether keyed containers' boxes are reused (see ``EncoderOptions``); for the tests of the fallback.
  var reusesContainerBoxes: Bool {
    get { settings.withLock { $0.options.reusesContainerBoxes } }
    set { settings.withLock { $0.options.reusesContainerBoxes = newValue } }
  }
  /// The options and the last output's size, under one lock.
  private var optionsAndLastSize: (EncoderOptions, Int) { settings.withLock { ($0.options, $0.lastOutputSize) } }

  // MARK: Encoding

  /// Encodes a value as JSON text in `Data`.
  ///
  /// - Parameter value: The value to encode; any `Encodable`, including top-level fragments such as `5` or `"x"`.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: `EncodingError.invalidValue` for a non-finite number under the
  ///   ``NonConformingFloatEncodingStrategy/throw`` strategy, a top-level value that encodes nothing, a reference
  ///   cycle, nesting deeper than ``maximumDepth``, and any error thrown by the value's `encode(to:)`.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    let (options, lastSize) = optionsAndLastSize
    return try encoded(
      value, options: options, lastSize: lastSize, streamed: { $0.takeData() },
      tree: { Data(try options.bytes(for: $0)) })
  }

  /// Encodes a value as JSON text in a byte array.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: The errors of ``encode(_:)``.
  public func encodeToBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let (options, lastSize) = optionsAndLastSize
    return try encoded(
      value, options: options, lastSize: lastSize, streamed: { $0.takeOutput() },
      tree: { try options.bytes(for: $0) })
  }

  /// Encodes a value as JSON text in a string.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: The JSON text.
  /// - Throws: The errors of ``encode(_:)``.
  public func encodeToString<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try encodeToBytes(value), as: UTF8.self)
  }

  /// Encodes a value into a ``JSON`` value instead of text.
  ///
  /// Key conversion, date, data and float strategies apply; `outputFormatting` does not (a `JSON` value has no
  /// layout; write it with sorted keys or indentation later). Members keep the order in which they were encoded.
  ///
  /// ```swift
  /// struct Book: Codable { var name: String; var price: Int }
  /// let json = try ParsnipEncoder().encodeToJSON(Book(name: "Data Mining", price: 825))
  /// json["price"].intValue  // → 825
  /// ```
  /// - Parameter value: The value to encode.
  /// - Returns: The value as a JSON tree; numbers keep their exact value.
  /// - Throws: The errors of ``encode(_:)``.
  public func encodeToJSON<T: Encodable>(_ value: T) throws -> JSON {
    var options = self.options
    options.formatting = [.withoutEscapingSlashes]
    // Parsing the streamed text is faster than building the tree from Codable calls, and gives the same value.
    return try Self.encoded(
      value, options: options,
      streamed: { stream in
        let out = stream.core.pointee.output.out
        // `.max` means no limit: one more level than the encoder's, without overflowing.
        let parsing = JSON.ParsingOptions(maximumDepth: Swift.min(options.maximumDepth, Int.max - 1) + 1)
        return try JSON(parsing: UnsafeRawBufferPointer(start: out.base, count: out.count), options: parsing)
      },
      tree: { $0 })
  }

  /// Encodes to text through ``encoded(_:options:capacity:streamed:tree:)``, starting from the last output's size (`lastSize`).
  private func encoded<T: Encodable, Output>(
    _ value: T, options: EncoderOptions, lastSize: Int, streamed: (StreamEncoderState) throws -> Output,
    tree: (JSON) throws -> Output
  ) throws -> Output {
    // A quarter more, as reservations are for the worst case (a string's, six bytes per byte), and at most 4 MiB
    // ahead: a large value met once does not make every later small one allocate that much.
    let last = Swift.min(lastSize, 4 << 20)
    let capacity = last &+ last &>> 2 &+ 256
    return try Self.encoded(
      value, options: options, capacity: capacity,
      streamed: { stream in
        let size = stream.core.pointee.output.out.count
        settings.withLock { $0.lastOutputSize = size }
        return try streamed(stream)
      }, tree: tree)
  }

  /// The shared entry point: stream bytes into a buffer of `capacity` bytes to start with, and fall back to a tree
  /// when containers were used out of order.
  static func encoded<T: Encodable, Output>(
    _ value: T, options: EncoderOptions, capacity: Int = 256, streamed: (StreamEncoderState) throws -> Output,
    tree: (JSON) throws -> Output
  ) throws -> Output {
    let stream = StreamEncoderState(options: options, capacity: capacity)
    defer { stream.finishEncode() }
    do {
      try stream.encodeTopLevel(value)
    } catch {
      // After an abandoned attempt the error may be an artefact; the tree encoder reports any real one again.
      if !stream.needsFallback { throw error }
    }
    if stream.needsFallback || stream.core.pointee.sawSwallowableError {
      return try tree(TreeEncoderState.encode(value, options: options))
    }
    return try streamed(stream)
  }
}

/// The settings of one encoding run, copied out of the encoder's lock once per call.
struct EncoderOptions: @unchecked Sendable {  // Copied per encode; its closures are the user's.
  var formatting: ParsnipEncoder.OutputFormatting = []
  var keyStrategy: ParsnipEncoder.KeyEncodingStrategy = .useDefaultKeys
  var dateStrategy: ParsnipEncoder.DateEncodingStrategy = .deferredToDate
  var dataStrategy: ParsnipEncoder.DataEncodingStrategy = .base64
  var floatStrategy: ParsnipEncoder.NonConformingFloatEncodingStrategy = .throw
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  var maximumDepth: Int = 512
  /// Whether keyed containers' boxes are cached and handed out again (StandardLibraryLayout.swift, assumption 4);
  /// `false` only to test the fallback, a new box per container.
  var reusesContainerBoxes = StandardLibraryLayout.keyedContainersAreBoxReferences

  /// How deep `encode(to:)` calls may nest (containers and the calls between them), saturating: `maximumDepth`
  /// may be anything up to `.max` ("no limit") without overflowing.
  var maximumCallDepth: Int {
    let depth = Swift.max(maximumDepth, 1)
    return depth > (Int.max - 16) / 2 ? Int.max : depth * 2 + 16
  }
  /// Set by the model layer: per-type keys, ignored keys, dates, class keys and hooks (tree encoder only).
  var model: ModelContext? = nil

  var isPretty: Bool { formatting.contains(.prettyPrinted) }
  var sortsKeys: Bool { formatting.contains(.sortedKeys) }
  var escapesSlashes: Bool { !formatting.contains(.withoutEscapingSlashes) }
  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keyStrategy { return true }
    return false
  }
  /// `userInfo` as `Encoder` exposes it.
  var encoderUserInfo: [CodingUserInfoKey: Any] { userInfo }
}
