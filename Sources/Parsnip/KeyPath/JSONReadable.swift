import Foundation

/// A type that ``JSON/value(at:as:)-(String,_)`` reads directly from a JSON value, without `Decodable`.
///
/// Parsnip conforms `String`, `Bool`, every standard integer type, `Double`, `Float`, `Decimal`, ``JSON``,
/// ``JSONObject``, and `Array`, `Dictionary` (with `String` keys) and `Optional` of conforming types. Conform your
/// own types when a direct conversion is simpler than `Decodable`:
///
/// ```swift
/// struct Celsius: JSONReadable {
///   var degrees: Double
///   init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
///     degrees = try Double(json: json, at: keyPath)
///   }
/// }
/// ```
public protocol JSONReadable {
  /// Creates a value from `json`.
  ///
  /// - Parameters:
  ///   - json: The value to convert.
  ///   - keyPath: Where `json` sits in its document, for error messages.
  /// - Throws: ``JSONKeyPathError``, usually ``JSONKeyPathError/Kind-swift.enum/typeMismatch(expected:found:)``
  ///   at `keyPath` (or deeper, for elements of collections).
  init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError)
}

extension JSONReadable {
  /// A type mismatch for `json` read as `Self`, with an optional note on what is accepted.
  static func mismatch(_ json: JSON, at keyPath: JSONKeyPath, note: String? = nil) -> JSONKeyPathError {
    let expected = note.map { "\(Self.self) (\($0))" } ?? "\(Self.self)"
    return JSONKeyPathError(.typeMismatch(expected: expected, found: json.kind), keyPath: keyPath)
  }
}

extension JSON: JSONReadable {
  /// Returns `json` itself.
  ///
  /// - Parameters:
  ///   - json: Any value.
  ///   - keyPath: Unused.
  public init(json: JSON, at keyPath: JSONKeyPath) { self = json }
}

extension JSONObject: JSONReadable {
  /// The members of an object.
  ///
  /// - Parameters:
  ///   - json: An object.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not an object.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .object(let object) = json else { throw Self.mismatch(json, at: keyPath) }
    self = object
  }
}

extension String: JSONReadable {
  /// The string value of a JSON string; numbers and other kinds are not converted.
  ///
  /// - Parameters:
  ///   - json: A string.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a string.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .string(let string) = json else { throw Self.mismatch(json, at: keyPath) }
    self = string
  }
}

extension Bool: JSONReadable {
  /// The value of `true` or `false`; numbers and strings are not converted.
  ///
  /// - Parameters:
  ///   - json: A Boolean.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a Boolean.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .bool(let bool) = json else { throw Self.mismatch(json, at: keyPath) }
    self = bool
  }
}

extension Double: JSONReadable {
  /// The nearest `Double` to a JSON number.
  ///
  /// - Parameters:
  ///   - json: A number whose magnitude is at most `Double.greatestFiniteMagnitude` once rounded.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a number or is too large for a `Double`.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .number(let number) = json else { throw Self.mismatch(json, at: keyPath) }
    let value = number.doubleValue
    guard value.isFinite else { throw Self.mismatch(json, at: keyPath, note: "finite, not \(number)") }
    self = value
  }
}

extension Float: JSONReadable {
  /// The nearest `Float` to a JSON number.
  ///
  /// - Parameters:
  ///   - json: A number whose magnitude is at most `Float.greatestFiniteMagnitude` once rounded.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a number or is too large for a `Float`.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .number(let number) = json else { throw Self.mismatch(json, at: keyPath) }
    // Parse the digits directly: going through Double would round twice.
    let value = Float(number.description) ?? Float(number.doubleValue)
    guard value.isFinite else { throw Self.mismatch(json, at: keyPath, note: "finite, not \(number)") }
    self = value
  }
}

