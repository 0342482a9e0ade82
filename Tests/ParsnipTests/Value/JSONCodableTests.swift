import Foundation
import Testing

@testable import Parsnip

/// `JSON`, `JSONNumber` and `JSONObject` through any coder: Foundation's, and Parsnip's own.
@Suite struct JSONCodableTests {
  static let document: JSON = [
    "null": nil, "true": true, "false": false, "int": -42, "big": JSON(UInt64.max), "double": 0.1,
    "string": "a/\"b\"\n", "array": [1, [2, [3]], [:]],
    "object": ["nested": ["deeper": []], "camelCaseKey": 1, "snake_case_key": 2],
  ]

  @Test func roundTripsThroughFoundationsEncoderAndDecoder() throws {
    let data = try JSONEncoder().encode(Self.document)
    #expect(try JSON(parsing: data) == Self.document)
    #expect(try JSONDecoder().decode(JSON.self, from: data) == Self.document)
  }

  @Test func keyStrategiesNeverRenameJSONMembers() throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let data = try encoder.encode(Self.document)
    #expect(try JSON(parsing: data)["object"]["camelCaseKey"] == 1)
    #expect(try JSON(parsing: data)["object"]["snake_case_key"] == 2)
    #expect(try decoder.decode(JSON.self, from: data) == Self.document)
  }

  @Test func numbersDecodeExactlyWhenTheDecoderAllows() throws {
    let text = #"[1, -9223372036854775808, 18446744073709551615, 1.5, 1e300, 12345678901234567890123, 0.1]"#
    let decoded = try JSONDecoder().decode([JSONNumber].self, from: Data(text.utf8))
    #expect(
      decoded.map(\.description) == [
        "1", "-9223372036854775808", "18446744073709551615", "1.5", "1e+300", "12345678901234567890123", "0.1",
      ])
    #expect(decoded[1].int64Value == Int64.min)
    #expect(try JSONDecoder().decode(JSON.self, from: Data(text.utf8)) == JSON(parsing: text))
  }

  @Test func numbersEncodeExactlyWhenTheEncoderAllows() throws {
    let numbers = [
      JSONNumber(text: "123456789012345678901234567")!, JSONNumber(text: "2.50")!, JSONNumber(7), JSONNumber(0.25),
    ]
    let foundation = try JSON(parsing: JSONEncoder().encode(numbers))
    #expect(foundation == .array(numbers.map(JSON.number)))
    #expect(try ParsnipEncoder().encodeToString(numbers) == "[123456789012345678901234567,2.50,7,0.25]")
  }

  @Test func nonNumbersAreNotNumbers() throws {
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONNumber.self, from: Data(#""1""#.utf8)) }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONObject.self, from: Data("[1]".utf8)) }
    let object = try JSONDecoder().decode(JSONObject.self, from: Data(#"{"b": 1, "a": [true]}"#.utf8))
    #expect(object == ["a": [true], "b": 1])
  }

  @Test func parsnipKeepsMemberOrderBothWays() throws {
    let text = #"{"zeta":1,"alpha":{"y":2,"x":3},"mid":[{"b":1,"a":2}]}"#
    let json = try ParsnipDecoder().decode(JSON.self, from: text)
    #expect(try ParsnipEncoder().encodeToString(json) == text)
    #expect(try ParsnipEncoder().encodeToString(json.objectValue!) == text)
  }

  @Test func deepValuesFailWithForeignEncodersInsteadOfOverflowing() throws {
    var json: JSON = 1
    for _ in 0..<600 { json = [json] }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(json) }
  }
}
