import Foundation

// Usage: swift run -c release parsnip-benchmarks [parse|write|codable|...]
// Environment: BENCH_DATA (corpus dir), BENCH_FILES ("twitter.json canada.json"), BENCH_BUDGET_MS, BENCH_MIN_SAMPLES.
#if DEBUG
print("WARNING: benchmarks built in debug mode; numbers are meaningless. Use: swift run -c release parsnip-benchmarks")
#endif

let harness = Harness()
let selected = Set(CommandLine.arguments.dropFirst())
func wants(_ area: String) -> Bool { selected.isEmpty || selected.contains(area) }

print("Parsnip benchmarks, \(Date()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
if wants("parse") { ParseBenchmarks.run(harness) }
if wants("write") { WriteBenchmarks.run(harness) }
