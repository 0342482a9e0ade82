import Foundation
import BenchmarkModels
import Testing

@testable import Parsnip

/// The benchmark corpora through Codable model structs: Parsnip's output must parse to Foundation's.
@Suite(.requiresSharedData)
struct ParsnipEncoderCorpusTests {
  static func corpus(_ name: String) throws -> Data {
    guard let directory = Fixtures.sharedDirectory("bench-data") else { throw CocoaError(.fileNoSuchFile) }
    return try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// Decodes with Foundation (an oracle independent of Parsnip), then encodes with both encoders.
  func check<T: Codable & Equatable>(
    _ type: T.Type, _ file: String, snakeCase: Bool = false, formatting: ParsnipEncoder.OutputFormatting = []
  ) throws {
    let foundationDecoder = JSONDecoder()
    if snakeCase { foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase }
    let value = try foundationDecoder.decode(T.self, from: Self.corpus(file))
    try expectEncodesLikeFoundation(value) { parsnip, foundation in
      if snakeCase {
        parsnip.keyEncodingStrategy = .convertToSnakeCase
        foundation.keyEncodingStrategy = .convertToSnakeCase
      }
      parsnip.outputFormatting = formatting
    }
    // And back through ParsnipDecoder to the same value.
    let parsnip = ParsnipEncoder()
    let parsnipDecoder = ParsnipDecoder()
    if snakeCase {
      parsnip.keyEncodingStrategy = .convertToSnakeCase
      parsnipDecoder.keyDecodingStrategy = .convertFromSnakeCase
    }
    #expect(try parsnipDecoder.decode(T.self, from: parsnip.encode(value)) == value)
  }

  @Test func twitter() throws { try check(Twitter.Response.self, "twitter.json") }
  @Test func twitterSnakeCase() throws { try check(TwitterSnakeCase.Response.self, "twitter.json", snakeCase: true) }
  @Test func twitterPrettySorted() throws {
    try check(
      Twitter.Response.self, "twitter.json", formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
  }
  @Test func citmCatalog() throws { try check(CITMCatalog.self, "citm_catalog.json") }
  @Test func canada() throws { try check(Canada.self, "canada.json") }

  @Test("The benchmark models have Foundation's bytes in every output formatting", arguments: allOutputFormattings)
  func sameBytesAsFoundation(formatting: ParsnipEncoder.OutputFormatting) throws {
    let decoder = JSONDecoder()
    try expectSameBytesAsFoundation(
      decoder.decode(Twitter.Response.self, from: Self.corpus("twitter.json")), formatting: formatting)
    try expectSameBytesAsFoundation(
      decoder.decode(CITMCatalog.self, from: Self.corpus("citm_catalog.json")), formatting: formatting)
    try expectSameBytesAsFoundation(
      decoder.decode(Canada.self, from: Self.corpus("canada.json")), formatting: formatting)
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let snakeCase = try decoder.decode(TwitterSnakeCase.Response.self, from: Self.corpus("twitter.json"))
    try expectSameBytesAsFoundation(snakeCase, formatting: formatting) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .convertToSnakeCase
      foundation.keyEncodingStrategy = .convertToSnakeCase
    }
  }

  @Test("Every corpus as a JSON value encodes to text that parses back equal", arguments: Fixtures.benchData)
  func jsonValues(_ url: URL) throws {
    let json = try JSON(parsing: Data(contentsOf: url))
    let encoder = ParsnipEncoder()
    #expect(try JSON(parsing: encoder.encode(json)) == json, "\(url.lastPathComponent)")
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    #expect(try JSON(parsing: encoder.encode(json)) == json, "\(url.lastPathComponent) pretty sorted")
  }
}
