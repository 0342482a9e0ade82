import Testing
@testable import Parsnip

@Suite struct SmokeTests {
  @Test func parsesNestedDocument() throws {
    let json = try JSON(parsing: #"{"a": [1, -2.50, "x\n\u00e9", true, null, {}], "b": 12345678901234567890123456789}"#)
    #expect(json["a"][0] == 1)
    #expect(json["a"][1].doubleValue == -2.5)
    #expect(json["a"][2].stringValue == "x\né")
    #expect(json.description == #"{"a":[1,-2.50,"x\né",true,null,{}],"b":12345678901234567890123456789}"#)
  }
}
