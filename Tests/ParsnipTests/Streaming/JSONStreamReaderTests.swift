import Foundation
import Testing

@testable import Parsnip

@Suite("JSONStreamReader")
struct JSONStreamReaderTests {
  static let sample = #"{"a":1,"s":"x\"}y\\"}"# + "\n" + #"[1,{"b":[true,null]}]"# + "\n" + "\"é\"\n-2.5e3\n"
  static let sampleValues = [#"{"a":1,"s":"x\"}y\\"}"#, #"[1,{"b":[true,null]}]"#, "\"é\"", "-2500"]

  static func framedSample(_ framing: JSONStreamFraming) -> String {
    let values = [#"{"a":1,"s":"x\"}y\\"}"#, #"[1,{"b":[true,null]}]"#, "\"é\"", "-2.5e3"]
    switch framing.description {
    case "lines": return values.joined(separator: "\n") + "\n"
    case "seq": return values.map { "\u{1E}" + $0 + "\n" }.joined()
    case "sse": return values.map { ": comment\nevent: e\ndata: " + $0 + "\n\n" }.joined()
    case "concat": return values.joined(separator: " ")
    case "array": return "[" + values.joined(separator: ",\n ") + "]"
    default: return #"{"meta":{"data":[0]},"data":["# + values.joined(separator: ",") + "],\"more\":[1]}"
    }
  }

  static let framings: [JSONStreamFraming] = [
    .lines, .textSequence, .serverSentEvents, .concatenated, .arrayElements,
    .arrayElements(at: JSONPointer(tokens: ["data"])),
  ]

  @Test("every framing gives the same values however the bytes are split", arguments: framings)
  func chunkingInvariance(_ framing: JSONStreamFraming) {
    let text = Array(Self.framedSample(framing).utf8)
    let whole = framedOutcomes(framing, text)
    #expect(whole == Self.sampleValues, "\(framing)")
    #expect(framedOutcomes(framing, text, chunks: [1]) == whole)
    var random = SeededRandom(seed: 43)
    for _ in 0..<50 {
      let chunks = randomChunking(&random, largest: 17)
      #expect(framedOutcomes(framing, text, chunks: chunks) == whole, "\(framing) \(chunks)")
    }
  }

  @Test("JSON Lines: values with their line numbers; CR LF and blank lines")
  func lines() throws {
    let reader = JSONStreamReader<JSON>(framing: .lines)
    reader.append(Array("{\"a\":1}\r\n\n  \n[2".utf8))
    let first = try #require(try reader.next())
    #expect(first.value == ["a": 1])
    #expect((first.index, first.line, first.byteOffset) == (0, 1, 0))
    #expect(try reader.next() == nil)  // `[2` is not complete
    reader.append(Array("]".utf8))
    #expect(try reader.next() == nil)  // nor is `[2]` before its LF or the end
    reader.finish()
    let second = try #require(try reader.next())
    #expect(second.value == [2])
    #expect((second.index, second.line, second.byteOffset) == (1, 4, 13))
    #expect(try reader.next() == nil)
  }

  @Test("a bad value stops with its place in the stream, and the next call reads on")
  func errorsCarryPlaces() throws {
    let reader = JSONStreamReader<JSON>(framing: .lines)
    reader.append(Array("1\n[2,]\n3\n".utf8))
    reader.finish()
    #expect(try reader.next()?.value == 1)
    let error = try #require(throws: JSONStreamError.self) { try reader.next() }
    #expect(error.kind == .invalidValue)
    #expect((error.byteOffset, error.line, error.column, error.valueIndex) == (5, 2, 4, 1))
    #expect(error.parseError?.column == 4)
    #expect(error.description == "2:4: expected a value, found ']' (value 1)")
    #expect(try reader.next()?.value == 3)
  }

  @Test("skip records bad values and goes on")
  func skipPolicy() throws {
    let reader = JSONStreamReader<JSON>(framing: .concatenated, errorPolicy: .skip)
    reader.append(Array("{\"a\":1} {\"a\" 2}\n  [tru] 7".utf8))
    reader.finish()
    var values: [JSON] = []
    while let element = try reader.next() { values.append(element.value) }
    #expect(values == [["a": 1], 7])
    #expect(reader.skipped.map(\.valueIndex) == [1, 2])
    #expect(reader.skipped.map(\.line) == [1, 2])
    #expect(reader.skipped.last?.column == 7)
  }

  @Test("concatenated values: a number ends at the byte after it, or at the end")
  func concatenated() {
    #expect(framedOutcomes(.concatenated, Array("{}{} 3 \"x\"[1]4".utf8)) == ["{}", "{}", "3", "\"x\"", "[1]", "4"])
    #expect(framedOutcomes(.concatenated, Array("".utf8)) == [])
    #expect(framedOutcomes(.concatenated, Array("\u{FEFF}1 2".utf8)) == ["1", "2"])
  }

  @Test("concatenated values: brackets that do not match end the stream")
  func concatenatedMismatch() {
    #expect(framedOutcomes(.concatenated, Array("[1] {\"a\":[}\n[2]".utf8)) == ["[1]", "!invalidValue@1:11#1"])
    #expect(framedOutcomes(.concatenated, Array("1 ] 2".utf8)) == ["1", "!invalidFraming@1:3#1"])
    // A value the end cuts short is a bad value.
    #expect(framedOutcomes(.concatenated, Array("[1] {\"a\":".utf8)) == ["[1]", "!invalidValue@1:10#1"])
  }

  @Test("array elements: each element as it completes, and the framing's errors")
  func arrayElements() throws {
    let reader = JSONStreamReader<JSON>(framing: .arrayElements)
    reader.append(Array("[{\"id\":1}, {\"id\"".utf8))
    #expect(try reader.next()?.value == ["id": 1])
    #expect(try reader.next() == nil)
    reader.append(Array(":2} ,3".utf8))
    #expect(try reader.next()?.value == ["id": 2])
    #expect(try reader.next() == nil)  // 3 may go on
    reader.append(Array("]".utf8))
    #expect(try reader.next()?.value == 3)
    reader.finish()
    #expect(try reader.next() == nil)

    #expect(framedOutcomes(.arrayElements, Array("[]".utf8)) == [])
    #expect(framedOutcomes(.arrayElements, Array("[1 2]".utf8)) == ["1", "!invalidFraming@1:4#1"])
    #expect(framedOutcomes(.arrayElements, Array("{\"a\":1}".utf8)) == ["!invalidFraming@1:1#0"])
    #expect(framedOutcomes(.arrayElements, Array("[1] [2]".utf8)) == ["1", "!invalidFraming@1:5#1"])
    #expect(framedOutcomes(.arrayElements, Array("".utf8)) == ["!invalidFraming@1:1#0"])
    #expect(framedOutcomes(.arrayElements, Array("[1,".utf8)) == ["1", "!invalidFraming@1:4#1"])
    #expect(framedOutcomes(.arrayElements, Array("[1,tru,3]".utf8)) == ["1", "!invalidValue@1:7#1", "3"])
  }

  @Test("array at a path: the elements of that array only, by key path or pointer")
  func arrayAtPath() throws {
    let text = Array(
      #"{"meta":{"data":[0],"n":"x"},"data\u0041":[9],"result":{"pages":[{},{"rows":[1,{"r":2}]}]}}"#.utf8)
    let byPath = framedOutcomes(.arrayElements(at: try JSONKeyPath("result.pages[1].rows")), text)
    #expect(byPath == ["1", #"{"r":2}"#])
    #expect(framedOutcomes(.arrayElements(at: JSONPointer(tokens: ["result", "pages", "1", "rows"])), text) == byPath)
    #expect(framedOutcomes(.arrayElements(at: JSONPointer(tokens: ["dataA"])), text) == ["9"])  // an escaped key
    #expect(framedOutcomes(.arrayElements(at: JSONPointer(tokens: ["none"])), text) == ["!pathNotFound@1:92#0"])
    #expect(framedOutcomes(.arrayElements(at: JSONPointer(tokens: ["meta"])), text) == ["!invalidFraming@1:9#0"])
    var random = SeededRandom(seed: 7)
    for _ in 0..<30 {
      #expect(
        framedOutcomes(
          .arrayElements(at: try JSONKeyPath("result.pages[1].rows")), text, chunks: randomChunking(&random, largest: 9)
        ) == byPath)
    }
  }

  @Test("values decode into a Decodable type, and into documents")
  func outputs() throws {
    struct Item: Decodable, Equatable { var id: Int }
    let reader = JSONStreamReader(decoding: Item.self, framing: .arrayElements)
    reader.append(Array("[{\"id\":1},{\"id\":\"x\"},{\"id\":3}]".utf8))
    reader.errorPolicy = .skip
    var items: [Item] = []
    while let element = try reader.next() { items.append(element.value) }
    #expect(items == [Item(id: 1), Item(id: 3)])
    #expect(reader.skipped.map(\.kind) == [.decodingFailed])
    #expect(reader.skipped.first?.column == 11)

    let documents = JSONStreamReader<JSONDocument>(framing: .lines)
    documents.append(Array("{\"a\":[1,2]}\n".utf8))
    let document = try #require(try documents.next()).value
    #expect(document.byteCount == 11)
  }

  @Test("a value longer than the limit is an error, and the stream reads on", arguments: framings)
  func valueTooLong(_ framing: JSONStreamFraming) {
    let text = Array(Self.framedSample(framing).utf8)
    let outcomes = framedOutcomes(framing, text, maximumValueLength: 12)
    #expect(outcomes.contains { $0.hasPrefix("!valueTooLong") }, "\(framing): \(outcomes)")
    #expect(outcomes.contains("\"é\""), "\(framing): \(outcomes)")
    var random = SeededRandom(seed: 12)
    #expect(
      framedOutcomes(framing, text, chunks: randomChunking(&random, largest: 5), maximumValueLength: 12) == outcomes)
  }

  @Test("memory stays bounded while many megabytes stream through", arguments: framings)
  func boundedMemory(_ framing: JSONStreamFraming) throws {
    let value = #"{"id":12345,"name":"a value of about a hundred bytes","tags":["x","y","z"],"ok":true}"#
    let (prefix, separator, suffix, before): (String, String, String, String)
    switch framing.description {
    case "lines": (prefix, separator, suffix, before) = ("", "\n", "\n", "")
    case "seq": (prefix, separator, suffix, before) = ("\u{1E}", "\n\u{1E}", "\n", "")
    case "sse": (prefix, separator, suffix, before) = ("data: ", "\n\ndata: ", "\n\n", "")
    case "concat": (prefix, separator, suffix, before) = ("", " ", "", "")
    case "array": (prefix, separator, suffix, before) = ("[", ",", "]", "")
    default: (prefix, separator, suffix, before) = (#"{"meta":1,"data":["#, ",", "]}", "")
    }
    _ = before
    let block = Array((Array(repeating: value, count: 1000).joined(separator: separator) + separator).utf8)
    let reader = JSONStreamReader<JSONDocument>(framing: framing)
    reader.append(Array(prefix.utf8))
    var count = 0
    var largest = 0
    for _ in 0..<200 {  // about 17 MB
      var offset = 0
      while offset < block.count {
        let end = Swift.min(offset + 65536, block.count)
        reader.append(block[offset..<end])
        offset = end
        while try reader.next() != nil { count += 1 }
        largest = Swift.max(largest, reader.bufferCapacity)
      }
    }
    reader.append(Array((value + suffix).utf8))
    reader.finish()
    while try reader.next() != nil { count += 1 }
    #expect(count == 200_001)
    #expect(largest <= 512 << 10, "\(framing): \(largest) bytes held")
  }
}
