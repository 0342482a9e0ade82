import Foundation
import Testing

@testable import Parsnip

/// Deep nesting, read by every reader from text, from a `JSONDocument`, from a value inside one and from a `JSON`
/// tree: 500 levels (near the default limit of 512) read alike everywhere, and one level past a limit fails every
/// reader that parses with the same error, `nestingTooDeep` (issue 41, item 3).
@Suite struct DepthSeamTests {
  typealias Reading = ReaderSeams.Reading
  typealias Written = ReaderSeams.Written

  /// `depth` nested arrays or objects (`{"k": …}`) around `leaf`; `depth` counts the brackets, as the limit does.
  static func nested(_ depth: Int, objects: Bool, leaf: String = #"{"a": 1, "a": 2}"#) -> String {
    objects
      ? String(repeating: #"{"k": "#, count: depth) + leaf + String(repeating: "}", count: depth)
      : String(repeating: "[", count: depth) + leaf + String(repeating: "]", count: depth)
  }

  /// The path to the leaf of ``nested(_:objects:leaf:)``.
  static func pathToLeaf(_ depth: Int, objects: Bool) -> JSONKeyPath {
    JSONKeyPath(components: Array(repeating: objects ? .key("k") : .index(0), count: depth))
  }

  /// Every reader of a whole value as a `JSON` value.
  static func wholeValues(_ text: String) throws -> [Reading<Written>] {
    let inputs = try ReaderSeams.Inputs(text)
    let (outer, inside, prefix) = try ReaderSeams.wrapped(text)
    let decoder = ParsnipDecoder()
    return [
      Reading("JSON(parsing:)", .tree) { Written(inputs.tree) },
      Reading("JSONDocument.Value.json()", .document) { Written(inputs.document.root.json()) },
      Reading("JSONDocument.Value.json()", .valueInDocument) { Written(inside.json()) },
      Reading("JSON.value(at: .root, inText:)", .bytes) {
        Written(try JSON.value(at: JSONPointer.root, inText: inputs.bytes)!)
      },
      Reading("JSONPath $", .tree) { Written(try JSONPath("$").values(in: inputs.tree)[0]) },
      Reading("JSONPath $", .document) { Written(try JSONPath("$").values(in: inputs.document)[0]) },
      Reading("pipeline .json", .text) { Written(try decodeJSON(text, with: .json).get()) },
      Reading("pipeline .json", .document) { Written(try decodeJSON(inputs.document, with: .json).get()) },
      Reading("pipeline .json", .valueInDocument) {
        Written(try decodeJSON(outer.document, with: ReaderSeams.pipeline(at: prefix, .json)).get())
      },
      Reading("pipeline .json", .tree) { Written(try decodeJSON(inputs.tree, with: .json).get()) },
      Reading("ParsnipDecoder.decode(JSON.self)", .data) {
        Written(try decoder.decode(JSON.self, from: Data(inputs.bytes)))
      },
      Reading("value(at:as: JSON.self, using:)", .document) {
        Written(try inputs.document.root.value(at: .root, as: JSON.self, using: decoder))
      },
      Reading("value(at:as: JSON.self, using:)", .valueInDocument) {
        Written(try inside.value(at: .root, as: JSON.self, using: decoder))
      },
      Reading("ParsnipDecoder.decode(JSON.self)", .tree) { Written(try decoder.decode(JSON.self, from: inputs.tree)) },
    ]
  }

  @Test(arguments: [false, true])
  func fiveHundredLevelsReadAlike(objects: Bool) throws {
    let depth = 500
    let text = Self.nested(depth, objects: objects)
    let name = "\(depth) levels of \(objects ? "objects" : "arrays")"
    // The whole value, with the repeated key at the bottom kept once.
    let expected = try Written(text: Self.nested(depth, objects: objects, leaf: #"{"a": 2}"#))
    ReaderSeams.expect(try Self.wholeValues(text), give: .value(expected), case: name)
    // Every path reader down to the repeated key.
    let path = Self.pathToLeaf(depth, objects: objects).appending(key: "a")
    ReaderSeams.expect(try ReaderSeams.lookups(at: path)(text), give: .value([Written(2)]), case: name)
    // Descendants: one node per level, and the leaf's one member.
    let inputs = try ReaderSeams.Inputs(text)
    #expect(try JSONPath("$..*").values(in: inputs.tree).count == depth + 1)
    #expect(try JSONPath("$..*").values(in: inputs.document).count == depth + 1)
  }

  @Test func deepValuesInHypermediaReadAlike() throws {
    let deep = Self.nested(490, objects: true)
    let jsonAPI = #"{"data": {"type": "a", "id": "1", "attributes": {"deep": "# + deep + "}}}"
    let flattened = try Written(
      text: #"{"data": {"type": "a", "id": "1", "deep": "# + Self.nested(490, objects: true, leaf: #"{"a": 2}"#) + "}}")
    ReaderSeams.expect(try ReaderSeams.jsonAPIReadings(jsonAPI), give: .value(flattened), case: "deep attribute")
    let templates = #"{"links": {"p.c": "http://x/{p.id}"}, "p": [{"id": "1", "deep": "# + deep + "}]}"
    let expanded = try Written(
      text: #"{"p": [{"id": "1", "deep": "# + Self.nested(490, objects: true, leaf: #"{"a": 2}"#)
        + #", "c": {"href": "http://x/1"}}]}"#)
    ReaderSeams.expect(try ReaderSeams.templateReadings(templates), give: .value(expanded), case: "deep member")
  }

  /// Every reader that parses `text` under `options`.
  static func parsingReadings(_ text: String, options: JSON.ParsingOptions) -> [Reading<Written>] {
    let bytes = Array(text.utf8)
    let pipelineOptions = JSONDecodingOptions(parsing: options)
    let first = JSONKeyPath(components: [text.hasPrefix("[") ? .index(0) : .key("k")])
    return [
      Reading("JSON(parsing:options:)", .bytes) { Written(try JSON(parsing: bytes, options: options)) },
      Reading("JSONDocument(parsing:options:)", .bytes) {
        Written(try JSONDocument(parsing: bytes, options: options).root.json())
      },
      Reading("JSON.value(at: .root, inText:options:)", .bytes) {
        Written(try JSON.value(at: JSONPointer.root, inText: bytes, options: options) ?? nil)
      },
      Reading("JSON.value(at:inText:options:) one level in", .bytes) {
        Written(try JSON.value(at: first, inText: bytes, options: options) ?? nil)
      },
      Reading("pipeline .json", .text) { Written(try decodeJSON(text, with: .json, options: pipelineOptions).get()) },
      Reading("pipeline .json", .bytes) { Written(try decodeJSON(bytes, with: .json, options: pipelineOptions).get()) },
      Reading("pipeline .field/.index", .bytes) {
        Written(try decodeJSON(bytes, with: ReaderSeams.pipeline(at: first, .json), options: pipelineOptions).get())
      },
    ]
  }

  /// Past the default limit (512), and past a limit of 16 that the options set, every reader fails alike; at the
  /// limit, every reader reads.
  @Test(arguments: [false, true])
  func onePastTheLimitFailsEveryReaderAlike(objects: Bool) throws {
    for (limit, options) in [(512, JSON.ParsingOptions.default), (16, JSON.ParsingOptions(maximumDepth: 16))] {
      let atLimit = Self.nested(limit - 1, objects: objects, leaf: objects ? #"{"k": 1}"# : "[1]")
      let past = Self.nested(limit, objects: objects, leaf: objects ? #"{"k": 1}"# : "[1]")
      let name = "\(objects ? "objects" : "arrays") at \(limit)"
      for reading in Self.parsingReadings(atLimit, options: options) {
        #expect(ReaderSeams.Outcome.of(reading.read).isFailure == false, "\(name): \(reading.name)")
      }
      ReaderSeams.expect(
        Self.parsingReadings(past, options: options), give: .failure("parse.nestingTooDeep"), case: "\(name) + 1")
      // The tree and the document fail at the same place.
      let treeError = #expect(throws: JSONParseError.self) { try JSON(parsing: past, options: options) }
      let documentError = #expect(throws: JSONParseError.self) { try JSONDocument(parsing: past, options: options) }
      #expect(treeError?.byteOffset == documentError?.byteOffset)
    }
    // Codable and JSON:API read text with the default limit.
    let past = Self.nested(512, objects: objects, leaf: "[1]")
    let codable: [Reading<Bool>] = [
      Reading("ParsnipDecoder.decode(JSON.self)", .data) {
        _ = try ParsnipDecoder().decode(JSON.self, from: Data(past.utf8))
        return true
      },
      Reading("ParsnipDecoder.decode(CodableValue.self)", .data) {
        _ = try ParsnipDecoder().decode(CodableValue.self, from: Data(past.utf8))
        return true
      },
      Reading("JSONAPI.decode", .bytes) {
        _ = try JSONAPI.decode(JSON.self, from: Array((#"{"data": "# + past + "}").utf8))
        return true
      },
    ]
    ReaderSeams.expect(codable, give: .failure("parse.nestingTooDeep"), case: "codable past 512")
  }
}
