import Foundation
import Testing

@testable import Parsnip

@Suite struct KeyPathReadingTests {
  let document: JSON = [
    "string": "text", "bool": true, "int": 42, "double": 2.5, "null": nil,
    "strings": ["a", "b"], "numbers": [1, 2.0, 3e0], "mixed": [1, "two"],
    "map": ["x": 1, "y": 2], "nested": ["deep": [["v": 7]]],
  ]

  func number(_ text: String) throws -> JSON { ["n": try JSON(parsing: text)] }

  @Test func readsScalarsAndContainers() throws {
    #expect(try document.value(at: "string", as: String.self) == "text")
    #expect(try document.value(at: "bool", as: Bool.self) == true)
    #expect(try document.value(at: "int", as: Int.self) == 42)
    #expect(try document.value(at: "double", as: Double.self) == 2.5)
    #expect(try document.value(at: "double", as: Float.self) == 2.5)
    #expect(try document.value(at: "strings", as: [String].self) == ["a", "b"])
    #expect(try document.value(at: "numbers", as: [Int].self) == [1, 2, 3])
    #expect(try document.value(at: "map", as: [String: Int].self) == ["x": 1, "y": 2])
    #expect(try document.value(at: "map", as: JSONObject.self).keys == ["x", "y"])
    #expect(try document.value(at: "nested.deep[0]", as: JSON.self) == ["v": 7])
    #expect(try document.value(at: "nested.deep[0].v", as: UInt8.self) == 7)
    #expect(try document.value(at: "", as: JSON.self) == document)
    #expect(try document.value(at: "null", as: String?.self) == nil)
    #expect(try document.value(at: "string", as: String?.self) == "text")
  }

  @Test func inferredTypeSelectsConversion() throws {
    let name: String = try document.value(at: "string")
    let flags: [String: Int] = try document.value(at: "map")
    let decimal: Decimal = try document.value(at: "double")
    #expect(name == "text")
    #expect(flags == ["x": 1, "y": 2])
    #expect(decimal == Decimal(string: "2.5"))
  }

  @Test(
    arguments: [
      ("3", 3), ("3.0", 3), ("3e0", 3), ("30e-1", 3), ("-0", 0), ("1.0e2", 100),
      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("3.5", nil), ("1e30", nil), ("9223372036854775808", nil), ("12345678901234567890123456789", nil),
      ("0.1", nil), ("-9223372036854775809", nil),
    ] as [(String, Int?)])
  func readsIntExactly(text: String, expected: Int?) throws {
    let json = try number(text)
    if let expected {
      #expect(try json.value(at: "n", as: Int.self) == expected)
    } else {
      #expect(throws: JSONKeyPathError.self) { try json.value(at: "n", as: Int.self) }
    }
  }

