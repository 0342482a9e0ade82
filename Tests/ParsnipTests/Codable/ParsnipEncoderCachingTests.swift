import Foundation
import Testing

@testable import Parsnip

/// The encoder's per-encode caches (member names per key type, reused container boxes) and its string escaper:
/// each must be invisible in the output.
@Suite struct ParsnipEncoderCachingTests {
  // MARK: Member names

  struct AllBytes: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: ByteKey.self)
      for byte in UInt8.min...UInt8.max { try container.encode(Int(byte), forKey: ByteKey(byte)) }
    }
  }

  @Test func everyByteOfAOneByteKeyTypeIsItsOwnName() throws {
    let json = try JSON(parsing: ParsnipEncoder().encode([AllBytes(), AllBytes()]))
    for object in [json[0], json[1]] {
      #expect(object.count == 256)
      #expect(object.objectValue?.keys.first == "keyNumber0")
      #expect(object.objectValue?.keys.last == "keyNumber255")
      #expect(object["keyNumber200"] == 200)
    }
  }

  enum Unusual: String, CodingKey {
    case quoted = "say \"hi\""
    case slash = "a/b"
    case control = "tab\there"
    case unicode = "clé ✓"
    case long = "a member name longer than sixteen bytes, copied in words"
  }

  enum Numbered: Int, CodingKey {
    case first = 1
    case second = 2
  }

  /// A key type with one case has no bytes at all.
  enum Only: CodingKey { case only }

  struct MixedKeys: Encodable {
    var count = 2
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Unusual.self)
      try container.encode(1, forKey: .quoted)
      try container.encode("x", forKey: .slash)
      try container.encode(true, forKey: .control)
      try container.encode(2.5, forKey: .unicode)
      var numbered = container.nestedContainer(keyedBy: Numbered.self, forKey: .long)
      try numbered.encode([1, 2], forKey: .second)
      var only = numbered.nestedContainer(keyedBy: Only.self, forKey: .first)
      try only.encodeNil(forKey: .only)
    }
  }

  @Test func namesNeedingEscapesAreEscapedOnceAndReused() throws {
    let expected =
      #"{"say \"hi\"":1,"a\/b":"x","tab\there":true,"clé ✓":2.5,"#
      + #""a member name longer than sixteen bytes, copied in words":{"second":[1,2],"first":{"only":null}}}"#
    #expect(try ParsnipEncoder().encodeToString(MixedKeys()) == expected)
    #expect(try ParsnipEncoder().encodeToString([MixedKeys(), MixedKeys()]) == "[\(expected),\(expected)]")
    try expectEncodesLikeFoundation([MixedKeys(), MixedKeys()])
    try expectEncodesLikeFoundation([MixedKeys()]) { parsnip, foundation in
      parsnip.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
      foundation.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    }
  }

  struct Camel: Codable, Equatable {
    var myURLValue: Int
    var userID: String
    var nested: [Camel]
  }

  @Test func snakeCaseNamesAreConvertedOnceAndReused() throws {
    let value = Camel(myURLValue: 1, userID: "a", nested: [Camel(myURLValue: 2, userID: "b", nested: [])])
    let encoder = ParsnipEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(
      try encoder.encodeToString(value)
        == #"{"my_url_value":1,"user_id":"a","nested":[{"my_url_value":2,"user_id":"b","nested":[]}]}"#)
    try expectEncodesLikeFoundation([value, value]) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .convertToSnakeCase
      foundation.keyEncodingStrategy = .convertToSnakeCase
    }
  }

  @Test func customKeyStrategyIsAskedForEveryMemberWithItsPath() throws {
    let value = Camel(myURLValue: 1, userID: "a", nested: [Camel(myURLValue: 2, userID: "b", nested: [])])
    let encoder = ParsnipEncoder()
    // The same key gets a different name at each depth, so names cannot be cached for `.custom`.
    encoder.keyEncodingStrategy = .custom { path in
      PathCodingKey(stringValue: "\(path.last!.stringValue)\(path.count)")
    }
    #expect(
      try encoder.encodeToString(value)
        == #"{"myURLValue1":1,"userID1":"a","nested1":[{"myURLValue3":2,"userID3":"b","nested3":[]}]}"#)
  }

  struct Deep: Encodable {
    enum CodingKeys: String, CodingKey { case outer }
    enum Inner: String, CodingKey { case inner }
    let value: Double
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .outer)
      try nested.encode([value], forKey: .inner)
    }
  }

  @Test func errorPathsKeepTheKeysOfCachedKeyTypes() throws {
    do {
      _ = try ParsnipEncoder().encode(["list": [Deep(value: .nan)]])
      Issue.record("expected an error")
    } catch EncodingError.invalidValue(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["list", "Index 0", "outer", "inner", "Index 0"])
      #expect(context.codingPath[2] as? Deep.CodingKeys == .outer)
      #expect(context.codingPath[3] as? Deep.Inner == .inner)
    }
  }

  // MARK: Container boxes

  struct Node: Codable, Equatable {
    var name: String
    var children: [Node]
  }

  static func tree(depth: Int, fanOut: Int) -> Node {
    let children = depth == 0 ? [] : (0..<fanOut).map { _ in tree(depth: depth - 1, fanOut: fanOut) }
    return Node(name: "d\(depth)", children: children)
  }

  @Test func containersOfOneKeyTypeNestedAndSideBySide() throws {
    // Each node's container is still held while its children (same key type) are encoded.
    let value = Self.tree(depth: 4, fanOut: 3)
    try expectEncodesLikeFoundation(value)
    #expect(try ParsnipDecoder().decode(Node.self, from: ParsnipEncoder().encode(value)) == value)
    #expect(
      try ParsnipEncoder().encodeToString(Self.tree(depth: 1, fanOut: 2))
        == #"{"name":"d1","children":[{"name":"d0","children":[]},{"name":"d0","children":[]}]}"#)
  }

  struct TwoHeldSiblings: Encodable {
    enum Keys: CodingKey { case a, b, c }
    func encode(to encoder: any Encoder) throws {
      var root = encoder.container(keyedBy: Keys.self)
      var first = root.nestedContainer(keyedBy: Keys.self, forKey: .a)
      try first.encode(1, forKey: .a)
      var second = root.nestedContainer(keyedBy: Keys.self, forKey: .b)
      try second.encode(2, forKey: .a)
      // Back into the first after the second was opened: out of order, so not streamable.
      try first.encode(3, forKey: .b)
      try root.encode(4, forKey: .c)
    }
  }

  @Test func heldContainersOfOneKeyTypeKeepTheirOwnObjects() throws {
    #expect(try ParsnipEncoder().encodeToString(TwoHeldSiblings()) == #"{"a":{"a":1,"b":3},"b":{"a":2},"c":4}"#)
    try expectEncodesLikeFoundation([TwoHeldSiblings(), TwoHeldSiblings()])
  }

  // MARK: Strings

  static let specials: [Character] = ["\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "✓", "😀"]

  /// Strings of every length up to 24 with a special character at every position, so each one lands in a full
  /// word and in the partial last word.
  static var shortStrings: [String] {
    var strings = [""]
    for length in 1...24 {
      strings.append(String(repeating: "a", count: length))
      for special in specials {
        for position in [0, length / 2, length - 1] {
          var characters = Array(repeating: Character("a"), count: length)
          characters[position] = special
          strings.append(String(characters))
        }
      }
    }
    return strings
  }

  static func writerEscaped(_ string: String, escapesSlashes: Bool) -> String {
    var bytes: [UInt8] = []
    StringEscaping.appendQuoted(string, to: &bytes, escapesSlashes: escapesSlashes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func stringsAreEscapedExactlyAsTheWriterEscapes() throws {
    let strings = Self.shortStrings
    let slashes = ParsnipEncoder()
    let noSlashes = ParsnipEncoder()
    noSlashes.outputFormatting = .withoutEscapingSlashes
    for string in strings {
      #expect(try slashes.encodeToString(string) == Self.writerEscaped(string, escapesSlashes: true))
      #expect(try noSlashes.encodeToString(string) == Self.writerEscaped(string, escapesSlashes: false))
    }
    let parsed = try JSON(parsing: slashes.encode(strings))
    #expect(parsed.arrayValue?.compactMap(\.stringValue) == strings)
  }

  @Test(arguments: [OutputBuffer.escapingChunkLimit, OutputBuffer.escapingChunkLimit + 1, 200_000])
  func longStringsAroundTheReservationLimit(length: Int) throws {
    var string = String(repeating: "a/b\"c\u{1}é", count: length / 8)
    string += String(repeating: "x", count: length - string.utf8.count)
    #expect(string.utf8.count == length)
    #expect(try ParsnipEncoder().encodeToString(string) == Self.writerEscaped(string, escapesSlashes: true))
    // A streaming buffer escapes in small reservations.
    var streamed: [UInt8] = []
    var out = OutputBuffer(streamingTo: { streamed.append(contentsOf: $0) })
    out.appendQuoted(string, escapesSlashes: false)
    out.flush()
    out.release()
    #expect(String(decoding: streamed, as: UTF8.self) == Self.writerEscaped(string, escapesSlashes: false))
  }

  @Test func bridgedAndSubstringBackedStringsAreEscapedToo() throws {
    let native = "line\nbreak/slash \"quoted\" ✓ and more text past sixteen bytes"
    let bridged = NSString(string: native) as String
    let fromSubstring = String(native.dropFirst(2).dropLast(2))
    #expect(try ParsnipEncoder().encodeToString([bridged]) == "[\(Self.writerEscaped(bridged, escapesSlashes: true))]")
    #expect(
      try ParsnipEncoder().encodeToString(fromSubstring) == Self.writerEscaped(fromSubstring, escapesSlashes: true))
  }

  // MARK: Output

  @Test func outputDataOwnsItsBytes() throws {
    let encoder = ParsnipEncoder()
    let first = try encoder.encode(Self.tree(depth: 3, fanOut: 4))
    let second = try encoder.encode(["short"])
    #expect(try JSON(parsing: first) == JSON(parsing: JSONEncoder().encode(Self.tree(depth: 3, fanOut: 4))))
    #expect(String(decoding: second, as: UTF8.self) == #"["short"]"#)
    #expect(first.count > 1000)
  }

  /// An encoder starts each output with room for its last one (at most 4 MiB ahead): outputs that shrink, grow past
  /// that room (a long string of escapes at the end needs six bytes a byte), and grow past the cap must all come out
  /// as a fresh encoder writes them.
  @Test func outputsOfChangingSizesFromOneEncoder() throws {
    let small = ["id": 1]
    let medium = (0..<5_000).map { "item \($0) with some text" }
    let escapesAtTheEnd = medium + [String(repeating: "\u{1}", count: 100_000)]
    let large = (0..<250_000).map { "item \($0) with some text" }  // about 6 MB, past the 4 MiB cap
    let encoder = ParsnipEncoder()
    func check<T: Encodable>(_ value: T) throws {
      let fresh = try ParsnipEncoder().encode(value)
      #expect(try encoder.encode(value) == fresh)
      #expect(try encoder.encodeToBytes(value) == Array(fresh))
    }
    try check(small)
    try check(medium)
    try check(small)
    try check(escapesAtTheEnd)
    try check(medium)
    try check(large)
    try check(small)
  }

  // MARK: Repeated keys of cached key types

  enum Letter: String, CodingKey { case a, b, c }

  /// Writes `keys` in order into one object, the n-th with the value n.
  struct Writes: Encodable {
    let keys: [Letter]
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Letter.self)
      for (n, key) in keys.enumerated() { try container.encode(n, forKey: key) }
    }
  }

  @Test func aRepeatedKeyOfOneKeyTypeKeepsItsFirstPositionAndLastValue() throws {
    #expect(try ParsnipEncoder().encodeToString(Writes(keys: [.a, .b, .a])) == #"{"a":2,"b":1}"#)
    #expect(try ParsnipEncoder().encodeToString(Writes(keys: [.a, .b, .c])) == #"{"a":0,"b":1,"c":2}"#)
    let values = [Writes(keys: [.c, .c]), Writes(keys: [.a, .b, .c, .b]), Writes(keys: [.b, .a])]
    try expectEncodesLikeFoundation(values)
    try expectEncodesLikeFoundation(values) { parsnip, foundation in
      parsnip.outputFormatting = [.prettyPrinted, .sortedKeys]
      foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
    }
  }

  struct MergedBySnakeCase: Encodable {
    enum CodingKeys: String, CodingKey { case userID, other, userId }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(1, forKey: .userID)
      try container.encode(2, forKey: .other)
      try container.encode(3, forKey: .userId)
    }
  }

  /// Two keys of one type whose snake-case names are the same are one member, as a repeated key is; in the second
  /// object both names are already cached.
  @Test func keysThatSnakeCaseMergesAreOneMember() throws {
    let encoder = ParsnipEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(try encoder.encodeToString(MergedBySnakeCase()) == #"{"user_id":3,"other":2}"#)
    #expect(
      try encoder.encodeToString([MergedBySnakeCase(), MergedBySnakeCase()])
        == #"[{"user_id":3,"other":2},{"user_id":3,"other":2}]"#)
    try expectEncodesLikeFoundation(MergedBySnakeCase()) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .convertToSnakeCase
      foundation.keyEncodingStrategy = .convertToSnakeCase
    }
  }

  /// A one-byte key type whose bytes 3 and 7 share a name, found only when byte 7 is first written.
  struct SharedNameKey: CodingKey {
    var byte: UInt8
    init(_ byte: UInt8) { self.byte = byte }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
    var stringValue: String { byte == 7 ? "k3" : "k\(byte)" }
    var intValue: Int? { nil }
  }

  struct SharedNames: Encodable {
    let bytes: [UInt8]
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: SharedNameKey.self)
      for (n, byte) in bytes.enumerated() { try container.encode(n, forKey: SharedNameKey(byte)) }
    }
  }

  /// In the first object the shared name is found while the object is checked by bytes; in the others, after it
  /// was found (each encode with one repeated key at most, as any repeated key sends the whole encode through the
  /// tree).
  @Test func twoKeysOfOneTypeWithOneNameAreOneMember() throws {
    #expect(try ParsnipEncoder().encodeToString(SharedNames(bytes: [3, 1, 7])) == #"{"k3":2,"k1":1}"#)
    let afterward = [SharedNames(bytes: [7]), SharedNames(bytes: [3, 1])]
    #expect(try ParsnipEncoder().encodeToString(afterward) == #"[{"k3":0},{"k3":0,"k1":1}]"#)
    let again = [SharedNames(bytes: [7]), SharedNames(bytes: [1, 3, 7])]
    #expect(try ParsnipEncoder().encodeToString(again) == #"[{"k3":0},{"k1":0,"k3":2}]"#)
    // An object that starts after the table is known to share a name: checked by hash from its first member.
    let fresh = [SharedNames(bytes: [3]), SharedNames(bytes: [7]), SharedNames(bytes: [3, 1, 7])]
    #expect(try ParsnipEncoder().encodeToString(fresh) == #"[{"k3":0},{"k3":0},{"k3":2,"k1":1}]"#)
  }

  struct AllBytesThenRepeats: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: ByteKey.self)
      for byte in UInt8.min...UInt8.max { try container.encode(Int(byte), forKey: ByteKey(byte)) }
      try container.encode(-1, forKey: ByteKey(200))
      try container.encode(-2, forKey: ByteKey(5))
    }
  }

  /// Key bytes from 64 on are checked by hash, together with the bytes below 64 written before them.
  @Test func repeatedKeysAmongManyBytesOfOneKeyType() throws {
    let json = try JSON(parsing: ParsnipEncoder().encode(AllBytesThenRepeats()))
    #expect(json.count == 256)
    #expect(json.objectValue?.keys == (0...255).map { "keyNumber\($0)" })
    #expect(json["keyNumber200"] == -1 && json["keyNumber5"] == -2 && json["keyNumber6"] == 6)
  }

  /// Members from a second key type, or from non-cached keys, meet the members already written in the object.
  struct MixedKeyTypes: Encodable {
    enum Other: String, CodingKey { case c, a }
    let order: Int
    func encode(to encoder: any Encoder) throws {
      switch order {
      case 0:
        var letters = encoder.container(keyedBy: Letter.self)
        try letters.encode(1, forKey: .a)
        try letters.encode(2, forKey: .b)
        var other = encoder.container(keyedBy: Other.self)
        try other.encode(3, forKey: .c)
        try other.encode(4, forKey: .a)
      case 1:
        var letters = encoder.container(keyedBy: Letter.self)
        try letters.encode(1, forKey: .a)
        try letters.encode(2, forKey: .b)
        var strings = encoder.container(keyedBy: PathCodingKey.self)
        try strings.encode(3, forKey: PathCodingKey(stringValue: "a"))
      default:
        var strings = encoder.container(keyedBy: PathCodingKey.self)
        try strings.encode(1, forKey: PathCodingKey(stringValue: "b"))
        var letters = encoder.container(keyedBy: Letter.self)
        try letters.encode(2, forKey: .a)
        try letters.encode(3, forKey: .b)
      }
    }
  }

  /// Each value alone: one repeated key anywhere in an encode sends the whole of it through the tree.
  @Test func repeatedKeysAcrossKeyTypesInOneObject() throws {
    let expected = [#"{"a":4,"b":2,"c":3}"#, #"{"a":3,"b":2}"#, #"{"b":3,"a":2}"#]
    for order in 0..<3 {
      #expect(try ParsnipEncoder().encodeToString(MixedKeyTypes(order: order)) == expected[order])
      try expectEncodesLikeFoundation(MixedKeyTypes(order: order))
    }
  }
}
