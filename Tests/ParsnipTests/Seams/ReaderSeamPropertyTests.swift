import Foundation
import Testing

@testable import Parsnip

/// The seams over generated documents (issue 41, item 3): objects with repeated keys, keys spelled with escapes and
/// canonically equivalent keys, numbers at the edges, and now and then a deep chain. For each, the tree parsed from
/// the text, the `JSONDocument`'s `json()`, the pipeline's `.json` from each input, and every reader of a path to
/// each member agree with the tree the rule builds (`JSONObject`'s own: first position, last value), and
/// `.reject` fails exactly the documents that repeat a key.
@Suite struct ReaderSeamPropertyTests {
  /// A generated document, as written: each key with its spelling in the text.
  indirect enum Generated {
    case scalar(text: String)
    case array([Generated])
    case object([(spelling: String, key: String, value: Generated)])

    /// The JSON text.
    var text: String {
      switch self {
      case .scalar(let text): text
      case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
      case .object(let members): "{" + members.map { $0.spelling + ": " + $0.value.text }.joined(separator: ", ") + "}"
      }
    }

    /// The tree the rule builds: `JSONObject`'s init keeps a repeated key's first position and last value.
    var tree: JSON {
      switch self {
      case .scalar(let text): try! JSON(parsing: text)
      case .array(let elements): .array(elements.map(\.tree))
      case .object(let members): .object(JSONObject(members.map { ($0.key, $0.value.tree) }))
      }
    }

    /// Whether some object repeats a key (its Unicode scalars).
    var repeatsAKey: Bool {
      switch self {
      case .scalar: false
      case .array(let elements): elements.contains { $0.repeatsAKey }
      case .object(let members):
        Set(members.map { Array($0.key.unicodeScalars.map(\.value)) }).count < members.count
          || members.contains { $0.value.repeatsAKey }
      }
    }
  }

  static let keys = ["a", "b", "k", "", "a/b", "~0", "\u{E9}", "e\u{301}", "\u{1F600}", "\"q\""]
  static let numbers = [
    "0", "-0", "1", "-7", "2.5", "1e2", "9223372036854775807", "-9223372036854775808", "18446744073709551615",
    "18446744073709551616", "1e400", "-1e400", "5e-324", "1234567890123456789012345678901234",
    "0.1234567890123456789012345678901234",
  ]

