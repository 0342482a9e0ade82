import Foundation
import Testing

@testable import Parsnip

/// Values decoded without loss: 64-bit integers, `Decimal`, `JSONNumber` and `JSON` properties.
@Suite struct ParsnipDecoderValueTests {
  struct Ledger: Decodable, Equatable {
    var id: UInt64
    var balance: Int64
    var amount: Decimal
    var exact: JSONNumber
    var extra: JSON
    var tags: [JSONNumber]
  }

  static let ledger = """
    {"id": 18446744073709551615, "balance": -9223372036854775808,
     "amount": 12345678901234567890.123456789, "exact": 0.1000000000000000055511151231257827,
     "extra": {"nested": [1, 2.50, "x", null, true, {"big": 123456789012345678901234567890}], "dup": 1, "dup": 2},
     "tags": [1, 1.0, 1e400, -0]}
    """

  @Test func decodesWithoutLosingPrecision() throws {
    let ledger = try ParsnipDecoder().decode(Ledger.self, from: Self.ledger)
    #expect(ledger.id == .max)
    #expect(ledger.balance == .min)
    #expect(ledger.amount == Decimal(string: "12345678901234567890.123456789"))
    #expect(ledger.exact.description == "0.1000000000000000055511151231257827")
    #expect(ledger.extra == (try JSON(parsing: Self.ledger))["extra"])
    #expect(ledger.extra["nested"][5]["big"].numberValue?.description == "123456789012345678901234567890")
    #expect(ledger.extra["dup"] == 2)
    // The same numbers, digits and all, as the tree reads them.
    let tree = try JSON(parsing: "[1, 1.0, 1e400, -0]").arrayValue?.compactMap(\.numberValue) ?? []
    #expect(ledger.tags.map(\.description) == tree.map(\.description))
    #expect(ledger.tags[2].description.contains("400"))
  }

  @Test func jsonPropertiesMatchTheTreeOfEveryCorpus() throws {
    for file in Fixtures.benchData {
      let data = try Data(contentsOf: file)
      #expect(try ParsnipDecoder().decode(JSON.self, from: data) == JSON(parsing: data), "\(file.lastPathComponent)")
    }
  }

  @Test func jsonNumberRejectsOtherKinds() {
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([JSONNumber].self, from: #"["1"]"#) }
  }

  @Test(arguments: [
    ("0.1", "0.1"), ("-1.5e-7", "-0.00000015"), ("123456789.000000001", "123456789.000000001"),
    ("1e30", "1000000000000000000000000000000"),
  ])
  func decimalsComeFromTheDigits(text: String, expected: String) throws {
    #expect(try ParsnipDecoder().decode([Decimal].self, from: "[\(text)]") == [Decimal(string: expected)!])
    #expect(
      try ParsnipDecoder().decode([Decimal].self, from: "[\(text)]")
        == JSONDecoder().decode([Decimal].self, from: Data("[\(text)]".utf8)))
  }

  @Test func scalarArraysOfEveryWidthDecode() throws {
    let decoder = ParsnipDecoder()
    #expect(try decoder.decode([Int64].self, from: "[-1, 9223372036854775807]") == [-1, .max])
    #expect(try decoder.decode([UInt64].self, from: "[0, 18446744073709551615]") == [0, .max])
    #expect(try decoder.decode([Bool].self, from: "[true, false]") == [true, false])
    #expect(try decoder.decode([Float].self, from: "[0.5, -2]") == [0.5, -2])
    #expect(try decoder.decode([[String]].self, from: #"[["a"], [], ["b", "c"]]"#) == [["a"], [], ["b", "c"]])
    #expect(try decoder.decode([UInt8].self, from: "[0, 255]") == [0, 255])
    #expect(throws: DecodingError.self) { try decoder.decode([UInt8].self, from: "[256]") }
    #expect(throws: DecodingError.self) { try decoder.decode([Bool].self, from: "[1]") }
  }

  @Test func topLevelScalarsDecode() throws {
    let decoder = ParsnipDecoder()
    #expect(try decoder.decode(Int.self, from: " 42 ") == 42)
    #expect(try decoder.decode(String.self, from: #""a\u0000b""#) == "a\u{0}b")
    #expect(try decoder.decode(Bool?.self, from: "null") == nil)
    #expect(try decoder.decode(Double.self, from: "-0") == 0)
  }
}
