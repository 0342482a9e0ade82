import Foundation
import Testing

@testable import Parsnip

/// Damaged input never crashes the decoder: every mutation either decodes or throws a `DecodingError`.
@Suite struct ParsnipDecoderRobustnessTests {
  struct Item: Codable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var price: Double?
    var nested: [String: [Int]]
    @DefaultFalse var flag: Bool
  }

  static let seed = #"""
    [{"id": 1, "name": "caf\u00e9 \"x\"", "tags": ["a", "b"], "price": 2.5, "nested": {"k": [1, 2]}, "flag": true},
     {"id": -2, "name": "", "tags": [], "price": null, "nested": {}, "extra": [[{}]]}]
    """#

  @Test func mutatedInputsThrowOrDecode() {
    var generator = SeededRandom(seed: 0xBAD)
    let bytes = Array(Self.seed.utf8)
    let replacements: [UInt8] = Array(#"{}[]",:0123456789-.eE"\ntfalsu"#.utf8) + [0x00, 0xC3, 0xFF, 0x80]
    for _ in 0..<400 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let position = Int.random(in: 0..<mutated.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: mutated[position] = replacements.randomElement(using: &generator)!
        case 1: mutated.remove(at: position)
        default: mutated.insert(replacements.randomElement(using: &generator)!, at: position)
        }
      }
      for strictness in [ParsnipDecoder.Strictness.lenient, .strict] {
        let decoder = ParsnipDecoder()
        decoder.strictness = strictness
        do {
          _ = try decoder.decode([Item].self, from: mutated)
          _ = try decoder.decodeWithReport([ParsnipDecoderLenientTests.Post].self, from: mutated)
        } catch is DecodingError {
        } catch {
          Issue.record("unexpected error \(error)")
        }
      }
    }
  }

  @Test func everyTruncationThrowsADecodingError() {
    let bytes = Array(Self.seed.utf8)
    for end in 0..<bytes.count {
      #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([Item].self, from: Array(bytes[..<end])) }
    }
  }
}
