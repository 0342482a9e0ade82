import Foundation
import Testing

@testable import Parsnip

/// The caches one encode leaves to the next on its thread (`EncodeCaches`): names follow each encode's style, an
/// encode nested in another's `encode(to:)` keeps to its own, and a container kept past its encode cannot reach the
/// caches a later encode holds.
///
/// Two encodes in a row on one thread take the same caches (the thread's); each check repeats its encodes all the
/// same.
@Suite struct EncodeCachesTests {
  struct Account: Encodable {
    var userName = "a"
    var homePage = "x/y"
    enum CodingKeys: String, CodingKey {
      case userName
      case homePage = "home/page"
    }
  }

  static func encoder(_ configure: (ParsnipEncoder) -> Void = { _ in }) -> ParsnipEncoder {
    let encoder = ParsnipEncoder()
    configure(encoder)
    return encoder
  }

  /// Names made for one key strategy, slash escaping or layout are not used for another, alternating on one thread.
  @Test func namesFollowTheStyleOfEachEncode() throws {
    let cases: [(ParsnipEncoder, String)] = [
      (Self.encoder(), #"{"userName":"a","home\/page":"x\/y"}"#),
      (Self.encoder { $0.keyEncodingStrategy = .convertToSnakeCase }, #"{"user_name":"a","home\/page":"x\/y"}"#),
      (Self.encoder { $0.outputFormatting = .withoutEscapingSlashes }, #"{"userName":"a","home/page":"x/y"}"#),
      (
        Self.encoder { $0.outputFormatting = .prettyPrinted },
        "{\n  \"userName\" : \"a\",\n  \"home\\/page\" : \"x\\/y\"\n}"
      ),
      (
        Self.encoder {
          $0.keyEncodingStrategy = .custom { path in PathCodingKey(stringValue: "k_" + path.last!.stringValue) }
        },
        #"{"k_userName":"a","k_home\/page":"x\/y"}"#
      ),
    ]
    for _ in 0..<20 {
      for (encoder, expected) in cases + cases.reversed() {
        #expect(try encoder.encodeToString(Account()) == expected)
      }
    }
  }

  /// Encodes `inner` with its own (snake case) encoder from inside `encode(to:)`, then writes its members.
  struct Outer: Encodable {
    var inner = Account()
    enum CodingKeys: String, CodingKey { case userName, innerText }
    func encode(to encoder: any Encoder) throws {
      let text = try EncodeCachesTests.encoder { $0.keyEncodingStrategy = .convertToSnakeCase }.encodeToString(inner)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode("outer", forKey: .userName)
      try container.encode(text, forKey: .innerText)
    }
  }

  /// An encode nested in another's `encode(to:)` finds the thread's caches taken and makes its own; each writes its
  /// names in its own style, and the thread goes on to keep one set.
  @Test func aNestedEncodeKeepsToItsOwnStyle() throws {
    let encoder = ParsnipEncoder()
    for _ in 0..<20 {
      #expect(
        try encoder.encodeToString(Outer())
          == #"{"userName":"outer","innerText":"{\"user_name\":\"a\",\"home\\\/page\":\"x\\\/y\"}"}"#)
      #expect(try encoder.encodeToString(Account()) == #"{"userName":"a","home\/page":"x\/y"}"#)
    }
  }

  final class KeptContainer: @unchecked Sendable {
    var container: KeyedEncodingContainer<ByteKey>?
  }

  /// Keeps its keyed container, writes the keys of bytes `0..<count`, and throws afterwards when `throwsAfter`.
  struct Keeping: Encodable {
    let kept: KeptContainer
    var count = 2
    var throwsAfter = false
    struct Failure: Error {}
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: ByteKey.self)
      for byte in 0..<UInt8(count) { try container.encode(Int(byte), forKey: .init(byte)) }
      kept.container = container
      if throwsAfter { throw Failure() }
    }
  }

  static func expected(_ count: Int, snakeCase: Bool) -> String {
    "{" + (0..<count).map { #""key\#(snakeCase ? "_n" : "N")umber\#($0)":\#($0)"# }.joined(separator: ",") + "}"
  }

  /// A container kept past its encode (finished, or failed with containers open) writes nothing when used later,
  /// not even names its key type's table has not seen: by then an encode in another style has emptied the caches
  /// and freed the name table the container points at (whose memory the next table of that key type may reuse).
  @Test func aContainerKeptPastItsEncodeCannotReachTheCachesAgain() throws {
    let snake = Self.encoder { $0.keyEncodingStrategy = .convertToSnakeCase }
    let plain = ParsnipEncoder()
    for throwsAfter in [false, true] {
      for round in 0..<20 {
        let kept = KeptContainer()
        let first = try? snake.encodeToString(Keeping(kept: kept, throwsAfter: throwsAfter))
        #expect(first == (throwsAfter ? nil : Self.expected(2, snakeCase: true)))
        let fresh = KeptContainer()
        #expect(try plain.encodeToString(Keeping(kept: fresh, count: 3)) == Self.expected(3, snakeCase: false))
        for byte in UInt8(3)..<200 { try kept.container?.encode(round, forKey: .init(byte)) }
        try kept.container?.encodeNil(forKey: .init(0))
        #expect(try plain.encodeToString(Keeping(kept: fresh, count: 200)) == Self.expected(200, snakeCase: false))
        #expect(try snake.encodeToString(Keeping(kept: fresh, count: 5)) == Self.expected(5, snakeCase: true))
      }
    }
  }

  final class KeptEncoder: @unchecked Sendable {
    var encoder: (any Encoder)?
  }

  /// Keeps the `Encoder` it is handed, and writes one member.
  struct KeepingEncoder: Encodable {
    let kept: KeptEncoder
    func encode(to encoder: any Encoder) throws {
      kept.encoder = encoder
      var container = encoder.container(keyedBy: ByteKey.self)
      try container.encode(1, forKey: .init(1))
    }
  }

  /// A key type that nothing but a kept encoder uses.
  enum OnlyKeptKeys: String, CodingKey { case late }

  /// An `Encoder` kept past its encode makes containers that write nothing and register nothing in the caches, which
  /// the thread's next encode holds by then.
  @Test func anEncoderKeptPastItsEncodeLeavesTheCachesAlone() throws {
    let encoder = ParsnipEncoder()
    let kept = KeptEncoder()
    #expect(try encoder.encodeToString(KeepingEncoder(kept: kept)) == #"{"keyNumber1":1}"#)
    #expect(try encoder.encodeToString(Account()) == #"{"userName":"a","home\/page":"x\/y"}"#)
    var late = try #require(kept.encoder).container(keyedBy: OnlyKeptKeys.self)
    try late.encode("x", forKey: .late)
    let caches = EncodeCaches.take(for: EncoderOptions())
    #expect(caches.contents.pointee.keyTypeIndexes[ObjectIdentifier(OnlyKeptKeys.self)] == nil)
    #expect(caches.contents.pointee.keyTypeIndexes[ObjectIdentifier(Account.CodingKeys.self)] != nil)
    caches.giveBack()
    #expect(try encoder.encodeToString(Account()) == #"{"userName":"a","home\/page":"x\/y"}"#)
  }

  /// Encodes on many threads at once, each alternating styles: every thread keeps its own set, and no output shows
  /// another style's names.
  @Test func threadsEncodingAtOnceKeepToTheirOwnCaches() {
    let cases: [(ParsnipEncoder, String)] = [
      (Self.encoder(), #"{"userName":"a","home\/page":"x\/y"}"#),
      (Self.encoder { $0.keyEncodingStrategy = .convertToSnakeCase }, #"{"user_name":"a","home\/page":"x\/y"}"#),
      (Self.encoder { $0.outputFormatting = .withoutEscapingSlashes }, #"{"userName":"a","home/page":"x/y"}"#),
    ]
    let failures = LockedPaths()
    DispatchQueue.concurrentPerform(iterations: 400) { index in
      for step in 0..<5 {
        let (encoder, expected) = cases[(index &+ step) % cases.count]
        if (try? encoder.encodeToString(Account())) != expected { failures.append("\(index).\(step)") }
      }
    }
    #expect(failures.values.isEmpty)
  }

  /// The thread keeps the encode's caches: the next encode on it finds the key types the last one met.
  @Test func theThreadKeepsTheEncodesCaches() throws {
    let options = EncoderOptions()
    for _ in 0..<3 {
      #expect(try ParsnipEncoder().encodeToString(Account()) == #"{"userName":"a","home\/page":"x\/y"}"#)
      let kept = EncodeCaches.take(for: options)
      #expect(kept.contents.pointee.keyTypeIndexes[ObjectIdentifier(Account.CodingKeys.self)] != nil)
      kept.giveBack()
    }
  }
}
