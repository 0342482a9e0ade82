// A fixture for `scripts/check-availability.py --self-test`: every line marked `// finding` must be reported, and
// no other (floors macOS 12, iOS 15, tvOS 15, watchOS 8, visionOS 1).
import Foundation
import Synchronization

final class Counter: Sendable {
  let count = Atomic<Int>(0)  // finding

  func bump() -> Int {
    count.add(1, ordering: .relaxed).newValue  // finding
  }
}

func spanCount(_ text: String) -> Int {
  var text = text
  return text.utf8Span.count  // finding
}

func lockedValue() -> Int {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    return 1
  } else {
    return Mutex(2).withLock { $0 }  // finding
  }
}

@available(macOS 15, *)
func onlyMacOS() -> Int {
  Mutex(3).withLock { $0 }  // finding
}

func randomUUID() -> UUID {
  var generator = SystemRandomNumberGenerator()
  return UUID.random(using: &generator)  // finding
}

enum Wide {
  static let largest = Int128.max  // finding
}
