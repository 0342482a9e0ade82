// A fixture for `scripts/check-availability.py --self-test`: the same declarations as `Unguarded.swift`, each behind
// an availability check or in an `@available` declaration, so nothing may be reported.
import Foundation
import Synchronization

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class Counter: Sendable {
  let count = Atomic<Int>(0)

  func bump() -> Int {
    count.add(1, ordering: .relaxed).newValue
  }
}

func spanCount(_ text: String) -> Int {
  if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    var text = text
    return text.utf8Span.count
  }
  return text.utf8.count
}

func lockedValue() -> Int {
  guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return 0 }
  return Mutex(2).withLock { $0 }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func randomUUID() -> UUID {
  var generator = SystemRandomNumberGenerator()
  return UUID.random(using: &generator)
}

enum Wide {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  static let largest = Int128.max
}
