import BenchmarkModels
import Foundation
import Parsnip

/// Codable: `ParsnipDecoder`/`ParsnipEncoder` vs Foundation's `JSONDecoder`/`JSONEncoder`, into the same structs.
enum CodableBenchmarks {
  struct Case {
    var name: String
    var file: String
    var decodeParsnip: (Data) throws -> Any
    var decodeFoundation: (Data) throws -> Any
    var encodeParsnip: (Any) throws -> Data
    var encodeFoundation: (Any) throws -> Data
  }

  static func make<T: Codable>(
    _ type: T.Type, name: String, file: String, snakeCase: Bool = false
  ) -> Case {
    let parsnipDecoder = ParsnipDecoder()
    let foundationDecoder = JSONDecoder()
    let parsnipEncoder = ParsnipEncoder()
    let foundationEncoder = JSONEncoder()
    if snakeCase {
      parsnipDecoder.keyDecodingStrategy = .convertFromSnakeCase
      foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
      parsnipEncoder.keyEncodingStrategy = .convertToSnakeCase
      foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
    }
    return Case(
      name: name, file: file,
      decodeParsnip: { try parsnipDecoder.decode(T.self, from: $0) },
      decodeFoundation: { try foundationDecoder.decode(T.self, from: $0) },
      encodeParsnip: { try parsnipEncoder.encode($0 as! T) },
      encodeFoundation: { try foundationEncoder.encode($0 as! T) })
  }

  nonisolated(unsafe) static let cases: [Case] = [
    make(Twitter.Response.self, name: "twitter.json (default keys)", file: "twitter.json"),
    make(TwitterSnakeCase.Response.self, name: "twitter.json (snake_case)", file: "twitter.json", snakeCase: true),
    make(CITMCatalog.self, name: "citm_catalog.json", file: "citm_catalog.json"),
    make(CITMCatalog.self, name: "citm_catalog.json (snake_case)", file: "citm_catalog.json", snakeCase: true),
    make(Canada.self, name: "canada.json", file: "canada.json"),
  ]

  static func run(_ harness: Harness) {
    var decodeRows: [Row] = []
    var encodeRows: [Row] = []
    for item in cases {
      guard let corpus = Corpus.all.first(where: { $0.name == item.file }) else { continue }
      let data = corpus.data
      let decode = harness.compare(
        { blackHole(try! item.decodeParsnip(data)) }, baseline: { blackHole(try! item.decodeFoundation(data)) })
      decodeRows.append(Row(name: item.name, bytes: data.count, decode))
      let value = try! item.decodeFoundation(data)
      let encodedSize = try! item.encodeFoundation(value).count
      let encode = harness.compare(
        { blackHole(try! item.encodeParsnip(value)) }, baseline: { blackHole(try! item.encodeFoundation(value)) })
      encodeRows.append(Row(name: item.name, bytes: encodedSize, encode))
    }
    printTable(
      title: "Codable decoding: ParsnipDecoder vs Foundation JSONDecoder (MB/s of input)", baselineName: "JSONDecoder",
      rows: decodeRows)
    printTable(
      title: "Codable encoding: ParsnipEncoder vs Foundation JSONEncoder (MB/s of output)", baselineName: "JSONEncoder",
      rows: encodeRows)
    smallValues(harness)
  }

  /// Each of twitter.json's 100 statuses decoded from its own text and encoded on its own: what request and
  /// response bodies and JSON Lines pay per value. A table of its own, outside the geometric means above.
  static func smallValues(_ harness: Harness) {
    guard let corpus = Corpus.all.first(where: { $0.name == "twitter.json" }) else { return }
    let statuses = try! JSONDecoder().decode(Twitter.Response.self, from: corpus.data).statuses
    let foundationEncoder = JSONEncoder()
    let texts = statuses.map { try! foundationEncoder.encode($0) }
    let bytes = texts.reduce(0) { $0 + $1.count }
    let parsnipDecoder = ParsnipDecoder()
    let foundationDecoder = JSONDecoder()
    let parsnipEncoder = ParsnipEncoder()
    let decode = harness.compare(
      { for text in texts { blackHole(try! parsnipDecoder.decode(Twitter.Status.self, from: text)) } },
      baseline: { for text in texts { blackHole(try! foundationDecoder.decode(Twitter.Status.self, from: text)) } })
    let encode = harness.compare(
      { for status in statuses { blackHole(try! parsnipEncoder.encode(status)) } },
      baseline: { for status in statuses { blackHole(try! foundationEncoder.encode(status)) } })
    printTable(
      title: "Codable decoding of small values: twitter.json's 100 statuses, each from its own text (MB/s of input)",
      baselineName: "JSONDecoder", rows: [Row(name: "Twitter.Status", bytes: bytes, decode)])
    printTable(
      title: "Codable encoding of small values: twitter.json's 100 statuses, each on its own (MB/s of output)",
      baselineName: "JSONEncoder", rows: [Row(name: "Twitter.Status", bytes: bytes, encode)])
  }
}
