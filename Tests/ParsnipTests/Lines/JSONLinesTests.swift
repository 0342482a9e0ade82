import Foundation
import Testing

@testable import Parsnip

@Suite struct JSONLinesTests {
  static let text = "{\"a\":1}\r\n\n  \n[2, 3]\n\"x\"\nnot json\n{\"b\": null}"

  @Test func readsEveryValueWithItsLineNumber() throws {
    var iterator = JSONLines(bytes: Array("{\"a\":1}\r\n\n[2, 3]\n\"x\"".utf8)).makeIterator()
    var seen: [(Int, JSON)] = []
    while let line = try iterator.next() { seen.append((line.number, line.value)) }
    #expect(seen.map(\.0) == [1, 3, 4])
    #expect(seen.map(\.1) == [["a": 1], [2, 3], "x"])
  }

  @Test func stopsAtABadLineNamingIt() throws {
    var iterator = JSONLines(bytes: Array(Self.text.utf8)).makeIterator()
    var count = 0
    do {
      while try iterator.next() != nil { count += 1 }
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 6)
      #expect(error.parseError?.column == 2)
      #expect(error.description == "6:2: expected 'null', found 'o'")
    }
    #expect(count == 3)
  }

  @Test func skipsAndCollectsBadLines() throws {
    var iterator = JSONLines(bytes: Array(Self.text.utf8), errorPolicy: .skip).makeIterator()
    var values: [JSON] = []
    while let line = try iterator.next() { values.append(line.value) }
    #expect(values == [["a": 1], [2, 3], "x", ["b": nil]])
    #expect(iterator.skipped.map(\.line) == [6])
  }

  @Test func readsLinesLongerThanTheChunk() throws {
    let long = "[" + Array(repeating: "12345", count: 20_000).joined(separator: ",") + "]"
    var lines = JSONLines(bytes: Array("\(long)\n\(long)\n".utf8))
    lines.chunkSize = 4096
    var count = 0
    try lines.forEach { line in
      #expect(line.value.count == 20_000)
      count += 1
    }
    #expect(count == 2)
  }

  @Test(arguments: [Int.max, Int.min, 0, 1])
  func anyChunkSizeIsAccepted(chunkSize: Int) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-lines-\(UUID()).jsonl")
    try Data("1\n2\n3\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var lines = JSONLines(contentsOf: url)
    lines.chunkSize = chunkSize
    var values: [JSON] = []
    try lines.forEach { values.append($0.value) }
    #expect(values == [1, 2, 3])
  }

  @Test func readsAFileAndAnyByteSequence() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-lines-\(UUID()).jsonl")
    try Data("1\n2\n3\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var sum = 0
    for try await line in JSONLines(contentsOf: url) { sum += line.value.intValue ?? 0 }
    #expect(sum == 6)
    var fromSequence: [Int] = []
    try JSONLines(byteSequence: "4\n5".utf8.map { $0 }).forEach { fromSequence.append($0.value.intValue ?? 0) }
    #expect(fromSequence == [4, 5])
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero"), "needs /dev/zero for endless input"))
  func endlessInvalidInputFailsAtOnce() throws {
    // A newline-less stream of NUL bytes used to be buffered until memory ran out.
    let zero = open("/dev/zero", O_RDONLY)
    try #require(zero >= 0)
    defer { close(zero) }
    var iterator = JSONLines(fileDescriptor: zero).makeIterator()
    let error = #expect(throws: JSONLinesError.self) { try iterator.next() }
    #expect(error?.description == "1:1: expected a value, found byte 0x00")
  }

  @Test func aLineOverTheLimitIsAnErrorAndTheNextLinesStillRead() throws {
    let long = "[" + String(repeating: "1,", count: 40_000) + "1]"
    for chunkSize in [4096, 1 << 20] {
      var lines = JSONLines(bytes: Array("1\n\(long)\n2\n\(long)".utf8), errorPolicy: .skip)
      lines.chunkSize = chunkSize
      lines.maximumLineLength = 50_000
      var iterator = lines.makeIterator()
      var values: [JSON] = []
      while let line = try iterator.next() { values.append(line.value) }
      #expect(values == [1, 2], "chunk \(chunkSize)")
      #expect(iterator.skipped.map(\.line) == [2, 4])
      #expect(iterator.skipped.first?.description.hasPrefix("2: line longer than the maximum line length") == true)
      // Decoding lines reports the same.
      let decoded = lines.decoded(as: Int.self)
      var decodedIterator = decoded.makeIterator()
      var ints: [Int] = []
      while let line = try decodedIterator.next() { ints.append(line.value) }
      #expect(ints == [1, 2])
      #expect(decodedIterator.skipped.map(\.line) == [2, 4])
    }
  }

  @Test func aLongInvalidLineStopsBeingReadAndTheNextLinesStillRead() throws {
    // 300 KB of one bad line, read in 4 KiB chunks: reported from its start, the rest dropped unbuffered.
    let bad = "[1, x" + String(repeating: " ", count: 300_000) + "]"
    var lines = JSONLines(byteSequence: Array("\(bad)\r\n[2]\r\n".utf8), errorPolicy: .skip)
    lines.chunkSize = 4096
    var iterator = lines.makeIterator()
    var values: [JSON] = []
    while let line = try iterator.next() { values.append(line.value) }
    #expect(values == [[2]])
    #expect(iterator.skipped.map(\.description) == ["1:5: expected a value, found 'x'"])
  }

  @Test func newlinesSplitAcrossReadsAreFoundOnce() throws {
    // Lines straddling chunk boundaries (CR LF split between two reads included) come out whole and in order.
    let values = (0..<2_000).map { JSON.array(Array(repeating: JSON.number(JSONNumber($0)), count: $0 % 37)) }
    let text = values.map(\.description).joined(separator: "\r\n")
    var lines = JSONLines(byteSequence: Array(text.utf8))
    lines.chunkSize = 4096
    var read: [JSON] = []
    try lines.forEach { read.append($0.value) }
    #expect(read == values)
  }

  @Test func reportsAMissingFile() {
    var iterator = JSONLines(contentsOf: URL(fileURLWithPath: "/nonexistent/file.jsonl")).makeIterator()
    #expect(throws: JSONLinesError.self) { try iterator.next() }
  }
}
