import Foundation

extension ParsnipDecoder {
  /// How the decoder matches the keys a type asks for to the member names in the JSON.
  ///
  /// The default is ``useDefaultKeys``.
  public enum KeyDecodingStrategy: Sendable {
    /// Use each type's keys as they are (the default).
    case useDefaultKeys

    /// Match camelCase keys to snake_case member names.
    ///
    /// A property `myURLProperty` reads the member whose name is the property name converted to snake case,
    /// `my_url_property`, so names with acronyms round-trip with ``ParsnipEncoder``'s `convertToSnakeCase` (the
    /// conversion is the same as Foundation's). When no member has that name, the member is found the way
    /// Foundation's `JSONDecoder` finds it: by converting each member name to camelCase (`my_url_property` →
    /// `myUrlProperty`, `userName` → `userName`). Keys of `[String: Value]` dictionaries are never converted,
    /// as in Foundation, and coding paths in errors show the camelCase form of each member name.
    case convertFromSnakeCase

    /// Convert every member name with a closure; a member matches when its converted key equals the requested key.
    ///
    /// The closure receives the coding path of the member, whose last element is the member name as written in
    /// the JSON, and returns the key to match against.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }

  /// How the decoder reads `Date` values.
  ///
  /// The default is ``deferredToDate``.
  public enum DateDecodingStrategy: Sendable {
    /// `Date`'s own `Decodable` implementation: a number of seconds since 2001-01-01 (the default).
    case deferredToDate
    /// A number of seconds since 1970-01-01.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01.
    case millisecondsSince1970
    /// RFC 3339 text such as `2024-01-02T03:04:05Z`, with or without fractional seconds, in UTC or with an offset.
    case iso8601
    /// Text read by a date formatter.
    case formatted(DateFormatter)
    /// A closure that decodes the date from a decoder positioned at the value.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
  }

  /// How the decoder reads `Data` values.
  ///
  /// The default is ``base64``.
  public enum DataDecodingStrategy: Sendable {
    /// `Data`'s own `Decodable` implementation: an array of bytes.
    case deferredToData
    /// Base64 text (the default).
    case base64
    /// A closure that decodes the data from a decoder positioned at the value.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
  }

  /// How the decoder reads infinities and NaN, which JSON numbers cannot express.
  ///
  /// The default is ``throw``.
  public enum NonConformingFloatDecodingStrategy: Sendable {
    /// Fail with `DecodingError.typeMismatch` when a floating-point value is not a number (the default).
    case `throw`
    /// Read these strings as positive infinity, negative infinity and NaN.
    case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// Checks beyond Foundation's lenient behavior.
  ///
  /// The default is ``lenient``.
  ///
  /// ```swift
  /// let decoder = ParsnipDecoder()
  /// decoder.strictness = .strict
  /// try decoder.decode(Point.self, from: #"{"x": 1, "y": 2, "z": 3}"#)
  /// // throws DecodingError.dataCorrupted: z: unknown key "z" (not decoded by Point) (line 1, column 18)
  /// ```
  public struct Strictness: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: Int

    /// Creates a set of checks from raw bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Fail when an object has a member that the type decoding it never asked for.
    ///
    /// Checked when a type's `init(from:)` returns, for every object it opened a keyed container on. A member
    /// counts as asked for when the type decoded it, checked it for `null` or opened a nested container or
    /// decoder on it; `contains(_:)` alone does not count.
    public static let rejectsUnknownKeys = Strictness(rawValue: 1 << 0)
    /// Fail when any object in the input has the same member name twice.
    public static let rejectsDuplicateKeys = Strictness(rawValue: 1 << 1)

    /// No extra checks (the default): unknown members are ignored and the first of duplicate members wins.
    public static let lenient: Strictness = []
    /// All checks.
    public static let strict: Strictness = [.rejectsUnknownKeys, .rejectsDuplicateKeys]
  }
}
