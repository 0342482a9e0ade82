import Foundation
import Testing

@testable import Parsnip

/// One decoder shared by many threads.
@Suite struct ParsnipDecoderConcurrencyTests {
  struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  @Test func aSharedDecoderDecodesConcurrently() {
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let failures = LockedPaths()
    DispatchQueue.concurrentPerform(iterations: 200) { index in
      let text = #"[{"x": \#(index), "y": \#(-index)}, {"x": 0, "y": 1}]"#
      let points = try? decoder.decode([Point].self, from: text)
      if points != [Point(x: index, y: -index), Point(x: 0, y: 1)] { failures.append("\(index)") }
      if index % 50 == 0 { decoder.userInfo[CodingUserInfoKey(rawValue: "i")!] = index }
    }
    #expect(failures.values.isEmpty)
  }
}
