import Foundation
import Testing

@testable import Parsnip

/// The caches one decode leaves to the next (`DecodeCaches`): names follow each decode's key strategy, and nothing
/// of one document's tape is read in the next one's.
///
/// Two decodes in a row on one thread take the same caches (the thread's); each check repeats its decodes all the
/// same.
@Suite struct DecodeCachesTests {
  struct Account: Decodable, Equatable {
    var userName: String
    var followersCount: Int
  }

  /// Names cached under one key strategy are not used under another, alternating on one thread.
  @Test func namesFollowTheKeyStrategyOfEachDecode() throws {
    let plain = ParsnipDecoder()
    let snake = ParsnipDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    let custom = ParsnipDecoder()
    custom.keyDecodingStrategy = .custom { path in
      PathCodingKey(stringValue: String(path.last!.stringValue.dropFirst(2)))
    }
    let plainText = Data(#"{"userName":"a","followersCount":1}"#.utf8)
    let snakeText = Data(#"{"user_name":"b","followers_count":2}"#.utf8)
    let customText = Data(#"{"x_userName":"c","x_followersCount":3}"#.utf8)
    for _ in 0..<50 {
      #expect(try plain.decode(Account.self, from: plainText) == Account(userName: "a", followersCount: 1))
      #expect(try snake.decode(Account.self, from: snakeText) == Account(userName: "b", followersCount: 2))
      #expect(try plain.decode(Account.self, from: plainText) == Account(userName: "a", followersCount: 1))
      #expect(try custom.decode(Account.self, from: customText) == Account(userName: "c", followersCount: 3))
      #expect(throws: DecodingError.self) { try plain.decode(Account.self, from: snakeText) }
    }
  }

  /// The object shapes a document found distinct are not taken for the next document's: an object at the same
  /// node, of as many members, that repeats a key still takes the first value (see
  /// `ParsnipDecoderStrategyTests.duplicateKeysAmongObjectsOfOneSizeTakeTheFirstValue`).
  @Test func aDocumentDoesNotSeeTheShapesOfTheOneBefore() throws {
    func object(_ keys: [String]) -> String { "[" + ParsnipDecoderStrategyTests.object(keys) + "]" }
    let (keys, repeated) = (ParsnipDecoderStrategyTests.twelveKeys, ParsnipDecoderStrategyTests.twelveKeysRepeatingK3)
    let decoder = ParsnipDecoder()
    for _ in 0..<50 {
      let distinct = try decoder.decode([ParsnipDecoderStrategyTests.Twelve].self, from: Data(object(keys).utf8))
      #expect(distinct.map(\.k3) == [30])
      let repeating = try decoder.decode([ParsnipDecoderStrategyTests.Twelve].self, from: Data(object(repeated).utf8))
      #expect(repeating.map(\.k3) == [30])
      #expect(repeating.map(\.k11) == [nil])
    }
  }

  struct OnlyA: Decodable, Equatable {
    var a: Int
  }

  /// A lookup starts after the member found last in the same object node; the next document's object at that node
  /// starts from its first member. (Kept over, the search would start at node 4, inside `"c"`'s object, and miss
  /// `"a"`.)
  @Test func lookupHintsDoNotCarryOverToTheNextDocument() throws {
    let decoder = ParsnipDecoder()
    for _ in 0..<50 {
      #expect(try decoder.decode(OnlyA.self, from: Data(#"{"a":1,"b":2}"#.utf8)) == OnlyA(a: 1))
      #expect(try decoder.decode(OnlyA.self, from: Data(#"{"c":{"z":1},"a":7}"#.utf8)) == OnlyA(a: 7))
    }
  }

  /// Reads `name` through a keyed container of `PathCodingKey`s and keeps nothing.
  struct NameReader: Decodable {
    var name: String
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: PathCodingKey.self)
      name = try container.decode(String.self, forKey: PathCodingKey(stringValue: "name"))
    }
  }

  /// A container box only the caches hold is handed out again by the next decode on the thread; one that a value
  /// kept is not, and goes on reading its own document after later decodes of the same key type.
  @Test func aKeptContainerReadsItsOwnDocumentAfterLaterDecodes() throws {
    let decoder = ParsnipDecoder()
    let name = PathCodingKey(stringValue: "name")
    func text(_ name: String) -> Data { Data(#"{"name": "\#(name)", "list": [1], "child": {"name": "c"}}"#.utf8) }
    for round in 0..<20 {
      #expect(try decoder.decode(NameReader.self, from: text("before\(round)")).name == "before\(round)")
      let keeper = try decoder.decode(ParsnipDecoderLifetimeTests.Keeper.self, from: text("kept\(round)"))
      #expect(try decoder.decode(NameReader.self, from: text("after\(round)")).name == "after\(round)")
      let second = try decoder.decode(ParsnipDecoderLifetimeTests.Keeper.self, from: text("second\(round)"))
      #expect(try keeper.keyed.decode(String.self, forKey: name) == "kept\(round)")
      #expect(try second.keyed.decode(String.self, forKey: name) == "second\(round)")
      #expect(try decoder.decode(NameReader.self, from: text("last\(round)")).name == "last\(round)")
    }
  }

  /// Reads `name`, and asks for a decoder over the missing member `absent` (`superDecoder(forKey:)`), which decodes
  /// `null` in a state of its own nested in the decode's.
  struct AskingForAMissingMember: Decodable {
    var name: String
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: PathCodingKey.self)
      name = try container.decode(String.self, forKey: PathCodingKey(stringValue: "name"))
      #expect(
        try container.superDecoder(forKey: PathCodingKey(stringValue: "absent")).singleValueContainer().decodeNil())
    }
  }

  /// The thread keeps the caches of the decode, not those of a state nested in it: the nested state makes caches of
  /// its own, which it must not leave to the thread in place of the decode's (the next decode would start cold).
  @Test func theThreadKeepsTheDecodesCachesNotANestedStates() throws {
    let decoder = ParsnipDecoder()
    let text = Data(#"{"name": "n"}"#.utf8)
    for _ in 0..<3 {
      #expect(try decoder.decode(AskingForAMissingMember.self, from: text).name == "n")
      let kept = DecodeCaches.take(keyMode: .plain)
      let keyTypes = kept.takeKeyTypes()
      #expect(keyTypes.indexes[ObjectIdentifier(PathCodingKey.self)] != nil, "the decode's key type is kept")
      kept.giveBack(keyTypes, keepsForThread: true)
    }
  }

  /// The duplicate check's table marks its slots with a 32-bit generation; before the count would wrap to an empty
  /// slot's 0, the table starts over cleared.
  @Test func theDuplicateTableStartsOverBeforeItsGenerationWraps() {
    var workspace = LookupWorkspace()
    defer { workspace.deallocate() }
    let table = workspace.reserveTable(8)
    table[3] = UInt64(7) << 32 | 5
    workspace.generation = UInt64(UInt32.max)
    let next = workspace.reserveTable(8)
    #expect(workspace.generation == 1)
    #expect((0..<8).allSatisfy { next[$0] == 0 })
  }
}
