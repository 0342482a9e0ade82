import Foundation
import Parsnip

/// Parsing: the read-only structural index, the full `JSON` tree, and Foundation's `JSONSerialization`.
enum ParseBenchmarks {
  static func run(_ harness: Harness) {
    var indexRows: [Row] = []
    var treeRows: [Row] = []
    for corpus in Corpus.all {
      let foundation = harness.measure {
        blackHole(try! JSONSerialization.jsonObject(with: corpus.data))
      }
      let index = harness.measure {
        blackHole(try! JSONDocument(parsing: corpus.bytes))
      }
      let tree = harness.measure {
        blackHole(try! JSON(parsing: corpus.bytes))
      }
      indexRows.append(Row(name: corpus.name, bytes: corpus.bytes.count, parsnip: index, baseline: foundation))
      treeRows.append(Row(name: corpus.name, bytes: corpus.bytes.count, parsnip: tree, baseline: foundation))
    }
    printTable(
      title: "Parse to the read-only document (JSONDocument) vs JSONSerialization.jsonObject",
      baselineName: "JSONSerialization", rows: indexRows)
    printTable(
      title: "Parse to a JSON tree vs JSONSerialization.jsonObject", baselineName: "JSONSerialization", rows: treeRows)
  }
}
