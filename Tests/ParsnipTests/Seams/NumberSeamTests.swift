import Foundation
import Testing

@testable import Parsnip

/// Numbers at the edges of `Int64`, `UInt64`, `Double` and `Decimal`, read as each Swift type by every reader that
/// reads that type, from text, from a `JSONDocument`, from a value inside one and from a `JSON` tree: the same
/// success or failure, and the same value (issue 41, item 3).
@Suite struct NumberSeamTests {
  typealias Reading = ReaderSeams.Reading
  typealias Written = ReaderSeams.Written

  static let numbers = [
    "9223372036854775807", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
    "18446744073709551616", "-0", "1e400", "-1e400", "5e-324", "1234567890123456789012345678901234",
    "0.1234567890123456789012345678901234", "2.5", "1E2",
  ]

  /// What each type reads of each number: the value's description, or `nil` for a failure. Integers are exact (a
  /// whole number in range, `-0` being `0`); `Double` is the nearest finite value; `Decimal` keeps the digits within
  /// its range (exponents -128...127); `JSONNumber` keeps the text's value.
  static let expected: [String: [String: String]] = [
    "Int": [
      "9223372036854775807": "9223372036854775807", "-9223372036854775808": "-9223372036854775808", "-0": "0",
      "1E2": "100",
    ],
    "Int64": [
      "9223372036854775807": "9223372036854775807", "-9223372036854775808": "-9223372036854775808", "-0": "0",
      "1E2": "100",
    ],
    "UInt64": [
      "9223372036854775807": "9223372036854775807", "18446744073709551615": "18446744073709551615", "-0": "0",
      "1E2": "100",
    ],
    "Double": [
      "9223372036854775807": "9.223372036854776e+18", "-9223372036854775808": "-9.223372036854776e+18",
      "-9223372036854775809": "-9.223372036854776e+18", "18446744073709551615": "1.8446744073709552e+19",
      "18446744073709551616": "1.8446744073709552e+19", "-0": "-0.0", "5e-324": "5e-324",
      "1234567890123456789012345678901234": "1.2345678901234568e+33",
      "0.1234567890123456789012345678901234": "0.12345678901234568", "2.5": "2.5", "1E2": "100.0",
    ],
    "Decimal": [
      "9223372036854775807": "9223372036854775807", "-9223372036854775808": "-9223372036854775808",
      "-9223372036854775809": "-9223372036854775809", "18446744073709551615": "18446744073709551615",
      "18446744073709551616": "18446744073709551616", "-0": "0",
      "1234567890123456789012345678901234": "1234567890123456789012345678901234",
      "0.1234567890123456789012345678901234": "0.1234567890123456789012345678901234", "2.5": "2.5", "1E2": "100",
    ],
  ]

  /// Every reader of a number as `T`, at member `n` of `{"n": number}`.
  static func readings<T: JSONReadable & Decodable & Sendable>(
    _ type: T.Type, _ primitive: JSONDecoding<T>, _ number: String
  ) throws -> [Reading<String>] {
    let text = #"{"n": "# + number + "}"
    let inputs = try ReaderSeams.Inputs(text)
    let (outer, inside, prefix) = try ReaderSeams.wrapped(text)
    let path = JSONKeyPath(components: [.key("n")])
    let deep = prefix.appending(path)
    let decoder = ParsnipDecoder()
    func show(_ value: T) -> String { "\(value)" }
    return [
      Reading("value(at:as:)", .tree) { show(try inputs.tree.value(at: path, as: T.self)) },
      Reading("value(at:as:)", .document) { show(try inputs.document.root.value(at: path, as: T.self)) },
      Reading("value(at:as:)", .valueInDocument) { show(try inside.value(at: path, as: T.self)) },
      Reading("pipeline primitive", .text) { show(try decodeJSON(text, with: .field("n", primitive)).get()) },
      Reading("pipeline primitive", .bytes) { show(try decodeJSON(inputs.bytes, with: .field("n", primitive)).get()) },
      Reading("pipeline primitive", .document) {
        show(try decodeJSON(inputs.document, with: .field("n", primitive)).get())
      },
      Reading("pipeline primitive", .valueInDocument) {
        show(try decodeJSON(outer.document, with: ReaderSeams.pipeline(at: deep, primitive)).get())
      },
      Reading("pipeline primitive", .tree) { show(try decodeJSON(inputs.tree, with: .field("n", primitive)).get()) },
      Reading("ParsnipDecoder.decode", .data) {
        show(try decoder.decode([String: T].self, from: Data(inputs.bytes))["n"]!)
      },
      Reading("ParsnipDecoder.decode(_:from:at:)", .text) { show(try decoder.decode(T.self, from: text, at: path)) },
      Reading("value(at:as:using:)", .document) {
        show(try inputs.document.root.value(at: path, as: T.self, using: decoder))
      },
      Reading("value(at:as:using:)", .valueInDocument) { show(try inside.value(at: path, as: T.self, using: decoder)) },
      Reading("pipeline .codable", .text) { show(try decodeJSON(text, with: .field("n", .codable(T.self))).get()) },
      Reading("pipeline .codable", .document) {
        show(try decodeJSON(inputs.document, with: .field("n", .codable(T.self))).get())
      },
      Reading("pipeline .codable", .tree) {
        show(try decodeJSON(inputs.tree, with: .field("n", .codable(T.self))).get())
      },
      Reading("ParsnipDecoder.decode", .tree) { show(try decoder.decode([String: T].self, from: inputs.tree)["n"]!) },
    ]
  }

