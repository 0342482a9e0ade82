import BenchmarkModels
import Foundation
import Testing

@testable import Parsnip

/// The benchmark corpora decoded into model structs, compared with Foundation's `JSONDecoder`.
@Suite(.requiresSharedData)
struct ParsnipDecoderCorpusTests {
  private func corpus(_ name: String) throws -> Data {
    try Data(contentsOf: try #require(Fixtures.benchData.first { $0.lastPathComponent == name }))
  }

  @Test func twitterWithDefaultKeys() throws {
    let data = try corpus("twitter.json")
    let parsnip = try ParsnipDecoder().decode(Twitter.Response.self, from: data)
    #expect(parsnip == (try JSONDecoder().decode(Twitter.Response.self, from: data)))
    #expect(parsnip.statuses.count == 100)
    #expect(parsnip.statuses.compactMap(\.retweetedStatus).count == 73)
    #expect(parsnip.statuses[0].user.screenName == "ayuu0123")
  }

  @Test func twitterWithSnakeCaseConversion() throws {
    let data = try corpus("twitter.json")
    let parsnip = ParsnipDecoder()
    parsnip.keyDecodingStrategy = .convertFromSnakeCase
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let value = try parsnip.decode(TwitterSnakeCase.Response.self, from: data)
    #expect(value == (try foundation.decode(TwitterSnakeCase.Response.self, from: data)))
    #expect(value.searchMetadata.maxIdStr == "505874924095815681")
  }

  @Test func citmCatalogWithBothKeyStrategies() throws {
    let data = try corpus("citm_catalog.json")
    let value = try ParsnipDecoder().decode(CITMCatalog.self, from: data)
    #expect(value == (try JSONDecoder().decode(CITMCatalog.self, from: data)))
    #expect(value.events.count == 184 && value.performances.count == 243)
    let parsnip = ParsnipDecoder()
    parsnip.keyDecodingStrategy = .convertFromSnakeCase
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    #expect(try parsnip.decode(CITMCatalog.self, from: data) == foundation.decode(CITMCatalog.self, from: data))
  }

  @Test func canadaWithBothKeyStrategies() throws {
    let data = try corpus("canada.json")
    let value = try ParsnipDecoder().decode(Canada.self, from: data)
    #expect(value == (try JSONDecoder().decode(Canada.self, from: data)))
    #expect(value.features[0].geometry.coordinates.count == 480)
    let parsnip = ParsnipDecoder()
    parsnip.keyDecodingStrategy = .convertFromSnakeCase
    #expect(try parsnip.decode(Canada.self, from: data) == value)
  }

  @Test func strictModeAcceptsTheModelsThatDeclareEveryMember() throws {
    let decoder = ParsnipDecoder()
    decoder.strictness = .strict
    #expect(throws: Never.self) { try decoder.decode(Twitter.Response.self, from: try corpus("twitter.json")) }
    #expect(throws: Never.self) { try decoder.decode(CITMCatalog.self, from: try corpus("citm_catalog.json")) }
  }

  /// The corpora under 1 MB through a type that reads every value with `try?` attempts (the larger ones are covered
  /// by the model tests above and by `JSON` properties, and would make this debug-build test slow).
  static let smallCorpora = Fixtures.benchData.filter { file in
    let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int
    return (size ?? .max) < 1_000_000
  }.map(\.lastPathComponent)

  @Test(arguments: smallCorpora)
  func everyCorpusDecodesToTheSameValuesAsFoundation(name: String) throws {
    let data = try corpus(name)
    let parsnip = try ParsnipDecoder().decode(DecoderFixtures.AnyValue.self, from: data)
    #expect(parsnip == (try JSONDecoder().decode(DecoderFixtures.AnyValue.self, from: data)))
  }
}
