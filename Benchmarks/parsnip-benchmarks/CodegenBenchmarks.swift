import Foundation
import Parsnip

/// `codegen`: shape inference over a 100 MB JSON Lines file of events (the events of github_events.json, one per
/// line), streamed in a child process, so its peak memory is the inference's alone. The baseline, in the same run
/// and the same way, is streaming the same file through `JSONLines` without inferring anything.
enum CodegenBenchmarks {
  static func eventsFile(megabytes: Int) -> URL {
    let events = Corpus.all.first { $0.name == "github_events.json" }!
    let lines = try! JSON(parsing: events.bytes).arrayValue!.map { try! $0.bytes() }
    return ScaleBenchmarks.linesFile("events-\(megabytes)MB.jsonl", megabytes: megabytes, lines: lines)
  }

  static func run() {
    let megabytes = Int(ProcessInfo.processInfo.environment["BENCH_CODEGEN_MB"] ?? "100") ?? 100
    let url = eventsFile(megabytes: megabytes)
    let size = Double((try! FileManager.default.attributesOfItem(atPath: url.path)[.size] as! NSNumber).intValue)
    let clock = ContinuousClock()
    var inferRSS = 0.0
    var parseRSS = 0.0
    let (infer, parse, ratio) = ScaleBenchmarks.pairedRounds(
      stream: { clock.measure { inferRSS = ScaleBenchmarks.child(["child-codegen", url.path]) }.seconds },
      inMemory: { clock.measure { parseRSS = ScaleBenchmarks.child(["child-lines", url.path]) }.seconds })
    print(
      "\n### Codegen: inference over a \(format(size / 1e6)) MB JSON Lines file of GitHub events (child processes, incl. start-up)\n"
    )
    print("| method | MB/s | peak RSS MB |")
    print("| --- | ---: | ---: |")
    print(
      "| `SwiftModelGenerator.add(JSONLines(contentsOf:))` + `source()` | \(format(size / 1e6 / infer)) | \(format(inferRSS / 1e6)) |"
    )
    print(
      "| `JSONLines(contentsOf:)` streaming alone (baseline) | \(format(size / 1e6 / parse)) | \(format(parseRSS / 1e6)) |"
    )
    print(
      "| inference speed / streaming speed (median of \(ScaleBenchmarks.pairedRoundCount) paired rounds) | \(format(ratio * 100))% | |"
    )
    fflush(nil)
  }

  /// `child-codegen FILE`: infers the models of every line of FILE.
  static func runChild(_ path: String) {
    let generator = SwiftModelGenerator(options: .init(rootName: "Event"))
    try! generator.add(JSONLines(contentsOf: URL(fileURLWithPath: path)))
    blackHole(generator.source())
  }
}