  static func check<T: JSONReadable & Decodable & Sendable>(
    _ type: T.Type, _ primitive: JSONDecoding<T>, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let name = "\(T.self)"
    for number in numbers {
      let wanted: ReaderSeams.Outcome<String> = expected[name]![number].map { .value($0) } ?? .failure("")
      let readings = try readings(T.self, primitive, number)
      for reading in readings {
        // Failures are compared by their presence: each family has its own error type.
        ReaderSeams.expect(reading, case: "\(number) as \(name)", sourceLocation: sourceLocation) { outcome in
          outcome.isFailure ? wanted.isFailure : outcome == wanted
        }
      }
    }
  }

  @Test func int() throws { try Self.check(Int.self, .int) }
  @Test func int64() throws { try Self.check(Int64.self, .int64) }
  @Test func uint64() throws { try Self.check(UInt64.self, .uint64) }
  @Test func double() throws { try Self.check(Double.self, .double) }
  @Test func decimal() throws { try Self.check(Decimal.self, .decimal) }

  /// `JSONNumber` keeps the text's value from every input (compared by value and by its text).
  @Test(arguments: numbers)
  func jsonNumber(_ number: String) throws {
    let tree = try JSON(parsing: number)
    if !number.contains(where: { "eE".contains($0) }) {
      #expect(tree.numberValue?.description == number, "the digits are kept")
    }
    let reference = tree.numberValue!.description
    for reading in try Self.readings(JSONNumber.self, .number, number) {
      let id = "\(number) as JSONNumber: \(reading.name)"
      #expect(ReaderSeams.Outcome.of(reading.read) == .value(reference), "\(id)")
    }
  }

  /// The accessors of a tree and of a document give the same answers.
  @Test(arguments: numbers)
  func accessors(_ number: String) throws {
    let inputs = try ReaderSeams.Inputs(#"{"n": "# + number + "}")
    let (_, inside, _) = try ReaderSeams.wrapped(inputs.text)
    func show(_ value: Any?) -> String { value.map { "\($0)" } ?? "nil" }
    let pairs: [(String, String, String, String)] = [
      (
        "intValue", show(inputs.tree["n"].intValue), show(inputs.document.root["n"]?.intValue),
        show(inside["n"]?.intValue)
      ),
      (
        "doubleValue", show(inputs.tree["n"].doubleValue), show(inputs.document.root["n"]?.doubleValue),
        show(inside["n"]?.doubleValue)
      ),
      (
        "numberValue", show(inputs.tree["n"].numberValue), show(inputs.document.root["n"]?.numberValue),
        show(inside["n"]?.numberValue)
      ),
      (
        "decimalValue", show(inputs.tree["n"].decimalValue), show(inputs.document.root["n"]?.numberValue?.decimalValue),
        show(inside["n"]?.numberValue?.decimalValue)
      ),
    ]
    for (accessor, tree, document, valueInDocument) in pairs {
      #expect(document == tree, "\(number).\(accessor) from a JSONDocument")
      #expect(valueInDocument == tree, "\(number).\(accessor) from a value inside a JSONDocument")
    }
  }

  /// Readers that give the number as a `JSON` value (paths, JSONPath, the pipeline's `.json`) keep its digits.
  @Test(arguments: numbers)
  func jsonValues(_ number: String) throws {
    let text = #"{"n": "# + number + "}"
    let expected = ReaderSeams.Written(try JSON(parsing: text)["n"])
    if !number.contains(where: { "eE".contains($0) }) {
      #expect(expected.description == number, "the digits are kept")
    }
    let readings = try ReaderSeams.lookups(at: JSONKeyPath(components: [.key("n")]))(text)
    ReaderSeams.expect(readings, give: .value([expected]), case: "number \(number)")
  }
}
