import Foundation
import Parsnip

/// Parsing: the read-only structural index, the full `JSON` tree, and Foundation's `JSONSerialization`.
enum ParseBenchmarks {
  static func run(_ harness: Harness) {
    var indexRows: [Row] = []
    var treeRows: [Row] = []
    for corpus in Corpus.all {
      let foundation = { blackHole(try! JSONSerialization.jsonObject(with: corpus.data)) }
      let index = harness.compare({ blackHole(try! JSONDocument(parsing: corpus.bytes)) }, baseline: foundation)
      let tree = harness.compare({ blackHole(try! JSON(parsing: corpus.bytes)) }, baseline: foundation)
      indexRows.append(Row(name: corpus.name, bytes: corpus.bytes.count, index))
      treeRows.append(Row(name: corpus.name, bytes: corpus.bytes.count, tree))
    }
    printTable(
      title: "Parse to the read-only document (JSONDocument) vs JSONSerialization.jsonObject",
      baselineName: "JSONSerialization", rows: indexRows)
    printTable(
      title: "Parse to a JSON tree vs JSONSerialization.jsonObject", baselineName: "JSONSerialization", rows: treeRows)
  }
}
