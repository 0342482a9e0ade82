import BenchmarkModels
import Foundation
import Parsnip

/// `parallel-lines`: JSON Lines on every core. A statuses file (one twitter.json status per line, 500 MB by default,
/// `BENCH_PARALLEL_LINES_MB`) validated as `parsnip validate --lines` validates it (`JSONLines.validate`, no values
/// built), decoded into `Twitter.Status` and parsed into `JSON` trees, each with `jobs = 1` and with `jobs = N`
/// (`BENCH_JOBS`, default one per core), in alternating rounds (`BENCH_PARALLEL_ROUNDS`, default 3) so that both see
/// the same machine.
enum ParallelLinesBenchmarks {
  static func run() {
    let megabytes = Int(ProcessInfo.processInfo.environment["BENCH_PARALLEL_LINES_MB"] ?? "500") ?? 500
    let jobs =
      Int(ProcessInfo.processInfo.environment["BENCH_JOBS"] ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
    let rounds = Int(ProcessInfo.processInfo.environment["BENCH_PARALLEL_ROUNDS"] ?? "3") ?? 3
    let (url, _) = ScaleBenchmarks.statusLinesDocument(megabytes: megabytes)
    let size = Double((try! FileManager.default.attributesOfItem(atPath: url.path)[.size] as! NSNumber).intValue)
    let clock = ContinuousClock()
    func lines(jobs: Int) -> JSONLines {
      var lines = JSONLines(contentsOf: url, errorPolicy: .skip)
      lines.jobs = jobs
      return lines
    }
    func validate(jobs: Int) -> Double {
      clock.measure { blackHole(try! lines(jobs: jobs).validate()) }.seconds
    }
    func decode(jobs: Int) -> Double {
      clock.measure {
        var count = 0
        try! lines(jobs: jobs).decoded(as: Twitter.Status.self).forEach {
          blackHole($0)
          count += 1
        }
        blackHole(count)
      }.seconds
    }
    func trees(jobs: Int) -> Double {
      clock.measure {
        var count = 0
        try! lines(jobs: jobs).forEach {
          blackHole($0)
          count += 1
        }
        blackHole(count)
      }.seconds
    }
    print(
      "\n### JSON Lines on every core: \(format(size / 1e6)) MB file, one twitter.json status per line, jobs 1 vs \(jobs)\n"
    )
    print("| operation | jobs 1 MB/s | jobs \(jobs) MB/s | speed-up (median of \(rounds) paired rounds) |")
    print("| --- | ---: | ---: | ---: |")
    for (label, body) in [
      ("`JSONLines.validate` (as `parsnip validate --lines`)", validate),
      ("`JSONLines.decoded(as: Twitter.Status.self)`", decode),
      ("`JSONLines` into `JSON` trees", trees),
    ] {
      _ = body(jobs)  // warm-up: the file in the page cache, the threads' first allocations
      var serial: [Double] = []
      var parallel: [Double] = []
      for round in 0..<rounds {
        if round % 2 == 0 {
          serial.append(body(1))
          parallel.append(body(jobs))
        } else {
          parallel.append(body(jobs))
          serial.append(body(1))
        }
      }
      let ratios = zip(serial, parallel).map { $0 / $1 }.sorted()
      func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
      let mb = size / 1e6
      print(
        "| \(label) | \(format(mb / median(serial))) | \(format(mb / median(parallel))) | \(format(ratios[ratios.count / 2], digits: 2))x |"
      )
      fflush(nil)
    }
  }

  /// One validation or decode of the file with `BENCH_JOBS` jobs (default 1).
  static func profile(decoding: Bool) {
    let megabytes = Int(ProcessInfo.processInfo.environment["BENCH_PARALLEL_LINES_MB"] ?? "500") ?? 500
    let jobs = Int(ProcessInfo.processInfo.environment["BENCH_JOBS"] ?? "1") ?? 1
    var lines = JSONLines(contentsOf: ScaleBenchmarks.statusLinesDocument(megabytes: megabytes).0, errorPolicy: .skip)
    lines.jobs = jobs
    if decoding {
      try! lines.decoded(as: Twitter.Status.self).forEach { blackHole($0) }
    } else {
      blackHole(try! lines.validate())
    }
  }
}
