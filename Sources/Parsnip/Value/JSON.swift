/// A JSON value: null, a Boolean, a number, a string, an array or an object.
///
/// `JSON` is a plain value type. Objects keep the key order of the document they came from and still look up
/// keys in constant time; numbers keep every digit of their source text (see ``JSONNumber``).
///
/// ```swift
/// let json = try JSON(parsing: #"{"first": {"name": "Alphabet", "upperCase": ["A", "B", "C"]}}"#)
/// json["first"]["upperCase"][0].stringValue  // → "A"
/// ```
public enum JSON: Sendable {
  /// The JSON `null` literal.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, stored without loss of precision.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An ordered list of values.
  case array([JSON])
  /// An ordered collection of key-value members.
  case object(JSONObject)
}

extension JSON {
  /// The deepest nesting of arrays and objects that Parsnip builds: parsing (whatever a larger
  /// ``ParsingOptions/maximumDepth`` says), patches and edits refuse to go deeper.
  ///
  /// Comparing, writing and merging values are iterative and take any depth, but releasing a value is
  /// the Swift runtime's recursion: about 150 bytes of stack per level, so 2048 levels fit with room to spare
  /// even on a 512 KB thread (the smallest default secondary-thread stack). Values built deeper in code are
  /// released recursively, so keep them within this depth too.
  public static var maximumSupportedDepth: Int { 2048 }

  /// The kind of a JSON value, without its payload; used in error messages and type checks.
  public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object

    /// The kind's name as used in error messages, for example `"object"`.
    public var description: String { rawValue }
  }

  /// The kind of this value.
  public var kind: Kind {
    switch self {
    case .null: .null
    case .bool: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }
}
