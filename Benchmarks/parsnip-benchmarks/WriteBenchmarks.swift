import Foundation
import Parsnip

/// Writing compact JSON: Parsnip's writer vs `JSONSerialization.data(withJSONObject:)`.
enum WriteBenchmarks {
  static func run(_ harness: Harness) {
    var rows: [Row] = []
    for corpus in Corpus.all {
      let object = try! JSONSerialization.jsonObject(with: corpus.data, options: .fragmentsAllowed)
      let json = try! JSON(parsing: corpus.bytes)
      let comparison = harness.compare(
        { blackHole(try! json.bytes()) },
        baseline: { blackHole(try! JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed)) })
      rows.append(Row(name: corpus.name, bytes: corpus.bytes.count, comparison))
    }
    printTable(
      title: "Write compact JSON vs JSONSerialization.data(withJSONObject:)", baselineName: "JSONSerialization",
      rows: rows)
  }
}
