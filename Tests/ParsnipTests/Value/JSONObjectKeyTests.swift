import Testing
@testable import Parsnip

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
