import Foundation
import Testing

@testable import Parsnip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `JSONLines.jobs` above 1: the parallel reader gives exactly what the serial iterators give.
@Suite struct ParallelJSONLinesTests {
  struct Event: Decodable, Equatable, Sendable {
    var type: String
    var id: Int
  }

  /// One thing an iteration produced: a value with its line number, or an error thrown by `next()`.
  enum Step<Value: Equatable>: Equatable {
    case value(Int, Value)
    case error(JSONLinesError)
  }

  /// Everything an iteration produces, continuing after each error `next()` throws, as a caller may.
  struct Trace<Value: Equatable>: Equatable {
    var steps: [Step<Value>] = []
    var skipped: [JSONLinesError] = []
  }

  static func trace(_ lines: JSONLines) -> Trace<JSON> {
    var iterator = lines.makeIterator()
    let steps = steps { () throws(JSONLinesError) in try iterator.next().map { ($0.number, $0.value) } }
    return Trace(steps: steps, skipped: iterator.skipped)
  }

  static func decodedTrace(_ lines: JSONLines) -> Trace<Event> {
    var iterator = lines.decoded(as: Event.self).makeIterator()
    let steps = steps { () throws(JSONLinesError) in try iterator.next().map { ($0.number, $0.value) } }
    return Trace(steps: steps, skipped: iterator.skipped)
  }

  /// Calls `next` until it returns `nil`, recording each line and each error it throws.
  static func steps<Value>(_ next: () throws(JSONLinesError) -> (Int, Value)?) -> [Step<Value>] {
    var steps: [Step<Value>] = []
    while true {
      do throws(JSONLinesError) {
        guard let (number, value) = try next() else { break }
        steps.append(.value(number, value))
      } catch {
        steps.append(.error(error))
      }
    }
    return steps
  }

  /// Lines of every kind the splitter hands out: valid values, invalid JSON, values that do not decode as `Event`,
  /// blank lines, CRLF endings, lines over `maximumLineLength`, a long invalid line whose start proves it invalid,
  /// and lines of 1 MiB and more (parsed in place), repeated past one batch (16,384 lines, 1 MiB).
  static let mixed: [UInt8] = {
    var text = ""
    let long = "[" + String(repeating: "1,", count: 40_000) + "1]"  // 80 KB: over the limit set below
    let huge = "{\"type\":\"" + String(repeating: "h", count: 1_100_000) + "\",\"id\":7}"  // ≥ 1 MiB, valid
    let badStart = "[1, x" + String(repeating: " ", count: 150_000) + "]"
    for k in 0..<20_000 {
      switch k % 23 {
      case 0: text += "{\"type\":\"push\",\"id\":\(k)}\r\n"
      case 1: text += "\n"
      case 2: text += "   \r\n"
      case 3: text += "{\"type\":\"fork\",\"id\":\"\(k)\"}\n"  // valid JSON, does not decode
      case 4: text += "{\"type\":\"watch\",\n"  // invalid
      case 5: text += "[\(k), true, null, \"x\\u00e9\"]\n"
      default: text += "{\"type\":\"t\(k % 5)\",\"id\":\(k),\"extra\":[1,2,{\"k\":\"v\"}]}\n"
      }
      if k == 5_000 || k == 18_000 { text += long + "\n" }
      if k == 12_345 { text += huge + "\r\n" }
      if k == 15_000 { text += badStart + "\n" }
    }
    text += "{\"type\":\"last\",\"id\":-1}"  // no final newline
    return Array(text.utf8)
  }()

  static func lines(
    _ bytes: [UInt8], jobs: Int, policy: JSONLines.ErrorPolicy, chunkSize: Int, sequence: Bool = false
  ) -> JSONLines {
    var lines =
      sequence ? JSONLines(byteSequence: bytes, errorPolicy: policy) : JSONLines(bytes: bytes, errorPolicy: policy)
    lines.jobs = jobs
    lines.chunkSize = chunkSize
    lines.maximumLineLength = 50_000 + (chunkSize > 4096 ? 1_200_000 : 0)
    return lines
  }

