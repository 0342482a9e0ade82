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

  @Test func reportsAMissingFile() {
    var iterator = JSONLines(contentsOf: URL(fileURLWithPath: "/nonexistent/file.jsonl")).makeIterator()
    #expect(throws: JSONLinesError.self) { try iterator.next() }
  }
}
