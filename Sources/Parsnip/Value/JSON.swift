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
