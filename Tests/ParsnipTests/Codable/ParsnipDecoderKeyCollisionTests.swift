import Foundation
import Testing

@testable import Parsnip

/// With a key decoding strategy, two JSON keys that convert to the same key: the first wins, as in Foundation's
/// `JSONDecoder` (issue 42, "Codable drop-in").
@Suite struct ParsnipDecoderKeyCollisionTests {
  struct Target: Codable, Equatable { var fooBar: Int }

  static let texts = [
    #"{"foo_bar": 1, "foo__bar": 2}"#, #"{"foo__bar": 1, "foo_bar": 2}"#, #"{"fooBar": 1, "foo_bar": 2}"#,
    #"{"foo_bar": 1, "fooBar": 2}"#, #"{"FOO_BAR": 3, "foo_bar": 1, "Foo_Bar": 2}"#,
  ]

  static func lowercased(_ path: [any CodingKey]) -> any CodingKey {
    PathCodingKey(stringValue: path.last!.stringValue.lowercased().replacingOccurrences(of: "_", with: ""))
  }

  @Test(arguments: texts)
  func snakeCaseTakesTheFirstAsFoundationDoes(text: String) throws {
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let parsnip = ParsnipDecoder()
    parsnip.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try? foundation.decode(Target.self, from: Data(text.utf8))
    #expect((try? parsnip.decode(Target.self, from: Data(text.utf8))) == expected)
  }

  @Test(arguments: texts)
  func customStrategyTakesTheFirstAsFoundationDoes(text: String) throws {
    struct Lower: Codable, Equatable { var foobar: Int }
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .custom { Self.lowercased($0) }
    let parsnip = ParsnipDecoder()
    parsnip.keyDecodingStrategy = .custom { Self.lowercased($0) }
    let expected = try foundation.decode(Lower.self, from: Data(text.utf8))
    #expect(expected.foobar == 1 || text.hasPrefix(#"{"FOO_BAR""#))
    #expect(try parsnip.decode(Lower.self, from: Data(text.utf8)) == expected)
  }
}
