import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct FoundationOracleTests {
  @Test(arguments: [
    (#"{"a": [1, 2.5, "x", true, null]}"#, #"{"a":[1,2.50,"x",true,null]}"#, true),
    (#"[1e-5]"#, #"[0.00001]"#, true),
    (#"[true]"#, #"[1]"#, false),
    (#"{"a": 1}"#, #"{"b": 1}"#, false),
    (#"["é"]"#, #"["\u00e9"]"#, true),
    (#"[1, 2]"#, #"[2, 1]"#, false),
  ])
  func comparesByValue(a: String, b: String, same: Bool) throws {
    #expect(try (FoundationOracle.difference(Data(a.utf8), Data(b.utf8)) == nil) == same)
  }
}
