import Foundation

/// The benchmark corpora in `../shared/bench-data` (override with `BENCH_DATA`), filtered by `BENCH_FILES`.
struct Corpus {
  var name: String
  var data: Data
  var bytes: [UInt8]

  static let all: [Corpus] = {
    let env = ProcessInfo.processInfo.environment
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let dir =
      env["BENCH_DATA"].map { URL(fileURLWithPath: $0) }
      ?? root.deletingLastPathComponent().appendingPathComponent("shared/bench-data")
    let wanted = env["BENCH_FILES"].map { Set($0.split(separator: " ").map(String.init)) }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
      print("warning: no benchmark data at \(dir.path) (set BENCH_DATA)")
      return []
    }
    return names.filter { $0.hasSuffix(".json") && (wanted?.contains($0) ?? true) }.sorted().compactMap { name in
      guard let data = try? Data(contentsOf: dir.appendingPathComponent(name)) else { return nil }
      return Corpus(name: name, data: data, bytes: [UInt8](data))
    }
  }()
}
