extension JSON: ExpressibleByNilLiteral {
  /// Creates `null` from `nil`.
  /// - Parameter nilLiteral: The `nil` literal.
  public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
  /// Creates a Boolean value from a literal.
  /// - Parameter value: `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
  /// Creates a number value from an integer literal.
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
  /// Creates a number value from a floating-point literal.
  /// - Parameter value: The double.
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSON: ExpressibleByStringLiteral {
  /// Creates a string value from a literal.
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
  /// Creates an array value from a literal.
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
  /// Creates an object value from a literal, keeping the literal's key order.
  ///
  /// A key that appears twice keeps its first position and its last value.
  /// - Parameter elements: The members.
  public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}