  /// A key as JSON text, each scalar now and then as a `\u` escape (a surrogate pair above the BMP).
  static func spelling(_ key: String, using generator: inout SeededRandom) -> String {
    var out = "\""
    for scalar in key.unicodeScalars {
      if scalar == "\"" || scalar == "\\" || Int.random(in: 0..<3, using: &generator) == 0 {
        for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func value(depth: Int, using generator: inout SeededRandom) -> Generated {
    switch Int.random(in: 0..<(depth > 0 ? 10 : 6), using: &generator) {
    case 0: return .scalar(text: ["null", "true", "false"].randomElement(using: &generator)!)
    case 1, 2, 3: return .scalar(text: numbers.randomElement(using: &generator)!)
    case 4, 5: return .scalar(text: [#""x""#, #""\u00e9""#, #""""#, #""e\u0301""#].randomElement(using: &generator)!)
    case 6:
      return .array(
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth - 1, using: &generator) })
    default:
      // Now and then an object past the hash index's threshold (32 members).
      let big = Int.random(in: 0..<8, using: &generator) == 0
      let pool = big ? keys + (0..<36).map { "k\($0)" } : keys
      let count = big ? Int.random(in: 34...44, using: &generator) : Int.random(in: 0...6, using: &generator)
      var members: [(spelling: String, key: String, value: Generated)] = []
      for _ in 0..<count {
        // A third of the members repeat a key of their object.
        let key =
          !members.isEmpty && Int.random(in: 0..<3, using: &generator) == 0
          ? members.randomElement(using: &generator)!.key : pool.randomElement(using: &generator)!
        // A big object's members are scalars, so that documents stay small.
        members.append((spelling(key, using: &generator), key, value(depth: big ? 0 : depth - 1, using: &generator)))
      }
      return .object(members)
    }
  }

  /// A document; one in twenty sits at the bottom of a chain of 16 to 128 arrays or objects (`DepthSeamTests` reads
  /// 500 levels).
  static func document(seed: UInt64) -> Generated {
    var generator = SeededRandom(seed: seed)
    var document = value(depth: 4, using: &generator)
    if Int.random(in: 0..<20, using: &generator) == 0 {
      let objects = Bool.random(using: &generator)
      for _ in 0..<Int.random(in: 16...128, using: &generator) {
        document = objects ? .object([(#""k""#, "k", document)]) : .array([document])
      }
    }
    return document
  }

  @Test(arguments: 1...300 as ClosedRange<UInt64>)
  func everyReaderAgreesWithTheTreesRule(seed: UInt64) throws {
    let generated = Self.document(seed: seed)
    let text = generated.text
    let bytes = Array(text.utf8)
    let expected = generated.tree
    let written = ReaderSeams.Written(expected)
    let tree = try JSON(parsing: bytes)
    let document = try JSONDocument(parsing: bytes)
    #expect(ReaderSeams.Written(tree) == written, "tree of \(text)")
    #expect(ReaderSeams.Written(document.root.json()) == written, "document of \(text)")
    for (input, result) in [
      ("text", decodeJSON(text, with: .json)), ("a JSONDocument", decodeJSON(document, with: .json)),
      ("a JSON tree", decodeJSON(tree, with: .json)),
    ] {
      #expect((try? result.get()).map(ReaderSeams.Written.init) == written, "pipeline .json from \(input) of \(text)")
    }

    // Every path into the document, and just past each container.
    // In a deep chain, the paths near the top, near the bottom, and every 50th level between.
    let allPaths = PathEngineSeamTests.paths(in: expected)
    let deepest = allPaths.map(\.0.components.count).max() ?? 0
    let paths = allPaths.filter { keyPath, _ in
      let depth = keyPath.components.count
      return depth < 8 || depth > deepest - 8 || depth % 50 == 0
    }
    for (keyPath, pointer) in paths {
      let want = expected.value(at: keyPath).map(ReaderSeams.Written.init)
      let label = "\(keyPath) in \(text)"
      #expect((document.root.value(at: keyPath)?.json()).map(ReaderSeams.Written.init) == want, "document \(label)")
      #expect((document.root.value(at: pointer)?.json()).map(ReaderSeams.Written.init) == want, "pointer \(label)")
      #expect(try JSON.value(at: keyPath, inText: bytes).map(ReaderSeams.Written.init) == want, "on demand \(label)")
      #expect(tree.value(at: pointer).map(ReaderSeams.Written.init) == want, "tree pointer \(label)")
      let decoder = ReaderSeams.pipeline(at: keyPath, .json)
      #expect((try? decodeJSON(text, with: decoder).get()).map(ReaderSeams.Written.init) == want, "pipeline \(label)")
      #expect(
        (try? decodeJSON(document, with: decoder).get()).map(ReaderSeams.Written.init) == want,
        "pipeline from a JSONDocument \(label)")
      #expect(
        (try? decodeJSON(tree, with: decoder).get()).map(ReaderSeams.Written.init) == want, "pipeline tree \(label)")
    }

    // `.reject` fails exactly the documents that repeat a key, every parser alike.
    let reject = JSON.ParsingOptions(duplicateKeys: .reject)
    let rejected = [
      (try? JSON(parsing: bytes, options: reject)) == nil,
      (try? JSONDocument(parsing: bytes, options: reject)) == nil,
      (try? decodeJSON(bytes, with: .json, options: JSONDecodingOptions(parsing: reject)).get()) == nil,
    ]
    #expect(rejected == Array(repeating: generated.repeatsAKey, count: 3), "reject \(text)")

    // Codable reads text and a document alike.
    // Codable reads text and a document alike (failures compared by their presence: the errors' types differ).
    let codable = try? ParsnipDecoder().decode(CodableValue.self, from: bytes)
    #expect((try? document.root.value(at: .root, as: CodableValue.self)) == codable, "\(text)")
  }
}
