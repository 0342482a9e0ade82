import Foundation
import Parsnip

/// Writing compact JSON: Parsnip's writer vs `JSONSerialization.data(withJSONObject:)`.
enum WriteBenchmarks {
  static func run(_ harness: Harness) {
    var rows: [Row] = []
    for corpus in Corpus.all {
      let object = try! JSONSerialization.jsonObject(with: corpus.data, options: .fragmentsAllowed)
      let json = try! JSON(parsing: corpus.bytes)
      let foundation = harness.measure {
        blackHole(try! JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed))
      }
      let parsnip = harness.measure {
        blackHole(try! json.bytes())
      }
      rows.append(Row(name: corpus.name, bytes: corpus.bytes.count, parsnip: parsnip, baseline: foundation))
    }
    printTable(
      title: "Write compact JSON vs JSONSerialization.data(withJSONObject:)", baselineName: "JSONSerialization",
      rows: rows)
  }
}
