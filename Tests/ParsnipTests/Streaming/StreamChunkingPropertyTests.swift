import Foundation
import Testing

@testable import Parsnip

@Suite("Framed streams over the benchmark corpus")
struct StreamChunkingPropertyTests {
  /// Each corpus file's top-level value, framed every way, gives the same values under random chunkings (1-byte
  /// runs included) as the whole file parsed at once.
  @Test(.requiresSharedData) func everyFramingAgreesWithTheWholeParse() throws {
    var random = SeededRandom(seed: 0x43)
    for url in Fixtures.benchData {
      let bytes = Array(try Data(contentsOf: url))
      guard bytes.count < 800_000 else { continue }  // the larger files add time, not cases
      let value = try JSON(parsing: bytes).description
      let compact = Array(value.utf8)
      let streams: [(JSONStreamFraming, [UInt8], [String])] = [
        (.concatenated, bytes + [0x20] + compact, [value, value]),
        (
          .arrayElements, [UInt8(ascii: "[")] + bytes + [UInt8(ascii: ",")] + compact + [UInt8(ascii: "]")],
          [value, value]
        ),
        (.lines, compact + [0x0A] + compact, [value, value]),
        (.textSequence, [0x1E] + bytes + [0x0A, 0x1E] + compact + [0x0A], [value, value]),
        (.arrayElements(at: JSONPointer(tokens: ["x"])), Array("{\"x\":[".utf8) + bytes + Array("]}".utf8), [value]),
      ]
      for (framing, text, expected) in streams {
        let chunks = randomChunking(&random, largest: 4096)
        #expect(framedOutcomes(framing, text, chunks: chunks) == expected, "\(url.lastPathComponent) \(framing)")
      }
    }
  }
}
