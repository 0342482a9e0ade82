import Foundation
import Testing

@testable import Parsnip

/// The one-block slot that tapes, string tables and output buffers keep memory in between uses (`SpareMemory`).
@Suite("Spare memory")
struct SpareMemoryTests {
  static func block(_ capacity: Int) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Swift.max(capacity, 8), alignment: 16)
  }

  @Test("of two blocks the larger is kept and the other deallocated, in either order")
  func keepsTheLarger() {
    for order in [[64, 256], [256, 64]] {
      let spare = SpareMemory()
      var freed: [Int] = []
      for capacity in order {
        spare.keep(Self.block(capacity), capacity: capacity) {
          freed.append($0.load(as: Int.self))
          $0.deallocate()
        }
      }
      #expect(freed == [64])
      let taken = spare.take(where: { _ in true })
      #expect(taken?.capacity == 256)
      taken?.memory.deallocate()
      #expect(spare.take(where: { _ in true }) == nil)
    }
  }

  @Test("a block the taker refuses stays kept for the next")
  func refusedBlockStays() {
    let spare = SpareMemory()
    spare.keep(Self.block(100), capacity: 100) { $0.deallocate() }
    #expect(spare.take(where: { $0 >= 1000 }) == nil)
    let taken = spare.take(where: { $0 >= 50 })
    #expect(taken?.capacity == 100)
    taken?.memory.deallocate()
  }

  @Test("blocks taken and kept on several threads at once are never shared")
  func concurrentBlocksAreNeverShared() {
    let spare = SpareMemory()
    let failures = Lock(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var random = SeededRandom(seed: UInt64(thread) + 11)
      let stamp = UInt64(thread) &+ 0x5A5A_0000
      for _ in 0..<20_000 {
        let wanted = [16, 64, 300, 1000].randomElement(using: &random)!
        let (memory, capacity) =
          spare.take(where: { $0 >= wanted }) ?? (Self.block(wanted * 8), wanted)
        let words = memory.assumingMemoryBound(to: UInt64.self)
        words[0] = stamp
        words[capacity - 1] = stamp
        if words[0] != stamp || words[capacity - 1] != stamp { failures.withLock { $0 += 1 } }
        spare.keep(memory, capacity: capacity) { $0.deallocate() }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    spare.take(where: { _ in true })?.memory.deallocate()
  }
}