  @Test(arguments: [JSONLines.ErrorPolicy.skip, .stop], [4096, 1 << 20, 4 << 20])
  func valuesLineNumbersAndErrorsMatchSerial(policy: JSONLines.ErrorPolicy, chunkSize: Int) {
    let serial = Self.trace(Self.lines(Self.mixed, jobs: 1, policy: policy, chunkSize: chunkSize))
    #expect(serial.steps.count > 16_384)
    #expect(serial.steps.contains { if case .error = $0 { true } else { false } } == (policy == .stop))
    for jobs in [2, 7] {
      let parallel = Self.trace(Self.lines(Self.mixed, jobs: jobs, policy: policy, chunkSize: chunkSize))
      #expect(parallel == serial, "jobs \(jobs), chunk \(chunkSize), \(policy)")
    }
  }

  @Test(arguments: [JSONLines.ErrorPolicy.skip, .stop], [4096, 4 << 20])
  func decodedValuesMatchSerial(policy: JSONLines.ErrorPolicy, chunkSize: Int) {
    let serial = Self.decodedTrace(Self.lines(Self.mixed, jobs: 1, policy: policy, chunkSize: chunkSize))
    #expect(serial.steps.count > 10_000)
    for jobs in [2, 5] {
      let parallel = Self.decodedTrace(Self.lines(Self.mixed, jobs: jobs, policy: policy, chunkSize: chunkSize))
      #expect(parallel == serial, "jobs \(jobs), chunk \(chunkSize), \(policy)")
    }
  }

