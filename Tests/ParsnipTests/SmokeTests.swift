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

@Suite struct JSONObjectKeyTests {
  @Test func keysCompareByScalarsNotCanonicalEquivalence() throws {
    let json = try JSON(parsing: "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
    #expect(json.count == 2)
    #expect(json["\u{E9}"] == 1)
    #expect(json["e\u{301}"] == 2)
    var many = JSONObject()
    for k in 0..<20 { many["k\(k)"] = JSON(k) }
    many["\u{E9}"] = 1
    many["e\u{301}"] = 2
    #expect(many.count == 22)
    #expect(many["e\u{301}"] == 2)
    #expect(many["k19"] == 19)
  }
}

@Suite struct JSONStringEqualityTests {
  @Test func stringsCompareByScalars() {
    #expect(JSON("\u{E9}") != JSON("e\u{301}"))
    #expect(JSON("\u{E9}") == JSON("\u{E9}"))
  }
}
