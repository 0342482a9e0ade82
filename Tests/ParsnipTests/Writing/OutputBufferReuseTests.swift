import Foundation
import Testing

@testable import Parsnip

/// Output buffers whose bytes are copied out start from the memory the last released one left
/// (`OutputBuffer(reusing:)`, through `SpareMemory`): what an earlier write left there must never show.
@Suite("Output buffer reuse")
struct OutputBufferReuseTests {
  @Test("writes that reuse one output buffer never show what an earlier write left in it")
  func outputBufferReuse() throws {
    let long: JSON = .array((0..<20_000).map { .string("element \($0) " + String(repeating: "x", count: $0 % 50)) })
    let longText = try long.bytes()
    for value: JSON in [1, "a", [:], ["k": [true, nil]], .string(String(repeating: "é", count: 300))] {
      #expect(try long.bytes() == longText)
      // `data()` hands its buffer over instead of keeping it: it never starts from a kept one.
      let expected = String(decoding: try value.data(), as: UTF8.self)
      #expect(try value.string() == expected)
      #expect(try value.bytes() == Array(expected.utf8))
      var appended: [UInt8] = [0x20]
      try value.write(to: &appended)
      #expect(appended == [0x20] + Array(expected.utf8))
    }
  }

  @Test("output buffers reused on several threads at once each write their own bytes")
  func concurrentWrites() {
    let values: [JSON] = (0..<8).map { k in .array((0..<(k * 700 + 1)).map { .number(JSONNumber($0 * k)) }) }
    let expected = values.map { String(decoding: try! $0.data(), as: UTF8.self) }
    let failures = Lock(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for round in 0..<200 {
        let k = (thread * 3 + round) % values.count
        if (try? values[k].string()) != expected[k] { failures.withLock { $0 += 1 } }
      }
    }
    #expect(failures.withLock { $0 } == 0)
  }
}
