import Foundation
import Testing

@testable import Parsnip

/// Repeated keys, read by every reader above the cursor from text, from a `JSONDocument`, from a value inside one
/// and from a `JSON` tree (issue 41, items 2 and 3).
///
/// The rule: every reader reads an object as the tree keeps it under `duplicateKeys: .useLast` (one member per key,
/// at the key's first position, with its last value), and fails under `.reject`; the Codable coders alone keep
/// Foundation's rule (the first value) wherever they read text, a document or a value inside one. Each case is
/// checked by giving every reader the case's text and the text its rule makes of it (with no repeated key): the
/// two answers must be the same, whatever that reader does with the value.
@Suite struct RepeatedKeySeamTests {
  typealias Reading = ReaderSeams.Reading
  typealias Written = ReaderSeams.Written
  typealias Member = ReaderSeams.Member

  /// An object with repeated keys, the same object under each rule, and paths through its repeated keys.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// The tree's rule: one member per key, at its first position, with its last value.
    var lastWins: String
    /// Codable's rule: the first value.
    var firstWins: String
    var paths: [String]

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "two", text: #"{"a": 1, "a": 2}"#, lastWins: #"{"a": 2}"#, firstWins: #"{"a": 1}"#, paths: ["a"]),
    Case(
      name: "three", text: #"{"a": 1, "b": true, "a": 2, "c": null, "a": 3}"#,
      lastWins: #"{"a": 3, "b": true, "c": null}"#, firstWins: #"{"a": 1, "b": true, "c": null}"#,
      paths: ["a", "b", "c"]),
    Case(
      name: "nested", text: #"{"o": {"a": 1, "a": 2}, "l": [{"k": "x", "k": "y"}], "o": {"a": 3, "z": 0, "a": 4}}"#,
      lastWins: #"{"o": {"a": 4, "z": 0}, "l": [{"k": "y"}]}"#, firstWins: #"{"o": {"a": 1}, "l": [{"k": "x"}]}"#,
      paths: ["o", "o.a", "o.z", "l[0].k"]),
    Case(
      name: "kinds", text: #"{"a": {"b": 1}, "c": 3, "a": 2, "c": [4]}"#, lastWins: #"{"a": 2, "c": [4]}"#,
      firstWins: #"{"a": {"b": 1}, "c": 3}"#, paths: ["a", "a.b", "c", "c[0]"]),
    bigObject,
    // The same key spelled with escapes: its Unicode scalars are what make it the same key.
    Case(
      name: "escaped", text: #"{"a": 1, "\u0061": 2}"#, lastWins: #"{"a": 2}"#, firstWins: #"{"a": 1}"#,
      paths: ["a"]),
    Case(
      name: "escaped first", text: #"{"\u0061": 1, "b": 0, "a": 2}"#, lastWins: #"{"a": 2, "b": 0}"#,
      firstWins: #"{"a": 1, "b": 0}"#, paths: ["a", "b"]),
    Case(
      name: "escaped solidus, accent and surrogates",
      text: #"{"a/b": 1, "é": 1, "\ud83d\ude00": 1, "a\/b": 2, "\u00e9": 2, "😀": 2}"#,
      lastWins: #"{"a/b": 2, "é": 2, "😀": 2}"#, firstWins: #"{"a/b": 1, "é": 1, "😀": 1}"#,
      paths: ["a/b", "é", "😀"]),
    escapedBigObject,
  ]

  /// 40 members, and three of them again far after: past the 32 members from which `JSONObject` looks keys up
  /// through its hash index.
  static var bigObject: Case {
    let members = (0..<40).map { (#""k\#($0)""#, "\($0)") }
    let late = [(#""k3""#, #""late""#), (#""k36""#, #"{"x": 1, "x": 2}"#), (#""k3""#, "[3]")]
    func object(_ members: [(String, String)]) -> String {
      "{" + members.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }
    let last = members.map { key, value in
      key == #""k3""# ? (key, "[3]") : key == #""k36""# ? (key, #"{"x": 2}"#) : (key, value)
    }
    return Case(
      name: "big object", text: object(members + late), lastWins: object(last), firstWins: object(members),
      paths: ["k3", "k3[0]", "k36", "k36.x", "k39", "k0"])
  }

  /// 40 members, then two of them again spelled with escapes (`"\u006b3"` is `"k3"`), past the hash index's
  /// threshold.
  static var escapedBigObject: Case {
    let members = (0..<40).map { (#""k\#($0)""#, "\($0)") }
    let late = [(#""\u006b3""#, "[3]"), (#""k\u0033\u0036""#, "36.5")]
    func object(_ members: [(String, String)]) -> String {
      "{" + members.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }
    let last = members.map { key, value in
      key == #""k3""# ? (key, "[3]") : key == #""k36""# ? (key, "36.5") : (key, value)
    }
    return Case(
      name: "escaped big object", text: object(members + late), lastWins: object(last), firstWins: object(members),
      paths: ["k3", "k3[0]", "k36", "k0"])
  }

  // MARK: - Tests

  /// The reference itself: the tree parsed from the text is the object the rule describes, member for member,
  /// in order, and the first-wins text differs from it (so that the Codable readings below can fail).
  @Test(arguments: cases)
  func theTreeKeepsTheFirstPositionAndTheLastValue(_ seam: Case) throws {
    let tree = try JSON(parsing: seam.text)
    #expect(ReaderSeams.members(of: tree) == ReaderSeams.members(of: try JSON(parsing: seam.lastWins)))
    #expect(try Written(text: seam.text) != Written(text: seam.firstWins))
  }

  @Test(arguments: cases)
  func pathsThroughRepeatedKeysFindTheLastValue(_ seam: Case) throws {
    for path in seam.paths {
      try ReaderSeams.expect(
        ReaderSeams.lookups(at: JSONKeyPath(path)), of: seam.text, toMatch: seam.lastWins, case: seam.name)
    }
  }

  @Test(arguments: cases)
  func readersListOneMemberPerKeyAtItsFirstPosition(_ seam: Case) throws {
    try ReaderSeams.expect(ReaderSeams.memberLists, of: seam.text, toMatch: seam.lastWins, case: seam.name)
    try ReaderSeams.expect(ReaderSeams.unorderedMemberLists, of: seam.text, toMatch: seam.lastWins, case: seam.name)
    try ReaderSeams.expect(ReaderSeams.counts, of: seam.text, toMatch: seam.lastWins, case: seam.name)
  }

  @Test func innerObjectsListOneMemberPerKey() throws {
    let text = #"{"o": {"a": 1, "b": 0, "a": 2}}"#
    let inputs = try ReaderSeams.Inputs(text)
    let inside = inputs.document.root["o"]!
    let expected: [Member] = [Member("a", 2), Member("b", 0)]
    let readings: [Reading<[Member]>] = [
      Reading("JSONDocument.Value.members", .valueInDocument) {
        inside.members!.map { Member($0.key, $0.value.json()) }
      },
      Reading("pipeline .keyValuePairs(.json)", .text) {
        try decodeJSON(text, with: .field("o", .keyValuePairs(.json))).get().map { Member($0.key, $0.value) }
      },
      Reading("pipeline .keyValuePairs(.json)", .tree) {
        try decodeJSON(inputs.tree, with: .field("o", .keyValuePairs(.json))).get().map { Member($0.key, $0.value) }
      },
      Reading("JSON(parsing:)", .tree) { ReaderSeams.members(of: inputs.tree["o"]) },
    ]
    ReaderSeams.expect(readings, give: .value(expected), case: "nested inner")
  }

  /// Codable reads text, a document and a value inside one alike, with Foundation's rule: the first value.
  @Test(arguments: cases)
  func codableKeepsTheFirstValueFromTextAndDocuments(_ seam: Case) throws {
    try ReaderSeams.expect(ReaderSeams.codableReadings, of: seam.text, toMatch: seam.firstWins, case: seam.name)
    try ReaderSeams.expect(ReaderSeams.codableTreeReadings, of: seam.text, toMatch: seam.lastWins, case: seam.name)
    // Foundation's own decoder, the rule's source.
    let foundation = try JSONDecoder().decode(CodableValue.self, from: Data(seam.text.utf8))
    #expect(try ParsnipDecoder().decode(CodableValue.self, from: Data(seam.firstWins.utf8)) == foundation)
  }

  /// The issue's second example: `[String: JSON]` through Codable is `["a": 1]` from text and from a document; a
  /// `JSONReadable` read of the same type (no decoder) is a tree read and gives `["a": 2]`, from a document as from
  /// a tree.
  @Test func codableDictionaryOfJSONKeepsTheFirstValue() throws {
    let inputs = try ReaderSeams.Inputs(#"{"a": 1, "a": 2}"#)
    let decoder = ParsnipDecoder()
    let codable: [Reading<[String: JSON]>] = [
      Reading("ParsnipDecoder.decode", .data) { try decoder.decode([String: JSON].self, from: Data(inputs.bytes)) },
      Reading("value(at:as:using:)", .document) {
        try inputs.document.root.value(at: .root, as: [String: JSON].self, using: decoder)
      },
      Reading("pipeline .codable", .text) { try decodeJSON(inputs.text, with: .codable([String: JSON].self)).get() },
      Reading("pipeline .codable", .document) {
        try decodeJSON(inputs.document, with: .codable([String: JSON].self)).get()
      },
    ]
    ReaderSeams.expect(codable, give: .value(["a": 1]), case: "two")
    let readable: [Reading<[String: JSON]>] = [
      Reading("value(at:as: [String: JSON].self)", .tree) { try inputs.tree.value(at: .root, as: [String: JSON].self) },
      Reading("value(at:as: [String: JSON].self)", .document) {
        try inputs.document.root.value(at: .root, as: [String: JSON].self)
      },
    ]
    ReaderSeams.expect(readable, give: .value(["a": 2]), case: "two")
  }

  /// An earlier value of a repeated key is never read, so one that would not decode is no error: the pipeline reads
  /// only the last value, Codable only the first.
  @Test func valuesARuleSkipsAreNotDecoded() throws {
    let lastDecodes = try ReaderSeams.Inputs(#"{"a": "x", "b": 0, "a": 1}"#)
    func pairs(_ result: Result<[(key: String, value: Int)], JSONDecodingError>) throws -> [Member] {
      try result.get().map { Member($0.key, JSON($0.value)) }
    }
    func sorted(_ result: Result<[String: Int], JSONDecodingError>) throws -> [Member] {
      try result.get().sorted { $0.key < $1.key }.map { Member($0.key, JSON($0.value)) }
    }
    let pipeline: [Reading<[Member]>] = [
      Reading("pipeline .keyValuePairs(.int)", .text) {
        try pairs(decodeJSON(lastDecodes.text, with: .keyValuePairs(.int)))
      },
      Reading("pipeline .keyValuePairs(.int)", .document) {
        try pairs(decodeJSON(lastDecodes.document, with: .keyValuePairs(.int)))
      },
      Reading("pipeline .keyValuePairs(.int)", .tree) {
        try pairs(decodeJSON(lastDecodes.tree, with: .keyValuePairs(.int)))
      },
      Reading("pipeline .dictionary(.int)", .text) {
        try sorted(decodeJSON(lastDecodes.text, with: .dictionary(.int)))
      },
      Reading("pipeline .dictionary(.int)", .document) {
        try sorted(decodeJSON(lastDecodes.document, with: .dictionary(.int)))
      },
      Reading("pipeline .dictionary(.int)", .tree) {
        try sorted(decodeJSON(lastDecodes.tree, with: .dictionary(.int)))
      },
      Reading("value(at:as: [String: Int].self)", .document) {
        try lastDecodes.document.root.value(at: .root, as: [String: Int].self).sorted { $0.key < $1.key }
          .map { Member($0.key, JSON($0.value)) }
      },
    ]
    ReaderSeams.expect(pipeline, give: .value([Member("a", 1), Member("b", 0)]), case: "undecodable first value")

    let firstDecodes = try ReaderSeams.Inputs(#"{"a": 1, "b": 0, "a": "x"}"#)
    let codable: [Reading<[String: Int]>] = [
      Reading("ParsnipDecoder.decode", .data) {
        try ParsnipDecoder().decode([String: Int].self, from: Data(firstDecodes.bytes))
      },
      Reading("value(at:as:using:)", .document) {
        try firstDecodes.document.root.value(at: .root, as: [String: Int].self, using: ParsnipDecoder())
      },
      Reading("pipeline .codable", .text) {
        try decodeJSON(firstDecodes.text, with: .codable([String: Int].self)).get()
      },
      Reading("pipeline .codable", .document) {
        try decodeJSON(firstDecodes.document, with: .codable([String: Int].self)).get()
      },
    ]
    ReaderSeams.expect(codable, give: .value(["a": 1, "b": 0]), case: "undecodable last value")
    #expect(try JSONDecoder().decode([String: Int].self, from: Data(firstDecodes.bytes)) == ["a": 1, "b": 0])
  }

  /// `JSON` itself decoded through Codable is built as the parser builds it, from text and documents alike.
  @Test(arguments: cases)
  func codableJSONIsTheTree(_ seam: Case) throws {
    let inputs = try ReaderSeams.Inputs(seam.text)
    let (outer, inside, prefix) = try ReaderSeams.wrapped(seam.text)
    let decoder = ParsnipDecoder()
    let readings: [Reading<Written>] = [
      Reading("ParsnipDecoder.decode(JSON.self)", .data) {
        Written(try decoder.decode(JSON.self, from: Data(inputs.bytes)))
      },
      Reading("ParsnipDecoder.decode(JSON.self, at:)", .text) {
        Written(try decoder.decode(JSON.self, from: outer.text, at: prefix))
      },
      Reading("value(at:as: JSON.self, using:)", .document) {
        Written(try inputs.document.root.value(at: .root, as: JSON.self, using: decoder))
      },
      Reading("value(at:as: JSON.self, using:)", .valueInDocument) {
        Written(try inside.value(at: .root, as: JSON.self, using: decoder))
      },
      Reading("pipeline .codable(JSON.self)", .text) {
        Written(try decodeJSON(seam.text, with: .codable(JSON.self)).get())
      },
      Reading("pipeline .codable(JSON.self)", .document) {
        Written(try decodeJSON(inputs.document, with: .codable(JSON.self)).get())
      },
    ]
    ReaderSeams.expect(readings, give: .value(try Written(text: seam.lastWins)), case: seam.name)
  }

  /// `.reject` fails every reader that parses, with the same error at the same place; Codable's
  /// `.rejectsDuplicateKeys` fails from text and from a document alike.
  @Test(arguments: cases)
  func rejectFailsEveryReader(_ seam: Case) throws {
    let reject = JSON.ParsingOptions(duplicateKeys: .reject)
    let bytes = Array(seam.text.utf8)
    let expected = #expect(throws: JSONParseError.self) { try JSON(parsing: bytes, options: reject) }
    #expect(expected?.kind == .duplicateKey)
    let documentError = #expect(throws: JSONParseError.self) { try JSONDocument(parsing: bytes, options: reject) }
    #expect(documentError?.byteOffset == expected?.byteOffset)
    #expect(documentError?.message == expected?.message)
    let path = try JSONKeyPath(seam.paths[0])
    let readings: [Reading<JSON>] = [
      Reading("JSON.value(at:inText:options:) key path", .bytes) {
        try JSON.value(at: path, inText: bytes, options: reject) ?? nil
      },
      Reading("JSON.value(at:inText:options:) pointer", .bytes) {
        try JSON.value(at: JSONPointer(path), inText: bytes, options: reject) ?? nil
      },
      Reading("pipeline .json", .text) {
        try decodeJSON(seam.text, with: .json, options: JSONDecodingOptions(parsing: reject)).get()
      },
      Reading("pipeline .field/.index", .bytes) {
        try decodeJSON(
          bytes, with: ReaderSeams.pipeline(at: path, .json), options: JSONDecodingOptions(parsing: reject)
        )
        .get()
      },
    ]
    ReaderSeams.expect(readings, give: .failure("parse.duplicateKey"), case: seam.name)

    let strict = ParsnipDecoder()
    strict.strictness = .rejectsDuplicateKeys
    let document = try JSONDocument(parsing: bytes)
    let codable: [Reading<CodableValue>] = [
      Reading("ParsnipDecoder.decode (.rejectsDuplicateKeys)", .data) {
        try strict.decode(CodableValue.self, from: Data(bytes))
      },
      Reading("value(at:as:using:) (.rejectsDuplicateKeys)", .document) {
        try document.root.value(at: .root, as: CodableValue.self, using: strict)
      },
      Reading("pipeline .codable (.rejectsDuplicateKeys)", .document) {
        try decodeJSON(document, with: .codable(CodableValue.self, using: strict)).get()
      },
    ]
    ReaderSeams.expect(codable, toFail: seam.name)
  }

  // MARK: - Hypermedia

  @Test func jsonTemplatesReadTheLastValue() throws {
    let text = #"""
      {"links": {"posts.comments": "http://x/{posts.id}/a", "posts.comments": "http://x/{posts.id}/b"},
       "posts": [{"id": "1", "title": "T", "id": "2"}],
       "posts": [{"id": "3", "title": "V", "id": "4", "title": "W"}]}
      """#
    let lastWins = #"""
      {"links": {"posts.comments": "http://x/{posts.id}/b"}, "posts": [{"id": "4", "title": "W"}]}
      """#
    try ReaderSeams.expect(ReaderSeams.templateReadings, of: text, toMatch: lastWins, case: "templates")
    #expect(
      try Written(JSONTemplates.expand(JSON(parsing: text)))
        == Written(text: #"{"posts":[{"id":"4","title":"W","comments":{"href":"http://x/4/b"}}]}"#))
  }

  @Test func jsonAPIReadsTheLastValue() throws {
    let text = #"""
      {"data": {"type": "articles", "id": "1", "id": "2",
                "attributes": {"title": "A", "n": 1, "title": "B"},
                "relationships": {"author": {"data": {"type": "people", "id": "9"}},
                                  "author": {"data": {"type": "people", "id": "8"}}},
                "meta": {"m": 1, "m": 2}},
       "included": [{"type": "people", "id": "9", "attributes": {"name": "Nine"}},
                    {"type": "people", "id": "8", "attributes": {"name": "Eight", "name": "Ocho"}}]}
      """#
    let lastWins = #"""
      {"data": {"type": "articles", "id": "2", "attributes": {"title": "B", "n": 1},
                "relationships": {"author": {"data": {"type": "people", "id": "8"}}}, "meta": {"m": 2}},
       "included": [{"type": "people", "id": "9", "attributes": {"name": "Nine"}},
                    {"type": "people", "id": "8", "attributes": {"name": "Ocho"}}]}
      """#
    try ReaderSeams.expect(ReaderSeams.jsonAPIReadings, of: text, toMatch: lastWins, case: "JSON:API")
    try ReaderSeams.expect(ReaderSeams.jsonAPIDecodings, of: text, toMatch: lastWins, case: "JSON:API")
    let article = try JSONAPI.decode(ReaderSeams.Article.self, from: Array(text.utf8))
    #expect(article == ReaderSeams.Article(id: "2", title: "B", author: ReaderSeams.Person(id: "8", name: "Ocho")))

    let resource = #"{"type": "a", "id": "1", "n": 1, "r": {"type": "b", "id": "2", "x": 1, "x": 2}, "n": 2}"#
    let resourceLastWins = #"{"type": "a", "id": "1", "n": 2, "r": {"type": "b", "id": "2", "x": 2}}"#
    try ReaderSeams.expect(
      ReaderSeams.jsonAPIBuildReadings, of: resource, toMatch: resourceLastWins, case: "JSON:API build")
  }

}
