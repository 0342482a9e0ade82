import Foundation
import Testing

@testable import Parsnip

/// Keys that Swift's `String ==` calls equal but whose Unicode scalars differ (`"\u{E9}"` and `"e\u{301}"`, or
/// `"\u{212B}"`, `"\u{C5}"` and `"A\u{30A}"`) are different keys to every reader, from every input: each finds its
/// own member, lists both, and counts both (issue 41, item 3; the rule is in ParsingAndWriting.md, "Repeated keys").
/// Keys spelled with escapes (`"\u0061"` beside `"a"`) are the same key: those cases are repeated keys, read in
/// ``RepeatedKeySeamTests``.
///
/// Readers that answer with a Swift `Dictionary` (`.dictionary`, `[String: JSON]`) cannot hold two such keys and are
/// left out.
@Suite struct KeySpellingSeamTests {
  typealias Reading = ReaderSeams.Reading
  typealias Written = ReaderSeams.Written
  typealias Member = ReaderSeams.Member

  static let precomposed = "\u{E9}"
  static let decomposed = "e\u{301}"

  /// An object with canonically equivalent keys, and what each reader must find.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// The members in order, as the tree keeps them.
    var members: [(key: String, value: JSON)]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "precomposed first", text: #"{"\u00e9": 1, "e\u0301": 2}"#,
      members: [(precomposed, 1), (decomposed, 2)]),
    Case(
      name: "decomposed first", text: #"{"e\u0301": 2, "\u00e9": 1}"#,
      members: [(decomposed, 2), (precomposed, 1)]),
    Case(
      name: "three spellings of A with ring", text: #"{"\u212b": "sign", "\u00c5": "letter", "A\u030a": "combining"}"#,
      members: [("\u{212B}", "sign"), ("\u{C5}", "letter"), ("A\u{30A}", "combining")]),
    // A repeat of the precomposed key (raw UTF-8 after the escape) beside the decomposed one.
    Case(
      name: "canonical keys and a repeat", text: #"{"\u00e9": 1, "e\u0301": 2, "é": 3}"#,
      members: [(precomposed, 3), (decomposed, 2)]),
    bigObject,
  ]

  /// 40 members with the precomposed key first and the decomposed one last: lookups through the hash index.
  static var bigObject: Case {
    let filler = (0..<38).map { (key: "k\($0)", value: JSON($0)) }
    let text =
      #"{"\u00e9": "first", "# + filler.map { #""\#($0.key)": \#($0.value)"# }.joined(separator: ", ")
      + #", "e\u0301": "last"}"#
    return Case(
      name: "canonical keys in a big object", text: text,
      members: [(precomposed, "first")] + filler + [(decomposed, "last")])
  }

  @Test(arguments: cases)
  func eachKeyFindsItsOwnMember(_ seam: Case) throws {
    #expect(ReaderSeams.members(of: try JSON(parsing: seam.text)) == seam.members.map { Member($0.key, $0.value) })
    for member in seam.members {
      let path = JSONKeyPath(components: [.key(member.key)])
      ReaderSeams.expect(
        try ReaderSeams.lookups(at: path)(seam.text), give: .value([Written(member.value)]), case: seam.name)
    }
  }

  @Test(arguments: cases)
  func readersListEveryKey(_ seam: Case) throws {
    let expected = seam.members.map { Member($0.key, $0.value) }
    ReaderSeams.expect(try ReaderSeams.memberLists(seam.text), give: .value(expected), case: seam.name)
    ReaderSeams.expect(try ReaderSeams.counts(seam.text), give: .value(expected.count), case: seam.name)
  }

  /// A `Decodable` type with both keys reads each member by its own key, and lists both keys.
  struct Accents: Decodable, Equatable, Sendable {
    var precomposed: Int?
    var decomposed: Int?
    var keys: [[UInt8]]

    init(precomposed: Int?, decomposed: Int?, keys: [String]) {
      self.precomposed = precomposed
      self.decomposed = decomposed
      self.keys = keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: PathCodingKey.self)
      precomposed = try container.decodeIfPresent(
        Int.self, forKey: PathCodingKey(stringValue: KeySpellingSeamTests.precomposed))
      decomposed = try container.decodeIfPresent(
        Int.self, forKey: PathCodingKey(stringValue: KeySpellingSeamTests.decomposed))
      keys = container.allKeys.map { Array($0.stringValue.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }
  }

  @Test func codableReadsEachKeyByItsScalars() throws {
    let keys = [Self.precomposed, Self.decomposed]
    for (text, expected) in [
      (#"{"\u00e9": 1, "e\u0301": 2}"#, Accents(precomposed: 1, decomposed: 2, keys: keys)),
      (#"{"e\u0301": 2, "\u00e9": 1}"#, Accents(precomposed: 1, decomposed: 2, keys: keys)),
      // Codable's rule for the repeat: the first value.
      (#"{"\u00e9": 1, "e\u0301": 2, "é": 3}"#, Accents(precomposed: 1, decomposed: 2, keys: keys)),
    ] {
      ReaderSeams.expect(try Self.codableReadings(text), give: .value(expected), case: text)
    }
  }

  static func codableReadings(_ text: String) throws -> [Reading<Accents>] {
    let inputs = try ReaderSeams.Inputs(text)
    let (outer, inside, prefix) = try ReaderSeams.wrapped(text)
    return [
      Reading("ParsnipDecoder.decode", .data) { try ParsnipDecoder().decode(Accents.self, from: Data(inputs.bytes)) },
      Reading("ParsnipDecoder.decode(_:from:at:)", .text) {
        try ParsnipDecoder().decode(Accents.self, from: outer.text, at: prefix)
      },
      Reading("value(at:as:using:)", .document) { try inputs.document.root.value(at: .root, as: Accents.self) },
      Reading("value(at:as:using:)", .valueInDocument) { try inside.value(at: .root, as: Accents.self) },
      Reading("pipeline .codable", .text) { try decodeJSON(text, with: .codable(Accents.self)).get() },
      Reading("pipeline .codable", .document) { try decodeJSON(inputs.document, with: .codable(Accents.self)).get() },
    ]
  }

  @Test func codableReadsATreeWithBothKeys() throws {
    let tree = try JSON(parsing: #"{"\u00e9": 1, "e\u0301": 2}"#)
    let expected = Accents(precomposed: 1, decomposed: 2, keys: [Self.precomposed, Self.decomposed])
    let readings: [Reading<Accents>] = [
      Reading("ParsnipDecoder.decode", .tree) { try ParsnipDecoder().decode(Accents.self, from: tree) },
      Reading("value(at:as:using:)", .tree) { try tree.value(at: .root, as: Accents.self) },
      Reading("pipeline .codable", .tree) { try decodeJSON(tree, with: .codable(Accents.self)).get() },
    ]
    ReaderSeams.expect(readings, give: .value(expected), case: "tree with both keys")
  }

  @Test func hypermediaKeepsBothKeys() throws {
    let jsonAPI = #"{"data": {"type": "a", "id": "1", "attributes": {"\u00e9": 1, "e\u0301": 2}}}"#
    let flattened = try Written(text: #"{"data": {"type": "a", "id": "1", "\u00e9": 1, "e\u0301": 2}}"#)
    ReaderSeams.expect(try ReaderSeams.jsonAPIReadings(jsonAPI), give: .value(flattened), case: "canonical keys")
    let templates = #"""
      {"links": {"posts.c": "http://x/{posts.id}"}, "posts": [{"id": "1", "\u00e9": 1, "e\u0301": 2}]}
      """#
    let expanded = try Written(
      text: #"{"posts": [{"id": "1", "\u00e9": 1, "e\u0301": 2, "c": {"href": "http://x/1"}}]}"#)
    ReaderSeams.expect(try ReaderSeams.templateReadings(templates), give: .value(expanded), case: "canonical keys")
    let resource = #"{"type": "a", "id": "1", "\u00e9": 1, "e\u0301": 2}"#
    let built = try Written(
      text: #"{"data": {"type": "a", "id": "1", "attributes": {"\u00e9": 1, "e\u0301": 2}}}"#)
    ReaderSeams.expect(try ReaderSeams.jsonAPIBuildReadings(resource), give: .value(built), case: "canonical keys")
  }
}
