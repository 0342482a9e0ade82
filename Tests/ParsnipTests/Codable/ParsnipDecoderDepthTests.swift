import Foundation
import Testing

@testable import Parsnip

/// Recursive `Codable` types decoded on a 512 KB thread (issue 42, N3): as deep as Foundation's `JSONDecoder` goes
/// there, and a `DecodingError` where the stack would end, never a crash.
@Suite struct ParsnipDecoderDepthTests {
  /// `{"k":{"k":…}}` through a synthesized `init(from:)`.
  final class ObjectNode: Decodable { let k: ObjectNode? }

  /// `[[…]]` through a single-value container.
  struct ArrayNode: Decodable {
    var children: [ArrayNode]
    init(from decoder: any Decoder) throws { children = try decoder.singleValueContainer().decode([ArrayNode].self) }
  }

  /// Decodes itself again at the same value, without end: only the stack guard can stop it.
  struct Runaway: Decodable {
    init(from decoder: any Decoder) throws { _ = try decoder.singleValueContainer().decode(Runaway.self) }
  }

  static func objects(_ depth: Int) -> Data {
    Data((String(repeating: #"{"k":"#, count: depth) + "{}" + String(repeating: "}", count: depth)).utf8)
  }

  static func arrays(_ depth: Int) -> Data {
    Data((String(repeating: "[", count: depth) + "[]" + String(repeating: "]", count: depth)).utf8)
  }

  @Test func recursionPastTheStackIsADecodingError() throws {
    let message: String = try DeepValues.onSmallStack {
      do {
        _ = try ParsnipDecoder().decode(Runaway.self, from: Data("{}".utf8))
        return "decoded"
      } catch DecodingError.dataCorrupted(let context) {
        return context.debugDescription
      }
    }
    #expect(message.hasPrefix("nesting deeper than this thread's stack can hold ("), "\(message)")
    #expect(message.hasSuffix("levels) decoding Runaway (line 1, column 1)"), "\(message)")
  }

  @Test func deepDocumentsEndInAnErrorOrDecode() throws {
    // At the parser's limit (512 levels), whatever the build: decoded, or stopped by the guard, never a crash.
    let outcomes: [String] = try DeepValues.onSmallStack {
      var outcomes: [String] = []
      let decodes: [() throws -> Void] = [
        { _ = try ParsnipDecoder().decode(ObjectNode.self, from: Self.objects(510)) },
        { _ = try ParsnipDecoder().decode(ArrayNode.self, from: Self.arrays(510)) },
      ]
      for decode in decodes {
        do {
          try decode()
          outcomes.append("decoded")
        } catch DecodingError.dataCorrupted(let context) {
          outcomes.append(context.debugDescription)
        } catch {
          outcomes.append("\(error)")
        }
      }
      return outcomes
    }
    for outcome in outcomes {
      #expect(outcome == "decoded" || outcome.contains("deeper than this thread's stack can hold"), "\(outcome)")
    }
  }

  #if !DEBUG
    // Release builds: Foundation's depth on the same thread (505 objects, 511 arrays; Parsnip reaches 511 of both,
    // the parser's limit). Debug builds keep bigger frames (about 240 levels of objects and 160 of arrays; see
    // Benchmarks/RESULTS.md, `parsnip-benchmarks depth`), so only the clean error is asserted there.
    @Test func reachesFoundationsDepthOnA512KBThread() throws {
      try DeepValues.onSmallStack {
        _ = try ParsnipDecoder().decode(ObjectNode.self, from: Self.objects(505))
        _ = try ParsnipDecoder().decode(ArrayNode.self, from: Self.arrays(511))
      }
    }
  #endif
}
