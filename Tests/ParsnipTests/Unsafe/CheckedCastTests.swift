import Testing

@testable import Parsnip

/// The one cast that skips the runtime in release: right casts give the value, and a wrong one stops a debug build
/// (the tests' build) instead of reinterpreting the bits.
@Suite struct CheckedCastTests {
  @Test func aValueOfTheTypeIsCastAsItIs() {
    #expect(checkedCast("text", to: String.self) == "text")
    #expect(checkedCast([1, 2], to: [Int].self) == [1, 2])
    #expect(checkedCast(JSON.bool(true), to: JSON.self) == .bool(true))
  }

  #if DEBUG
    @Test func aWrongCastStopsADebugBuild() async {
      await #expect(processExitsWith: .failure) {
        _ = checkedCast(1, to: Double.self)
      }
    }
  #endif
}
