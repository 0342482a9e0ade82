import Foundation
import Testing

@testable import Parsnip

/// A recursive model decoded through the model layer's proxy decoder on a 512 KB thread (what secondary threads get on
/// Apple platforms): the proxy recurses once per level beside the base decoder, so it has its own stack guard.
@Suite struct JSONModelDepthTests {
  final class Chain: JSONModel, @unchecked Sendable {
    var next: Chain?
    init() {}
  }

  static func chain(_ depth: Int) -> String {
    String(repeating: #"{"next":"#, count: depth) + "{}" + String(repeating: "}", count: depth)
  }

  @Test func deepModelsDecodeOrStopWithAnErrorOnASmallStack() throws {
    let outcome: String = try DeepValues.onSmallStack {
      do {
        var chain: Chain? = try Chain(jsonString: Self.chain(510))
        var depth = 0
        while let next = chain?.next {
          depth += 1
          chain = next
        }
        return "decoded \(depth)"
      } catch DecodingError.dataCorrupted(let context) {
        return context.debugDescription
      }
    }
    #expect(
      outcome == "decoded 510" || outcome.hasPrefix("nesting deeper than this thread's stack can hold"), "\(outcome)")
  }
}
