import Testing

@testable import Parsnip

/// The one growable stack: elements survive growth, come off in order, and every element is destroyed exactly once
/// (by `removeLast`, `removeAll(from:)` or `release()`), and never after `forgetAll(movedFrom:)`.
@Suite struct UnsafeStackTests {
  final class Tracked {
    let value: Int
    let onDeinit: () -> Void
    init(_ value: Int, onDeinit: @escaping () -> Void) {
      self.value = value
      self.onDeinit = onDeinit
    }
    deinit { onDeinit() }
  }

  @Test func growsKeepsOrderAndDestroysEachElementOnce() {
    var destroyed = 0
    var stack = UnsafeStack<Tracked>(capacity: 1)
    for k in 0..<100 { stack.append(Tracked(k) { destroyed += 1 }) }
    #expect(stack.count == 100)
    #expect(stack.map(\.value) == Array(0..<100))
    #expect(stack.top?.pointee.value == 99)
    #expect(stack.removeLast().value == 99)
    #expect(destroyed == 1)
    stack.removeAll(from: 90)
    #expect(stack.count == 90 && destroyed == 10)
    // Moved out by the caller, then forgotten: destroyed by the caller's copies only.
    let moved = (80..<90).map { (stack.base + $0).move() }
    stack.forgetAll(movedFrom: 80)
    #expect(moved.map(\.value) == Array(80..<90))
    #expect(stack.count == 80 && destroyed == 10)
    stack.release()
    #expect(destroyed == 90)
    _ = moved
  }

  @Test func anEmptyStackHasNoTop() {
    var stack = UnsafeStack<Int>(capacity: 0)
    #expect(stack.top == nil)
    stack.append(7)
    #expect(stack.top?.pointee == 7)
    stack[0] = 8
    #expect(stack[0] == 8)
    stack.release()
  }
}
