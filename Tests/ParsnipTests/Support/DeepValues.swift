import Foundation
import Parsnip

/// Deep values built in code, and a 512 KB thread to use them on (the smallest default secondary-thread stack).
enum DeepValues {
  /// `depth` nested arrays (`[[[…0…]]]`), or objects `{"k":{"k":…}}` with `objects`.
  static func nested(_ depth: Int, objects: Bool = false, leaf: JSON = 0) -> JSON {
    var value = leaf
    for _ in 0..<depth { value = objects ? .object(["k": value]) : .array([value]) }
    return value
  }

  /// Takes a deep value apart one level at a time: its release would recurse once per level.
  static func dismantle(_ value: inout JSON) {
    while true {
      switch value {
      case .array(let elements) where elements.count == 1: value = elements[0]
      case .object(let object) where object.count == 1: value = object[0].value
      default: return
      }
    }
  }

  /// Runs `body` on a new thread with a 512 KB stack and waits for it.
  static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.result = Result { try body() }
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return try box.result!.get()
  }
}

/// Carries a result from the small-stack thread back to the waiting one.
private final class ResultBox<T>: @unchecked Sendable {
  var result: Result<T, any Error>?
}
