import Foundation

// Primitives: decoders of one JSON value into a Swift value. Each is a static member, so it reads with a leading dot
// where a decoder is expected (`.required("score", .int)`).

extension JSONDecoding where Value == String {
  /// A JSON string.
  @inlinable public static var string: JSONDecoding<String> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let string = input.stringValue else { throw .mismatch("a String", input) }
      return string
    }
  }
}

extension JSONDecoding where Value == Bool {
  /// `true` or `false`.
  @inlinable public static var bool: JSONDecoding<Bool> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let bool = input.boolValue else { throw .mismatch("a Bool", input) }
      return bool
    }
  }
}

extension JSONDecoding where Value: FixedWidthInteger & Sendable {
  /// A whole number in `Value`'s range, read exactly (`3.0` reads as `3`; `3.5` and `300` for `Int8` fail).
  @inlinable static var integer: JSONDecoding<Value> {
    let name = article(Value.self)
    let range = "\(name) (a whole number from \(Value.min) to \(Value.max))"
    return JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let value = input.integer(Value.self) else { throw .mismatch(input.kind == .number ? range : name, input) }
      return value
    }
  }
}

/// `an Int`, `a UInt8`: a type's name for messages.
@usableFromInline func article(_ type: Any.Type) -> String {
  let name = String(describing: type)
  return ("AEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
}

extension JSONDecoding where Value == Int {
  /// A whole number that fits `Int`.
  @inlinable public static var int: JSONDecoding<Int> { integer }
}
extension JSONDecoding where Value == Int8 {
  /// A whole number that fits `Int8`.
  @inlinable public static var int8: JSONDecoding<Int8> { integer }
}
extension JSONDecoding where Value == Int16 {
  /// A whole number that fits `Int16`.
  @inlinable public static var int16: JSONDecoding<Int16> { integer }
}
extension JSONDecoding where Value == Int32 {
  /// A whole number that fits `Int32`.
  @inlinable public static var int32: JSONDecoding<Int32> { integer }
}
extension JSONDecoding where Value == Int64 {
  /// A whole number that fits `Int64`.
  @inlinable public static var int64: JSONDecoding<Int64> { integer }
}
extension JSONDecoding where Value == UInt {
  /// A whole number that fits `UInt`.
  @inlinable public static var uint: JSONDecoding<UInt> { integer }
}
extension JSONDecoding where Value == UInt8 {
  /// A whole number that fits `UInt8`.
  @inlinable public static var uint8: JSONDecoding<UInt8> { integer }
}
extension JSONDecoding where Value == UInt16 {
  /// A whole number that fits `UInt16`.
  @inlinable public static var uint16: JSONDecoding<UInt16> { integer }
}
extension JSONDecoding where Value == UInt32 {
  /// A whole number that fits `UInt32`.
  @inlinable public static var uint32: JSONDecoding<UInt32> { integer }
}
extension JSONDecoding where Value == UInt64 {
  /// A whole number that fits `UInt64`.
  @inlinable public static var uint64: JSONDecoding<UInt64> { integer }
}

extension JSONDecoding where Value == Double {
  /// The nearest `Double` to a JSON number.
  @inlinable public static var double: JSONDecoding<Double> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let double = input.doubleValue, double.isFinite else { throw .mismatch("a Double", input) }
      return double
    }
  }
}

extension JSONDecoding where Value: JSONReadable & Sendable {
  /// A number read with the number's own conversion (`Float` from the digits, `Decimal` keeping them).
  static func readable(_ expected: String) -> JSONDecoding<Value> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let number = input.numberValue, let value: Value = try? .init(json: .number(number), at: .root) else {
        throw .mismatch(expected, input)
      }
      return value
    }
  }
}

extension JSONDecoding where Value == Float {
  /// The nearest `Float` to a JSON number (rounded once, from the digits).
  public static var float: JSONDecoding<Float> { readable("a Float") }
}

extension JSONDecoding where Value == Decimal {
  /// A JSON number as a `Decimal`, keeping its decimal digits.
  public static var decimal: JSONDecoding<Decimal> { readable("a Decimal") }
}

extension JSONDecoding where Value == JSONNumber {
  /// A JSON number, exactly as written.
  public static var number: JSONDecoding<JSONNumber> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let number = input.numberValue else { throw .mismatch("a number", input) }
      return number
    }
  }
}

extension JSONDecoding where Value == JSON {
  /// Any JSON value, as a ``JSON`` value (a document builds only this value's subtree).
  public static var json: JSONDecoding<JSON> {
    JSONDecoding { input, _ in input.json() }
  }
}

extension JSONDecoding where Value == URL {
  /// A string that is a URL (`URL(string:)`, as `Decodable` reads `URL`).
  public static var url: JSONDecoding<URL> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let string = input.stringValue else { throw .mismatch("a URL string", input) }
      guard let url = URL(string: string) else { throw .mismatch("a URL string", input) }
      return url
    }
  }
}

extension JSONDecoding where Value == Date {
  /// A date, read with one of the strategies of ``ParsnipDecoder/DateDecodingStrategy`` (the same choices as
  /// `Codable`): `.iso8601`, `.secondsSince1970`, `.millisecondsSince1970`, `.formatted(_:)`, `.custom(_:)` or
  /// `.deferredToDate` (seconds since 2001-01-01).
  /// - Parameter strategy: How the date is written.
  /// - Returns: The decoder.
  public static func date(_ strategy: ParsnipDecoder.DateDecodingStrategy = .iso8601) -> JSONDecoding<Date> {
    let decoder = ParsnipDecoder()
    decoder.dateDecodingStrategy = strategy
    return codable(Date.self, using: decoder)
  }
}

extension JSONDecoding where Value == Data {
  /// Bytes written as a Base64 string.
  public static var data: JSONDecoding<Data> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      guard let string = input.stringValue else { throw .mismatch("a Base64 string", input) }
      guard let data = Data(base64Encoded: string) else { throw .mismatch("a Base64 string", input) }
      return data
    }
  }
}
