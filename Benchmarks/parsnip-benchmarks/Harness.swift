import Foundation

/// Keeps a value alive in a way the optimizer cannot see through.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Times closures and prints MB/s side by side with a baseline measured in the same run.
struct Harness {
  /// Minimum wall time spent per measurement.
  var budget: Duration = .milliseconds(Int64(ProcessInfo.processInfo.environment["BENCH_BUDGET_MS"].flatMap(Int.init) ?? 300))
  var minimumSamples = Int(ProcessInfo.processInfo.environment["BENCH_MIN_SAMPLES"].flatMap(Int.init) ?? 5)

  init() {}

  init(budget: Duration, minimumSamples: Int) {
    self.budget = budget
    self.minimumSamples = minimumSamples
  }

  /// Median seconds per call: one warm-up call, then samples of batches lasting ≥ 5 ms each.
  func measure(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    try body()
    var batch = 1
    while true {
      let t = try clock.measure { for _ in 0..<batch { try body() } }
      if t >= .milliseconds(5) || batch >= 1 << 20 { break }
      batch *= 2
    }
    var samples: [Double] = []
    let start = clock.now
    while samples.count < minimumSamples || clock.now - start < budget {
      let t = try clock.measure { for _ in 0..<batch { try body() } }
      samples.append(t.seconds / Double(batch))
      if samples.count >= 200 { break }
    }
    samples.sort()
    return samples[samples.count / 2]
  }
}

extension Duration {
  var seconds: Double {
    let (s, atto) = components
    return Double(s) + Double(atto) / 1e18
  }
}

/// One row of a comparison table.
struct Row {
  var name: String
  var bytes: Int
  var parsnip: Double  // seconds per call
  var baseline: Double

  var parsnipMBps: Double { Double(bytes) / parsnip / 1e6 }
  var baselineMBps: Double { Double(bytes) / baseline / 1e6 }
  var ratio: Double { baseline / parsnip }
}

/// Prints a markdown table and the geometric mean of the ratios.
func printTable(title: String, baselineName: String, rows: [Row]) {
  print("\n### \(title)\n")
  print("| file | Parsnip MB/s | \(baselineName) MB/s | ratio |")
  print("| --- | ---: | ---: | ---: |")
  for row in rows {
    print(
      "| \(row.name) | \(format(row.parsnipMBps)) | \(format(row.baselineMBps)) | \(format(row.ratio, digits: 1))x |")
  }
  if rows.count > 1 {
    let geo = exp(rows.map { log($0.ratio) }.reduce(0, +) / Double(rows.count))
    let pg = exp(rows.map { log($0.parsnipMBps) }.reduce(0, +) / Double(rows.count))
    let bg = exp(rows.map { log($0.baselineMBps) }.reduce(0, +) / Double(rows.count))
    print("| **geometric mean** | \(format(pg)) | \(format(bg)) | **\(format(geo, digits: 1))x** |")
  }
  fflush(nil)
}

func format(_ x: Double, digits: Int = 0) -> String {
  String(format: "%.\(digits)f", x)
}
