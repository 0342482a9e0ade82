import Foundation
import Testing

@testable import Parsnip

@Suite("RFC 7464 text sequences")
struct TextSequenceTests {
  @Test("texts cut short are errors for those texts, and reading goes on (RFC 7464 §2.4)")
  func truncated() {
    let text =
      "\u{1E}{\"a\":1}\n\u{1E}[1,2\u{1E}\"x\"\n\u{1E}123\u{1E}true\n\u{1E}\u{1E}\n\u{1E}{\"b\"\n:\n2}\n\u{1E}4 5\n\u{1E}null"
    let expected = [
      #"{"a":1}"#, "!truncatedText@2:2#1", #""x""#, "!truncatedText@3:2#3", "true", #"{"b":2}"#,
      // `4` is handed out when the space ends it; `5` then breaks the text.
      "4", "!invalidValue@8:4#7", "!truncatedText@9:2#8",
    ]
    #expect(framedOutcomes(.textSequence, Array(text.utf8)) == expected)
    var random = SeededRandom(seed: 7464)
    for _ in 0..<40 {
      #expect(framedOutcomes(.textSequence, Array(text.utf8), chunks: randomChunking(&random, largest: 6)) == expected)
    }
  }

  @Test("text before the first RS, and a bad text, fail alone")
  func strayText() {
    #expect(framedOutcomes(.textSequence, Array("1\n\u{1E}2\n".utf8)) == ["!truncatedText@1:1#0", "2"])
    #expect(framedOutcomes(.textSequence, Array("\u{1E}[1}\n\u{1E}[2]\n".utf8)) == ["!invalidValue@1:4#0", "[2]"])
  }
}
