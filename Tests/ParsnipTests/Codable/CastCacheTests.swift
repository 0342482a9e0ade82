import Foundation
import Testing

@testable import Parsnip

/// `CastCache`: the collection fast paths' conformance checks, kept per thread across decodes.
@Suite struct CastCacheTests {
  /// `type`, `[type]`, `[[type]]`, …: `levels + 1` distinct types.
  private func nestedArrayTypes<T>(_ type: T.Type, levels: Int, into types: inout [Any.Type]) {
    types.append(type)
    if levels > 0 { nestedArrayTypes([T].self, levels: levels - 1, into: &types) }
  }

  /// Every answer is the cast's, for types it keeps and for those past the 64 it keeps, asked again and again.
  @Test func answersAsTheCastDoesForMoreTypesThanItKeeps() {
    var types: [Any.Type] = []
    nestedArrayTypes(Int.self, levels: 80, into: &types)
    nestedArrayTypes(String.self, levels: 20, into: &types)
    var cache = CastCache<any _ParsnipArrayDecodable.Type>()
    for _ in 0..<3 {
      for type in types {
        let expected = type as? any _ParsnipArrayDecodable.Type
        let answer = cache.cast(type)
        #expect((answer == nil) == (expected == nil), "\(type)")
        if let answer, let expected { #expect(ObjectIdentifier(answer) == ObjectIdentifier(expected)) }
      }
    }
  }

  /// Decodes `text` as `type` nested in `levels` more arrays, and writes the value back.
  private func roundTrip<T: Codable>(_ type: T.Type, levels: Int, _ text: String) throws -> String {
    if levels > 0 { return try roundTrip([T].self, levels: levels - 1, text) }
    let value = try ParsnipDecoder().decode(T.self, from: Data(text.utf8))
    return String(decoding: try ParsnipEncoder().encode(value), as: UTF8.self)
  }

  /// Decodes that meet more collection types than the cache keeps still come out right (a cast the cache answered
  /// wrongly for an array type would send its elements down another type's path; the test above checks the answers).
  @Test func decodesPastTheTypesTheCacheKeeps() throws {
    // 70 levels of arrays around an Int: each level is a type of its own.
    let text = String(repeating: "[", count: 70) + "7" + String(repeating: "]", count: 70)
    for _ in 0..<2 {
      #expect(try roundTrip(Int.self, levels: 70, text) == text)
      #expect(try ParsnipDecoder().decode([String: [Int]].self, from: Data(#"{"a":[1,2]}"#.utf8)) == ["a": [1, 2]])
    }
  }
}
