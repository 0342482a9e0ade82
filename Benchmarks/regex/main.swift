// The regular expression engine (Sources/Parsnip/Regex) against Foundation's NSRegularExpression (ICU, a
// backtracking matcher) on the same patterns and inputs, in one run. Built by `run.sh` from the engine's sources
// alone, with -O. Prints the median of BENCH_ITERATIONS runs per row, and the ratio Foundation / Parsnip.
import Foundation

let iterations = Int(ProcessInfo.processInfo.environment["BENCH_ITERATIONS"] ?? "") ?? 5

func median(_ body: () -> Void) -> Double {
  var times: [Double] = []
  for _ in 0..<iterations {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return times.sorted()[times.count / 2]
}

struct Row {
  var name: String
  var pattern: String
  var input: String
  /// Foundation is skipped where it would run for minutes.
  var runsFoundation = true
}

let words = (0..<2_000).map { "word\($0)" }.joined(separator: " ")
let rows: [Row] = [
  Row(name: "literal search, 20 KB", pattern: "word1999", input: words),
  Row(name: "class search, 20 KB", pattern: "[0-9]{4} w", input: words),
  Row(name: "email-like, 20 KB", pattern: "^[a-z0-9 ]+$", input: words),
  Row(name: "\\p{L} search, 20 KB", pattern: "\\p{Lu}", input: words),
  Row(name: "(a*)*b, 25 a", pattern: "(a*)*b", input: String(repeating: "a", count: 25)),
  Row(
    name: "(a*)*b, 100 000 a", pattern: "(a*)*b", input: String(repeating: "a", count: 100_000), runsFoundation: false),
  Row(name: "(a|aa)*c, 30 a", pattern: "(a|aa)*c", input: String(repeating: "a", count: 30)),
  Row(
    name: "(a|aa)*c, 100 000 a", pattern: "(a|aa)*c", input: String(repeating: "a", count: 100_000),
    runsFoundation: false),
  Row(name: "lookahead password, 20 KB", pattern: "^(?=.*\\d)(?=.*[A-Z]).{8,}$", input: words),
]

print("row | Parsnip ms | Foundation ms | Foundation / Parsnip")
for row in rows {
  let regex = try! RegularExpression.compile(row.pattern, dialect: .ecmaScript)
  var scratch = RegularExpression.Scratch()
  var found = false
  let ours = median {
    do { found = try regex.containsMatch(in: row.input, scratch: &scratch) } catch { print("  \(error)") }
  }
  var theirs = Double.nan
  var theirFound = false
  if row.runsFoundation {
    let ns = try! NSRegularExpression(pattern: row.pattern)
    let range = NSRange(row.input.startIndex..., in: row.input)
    theirs = median { theirFound = ns.firstMatch(in: row.input, range: range) != nil }
  }
  let ratio = row.runsFoundation ? String(format: "%.1f×", theirs / ours) : "—"
  let agree = row.runsFoundation ? (found == theirFound ? "" : "  DISAGREE") : ""
  print(
    String(
      format: "%@ | %.3f | %@ | %@%@", row.name, ours, row.runsFoundation ? String(format: "%.3f", theirs) : "not run",
      ratio, agree))
}

// The budget: a pattern that must backtrack, on an input built to make it explode, stops with an error.
let budgeted = try! RegularExpression.compile("^(?=(a|aa)*c)", dialect: .ecmaScript)
let input = String(repeating: "a", count: 200)
let stop = median { _ = try? budgeted.containsMatch(in: input) }
print(String(format: "budget of %d steps exhausted after | %.3f ms", RegularExpression.defaultBacktrackingBudget, stop))
