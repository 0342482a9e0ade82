import Foundation
import Testing

@testable import Parsnip

@Suite("Server-sent events")
struct ServerSentEventTests {
  /// The events the framer dispatches from `text` fed in `chunk`-byte pieces: data, type and last event ID.
  static func events(_ text: String, chunk: Int = .max) -> [String] {
    let framer = ServerSentEventFramer(maximumValueLength: 1 << 20)
    let bytes = Array(text.utf8)
    var out: [String] = []
    func drain() {
      while let (piece, _) = try? framer.next() {
        if case .value(let data, _, let event?) = piece {
          out.append("\(String(decoding: data, as: UTF8.self))|\(event.type)|\(event.lastEventID)")
        }
      }
    }
    var offset = 0
    while offset < bytes.count {
      let end = Swift.min(offset + chunk, bytes.count)
      bytes[offset..<end].withUnsafeBytes { framer.push($0) }
      offset = end
      drain()
    }
    framer.finish()
    drain()
    return out
  }

  static let examples: [(String, [String])] = [
    // The WHATWG standard's examples ("Event stream interpretation").
    ("data: YHOO\ndata: +2\ndata: 10\n\n", ["YHOO\n+2\n10|message|"]),
    (
      ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n",
      ["first event|message|1", "second event|message|"]
    ),
    ("data\n\ndata\ndata\n\ndata:", ["|message|", "\n|message|"]),
    ("data:test\n\ndata: test\n\n", ["test|message|", "test|message|"]),
    // Line ends, the byte order mark, event types, ignored fields and IDs with NUL.
    ("\u{FEFF}event: add\r\ndata: 1\r\rdata: 2\revent: x\r\n\r\n", ["1|add|", "2|x|"]),
    ("retry: 10\nfoo: bar\nid: a\u{0}b\ndata:3\n\nevent: e\n\n", ["3|message|"]),
  ]

  @Test("the standard's examples, whole and a byte at a time")
  func examples() {
    for (text, expected) in Self.examples {
      #expect(Self.events(text) == expected, "\(text.debugDescription)")
      #expect(Self.events(text, chunk: 1) == expected, "\(text.debugDescription)")
      #expect(Self.events(text, chunk: 3) == expected, "\(text.debugDescription)")
    }
  }

  @Test("each event's data is a JSON value, with its type, id and retry")
  func jsonValues() throws {
    let reader = JSONStreamReader<JSON>(framing: .serverSentEvents)
    reader.append(Array("retry: 3000\nid: 7\nevent: delta\ndata: {\"text\":\ndata:  \"Hi\"}\n\n".utf8))
    let element = try #require(try reader.next())
    #expect(element.value == ["text": "Hi"])
    #expect(element.event == ServerSentEvent(type: "delta", lastEventID: "7", retry: 3000))
    #expect((element.line, element.byteOffset) == (4, 37))
  }

  @Test("a bad event's error points into its data line")
  func errorPlace() throws {
    let reader = JSONStreamReader<JSON>(framing: .serverSentEvents)
    reader.append(Array(": hi\ndata: [1,\ndata: 2,]\n\ndata: [DONE]\n\n".utf8))
    let error = try #require(throws: JSONStreamError.self) { try reader.next() }
    #expect((error.line, error.column, error.valueIndex) == (3, 9, 0))
    #expect(error.byteOffset == 23)
    let done = try #require(throws: JSONStreamError.self) { try reader.next() }
    #expect((done.kind, done.line, done.column, done.valueIndex) == (.invalidValue, 5, 8, 1))
  }
}
