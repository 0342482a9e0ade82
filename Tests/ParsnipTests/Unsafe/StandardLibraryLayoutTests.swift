import Foundation
import Testing

@testable import Parsnip

/// Every assumption of StandardLibraryLayout.swift holds where the tests run: a toolchain that changes one fails here
/// by name, instead of the library silently taking its slower fallback. And every fallback, forced, gives the same
/// results as the fast path.
@Suite struct StandardLibraryLayoutTests {
  // MARK: The assumptions, checked loudly

  @Test func stringIsTwoWordsAndReadsInPlace() {
    #expect(String.hasTwoWordLayout, "String is no longer two 64-bit words: the writer's key cache is off")
    #expect(String.readsBytesInPlace, "String's storage layout changed: strings are no longer read in place")
  }

  @Test func jsonPayloadsAndArrayStorageAreReadInPlace() {
    #expect(JSON.storesPayloadsInPlace, "JSON's payload or Array's storage layout changed: the writer copies")
  }

  @Test func keyedContainersAreOneReferenceToTheirBox() {
    #expect(
      StandardLibraryLayout.keyedContainersAreBoxReferences,
      "KeyedDecodingContainer/KeyedEncodingContainer are no longer one reference: the coders box every container")
  }

  @Test func anOptionalsPayloadLiesAtItsStart() {
    #expect(StandardLibraryLayout.unwrapped(Optional(42)) { $0 } == 42)
    #expect(StandardLibraryLayout.unwrapped(Optional("a string longer than fifteen bytes")) { $0 }.count == 34)
    #expect(StandardLibraryLayout.unwrapped(Optional<[Int]>([1, 2, 3])) { $0 } == [1, 2, 3] as [Int])
    #expect(StandardLibraryLayout.unwrapped(Optional(Optional(7))) { $0 } == Optional(7))
    #expect(StandardLibraryLayout.unwrapped(Optional(JSON.bool(true))) { $0 } == .bool(true))
    #expect(StandardLibraryLayout.unwrapped(Optional(UInt8(200))) { $0 } == 200)
  }

  @Test func storageWordsMatchOnlyTheSameString() {
    let long = String(repeating: "stored out of line ", count: 3)
    var a = long
    var b = a  // the same storage
    var c = String(repeating: "stored out of line ", count: 3)  // the same text, other storage
    var small = "small"
    let wordsA = withUnsafePointer(to: &a) { String.storageWords(at: $0) }
    let wordsB = withUnsafePointer(to: &b) { String.storageWords(at: $0) }
    let wordsC = withUnsafePointer(to: &c) { String.storageWords(at: $0) }
    let wordsSmall = withUnsafePointer(to: &small) { String.storageWords(at: $0) }
    #expect(wordsA == wordsB)
    #expect(wordsA != wordsC)
    #expect(wordsA != wordsSmall)
  }

  // MARK: The fallbacks, forced

  struct Item: Codable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var child: Child?
  }

  struct Child: Codable, Equatable {
    var value: Double
    var flag: Bool
  }

  static let items: [Item] = (0..<40).map {
    Item(
      id: $0, name: "item \($0)", tags: ["t\($0 % 3)"],
      child: $0.isMultiple(of: 2) ? Child(value: 0.5, flag: true) : nil)
  }

  @Test func decoderGivesTheSameValuesWithoutReusedBoxes() throws {
    let data = try JSONEncoder().encode(Self.items)
    let fallback = ParsnipDecoder()
    fallback.reusesContainerBoxes = false
    #expect(!fallback.reusesContainerBoxes)
    #expect(try fallback.decode([Item].self, from: data) == Self.items)
    #expect(try ParsnipDecoder().decode([Item].self, from: data) == Self.items)
    // The same error either way.
    let bad = Data(#"[{"id": 1, "name": "x", "tags": [], "child": {"value": "nope", "flag": true}}]"#.utf8)
    let fastError =
      "\(try #require(throws: DecodingError.self) { try ParsnipDecoder().decode([Item].self, from: bad) })"
    let slowError = "\(try #require(throws: DecodingError.self) { try fallback.decode([Item].self, from: bad) })"
    #expect(fastError == slowError)
  }

  @Test func encoderGivesTheSameBytesWithoutReusedBoxes() throws {
    let fallback = ParsnipEncoder()
    fallback.reusesContainerBoxes = false
    #expect(!fallback.reusesContainerBoxes)
    let fast = ParsnipEncoder()
    var expected: Data = try fast.encode(Self.items)
    #expect(try fallback.encode(Self.items) as Data == expected)
    fallback.outputFormatting = [.prettyPrinted, .sortedKeys]
    fast.outputFormatting = [.prettyPrinted, .sortedKeys]
    expected = try fast.encode(Self.items)
    #expect(try fallback.encode(Self.items) as Data == expected)
  }

  /// More keys than the writer writes before it starts caching (`WrittenKeyCache.keysBeforeCaching`), long and
  /// short, repeated in storage the parser shares and in storage it does not.
  @Test(arguments: [JSON.WritingOptions.compact, .pretty, .init(sortsKeys: true), .init(asciiOnly: true)])
  func writerGivesTheSameBytesWithoutTheKeyCache(options: JSON.WritingOptions) throws {
    let parsed = try JSON(parsing: try JSONEncoder().encode(Self.items))
    let built: JSON = .array(
      (0..<100).map { index in
        .object([
          "short": .number(JSONNumber(index)), "a key long enough to be stored out of line": "v",
          "ünïcödé key \(index % 7)": .bool(true), "escaped\n\"key\"": .null,
        ])
      })
    for tree in [parsed, built] {
      var cached = JSONWriter.Configuration(options)
      cached.cachesKeys = true
      var uncached = cached
      uncached.cachesKeys = false
      #expect(try Self.bytes(of: tree, cached) == Self.bytes(of: tree, uncached))
    }
  }

  static func bytes(of value: JSON, _ configuration: JSONWriter.Configuration) throws -> [UInt8] {
    var writer = JSONWriter(out: OutputBuffer(capacity: 64), configuration: configuration)
    defer { writer.out.release() }
    try writer.write(value)
    return writer.out.bytes()
  }
}
