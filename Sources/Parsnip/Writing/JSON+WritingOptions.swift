extension JSON {
  /// How a value is laid out as JSON text.
  ///
  /// The default, ``compact``, writes no whitespace, keeps object members in their order, writes `/` and
  /// non-ASCII characters raw and numbers with every digit they carry. ``pretty`` indents by two spaces in the style
  /// of `JSON.stringify(value, null, 2)`; ``canonical`` writes the RFC 8785 (JCS) form used for hashing and signing.
  ///
  /// ```swift
  /// let json: JSON = ["b": [1, 2], "a": "x/y"]
  /// try json.string()                                            // → {"b":[1,2],"a":"x/y"}
  /// try json.string(options: .init(sortsKeys: true, escapesSlashes: true))  // → {"a":"x\/y","b":[1,2]}
  /// try json.string(options: .pretty)
  /// // → {
  /// //     "b": [
  /// //       1,
  /// //       2
  /// //     ],
  /// //     "a": "x/y"
  /// //   }
  /// ```
  public struct WritingOptions: Sendable, Hashable {
    /// Spaces per nesting level, or `nil` for compact output (the default).
    ///
    /// With an indent, every array element and object member starts on its own line, `": "` separates keys from
    /// values, and empty containers stay `[]` and `{}`. No newline follows the last closing bracket. `0` puts
    /// members on separate lines without indentation; values are clamped to `0...32`.
    public var indent: Int?
    /// Whether object members are written sorted by key instead of in their stored order.
    ///
    /// Default `false`.
    /// Keys compare by Unicode scalar values (equivalently, UTF-8 bytes), as `jq -S`, Python's `sort_keys` and Go
    /// do: `"10"` before `"9"`, `"Z"` before `"a"`, the same on every machine, and the order of Foundation's
    /// `JSONEncoder` `.sortedKeys` (swift-foundation compares UTF-8 bytes). Canonical output sorts by UTF-16 code units, as RFC 8785 says.
    public var sortsKeys: Bool
    /// Whether `/` is written as `\/`, which some HTML embedding contexts want.
    ///
    /// Default `false`.
    public var escapesSlashes: Bool
    /// Whether every non-ASCII scalar is escaped as `\uXXXX`, for channels that are not 8-bit clean.
    ///
    /// Scalars above U+FFFF become a surrogate pair (`😀` → `\ud83d\ude00`). Default `false`.
    public var asciiOnly: Bool
    /// Whether the output is the canonical form of RFC 8785 (JSON Canonicalization Scheme).
    ///
    /// Default `false`.
    /// Canonical output has no whitespace, members sorted by the UTF-16 code units of their keys, strings with
    /// only the required escapes, and every number as the ECMAScript text of the nearest double (`1E3` → `1000`,
    /// `-0` → `0`, `1e21` → `1e+21`). When set, ``indent``, ``sortsKeys``, ``escapesSlashes`` and ``asciiOnly``
    /// are ignored. Numbers beyond the double range fail with ``JSONWritingError/Kind-swift.enum/numberOutOfRange``.
    public var isCanonical: Bool
    /// The deepest nesting of arrays and objects written.
    ///
    /// Deeper values fail with ``JSONWritingError/Kind-swift.enum/nestingTooDeep``. Default 512, the parser's
    /// default limit; an empty `[]` or `{}` counts as a level, as in the parser.
    /// The writer keeps its own stack on the heap, so any limit is safe; the limit guards against values built
    /// by accident (or by an attacker) that no reader could take back.
    public var maximumDepth: Int

    /// Creates options; every parameter defaults to compact output.
    /// - Parameters:
    ///   - indent: Spaces per level, or `nil` for compact output (default `nil`).
    ///   - sortsKeys: Sort members by key (default `false`).
    ///   - escapesSlashes: Write `/` as `\/` (default `false`).
    ///   - asciiOnly: Escape non-ASCII scalars (default `false`).
    ///   - isCanonical: Write RFC 8785 canonical JSON, ignoring the options above (default `false`).
    ///   - maximumDepth: The deepest nesting written (default 512).
    public init(
      indent: Int? = nil, sortsKeys: Bool = false, escapesSlashes: Bool = false, asciiOnly: Bool = false,
      isCanonical: Bool = false, maximumDepth: Int = 512
    ) {
      self.indent = indent
      self.sortsKeys = sortsKeys
      self.escapesSlashes = escapesSlashes
      self.asciiOnly = asciiOnly
      self.isCanonical = isCanonical
      self.maximumDepth = maximumDepth
    }

    /// No whitespace, members in stored order (the default).
    public static var compact: WritingOptions { WritingOptions() }

    /// Two-space indentation, members in stored order: the layout of `JSON.stringify(value, null, 2)`.
    public static var pretty: WritingOptions { WritingOptions(indent: 2) }

    /// Indentation by `indent` spaces per level, members in stored order.
    /// - Parameter indent: Spaces per level, clamped to `0...32`.
    /// - Returns: The options.
    public static func pretty(indent: Int) -> WritingOptions { WritingOptions(indent: indent) }

    /// RFC 8785 canonical JSON: no whitespace, members sorted by UTF-16 code units, ECMAScript number text.
    public static var canonical: WritingOptions { WritingOptions(isCanonical: true) }
  }
}
