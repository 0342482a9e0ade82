import Foundation
import BenchmarkModels
import Parsnip

// Usage: swift run -c release parsnip-benchmarks [parse|write|codable|pipeline|hypermedia|schema|codegen|parallel-lines|streaming|...]
// Environment: BENCH_DATA (corpus dir), BENCH_FILES ("twitter.json canada.json"), BENCH_BUDGET_MS, BENCH_MIN_SAMPLES.
#if DEBUG
  print(
    "WARNING: benchmarks built in debug mode; numbers are meaningless. Use: swift run -c release parsnip-benchmarks")
#endif

if let first = CommandLine.arguments.dropFirst().first, first.hasPrefix("child-") {
  ScaleBenchmarks.runChild(Array(CommandLine.arguments.dropFirst()))
  exit(0)
}

let harness = Harness()
let selected = Set(CommandLine.arguments.dropFirst())
let explicitOnly: Set = [
  "hypermedia-linear", "scale", "scaling", "ondemand", "memory", "lines", "typed-lines", "parallel-lines", "codegen",
  "depth", "partial", "streaming",
]
let profiling = selected.contains { $0.hasPrefix("profile") } || !selected.isDisjoint(with: explicitOnly)
func wants(_ area: String) -> Bool { !profiling && (selected.isEmpty || selected.contains(area)) }

