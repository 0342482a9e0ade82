import Dispatch
import Foundation
import Parsnip

/// `streaming`: framed streams through `JSONStreamReader`, against in-memory `JSONLines` on the same values, in the
/// same rounds (`Harness.compare`). The values are twitter.json's statuses (about 20 MB of them,
/// `BENCH_STREAMING_MB`), as JSON Lines and as one top-level array; every reader builds the same `JSON` trees.
/// Ratios are `JSONLines` time over the streamed time: 1.0 is as fast.
enum StreamingBenchmarks {
  static func run(_ harness: Harness) {
    let megabytes = Int(ProcessInfo.processInfo.environment["BENCH_STREAMING_MB"] ?? "20") ?? 20
    let twitter = Corpus.all.first { $0.name == "twitter.json" }!
    let statuses = try! JSON(parsing: twitter.bytes)["statuses"].arrayValue!.map { try! $0.bytes() }
    var values: [[UInt8]] = []
    var size = 0
    while size < megabytes * 1_000_000 {
      let value = statuses[values.count % statuses.count]
      values.append(value)
      size += value.count + 1
    }
    let lines = Array(values.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")]
    let array = [UInt8(ascii: "[")] + Array(values.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
    let count = values.count

    func inMemoryLines() {
      var n = 0
      try! JSONLines(bytes: lines).forEach {
        blackHole($0)
        n += 1
      }
      precondition(n == count)
    }
    func pushed(_ framing: JSONStreamFraming, _ text: [UInt8], chunk: Int) {
      let reader = JSONStreamReader<JSON>(framing: framing)
      var n = 0
      text.withUnsafeBytes { all in
        var offset = 0
        while offset < all.count {
          let end = Swift.min(offset + chunk, all.count)
          reader.append(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
          offset = end
          while let element = try! reader.next() {
            blackHole(element)
            n += 1
          }
        }
      }
      reader.finish()
      while let element = try! reader.next() {
        blackHole(element)
        n += 1
      }
      precondition(n == count)
    }

    print(
      "\n### Framed streams: \(format(Double(lines.count) / 1e6)) MB of twitter.json statuses (\(count) values) into `JSON` trees, vs in-memory `JSONLines`\n"
    )
    print("| reader | streamed MB/s | `JSONLines` MB/s | ratio (target) |")
    print("| --- | ---: | ---: | ---: |")
    let cases: [(String, JSONStreamFraming, [UInt8], Int, String)] = [
      ("JSON Lines, 64 KiB chunks", .lines, lines, 64 << 10, "≥ 0.9"),
      ("top-level array, 64 KiB chunks", .arrayElements, array, 64 << 10, "≥ 0.9"),
      ("concatenated, 64 KiB chunks", .concatenated, lines, 64 << 10, "≥ 0.9"),
      ("JSON Lines, 64-byte chunks", .lines, lines, 64, "≥ 0.6"),
      ("top-level array, 64-byte chunks", .arrayElements, array, 64, "≥ 0.6"),
    ]
    for (label, framing, text, chunk, target) in cases {
      let comparison = harness.compare({ pushed(framing, text, chunk: chunk) }, baseline: inMemoryLines)
      let row = Row(name: label, bytes: text.count, comparison)
      print(
        "| \(label) | \(format(row.parsnipMBps)) | \(format(row.baselineMBps)) | \(format(row.ratio, digits: 2))x (\(target)) |"
      )
      fflush(nil)
    }

    // Byte by byte through an `AsyncSequence<UInt8>`: timed alone (MB/s), three runs, the median.
    print("\n| reader, byte by byte through `AsyncSequence<UInt8>` | MB/s (target ≥ 100) |")
    print("| --- | ---: |")
    for (label, framing, text) in [
      ("JSON Lines", JSONStreamFraming.lines, lines), ("top-level array", .arrayElements, array),
    ] {
      var times: [Double] = []
      for _ in 0..<3 {
        times.append(runAsync { try! await asyncBytes(framing, text, count: count) })
      }
      print("| \(label) | \(format(Double(text.count) / 1e6 / times.sorted()[1])) |")
      fflush(nil)
    }
  }

  /// Seconds `body` takes, run on a task while this thread waits.
  static func runAsync(_ body: @escaping @Sendable () async -> Void) -> Double {
    let done = DispatchSemaphore(value: 0)
    let start = ContinuousClock.now
    Task.detached {
      await body()
      done.signal()
    }
    done.wait()
    return (ContinuousClock.now - start).seconds
  }

  static func asyncBytes(_ framing: JSONStreamFraming, _ text: [UInt8], count: Int) async throws {
    var n = 0
    for try await element in BufferedBytes(bytes: text).jsonValues(framing: framing) {
      blackHole(element)
      n += 1
    }
    precondition(n == count)
  }
}

/// Bytes one at a time from memory, as `URLSession.AsyncBytes` hands out its buffer's bytes.
struct BufferedBytes: AsyncSequence, Sendable {
  typealias Element = UInt8
  let bytes: [UInt8]

  struct AsyncIterator: AsyncIteratorProtocol {
    let bytes: [UInt8]
    var index = 0

    @inline(__always)
    mutating func next() async -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index &+= 1 }
      return bytes[index]
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}
