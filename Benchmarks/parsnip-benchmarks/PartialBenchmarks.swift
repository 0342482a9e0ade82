import Foundation
import Parsnip

/// `partial`: a document streamed the way a language model writes one, a snapshot after every token. Issue 43's
/// requirement: a 20 KB document fed in 4-byte tokens, with a snapshot after each (about 5 000), costs at most 10×
/// one full parse of it in total; parsing every prefix again would cost about 2 500×. Each ratio is against
/// `JSON(parsing:)` of the whole document, timed in the same rounds.
enum PartialBenchmarks {
  /// About 20 KB: the first statuses of twitter.json (strings, numbers, nesting), compact; a generated document
  /// of the same size when the corpora are absent.
  static func document() -> [UInt8] {
    var statuses: [JSON] = []
    if let twitter = Corpus.all.first(where: { $0.name == "twitter.json" }),
      case .array(let all)? = (try? JSON(parsing: twitter.bytes))?["statuses"]
    {
      var size = 0
      for status in all where size < 20_000 {
        statuses.append(status)
        size += (try? status.bytes().count) ?? 0
      }
    } else {
      for k in 0..<120 {
        statuses.append(["id": JSON(k), "text": .string(String(repeating: "token ", count: 20)), "ok": true])
      }
    }
    return try! JSON.array(statuses).bytes()
  }

  static func run(_ harness: Harness) {
    let bytes = document()
    let token = 4
    print("\n== partial: \(bytes.count) bytes in \(token)-byte tokens, a snapshot after each ==")
    let fullParse = { blackHole(try! JSON(parsing: bytes)) }
    let tiny = Array("12".utf8)
    let tinyString = Array("\"hello\"".utf8)
    print(
      String(
        format: "JSON(parsing:) of 2 bytes: %.0f ns, of a 7-byte string: %.0f ns",
        harness.measure { blackHole(try! JSON(parsing: tiny)) } * 1e9,
        harness.measure { blackHole(try! JSON(parsing: tinyString)) } * 1e9))
    for mode in [PartialJSON.Mode.on, .trailingStrings] {
      let streamed = {
        var partial = PartialJSON(mode: mode)
        var i = 0
        while i < bytes.count {
          let end = Swift.min(i + token, bytes.count)
          try! partial.append(bytes[i..<end])
          blackHole(try? partial.snapshot())
          i = end
        }
      }
      let comparison = harness.compare(streamed, baseline: fullParse)
      print(
        String(
          format: "%@: %d snapshots in %.3f ms, one full parse %.1f µs: %.1f× one full parse",
          "\(mode)", (bytes.count + token - 1) / token, comparison.parsnip * 1e3, comparison.baseline * 1e6,
          1 / comparison.ratio))
    }
    // The appends alone, without snapshots: what the tracker and the completed values cost.
    let appendsOnly = harness.compare(
      {
        var partial = PartialJSON(mode: .on)
        var i = 0
        while i < bytes.count {
          let end = Swift.min(i + token, bytes.count)
          try! partial.append(bytes[i..<end])
          i = end
        }
        blackHole(try? partial.snapshot())
      }, baseline: fullParse)
    print(String(format: "appends alone, one snapshot at the end: %.1f× one full parse", 1 / appendsOnly.ratio))
    // Parsing every prefix from scratch, the cost the incremental snapshots avoid (measured once).
    let start = ContinuousClock.now
    var i = token
    while i < bytes.count + token {
      var partial = PartialJSON(mode: .on)
      try! partial.append(bytes[..<Swift.min(i, bytes.count)])
      blackHole(try? partial.snapshot())
      i += token
    }
    let everyPrefix = (ContinuousClock.now - start).seconds
    let one = harness.measure(fullParse)
    print(
      String(format: "every prefix from scratch: %.1f ms, %.0f× one full parse", everyPrefix * 1e3, everyPrefix / one))
  }
}