  @Test func readsEveryIntegerWidthWithinItsRange() throws {
    #expect(try number("-128").value(at: "n", as: Int8.self) == -128)
    #expect(throws: JSONKeyPathError.self) { try number("-129").value(at: "n", as: Int8.self) }
    #expect(try number("32767").value(at: "n", as: Int16.self) == 32767)
    #expect(throws: JSONKeyPathError.self) { try number("32768").value(at: "n", as: Int16.self) }
    #expect(try number("-2147483648").value(at: "n", as: Int32.self) == Int32.min)
    #expect(throws: JSONKeyPathError.self) { try number("2147483648").value(at: "n", as: Int32.self) }
    #expect(try number("-9223372036854775808").value(at: "n", as: Int64.self) == Int64.min)
    #expect(try number("255").value(at: "n", as: UInt8.self) == 255)
    #expect(throws: JSONKeyPathError.self) { try number("256").value(at: "n", as: UInt8.self) }
    #expect(throws: JSONKeyPathError.self) { try number("-1").value(at: "n", as: UInt.self) }
    #expect(try number("65535").value(at: "n", as: UInt16.self) == 65535)
    #expect(try number("4294967295").value(at: "n", as: UInt32.self) == UInt32.max)
    #expect(try number("18446744073709551615").value(at: "n", as: UInt64.self) == UInt64.max)
    #expect(try number("18446744073709551615").value(at: "n", as: UInt.self) == UInt.max)
    #expect(throws: JSONKeyPathError.self) {
      try number("18446744073709551616").value(at: "n", as: UInt64.self)
    }
    #expect(try number("1.8446744073709551615e19").value(at: "n", as: UInt64.self) == UInt64.max)
  }

  @Test func integerMismatchNamesRangeAndValue() throws {
    #expect(
      throws: JSONKeyPathError(
        .typeMismatch(expected: "Int8 (a whole number from -128 to 127, not 300)", found: .number),
        keyPath: try JSONKeyPath("n"))
    ) { try number("300").value(at: "n", as: Int8.self) }
    let json = try number("3.5")
    do {
      _ = try json.value(at: "n", as: Int.self)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "type mismatch at n: expected Int (a whole number from \(Int.min) to \(Int.max), not 3.5), found number")
    }
  }

  @Test func floatingPointAndDecimalReads() throws {
    #expect(try number("0.1").value(at: "n", as: Double.self) == 0.1)
    #expect(try number("0.1").value(at: "n", as: Float.self) == Float(0.1))
    #expect(try number("1e-400").value(at: "n", as: Double.self) == 0)
    #expect(throws: JSONKeyPathError.self) { try number("1e400").value(at: "n", as: Double.self) }
    #expect(throws: JSONKeyPathError.self) { try number("1e39").value(at: "n", as: Float.self) }
    #expect(try number("3.14159").value(at: "n", as: Decimal.self) == Decimal(string: "3.14159"))
    #expect(
      try number("12345678901234567890.5").value(at: "n", as: Decimal.self)
        == Decimal(string: "12345678901234567890.5"))
  }

  @Test func noConversionBetweenKinds() throws {
    let stringNumber: JSON = ["n": "42"]
    #expect(throws: JSONKeyPathError(.typeMismatch(expected: "Int", found: .string), keyPath: try JSONKeyPath("n"))) {
      try stringNumber.value(at: "n", as: Int.self)
    }
    #expect(throws: JSONKeyPathError(.typeMismatch(expected: "Bool", found: .number), keyPath: try JSONKeyPath("int")))
    {
      try document.value(at: "int", as: Bool.self)
    }
    #expect(throws: JSONKeyPathError(.typeMismatch(expected: "String", found: .null), keyPath: try JSONKeyPath("null")))
    {
      try document.value(at: "null", as: String.self)
    }
  }

  @Test func arrayElementMismatchNamesTheElement() throws {
    #expect(
      throws: JSONKeyPathError(.typeMismatch(expected: "Int", found: .string), keyPath: try JSONKeyPath("mixed[1]"))
    ) {
      try document.value(at: "mixed", as: [Int].self)
    }
    #expect(
      throws: JSONKeyPathError(.typeMismatch(expected: "String", found: .number), keyPath: try JSONKeyPath("map.x"))
    ) {
      try document.value(at: "map", as: [String: String].self)
    }
  }

  @Test func missingKeyNamesKeyAndContainerPath() throws {
    let error = JSONKeyPathError(.noValueForKey("salary"), keyPath: try JSONKeyPath("nested"))
    #expect(throws: error) { try document.value(at: "nested.salary", as: Int.self) }
    #expect(error.description == #"no value for key "salary" at nested"#)
    #expect(JSONKeyPathError(.noValueForKey("x")).description == #"no value for key "x" at the root"#)
  }

  @Test func indexOutOfRangeNamesIndexCountAndPath() throws {
    let error = JSONKeyPathError(.indexOutOfRange(index: 5, count: 2), keyPath: try JSONKeyPath("strings"))
    #expect(throws: error) { try document.value(at: "strings[5]", as: String.self) }
    #expect(error.description == "index 5 out of range (count 2) at strings")
  }

  @Test func steppingThroughWrongKindIsTypeMismatch() throws {
    #expect(
      throws: JSONKeyPathError(.typeMismatch(expected: "object", found: .string), keyPath: try JSONKeyPath("string"))
    ) {
      try document.value(at: "string.x", as: JSON.self)
    }
    #expect(throws: JSONKeyPathError(.typeMismatch(expected: "array", found: .object), keyPath: try JSONKeyPath("map")))
    {
      try document.value(at: "map[0]", as: JSON.self)
    }
    #expect(
      throws: JSONKeyPathError(.typeMismatch(expected: "object", found: .array), keyPath: try JSONKeyPath("strings"))
    ) {
      try document.value(at: "strings.0", as: JSON.self)
    }
  }

  @Test func invalidTextIsReportedBeforeLookup() {
    #expect(throws: JSONKeyPathError(.invalidKeyPath(text: "[0", offset: 2, expected: "']'"))) {
      try document.value(at: "[0", as: JSON.self)
    }
  }

  @Test func keyPathErrorsAreHashableValuesWithTheirOffset() throws {
    let syntax = try #require(throws: JSONKeyPathError.self) { try JSONKeyPath("a[") }
    #expect(syntax.byteOffset == 2)
    let json: JSON = ["a": 1]
    let missing = try #require(throws: JSONKeyPathError.self) { try json.resolve(JSONKeyPath("b")) }
    #expect(missing.byteOffset == nil)
    #expect(Set([syntax, missing, missing]).count == 2)
    struct Oops: Error {}
    let wrapped = JSONKeyPathError(.dataCorrupted("x"), underlyingError: Oops())
    #expect(wrapped.hashValue == JSONKeyPathError(.dataCorrupted("x")).hashValue)
  }
}
