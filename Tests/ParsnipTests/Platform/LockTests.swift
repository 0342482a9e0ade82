import Foundation
import Testing

@testable import Parsnip

@Suite("Lock")
struct LockTests {
  @Test("increments from several threads at once are all counted")
  func countsEveryIncrement() {
    let count = Lock(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<20_000 { count.withLock { $0 += 1 } }
    }
    #expect(count.withLock { $0 } == 160_000)
  }

  @Test("copies share one lock and one state")
  func copiesShareState() {
    let lock = Lock([1])
    let copy = lock
    copy.withLock { $0.append(2) }
    #expect(lock.withLock { $0 } == [1, 2])
  }

  @Test("an error thrown in the body leaves the lock free")
  func throwingBodyUnlocks() {
    struct Failure: Error {}
    let lock = Lock(0)
    #expect(throws: Failure.self) { try lock.withLock { _ in throw Failure() } }
    #expect(
      lock.withLock {
        $0 += 1; return $0
      } == 1)
  }

  @Test("threads waiting for a condition run once another thread makes it true and wakes them")
  func waitingForACondition() {
    let queue = Lock<[Int]>([])
    let results = Lock<[Int]>([])
    let ended = Lock(0)
    for _ in 0..<3 {
      Thread {
        while true {
          let item = queue.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
          if item < 0 { break }
          results.withLock { $0.append(item) }
        }
        ended.withLock { $0 += 1 }
        ended.wakeAll()
      }.start()
    }
    for item in 0..<100 {
      queue.withLock { $0.append(item) }
      queue.wakeOne()
    }
    queue.withLock { $0.append(contentsOf: [-1, -1, -1]) }
    queue.wakeAll()
    ended.withLock(when: { $0 == 3 }) { _ in }
    #expect(results.withLock { $0.sorted() } == Array(0..<100))
  }
}
