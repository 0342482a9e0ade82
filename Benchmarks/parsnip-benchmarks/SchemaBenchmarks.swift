import Foundation
import Parsnip

/// `schema`: JSON Schema validation of the corpora against `../shared/bench-data/schemas`: twitter.json's statuses
/// one by one (each compacted, as a JSON Lines file holds them) against `twitter-status.schema.json`, and canada.json
/// against `canada.geojson.schema.json`. Parsnip parses each text and validates it through the tape
/// (`JSONSchema.isValid(JSONDocument)`, what `parsnip validate --schema` does); the baseline, in the same rounds,
/// parses to a tree and validates the tree. Compiling each schema is timed too.
enum SchemaBenchmarks {
  static func run(_ harness: Harness) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench-data")
    let dir = ProcessInfo.processInfo.environment["BENCH_DATA"].map { URL(fileURLWithPath: $0) } ?? root
    guard let twitterSchema = try? Data(contentsOf: dir.appendingPathComponent("schemas/twitter-status.schema.json")),
      let canadaSchema = try? Data(contentsOf: dir.appendingPathComponent("schemas/canada.geojson.schema.json")),
      let twitter = try? JSON(parsing: Data(contentsOf: dir.appendingPathComponent("twitter.json"))),
      let canada = try? Data(contentsOf: dir.appendingPathComponent("canada.json"))
    else {
      print("schema: skipped (no ../shared/bench-data/schemas)")
      return
    }
    print("\n== schema (parse + validate through the tape; baseline: parse to a tree + validate the tree)")
    for (name, schemaText) in [("twitter-status", twitterSchema), ("canada.geojson", canadaSchema)] {
      let seconds = harness.measure { blackHole(try! JSONSchema(parsing: [UInt8](schemaText))) }
      print("  compile \(name).schema.json: \(String(format: "%.3f", seconds * 1000)) ms")
    }
    let statuses = (twitter["statuses"].arrayValue ?? []).map { try! $0.bytes() }
    let canadaLine = try! JSON(parsing: canada).bytes()
    let cases: [(String, Data, [[UInt8]])] = [
      ("twitter statuses (\(statuses.count) lines)", twitterSchema, statuses),
      ("canada.json (1 line)", canadaSchema, [canadaLine]),
    ]
    for (name, schemaText, lines) in cases {
      let schema = try! JSONSchema(parsing: [UInt8](schemaText))
      let bytes = lines.reduce(0) { $0 + $1.count }
      precondition(lines.allSatisfy { schema.isValid(try! JSONDocument(parsing: $0)) }, "\(name) is not valid")
      let comparison = harness.compare {
        for line in lines { blackHole(schema.isValid(try! JSONDocument(parsing: line))) }
      } baseline: {
        for line in lines { blackHole(schema.isValid(try! JSON(parsing: line))) }
      }
      let mbps = Double(bytes) / comparison.parsnip / 1e6
      print(
        "  \(name): \(String(format: "%.1f", mbps)) MB/s through the tape, "
          + "\(String(format: "%.1f", Double(bytes) / comparison.baseline / 1e6)) MB/s through a tree "
          + "(tape \(String(format: "%.2f", comparison.ratio))x)")
    }
  }
}
