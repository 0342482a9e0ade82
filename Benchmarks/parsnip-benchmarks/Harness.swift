import Foundation

/// Keeps a value alive in a way the optimizer cannot see through.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Runs the work a profile mode measures. Callgrind counts this function alone with `--collect-atstart=no
/// --toggle-collect='*profiledWork*'` (as `scripts/callgrind-matrix.sh` does), leaving out start-up, loading the
/// corpora and any set-up done before the call.
@inline(never) func profiledWork(_ body: () throws -> Void) rethrows {
  try body()
  // Work after the call, so that the body is not a tail call (callgrind would see this function end at the jump).
  profiledWorkRuns &+= 1
}

/// How many times `profiledWork` ran (its store keeps the body from being its tail call).
nonisolated(unsafe) var profiledWorkRuns = 0

/// The FNV-1a hash of `bytes`, printed by profile modes so that two runs can check they read and wrote the same.
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
  bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

/// Times closures and prints MB/s side by side with a baseline measured in the same run.
struct Harness {
  /// Minimum wall time spent per measurement.
  var budget: Duration = .milliseconds(
    Int64(ProcessInfo.processInfo.environment["BENCH_BUDGET_MS"].flatMap(Int.init) ?? 300))
  var minimumSamples = Int(ProcessInfo.processInfo.environment["BENCH_MIN_SAMPLES"].flatMap(Int.init) ?? 5)

  init() {}

  init(budget: Duration, minimumSamples: Int) {
    self.budget = budget
    self.minimumSamples = minimumSamples
  }

  /// Median seconds per call: one warm-up call, then samples of batches lasting ≥ 5 ms each.
  func measure(_ body: () throws -> Void) rethrows -> Double {
    let batch = try batchSize(body)
    var samples: [Double] = []
    let start = ContinuousClock.now
    while samples.count < minimumSamples || ContinuousClock.now - start < budget {
      samples.append(try time(body, batch: batch))
      if samples.count >= 200 { break }
    }
    return median(samples)
  }

  /// Times Parsnip and its baseline in alternating batches (ABBA order), so that both see the same machine.
  ///
  /// The machines are shared: a core can run at half speed for seconds at a time, which skews any ratio taken from
  /// two measurements made one after the other. Each round here times both within a few milliseconds, and the
  /// ratio reported is the median of the per-round ratios.
  func compare(_ parsnip: () throws -> Void, baseline: () throws -> Void) rethrows -> Comparison {
    let parsnipBatch = try batchSize(parsnip)
    let baselineBatch = try batchSize(baseline)
    var parsnipSamples: [Double] = []
    var baselineSamples: [Double] = []
    var ratios: [Double] = []
    let start = ContinuousClock.now
    while ratios.count < minimumSamples || ContinuousClock.now - start < budget * 2 {
      let first = ratios.count % 2 == 0
      var p = 0.0
      var b = 0.0
      if first { p = try time(parsnip, batch: parsnipBatch) }
      b = try time(baseline, batch: baselineBatch)
      if !first { p = try time(parsnip, batch: parsnipBatch) }
      parsnipSamples.append(p)
      baselineSamples.append(b)
      ratios.append(b / p)
      if ratios.count >= 200 { break }
    }
    return Comparison(parsnip: median(parsnipSamples), baseline: median(baselineSamples), ratio: median(ratios))
  }

  /// Times `subject` and several baselines in the same rounds, as ``compare(_:baseline:)`` does for one: each round
  /// times every body once, in an order that rotates from round to round. Each comparison's `parsnip` is the
  /// subject's median (the same in all), its ratio the median of that baseline's per-round ratios.
  func compare(_ subject: @escaping () -> Void, baselines: [() -> Void]) -> [Comparison] {
    let bodies = [subject] + baselines
    let batches = bodies.map { batchSize($0) }
    var samples = Array(repeating: [Double](), count: bodies.count)
    var ratios = Array(repeating: [Double](), count: baselines.count)
    var round = 0
    let start = ContinuousClock.now
    while round < minimumSamples || ContinuousClock.now - start < budget * bodies.count {
      var times = Array(repeating: 0.0, count: bodies.count)
      for step in 0..<bodies.count {
        let k = (round + step) % bodies.count
        times[k] = time(bodies[k], batch: batches[k])
      }
      for k in bodies.indices { samples[k].append(times[k]) }
      for k in baselines.indices { ratios[k].append(times[k + 1] / times[0]) }
      round += 1
      if round >= 200 { break }
    }
    let subjectMedian = median(samples[0])
    return baselines.indices.map {
      Comparison(parsnip: subjectMedian, baseline: median(samples[$0 + 1]), ratio: median(ratios[$0]))
    }
  }

  /// Calls per sample: doubled until one batch takes ≥ 5 ms (after a warm-up call).
  private func batchSize(_ body: () throws -> Void) rethrows -> Int {
    try body()
    var batch = 1
    while try time(body, batch: batch) * Double(batch) < 0.005 && batch < 1 << 20 { batch *= 2 }
    return batch
  }

  /// Seconds per call over one batch.
  private func time(_ body: () throws -> Void, batch: Int) rethrows -> Double {
    let t = try ContinuousClock().measure { for _ in 0..<batch { try body() } }
    return t.seconds / Double(batch)
  }

  private func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
  }
}

/// Median seconds per call of Parsnip and of the baseline, and the median of their per-round ratios.
struct Comparison {
  var parsnip: Double
  var baseline: Double
  var ratio: Double
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
  /// Baseline time over Parsnip time: the median of paired rounds (see `Harness.compare`).
  var ratio: Double

  init(name: String, bytes: Int, _ comparison: Comparison) {
    self.name = name
    self.bytes = bytes
    self.parsnip = comparison.parsnip
    self.baseline = comparison.baseline
    self.ratio = comparison.ratio
  }

  var parsnipMBps: Double { Double(bytes) / parsnip / 1e6 }
  var baselineMBps: Double { Double(bytes) / baseline / 1e6 }
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
