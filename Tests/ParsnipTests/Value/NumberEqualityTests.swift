import Foundation
import Testing

@testable import Parsnip

/// Numbers compare and hash by exact value, whatever the size of their exponents.
@Suite struct NumberEqualityTests {
  static func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(text: text)) }

  @Test(arguments: [
    ("1e99999999999999999999", "1e99999999999999999998"),
    ("1e1099511627776", "1e1099511627777"),
    ("1e-99999999999999999999", "1e-99999999999999999998"),
    ("1e999999999999999999", "1e1000000000000000000"),
    ("-1e99999999999999999999", "1e99999999999999999999"),
    ("2e99999999999999999999", "1e99999999999999999999"),
  ])
  func numbersWithDistantExponentsDiffer(_ a: String, _ b: String) throws {
    #expect(try Self.number(a) != Self.number(b))
    #expect(try JSON(parsing: a) != JSON(parsing: b))
    #expect(FilterComparison.compare(DecimalDigits(try Self.number(a)), DecimalDigits(try Self.number(b))) != 0)
  }

  @Test(arguments: [
    ("10e1099511627776", "1e1099511627777"),
    ("100e99999999999999999998", "1e100000000000000000000"),
    ("0.001e-99999999999999999997", "1e-100000000000000000000"),
    ("1000e999999999999999997", "1e1000000000000000000"),
    ("0.1e1000000000000000001", "1e1000000000000000000"),
    ("1e0000000000000000000000000000005", "100000"),
    ("0e99999999999999999999999", "0"),
    ("12.5e-0000000000000000000000001", "1.25"),
  ])
  func equalNumbersWithLargeExponentsCompareAndHashEqual(_ a: String, _ b: String) throws {
    let x = try Self.number(a)
    let y = try Self.number(b)
    #expect(x == y)
    #expect(x.hashValue == y.hashValue)
    #expect(FilterComparison.compare(DecimalDigits(x), DecimalDigits(y)) == 0)
  }

  @Test func hugeExponentsOrder() throws {
    let ascending = [
      "-1e99999999999999999999", "-1e5", "1e-99999999999999999999", "1e-99999999999999999998", "1",
      "1e999999999999999999", "1e1000000000000000000", "9e1000000000000000000", "1e1000000000000000001",
    ]
    for (low, high) in zip(ascending, ascending.dropFirst()) {
      let order = FilterComparison.compare(DecimalDigits(try Self.number(low)), DecimalDigits(try Self.number(high)))
      #expect(order == -1, "\(low) < \(high)")
    }
    #expect(try Self.number("1e99999999999999999999").isInteger)
    #expect(try !Self.number("1e-99999999999999999999").isInteger)
    #expect(try Self.number("1e99999999999999999999").int64Value == nil)
  }

  @Test func theCLISeesTheDifference() throws {
    let before = try CLI.temporaryFile("[1e99999999999999999999]")
    let after = try CLI.temporaryFile("[1e99999999999999999998]")
    defer {
      for path in [before, after] { try? FileManager.default.removeItem(atPath: path) }
    }
    let diff = try CLI.both(["diff", "--compact", before, after])
    #expect(diff.stdout == #"[{"op":"replace","path":"/0","value":1e99999999999999999998}]"# + "\n")
    let test = try PatchCommandTests.patch(
      #"[{"op":"test","path":"/0","value":1e99999999999999999998}]"#,
      to: "[1e99999999999999999999]")
    #expect(test.status == 1)
  }
}
