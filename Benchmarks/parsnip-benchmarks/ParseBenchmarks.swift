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

  /// Reads every value under `value` through `JSONDocument.Value`, as a program reading a whole document does:
  /// each object's members in order, each member also looked up by its key, arrays' elements, strings, and numbers
  /// as an `Int` where they are one and as a `Double` otherwise. Returns a sum of what it read (`profile-document`).
  static func readAll(_ value: JSONDocument.Value) -> Int {
    switch value.kind {
    case .null: return 1
    case .bool: return value.boolValue! ? 3 : 2
    case .number:
      if let integer = value.intValue { return integer }
      return Int(truncatingIfNeeded: value.doubleValue!.bitPattern)
    case .string: return value.stringValue!.utf8.count
    case .array: return value.arrayValue!.reduce(0) { $0 &+ readAll($1) }
    case .object:
      return value.members!.reduce(0) { sum, member in
        sum &+ readAll(member.value) &+ (value[member.key] == nil ? 0 : 1)
      }
    }
  }
}
