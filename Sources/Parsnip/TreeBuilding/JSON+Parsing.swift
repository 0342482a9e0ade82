import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSON {
  /// How the parser treats input beyond the strict RFC 8259 grammar.
  ///
  /// In every mode the input must be UTF-8. A UTF-8 byte order mark (`EF BB BF`) at the very start is skipped, as
  /// RFC 8259 section 8.1 allows ("parsers MAY ignore the presence of a byte order mark"), because editors on some
  /// platforms add one; it takes no column in error locations. A byte order mark anywhere else, or a second one, is
  /// an error in strict mode (JSON5 counts U+FEFF as white space everywhere).
  public struct ParsingOptions: Sendable, Hashable {
    /// What to do when an object has the same key twice.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
      /// Keep the last value, at the position of the first occurrence (the default, as most parsers do).
      case useLast
      /// Fail with ``JSONParseError/Kind-swift.enum/duplicateKey``.
      case reject
    }

    /// The deepest nesting of arrays and objects accepted; deeper input fails with
    /// ``JSONParseError/Kind-swift.enum/nestingTooDeep``. Default 512; values above
    /// ``JSON/maximumSupportedDepth`` (2048) act as it.
    public var maximumDepth: Int
    /// Accept JSON5 (https://spec.json5.org): comments, trailing commas, single-quoted strings, unquoted keys,
    /// hexadecimal numbers (exact, up to 1024 significant digits), `.5` and `5.`, a leading `+`, the escapes `\'`,
    /// `\v`, `\0`, `\xHH` and line continuations, more white space, and `Infinity`, `-Infinity` and `NaN`, which
    /// become `Double` values. Errors point into the JSON5 text. Default `false`.
    public var allowsJSON5: Bool
    /// Duplicate key handling. Default ``DuplicateKeyPolicy/useLast``.
    public var duplicateKeys: DuplicateKeyPolicy
    /// Accept a comma after the last element of an array or member of an object (`[1, 2,]`), the one leniency of
    /// Foundation's `JSONSerialization` and `JSONDecoder` in strict JSON; everything else stays RFC 8259. Errors
    /// point into the text as written. Default `false`. JSON5 allows trailing commas anyway.
    public var allowsTrailingCommas: Bool

    /// Read a text of object members without the braces around them (`"a": 1, "b": 2`) as that object, as
    /// Foundation's `JSONDecoder.assumesTopLevelDictionary` does; a text that starts with `{` is read as it is,
    /// and an empty text is an empty object. Errors point into the text as written. Default `false`.
    public var assumesTopLevelObject: Bool

    /// Creates options.
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting accepted (default 512).
    ///   - allowsJSON5: Whether JSON5 syntax is accepted (default `false`).
    ///   - duplicateKeys: Duplicate key handling (default ``DuplicateKeyPolicy/useLast``).
    ///   - allowsTrailingCommas: Whether a comma may follow the last element or member (default `false`).
    ///   - assumesTopLevelObject: Whether object members without braces read as that object (default `false`).
    public init(
      maximumDepth: Int = 512, allowsJSON5: Bool = false, duplicateKeys: DuplicateKeyPolicy = .useLast,
      allowsTrailingCommas: Bool = false, assumesTopLevelObject: Bool = false
    ) {
      self.maximumDepth = maximumDepth
      self.allowsJSON5 = allowsJSON5
      self.duplicateKeys = duplicateKeys
      self.allowsTrailingCommas = allowsTrailingCommas
      self.assumesTopLevelObject = assumesTopLevelObject
    }

    /// Strict RFC 8259 with the defaults.
    public static var `default`: ParsingOptions { ParsingOptions() }
  }

  /// Parses JSON text from bytes.
  ///
  /// ```swift
  /// let json = try JSON(parsing: Array(#"{"a": [1, 2.5, "x"]}"#.utf8))
  /// json["a"][1].doubleValue  // → 2.5
  /// ```
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing bytes: some ContiguousBytes, options: ParsingOptions = .default) throws(JSONParseError) {
    let result: Result<JSON, JSONParseError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) -> JSON in try JSON(parsing: buffer, options: options) }
    }
    self = try result.get()
  }

  /// Parses JSON text from a string.
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing text: some StringProtocol, options: ParsingOptions = .default) throws(JSONParseError) {
    var string = String(text)
    let result: Result<JSON, JSONParseError> = string.withUTF8 { buffer in
      Result { () throws(JSONParseError) -> JSON in try JSON(parsing: UnsafeRawBufferPointer(buffer), options: options)
      }
    }
    self = try result.get()
  }

  /// Parses JSON text from raw memory that stays valid for the duration of the call.
  /// - Parameters:
  ///   - buffer: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing buffer: UnsafeRawBufferPointer, options: ParsingOptions = .default) throws(JSONParseError) {
    self = try ScanPipeline.withScan(buffer, options: options) { text throws(JSONParseError) in
      var builder = TreeBuilder(text: text, options: options)
      return try builder.value(at: 0)
    }
  }
}
