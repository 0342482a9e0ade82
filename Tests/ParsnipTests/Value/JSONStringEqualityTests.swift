import Testing
@testable import Parsnip

@Suite struct JSONStringEqualityTests {
  @Test func stringsCompareByScalars() {
    #expect(JSON("\u{E9}") != JSON("e\u{301}"))
    #expect(JSON("\u{E9}") == JSON("\u{E9}"))
  }
}
