import Foundation

extension JSON {
  /// The member for `key` when this value is an object and has that key; otherwise ``JSON/null``.
  ///
  /// Reading through a missing key or a non-object gives `null`, so chains such as
  /// `json["first"]["upperCase"][0]` never trap. Use the throwing key-path API when the difference matters.
  ///
  /// Setting a member on a non-object value replaces it with an object holding only that member;
  /// setting `nil` removes the member.
  ///
  /// - Parameter key: The member name.
  /// - Complexity: O(1) on average.
  public subscript(key: String) -> JSON {
    get {
      if case .object(let object) = self, let value = object[key] { return value }
      return .null
    }
    set {
      var object: JSONObject
      if case .object(let existing) = self { object = existing } else { object = [:] }
      self = .null  // release our reference so the object stays uniquely referenced
      object[key] = newValue
      self = .object(object)
    }
  }

  /// The element at `index` when this value is an array and the index is valid; otherwise ``JSON/null``.
  ///
  /// Setting an element requires an array and a valid index; other writes are ignored.
  ///
  /// - Parameter index: A zero-based position.
  /// - Complexity: O(1).
  public subscript(index: Int) -> JSON {
    get {
      if case .array(let array) = self, array.indices.contains(index) { return array[index] }
      return .null
    }
    set {
      guard case .array(var array) = self, array.indices.contains(index) else { return }
      self = .null
      array[index] = newValue
      self = .array(array)
    }
  }

  /// The string, when this value is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The Boolean, when this value is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The number, when this value is a number.
  public var numberValue: JSONNumber? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The number as an `Int`, when this value is a number that is an integer exactly representable as `Int`.
  ///
  /// `3.0` gives `3`; `3.5` and `1e30` give `nil`.
  public var intValue: Int? { numberValue?.intValue }

  /// The number as the nearest `Double`, when this value is a number.
  public var doubleValue: Double? { numberValue?.doubleValue }

  /// The number as a `Decimal`, when this value is a number that `Decimal` can hold.
  public var decimalValue: Decimal? { numberValue?.decimalValue }

  /// The elements, when this value is an array.
  public var arrayValue: [JSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The members, when this value is an object.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// Whether this value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The number of elements of an array or members of an object; `0` for any other value.
  public var count: Int {
    switch self {
    case .array(let a): a.count
    case .object(let o): o.count
    default: 0
    }
  }
}

extension JSON {
  /// Creates a number value from an integer.
  /// - Parameter value: The integer.
  public init(_ value: some BinaryInteger) { self = .number(JSONNumber(value)) }

  /// Creates a number value from a `Double`.
  ///
  /// A non-finite double cannot be written as JSON; writing it fails with an error.
  /// - Parameter value: The double.
  public init(_ value: Double) { self = .number(JSONNumber(value)) }

  /// Creates a string value.
  /// - Parameter value: The string.
  public init(_ value: String) { self = .string(value) }

  /// Creates a Boolean value.
  /// - Parameter value: The Boolean.
  public init(_ value: Bool) { self = .bool(value) }

  /// Creates an array value.
  /// - Parameter value: The elements.
  public init(_ value: [JSON]) { self = .array(value) }

  /// Creates an object value from a dictionary, with keys in sorted order so the result is deterministic.
  /// - Parameter value: The members.
  public init(_ value: [String: JSON]) {
    self = .object(JSONObject(value.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
  }
}
