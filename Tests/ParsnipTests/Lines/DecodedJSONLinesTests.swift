import BenchmarkModels
import Foundation
import Testing

@testable import Parsnip

@Suite struct DecodedJSONLinesTests {
  struct Event: Decodable, Equatable, Sendable {
    var type: String
    var id: Int
  }

  static let text = """
    {"type":"push","id":1}

    {"type":"fork","id":"two"}
    {"type":"watch","id":3}
    {"type":"issue",
    {"type":"star","id":5}
    """

  @Test func decodesEachLineWithItsNumber() throws {
    let lines = JSONLines(bytes: Array("{\"type\":\"push\",\"id\":1}\r\n\n{\"type\":\"fork\",\"id\":2}".utf8))
    var seen: [DecodedJSONLines<Event>.Line] = []
    try lines.decoded(as: Event.self).forEach { seen.append($0) }
    #expect(seen.map(\.number) == [1, 3])
    #expect(seen.map(\.value) == [Event(type: "push", id: 1), Event(type: "fork", id: 2)])
  }

  @Test func stopsAtAValueThatDoesNotDecodeNamingLineAndPath() throws {
    var iterator = JSONLines(bytes: Array(Self.text.utf8)).decoded(as: Event.self).makeIterator()
    #expect(try iterator.next()?.value == Event(type: "push", id: 1))
    do {
      _ = try iterator.next()
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 3)
      #expect(error.parseError == nil)
      #expect(error.description == "3: id: expected an Int, found a string (\"two\") (line 1, column 21)")
    }
  }

  @Test func reportsInvalidJSONWithLineAndColumn() throws {
    let lines = JSONLines(bytes: Array("{\"type\":\"issue\",\n".utf8)).decoded(as: Event.self)
    #expect {
      try lines.forEach { _ in }
    } throws: { error in
      guard let error = error as? JSONLinesError else { return false }
      return error.line == 1 && error.parseError?.kind == .unexpectedEndOfInput
        && error.description == "1:17: unexpected end of input, expected a string key"
    }
  }

  @Test func skipsAndCollectsBadLines() throws {
    var iterator = JSONLines(bytes: Array(Self.text.utf8), errorPolicy: .skip).decoded(as: Event.self).makeIterator()
    var ids: [Int] = []
    while let line = try iterator.next() { ids.append(line.value.id) }
    #expect(ids == [1, 3, 5])
    #expect(iterator.skipped.map(\.line) == [3, 5])
    #expect(iterator.skipped.map { $0.parseError == nil } == [true, false])
  }

  @Test func appliesTheDecodersStrategies() throws {
    struct Row: Decodable, Equatable {
      var userName: String
    }
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let rows = JSONLines(bytes: Array("{\"user_name\":\"ada\"}\n{\"user_name\":\"alan\"}\n".utf8))
    var names: [String] = []
    try rows.decoded(as: Row.self, using: decoder).forEach { names.append($0.value.userName) }
    #expect(names == ["ada", "alan"])
  }

  @Test func iteratesAsynchronouslyFromAFile() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-decoded-\(UUID()).jsonl")
    try Data("{\"type\":\"a\",\"id\":1}\n{\"type\":\"b\",\"id\":2}\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var sum = 0
    for try await line in JSONLines(contentsOf: url).decoded(as: Event.self) { sum += line.value.id * line.number }
    #expect(sum == 1 * 1 + 2 * 2)
  }

  @Test(.requiresSharedData)
  func decodesCorpusLinesLikeTheWholeDocument() throws {
    // Every status of twitter.json on its own line, in chunks smaller than most lines.
    let directory = try #require(Fixtures.sharedDirectory("bench-data"))
    let url = directory.appendingPathComponent("twitter.json")
    let bytes = try [UInt8](Data(contentsOf: url))
    let statuses = try #require(try JSON(parsing: bytes)["statuses"].arrayValue)
    let text = try statuses.map { try $0.string() }.joined(separator: "\n")
    var lines = JSONLines(bytes: Array(text.utf8))
    lines.chunkSize = 4096
    let expected = try ParsnipDecoder().decode(Twitter.Response.self, from: bytes).statuses
    var decoded: [Twitter.Status] = []
    try lines.decoded(as: Twitter.Status.self).forEach { decoded.append($0.value) }
    #expect(decoded == expected)
  }

  @Test func linesAreUTF8OnlyWhateverTheirZeroBytes() throws {
    // `5\0` would read as UTF-16 text "5" if each line were detected like a whole ParsnipDecoder input.
    var iterator = JSONLines(bytes: [0x35, 0x00, 0x0A, 0x36, 0x0A], errorPolicy: .skip).decoded(as: Int.self)
      .makeIterator()
    var values: [Int] = []
    while let line = try iterator.next() { values.append(line.value) }
    #expect(values == [6])
    #expect(iterator.skipped.map(\.line) == [1])
  }

}
