import Foundation
import Testing

@testable import Parsnip

/// Tape blocks are reused across documents (`TapeMemory`): a block must never be handed to a second tape while the
/// first still uses it, whatever the order of parses, sizes and threads.
@Suite("Tape memory reuse")
struct TapeMemoryTests {
  /// `[0, 1, ..., count - 1]` and its text.
  static func document(count: Int) -> (text: String, json: JSON) {
    (text: "[" + (0..<count).map(String.init).joined(separator: ",") + "]", json: .array((0..<count).map { JSON($0) }))
  }

  @Test("a document stays intact while later documents of every size are parsed and freed")
  func liveDocumentKeepsItsTape() throws {
    let kept = try JSONDocument(parsing: Self.document(count: 5000).text)
    // Smaller, equal and larger documents, each freed right away, so their blocks go back to the spare.
    for count in [1, 10, 4000, 5000, 6000, 100_000, 3] {
      let (text, json) = Self.document(count: count)
      #expect(try JSON(parsing: text) == json)
      #expect(try JSONDocument(parsing: text).root.count == count)
    }
    #expect(kept.root.count == 5000)
    #expect(kept.root[4999]?.intValue == 4999)
    #expect(kept.root[0]?.intValue == 0)
  }

  @Test("a tape that grows past its first estimate keeps every node")
  func growingTape() throws {
    // Short numbers are far denser than the initial estimate of one node per 12 bytes.
    let (text, json) = Self.document(count: 50_000)
    #expect(try JSON(parsing: text) == json)
  }

  @Test("a failed scan returns its block, and the next parse is unaffected")
  func failedScanReturnsBlock() throws {
    #expect(throws: JSONParseError.self) { try JSON(parsing: "[1,2,3," + String(repeating: "4,", count: 3000)) }
    let (text, json) = Self.document(count: 3000)
    #expect(try JSON(parsing: text) == json)
  }

  @Test("blocks taken and returned on several threads at once are never shared")
  func concurrentBlocksAreNeverShared() {
    // Each thread stamps the blocks it holds and checks the stamps before it returns them. (The interleaving the
    // codable fuzzer found under AddressSanitizer, a block's capacity read after another thread had taken and freed
    // it, needs a preemption within nanoseconds; this checks the property, it does not force that interleaving.)
    let failures = Lock(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var random = SeededRandom(seed: UInt64(thread) + 1)
      let stamp = UInt64(thread) &+ 0xA5A5_0000
      for _ in 0..<20_000 {
        let block = TapeMemory.allocate(capacity: [16, 64, 300, 1000, 5000].randomElement(using: &random)!)
        block.words[0] = stamp
        block.words[block.capacity - 1] = stamp
        for k in 1..<Swift.min(block.capacity - 1, Int.random(in: 1...64, using: &random)) { block.words[k] = stamp }
        if block.words[0] != stamp || block.words[block.capacity - 1] != stamp { failures.withLock { $0 += 1 } }
        TapeMemory.release(block)
      }
    }
    #expect(failures.withLock { $0 } == 0)
  }

  @Test("documents parsed on many threads at once each get their own block")
  func concurrentParses() async throws {
    let sizes = [1, 50, 700, 3000, 20_000]
    let texts = sizes.map { Self.document(count: $0).text }
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<16 {
        group.addTask {
          var documents: [(Int, JSONDocument)] = []
          for round in 0..<20 {
            let k = (task + round) % sizes.count
            guard let document = try? JSONDocument(parsing: texts[k]) else { return false }
            documents.append((sizes[k], document))
            if documents.count > 3 { documents.removeFirst() }
            for (size, document) in documents where document.root[size - 1]?.intValue != size - 1 { return false }
          }
          return true
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(results)
  }
}