print("Parsnip benchmarks, \(Date()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
if wants("parse") { ParseBenchmarks.run(harness) }
if wants("write") { WriteBenchmarks.run(harness) }
if wants("codable") { CodableBenchmarks.run(harness) }
if wants("pipeline") { PipelineBenchmarks.run(harness) }
if wants("hypermedia") { HypermediaBenchmarks.run(harness) }
if wants("schema") { SchemaBenchmarks.run(harness) }
if selected.contains("hypermedia-linear") { HypermediaBenchmarks.linearity(harness) }
// Large generated inputs (100 MB documents, a 1 GB JSON Lines file): run explicitly, all with `scale`.
if selected.contains("scale") || selected.contains("scaling") { ScaleBenchmarks.scaling(harness) }
if selected.contains("scale") || selected.contains("ondemand") { ScaleBenchmarks.onDemand(harness) }
if selected.contains("scale") || selected.contains("memory") { ScaleBenchmarks.memory() }
if selected.contains("scale") || selected.contains("lines") { ScaleBenchmarks.jsonLines() }
if selected.contains("scale") || selected.contains("typed-lines") { ScaleBenchmarks.typedJSONLines() }
// Framed streams through `JSONStreamReader` vs in-memory `JSONLines` (needs ../shared): run explicitly.
if selected.contains("streaming") { StreamingBenchmarks.run(harness) }
// JSON Lines validated and decoded with `jobs = 1` and one job per core, 500 MB (BENCH_PARALLEL_LINES_MB): run explicitly.
if selected.contains("parallel-lines") { ParallelLinesBenchmarks.run() }
// `profile-lines-validate` / `profile-lines-decode`: the same file validated or decoded once, with BENCH_JOBS jobs
// (default 1), for `perf` and `time`.
if selected.contains("profile-lines-validate") || selected.contains("profile-lines-decode") {
  ParallelLinesBenchmarks.profile(decoding: selected.contains("profile-lines-decode"))
}
// How deep recursive decodes reach on a 512 KB thread before they stop with an error: run explicitly.
if selected.contains("depth") { DepthBenchmarks.run() }
// A 100 MB JSON Lines file of events (BENCH_CODEGEN_MB), inferred in a child process: run explicitly.
if selected.contains("codegen") { CodegenBenchmarks.run() }
// Snapshots of a 20 KB document streamed in 4-byte tokens, against one full parse: run explicitly.
if selected.contains("partial") { PartialBenchmarks.run(harness) }
// Profile modes run a fixed amount of work (BENCH_ITERATIONS per corpus, default 20), for instruction counting
// under callgrind or CPU time under `time`: `profile-tree`, `profile-index`, `profile-write` (parses once, then
// writes), `profile-foundation-tree` (or `profile-foundation`) and `profile-foundation-write` (JSONSerialization, the baselines).
// Subtract `profile-load` (loads the corpora) or `profile-write-base` (loads and parses once) to get the work alone.
// The modes of `scripts/callgrind-matrix.sh` (tree, index, document, decode, pipeline, flatten-files, jsonpath) run
// their work inside `profiledWork`, which callgrind can count alone.
let iterations = ProcessInfo.processInfo.environment["BENCH_ITERATIONS"].flatMap(Int.init) ?? 20
if selected.contains("profile-tree") {
  let corpora = Corpus.all
  profiledWork { for corpus in corpora { for _ in 0..<iterations { blackHole(try! JSON(parsing: corpus.bytes)) } } }
}
if selected.contains("profile-write") || selected.contains("profile-write-base") {
  let trees = Corpus.all.map { try! JSON(parsing: $0.bytes) }
  if selected.contains("profile-write") {
    for json in trees { for _ in 0..<iterations { blackHole(try! json.bytes()) } }
  }
}
if selected.contains("profile-foundation-tree") || selected.contains("profile-foundation") {
  for corpus in Corpus.all {
    for _ in 0..<iterations {
      blackHole(try! JSONSerialization.jsonObject(with: corpus.data, options: .fragmentsAllowed))
    }
  }
}
if selected.contains("profile-foundation-write") {
  let objects = Corpus.all.map { try! JSONSerialization.jsonObject(with: $0.data, options: .fragmentsAllowed) }
  for object in objects {
    for _ in 0..<iterations {
      blackHole(try! JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed))
    }
  }
}
if selected.contains("profile-load") { blackHole(Corpus.all.count) }
// `profile-flatten`: JSON:API flatten of the hypermedia document's tree (BENCH_HYPERMEDIA_MB, default 1), BENCH_ITERATIONS times.
let hypermediaMegabytes = ProcessInfo.processInfo.environment["BENCH_HYPERMEDIA_MB"].flatMap(Int.init) ?? 1
if selected.contains("profile-flatten") {
  let tree = try! JSON(parsing: HypermediaBenchmarks.jsonAPIDocument(megabytes: hypermediaMegabytes))
  for _ in 0..<iterations { blackHole(try! JSONAPI.flatten(tree)) }
}
// `profile-flatten-text`: the same document's text through `JSONDocument` and `JSONAPI.flattenedBytes` (text to
// text), BENCH_ITERATIONS times.
if selected.contains("profile-flatten-text") {
  let bytes = HypermediaBenchmarks.jsonAPIDocument(megabytes: hypermediaMegabytes)
  for _ in 0..<iterations { blackHole(try! JSONAPI.flattenedBytes(try! JSONDocument(parsing: bytes))) }
}
// `profile-expand`: JSON Templates Expander expansion of the hypermedia JTE document's tree.
if selected.contains("profile-expand") {
  let tree = try! JSON(parsing: HypermediaBenchmarks.jteDocument(megabytes: hypermediaMegabytes))
  for _ in 0..<iterations { blackHole(try! JSONTemplates.expand(tree, options: .init(maximumOutputSize: .max))) }
}
if selected.contains("profile-index") {
  let corpora = Corpus.all
  profiledWork {
    for corpus in corpora { for _ in 0..<iterations { blackHole(try! JSONDocument(parsing: corpus.bytes)) } }
  }
}
// `profile-document`: every value of each corpus read through `JSONDocument.Value` (`ParseBenchmarks.readAll`),
// BENCH_ITERATIONS times; the documents are parsed before the measured work.
if selected.contains("profile-document") {
  let documents = Corpus.all.map { try! JSONDocument(parsing: $0.bytes) }
  var sum = 0
  profiledWork {
    for document in documents { for _ in 0..<iterations { sum &+= ParseBenchmarks.readAll(document.root) } }
  }
  print("check: read sum \(sum)")
}
// `profile-decode` / `profile-decode-snake`: ParsnipDecoder alone (BENCH_ITERATIONS decodes) into the Codable models
// of BENCH_FILES; with `foundation` as well, Foundation's JSONDecoder instead.
if selected.contains("profile-decode") || selected.contains("profile-decode-snake") {
  let snakeCase = selected.contains("profile-decode-snake")
  let foundation = selected.contains("foundation")
  let work = CodableBenchmarks.cases.filter { $0.name.contains("snake_case") == snakeCase }.compactMap { item in
    Corpus.all.first { $0.name == item.file }.map { (item, $0.data) }
  }
  profiledWork {
    for (item, data) in work {
      for _ in 0..<iterations { blackHole(try! foundation ? item.decodeFoundation(data) : item.decodeParsnip(data)) }
    }
  }
}
// `profile-encode` / `profile-encode-snake`: ParsnipEncoder alone (20 encodes) on the Codable models of BENCH_FILES;
// with `foundation` as well, Foundation's JSONEncoder instead (for instruction-count ratios).
if selected.contains("profile-encode") || selected.contains("profile-encode-snake") {
  let snakeCase = selected.contains("profile-encode-snake")
  let foundation = selected.contains("foundation")
  for item in CodableBenchmarks.cases where item.name.contains("snake_case") == snakeCase {
    guard let corpus = Corpus.all.first(where: { $0.name == item.file }) else { continue }
    let value = try! item.decodeParsnip(corpus.data)
    for _ in 0..<20 { blackHole(try! foundation ? item.encodeFoundation(value) : item.encodeParsnip(value)) }
  }
}
// `profile-encode-statuses`: each of twitter.json's 100 statuses encoded on its own (20 rounds): the per-encode
// set-up that encoding many small values pays, against `profile-encode` (the same statuses in one document).
if selected.contains("profile-encode-statuses") {
  guard let corpus = Corpus.all.first(where: { $0.name == "twitter.json" }) else { fatalError("twitter.json missing") }
  let statuses = try! ParsnipDecoder().decode(Twitter.Response.self, from: corpus.data).statuses
  let encoder = ParsnipEncoder()
  for _ in 0..<20 { for status in statuses { blackHole(try! encoder.encode(status)) } }
}
// `profile-decode-statuses`: each of twitter.json's 100 statuses decoded from its own text (20 rounds), against
// `profile-decode` (the same statuses in one document).
if selected.contains("profile-decode-statuses") {
  guard let corpus = Corpus.all.first(where: { $0.name == "twitter.json" }) else { fatalError("twitter.json missing") }
  let statuses = try! ParsnipDecoder().decode(Twitter.Response.self, from: corpus.data).statuses
  let texts = statuses.map { try! ParsnipEncoder().encode($0) }
  let decoder = ParsnipDecoder()
  for _ in 0..<20 { for text in texts { blackHole(try! decoder.decode(Twitter.Status.self, from: text)) } }
}
// `profile-pipeline`: the decode pipelines alone (BENCH_ITERATIONS decodes) into the Codable models of BENCH_FILES.
if selected.contains("profile-pipeline") {
  let work = PipelineBenchmarks.cases.compactMap { item in
    Corpus.all.first { $0.name == item.file }.map { (item, $0.data) }
  }
  profiledWork { for (item, data) in work { for _ in 0..<iterations { blackHole(item.decodePipeline(data)) } } }
}
// `profile-flatten-files`: `JSONAPI.flattenedBytes` (text to text) of a JSON:API document derived from each corpus
// (`HypermediaBenchmarks.jsonAPIDocument(derivedFrom:)`), BENCH_ITERATIONS times; the derived documents are made
// and parsed to `JSONDocument` before the measured work.
if selected.contains("profile-flatten-files") {
  let texts = Corpus.all.map { HypermediaBenchmarks.jsonAPIDocument(derivedFrom: try! JSON(parsing: $0.bytes)) }
  let documents = texts.map { try! JSONDocument(parsing: $0) }
  var outputs = [[UInt8]](repeating: [], count: documents.count)
  profiledWork {
    for (k, document) in documents.enumerated() {
      for _ in 0..<iterations { outputs[k] = try! JSONAPI.flattenedBytes(document) }
    }
  }
  for (text, output) in zip(texts, outputs) {
    print("check: in \(text.count) bytes fnv \(fnv1a(text)), out \(output.count) bytes fnv \(fnv1a(output))")
  }
}
// `profile-jsonpath`: `JSONPathBenchmarks.queries` over each corpus's `JSONDocument`, BENCH_ITERATIONS times; the
// documents are parsed and the queries compiled before the measured work.
if selected.contains("profile-jsonpath") {
  let work = Corpus.all.map { corpus in
    (
      try! JSONDocument(parsing: corpus.bytes),
      JSONPathBenchmarks.queries[corpus.name, default: []].map { try! JSONPath($0) }
    )
  }
  var matched = 0
  profiledWork {
    for (document, queries) in work {
      for _ in 0..<iterations { for query in queries { matched += try! query.nodes(in: document).count } }
    }
  }
  print("check: \(matched) nodes")
}