  @Test(arguments: [4096, 4 << 20])
  func validationReportsWhatParsingSkips(chunkSize: Int) throws {
    let parsed = Self.trace(Self.lines(Self.mixed, jobs: 1, policy: .skip, chunkSize: chunkSize))
    for jobs in [1, 2, 4] {
      var errors: [JSONLinesError] = []
      let valid = try Self.lines(Self.mixed, jobs: jobs, policy: .skip, chunkSize: chunkSize).validate {
        errors.append($0)
      }
      #expect(errors == parsed.skipped, "jobs \(jobs)")
      #expect(valid == parsed.steps.count, "jobs \(jobs)")
      // With `.stop`, the first bad line is thrown.
      let first = #expect(throws: JSONLinesError.self) {
        try Self.lines(Self.mixed, jobs: jobs, policy: .stop, chunkSize: chunkSize).validate()
      }
      #expect(first == parsed.skipped.first)
    }
  }

  /// `forEach(transformedBy:invalidLine:_:)`: each value's transform (run on the reader's threads), its line number
  /// and the bad lines, in the order the serial iterator gives the values and skips the lines; a `false` from the
  /// body stops the reading.
  @Test(arguments: [4096, 4 << 20])
  func transformedValuesMatchTheSerialIterator(chunkSize: Int) throws {
    let serial = Self.trace(Self.lines(Self.mixed, jobs: 1, policy: .skip, chunkSize: chunkSize))
    let expected: [Step<JSON>] = serial.steps.map {
      guard case .value(let number, let value) = $0 else { return $0 }
      return .value(number, .string(String(decoding: (try? value.bytes()) ?? [], as: UTF8.self)))
    }
    for jobs in [1, 2, 5] {
      var steps: [Step<JSON>] = []
      var errors: [JSONLinesError] = []
      try Self.lines(Self.mixed, jobs: jobs, policy: .skip, chunkSize: chunkSize).forEach(
        transformedBy: { json in String(decoding: (try? json.bytes()) ?? [], as: UTF8.self) },
        invalidLine: { errors.append($0) }
      ) { text, number in
        steps.append(.value(number, .string(text)))
        return true
      }
      #expect(steps == expected, "jobs \(jobs)")
      #expect(errors == serial.skipped, "jobs \(jobs)")
      var seen = 0
      try Self.lines(Self.mixed, jobs: jobs, policy: .skip, chunkSize: chunkSize).forEach(
        transformedBy: { _ in 0 }, invalidLine: { _ in }
      ) { _, _ in
        seen += 1
        return seen < 100
      }
      #expect(seen == 100, "jobs \(jobs)")
    }
  }

  @Test func aByteSequenceReadsTheSame() {
    let serial = Self.trace(Self.lines(Self.mixed, jobs: 1, policy: .skip, chunkSize: 4096, sequence: true))
    let parallel = Self.trace(Self.lines(Self.mixed, jobs: 2, policy: .skip, chunkSize: 4096, sequence: true))
    #expect(parallel == serial)
  }

  @Test func validationRejectsRepeatedKeysWhenAsked() throws {
    var lines = JSONLines(
      bytes: Array("{\"a\":1,\"a\":2}\n{\"b\":{\"c\":1,\"c\":1}}\n[1]\n".utf8),
      options: JSON.ParsingOptions(duplicateKeys: .reject), errorPolicy: .skip)
    for jobs in [1, 2] {
      lines.jobs = jobs
      var errors: [JSONLinesError] = []
      #expect(try lines.validate { errors.append($0) } == 1)
      #expect(errors == Self.trace(lines).skipped)
      #expect(
        errors.map(\.description) == ["1:8: duplicate key \"a\" in object", "2:13: duplicate key \"c\" in object"])
    }
  }

  @Test(arguments: [0, -3, 1])
  func jobsBelowTwoIsTheSerialReader(jobs: Int) throws {
    var lines = JSONLines(bytes: Array("1\n2\n".utf8))
    lines.jobs = jobs
    var iterator = lines.makeIterator()
    #expect(try iterator.next()?.value == 1)
    #expect(try iterator.next()?.value == 2)
    #expect(try iterator.next() == nil)
  }

  @Test func aFileReadsTheSameAndAMissingOneFails() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-parallel-\(UUID()).jsonl")
    try Data(Self.mixed).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = JSONLines(contentsOf: url, errorPolicy: .skip)
    file.maximumLineLength = 1_250_000
    let serial = Self.trace(file)
    file.jobs = 2
    #expect(Self.trace(file) == serial)
    var missing = JSONLines(contentsOf: URL(fileURLWithPath: "/nonexistent/file.jsonl"))
    missing.jobs = 2
    var iterator = missing.makeIterator()
    #expect(throws: JSONLinesError.self) { try iterator.next() }
    var decoded = missing.decoded(as: Event.self).makeIterator()
    #expect(throws: JSONLinesError.self) { try decoded.next() }
    #expect(throws: JSONLinesError.self) { try missing.validate() }
  }

  @Test func partsThatStartAndEndOnNewlinesOrBlankLinesReadTheSame() {
    // Parts of 4 KiB: lines of 64 bytes put a newline right before every part's start, and the blank lines and
    // the invalid line near part ends fall on both sides of it.
    var text = ""
    for k in 0..<2_000 {
      let line = k % 97 == 0 ? "[\(k)," : k % 64 == 63 ? "" : "[\(k)]"
      text += line + String(repeating: " ", count: 63 - line.utf8.count) + "\n"
      if k % 250 == 0 { text += "\n" }
    }
    for chunkSize in [4096, 4096 + 64, 5000] {
      let serial = Self.trace(Self.lines(Array(text.utf8), jobs: 1, policy: .skip, chunkSize: chunkSize))
      #expect(serial.skipped.count == 21)
      for jobs in [2, 3] {
        #expect(Self.trace(Self.lines(Array(text.utf8), jobs: jobs, policy: .skip, chunkSize: chunkSize)) == serial)
      }
    }
  }

  @Test func randomInputsReadInPartsAsTheSerialReaderReadsThem() throws {
    // Lines of every kind in random order and lengths, split into parts of 4–6 KiB at random points.
    let pieces = [
      "{\"type\":\"a\",\"id\":1}", "", "  ", "\r", "[1,", "{\"type\":\"b\"}", "\"x\"", "nul",
      "{\"type\":\"c\",\"id\":2,\"pad\":\"" + String(repeating: "p", count: 3000) + "\"}",
      "[" + String(repeating: "7,", count: 6000) + "7]", "[1, x" + String(repeating: " ", count: 70_000) + "]",
    ]
    var random = SeededRandom(seed: 19)
    for round in 0..<40 {
      var text = ""
      for _ in 0..<Int.random(in: 1...120, using: &random) {
        text += pieces.randomElement(using: &random)! + (Bool.random(using: &random) ? "\r\n" : "\n")
      }
      if Bool.random(using: &random) { text += pieces.randomElement(using: &random)! }  // no final newline
      let chunkSize = Int.random(in: 4096...6144, using: &random)
      var lines = JSONLines(bytes: Array(text.utf8), errorPolicy: .skip)
      (lines.chunkSize, lines.maximumLineLength) = (chunkSize, Int.random(in: 5_000...20_000, using: &random))
      let serial = Self.trace(lines)
      var serialErrors: [JSONLinesError] = []
      let serialValid = try lines.validate { serialErrors.append($0) }
      lines.jobs = Int.random(in: 2...4, using: &random)
      #expect(Self.trace(lines) == serial, "round \(round)")
      var errors: [JSONLinesError] = []
      #expect(try lines.validate { errors.append($0) } == serialValid, "round \(round)")
      #expect(errors == serialErrors, "round \(round)")
    }
  }

  @Test func aFileDescriptorIsReadInPartsFromItsOffset() throws {
    // A descriptor already read past a prefix: lines, numbers and byte offsets count from where it stood, as the
    // serial reader counts them, and its offset is not moved.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-parts-\(UUID()).jsonl")
    let prefix = Array("not JSON at all\n".utf8)
    try Data(prefix + Self.mixed).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fd = open(url.path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    func trace(jobs: Int) -> Trace<JSON> {
      lseek(fd, off_t(prefix.count), SEEK_SET)
      var lines = JSONLines(fileDescriptor: fd, errorPolicy: .skip)
      (lines.jobs, lines.chunkSize, lines.maximumLineLength) = (jobs, 64 << 10, 1_250_000)
      return Self.trace(lines)
    }
    let serial = trace(jobs: 1)
    #expect(serial == Self.trace(Self.lines(Self.mixed, jobs: 1, policy: .skip, chunkSize: 64 << 10)))
    #expect(trace(jobs: 2) == serial)
    #expect(lseek(fd, 0, SEEK_CUR) == off_t(prefix.count))
  }

  @Test func stoppingEarlyLeavesNothingRunning() throws {
    // Dropped after a few lines, with batches still queued: the workers end, and a new iteration starts afresh.
    var lines = Self.lines(Self.mixed, jobs: 4, policy: .skip, chunkSize: 1 << 20)
    lines.jobs = 4
    for _ in 0..<20 {
      var iterator = lines.makeIterator()
      for _ in 0..<3 { _ = try iterator.next() }
    }
    var iterator = lines.makeIterator()
    #expect(try iterator.next()?.number == 1)
  }

  @Test func theReadmeExampleReadsTheLogOnEveryCore() throws {
    let url = Fixtures.packageRoot.appendingPathComponent("Examples/log.ndjson")
    var everyCore = JSONLines(contentsOf: url, errorPolicy: .skip)
    everyCore.jobs = 4
    var errors: [String] = []
    let valid = try everyCore.validate { errors.append($0.description) }
    #expect(errors == ["3:25: expected ',' or '}' after an object member, found ']'"])
    #expect(valid == 3)
    var seen: [String] = []
    try everyCore.decoded(as: Event.self).forEach { seen.append("\($0.number) \($0.value.type)") }
    #expect(seen == ["1 push", "2 star", "4 push"])
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // .timeLimit (Duration)
  @Test(.timeLimit(.minutes(1)))
  func linesArrivingThroughAPipeAreHandedOutAtOnce() throws {
    // Each line is handed out before the next is written: the reader does not wait for a full batch.
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let (readEnd, writeEnd) = (fds[0], fds[1])
    defer { close(readEnd) }
    var lines = JSONLines(fileDescriptor: readEnd)
    lines.jobs = 2
    var iterator = lines.makeIterator()
    for k in 1...5 {
      let text = Array("{\"k\":\(k)}\n".utf8)
      #expect(write(writeEnd, text, text.count) == text.count)
      let line = try iterator.next()
      #expect(line?.number == k)
      #expect(line?.value == ["k": .number(JSONNumber(k))])
    }
    close(writeEnd)
    #expect(try iterator.next() == nil)
  }

  /// The threads the process runs now (Linux), or `nil`.
  static func threadCount() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") })
    else { return nil }
    return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
  }

  @Test(arguments: [Int.max, 100_000, JSONLines.maximumJobs + 1])
  func jobsAboveTheMaximumUseTheMaximum(jobs: Int) throws {
    // `Int.max` trapped in the window size; 100 000 started 100 000 threads.
    var lines = Self.lines(Self.mixed, jobs: jobs, policy: .skip, chunkSize: 4096)
    #expect(lines.effectiveJobs == JSONLines.maximumJobs)
    let before = Self.threadCount()
    var iterator = lines.makeIterator()
    var steps: [Step<JSON>] = []
    while let line = try iterator.next() {
      steps.append(.value(line.number, line.value))
      if steps.count == 20_000, let before, let during = Self.threadCount() {
        // Other tests run threads meanwhile: a margin, far below what an unbounded `jobs` starts.
        #expect(during - before < JSONLines.maximumJobs + 64)
      }
    }
    lines.jobs = 1
    #expect(Trace(steps: steps, skipped: iterator.skipped) == Self.trace(lines))
  }

  /// An endless byte sequence: `prefix`, then `fill` for ever (read as `/dev/zero` is, without waiting).
  struct EndlessBytes: Sequence, Sendable {
    var prefix: [UInt8]
    var fill: UInt8
    func makeIterator() -> AnyIterator<UInt8> {
      var index = 0
      let (prefix, fill) = (prefix, fill)
      return AnyIterator {
        defer { index += 1 }
        return index < prefix.count ? prefix[index] : fill
      }
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Duration, ContinuousClock
  @Test(.timeLimit(.minutes(1)), arguments: [1, 2, 4])
  func anEndlessLineFailsAtOnceWithAnyJobs(jobs: Int) throws {
    // A line whose start proves it invalid (NUL bytes), and a line over the length limit (white space after '['),
    // neither ever ending: the lines before them and their errors come out as the serial reader gives them, at
    // once, and the reader does not read on through the endless rest before handing them out.
    for (fill, message) in [(UInt8(0), "expected a value, found byte 0x00"), (0x20, "longer than the maximum")] {
      var lines = JSONLines(byteSequence: EndlessBytes(prefix: Array("1\n[2]\n[".utf8), fill: fill))
      lines.jobs = jobs
      (lines.chunkSize, lines.maximumLineLength) = (1 << 16, 3 << 20)
      var iterator = lines.makeIterator()
      #expect(try iterator.next()?.value == 1)
      #expect(try iterator.next()?.value == [2])
      do throws(JSONLinesError) {
        _ = try iterator.next()
        Issue.record("no error for the endless line")
      } catch {
        #expect(error.line == 3)
        #expect(error.message.contains(message), "\(error.message)")
      }
    }
  }
}

extension JSONLines.Line: Equatable {
  public static func == (a: Self, b: Self) -> Bool { a.number == b.number && a.value == b.value }
}