extension Decimal: JSONReadable {
  /// The `Decimal` value of a JSON number, keeping its decimal digits.
  ///
  /// - Parameters:
  ///   - json: A number within `Decimal`'s range.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a number or `Decimal` cannot hold it.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .number(let number) = json else { throw Self.mismatch(json, at: keyPath) }
    guard let value = number.decimalValue else {
      throw Self.mismatch(json, at: keyPath, note: "in range, not \(number)")
    }
    self = value
  }
}

extension JSONNumber: JSONReadable {
  /// The number, exactly as stored.
  ///
  /// - Parameters:
  ///   - json: A number.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a number.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .number(let number) = json else { throw Self.mismatch(json, at: keyPath) }
    self = number
  }
}

extension FixedWidthInteger {
  /// Reads an exact integer for ``JSONReadable`` conformances.
  static func readingExactly(_ json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) -> Self {
    guard case .number(let number) = json else {
      throw JSONKeyPathError(.typeMismatch(expected: "\(Self.self)", found: json.kind), keyPath: keyPath)
    }
    guard let value = number.exactInteger(Self.self) else {
      let note = "a whole number from \(Self.min) to \(Self.max), not \(number)"
      throw JSONKeyPathError(.typeMismatch(expected: "\(Self.self) (\(note))", found: .number), keyPath: keyPath)
    }
    return value
  }
}

extension JSONReadable where Self: FixedWidthInteger {
  /// The exact value of a whole JSON number in the type's range (`3.0` reads as `3`; `3.5` and out-of-range
  /// numbers are type mismatches naming the range).
  /// - Parameters:
  ///   - json: A whole number in the type's range.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is not a number, has a fraction, or is out of range.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    self = try .readingExactly(json, at: keyPath)
  }
}

extension Int: JSONReadable {}
extension Int8: JSONReadable {}
extension Int16: JSONReadable {}
extension Int32: JSONReadable {}
extension Int64: JSONReadable {}
extension UInt: JSONReadable {}
extension UInt8: JSONReadable {}
extension UInt16: JSONReadable {}
extension UInt32: JSONReadable {}
extension UInt64: JSONReadable {}

extension Array: JSONReadable where Element: JSONReadable {
  /// The elements of a JSON array, each converted to `Element`.
  ///
  /// - Parameters:
  ///   - json: An array.
  ///   - keyPath: Where `json` sits; element errors name `keyPath[index]`.
  /// - Throws: ``JSONKeyPathError`` when `json` is not an array or an element does not convert.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .array(let elements) = json else { throw Self.mismatch(json, at: keyPath) }
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(try Element(json: element, at: keyPath.appending(index: index)))
    }
    self = result
  }
}

extension Dictionary: JSONReadable where Key == String, Value: JSONReadable {
  /// The members of a JSON object, each value converted to `Value`.
  ///
  /// - Parameters:
  ///   - json: An object.
  ///   - keyPath: Where `json` sits; member errors name `keyPath.key`.
  /// - Throws: ``JSONKeyPathError`` when `json` is not an object or a member value does not convert.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    guard case .object(let object) = json else { throw Self.mismatch(json, at: keyPath) }
    var result: [String: Value] = [:]
    result.reserveCapacity(object.count)
    for member in object.members {
      result[member.key] = try Value(json: member.value, at: keyPath.appending(key: member.key))
    }
    self = result
  }
}

extension Optional: JSONReadable where Wrapped: JSONReadable {
  /// `nil` for JSON `null`, otherwise the value converted to `Wrapped`.
  ///
  /// A missing key is still an error when reading by key path; only an explicit `null` gives `nil`.
  ///
  /// - Parameters:
  ///   - json: `null` or a value that converts to `Wrapped`.
  ///   - keyPath: Where `json` sits, for errors.
  /// - Throws: ``JSONKeyPathError`` when `json` is neither `null` nor convertible.
  public init(json: JSON, at keyPath: JSONKeyPath) throws(JSONKeyPathError) {
    if case .null = json {
      self = .none
    } else {
      self = .some(try Wrapped(json: json, at: keyPath))
    }
  }
}
