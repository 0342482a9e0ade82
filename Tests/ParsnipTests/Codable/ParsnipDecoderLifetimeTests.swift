import Foundation
import Testing

@testable import Parsnip

/// Containers and decoders kept after `decode` returns keep working, as Foundation's do: the decode's state copies
/// the text it reads and lives on with what holds it.
@Suite struct ParsnipDecoderLifetimeTests {
  /// Keeps everything `init(from:)` was handed, to read after the decode call.
  final class Keeper: Decodable, @unchecked Sendable {
    let decoder: any Decoder
    let keyed: KeyedDecodingContainer<PathCodingKey>
    var list: any UnkeyedDecodingContainer
    let single: any SingleValueDecodingContainer
    let superDecoder: any Decoder

    init(from decoder: any Decoder) throws {
      self.decoder = decoder
      keyed = try decoder.container(keyedBy: PathCodingKey.self)
      list = try keyed.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "list"))
      single = try decoder.singleValueContainer()
      superDecoder = try keyed.superDecoder(forKey: PathCodingKey(stringValue: "child"))
    }
  }

  struct Child: Decodable, Equatable { var name: String }

  static let text = #"{"name": "kept", "list": [1, "two", 3.5], "child": {"name": "c"}, "bad": "x"}"#

  /// Decodes from an array's own storage, then overwrites it, as a caller may reuse its buffer.
  static func decodeFromScratchBuffer<T: Decodable>(_ type: T.Type, _ text: String, decoder: ParsnipDecoder) throws -> T
  {
    var bytes = Array(text.utf8)
    let value = try decoder.decode(type, from: bytes)
    for i in bytes.indices { bytes[i] = UInt8(ascii: "#") }
    return value
  }

  @Test func keptContainersAndDecodersReadAfterTheDecodeReturns() throws {
    let keeper = try Self.decodeFromScratchBuffer(Keeper.self, Self.text, decoder: ParsnipDecoder())
    let name = PathCodingKey(stringValue: "name")
    #expect(try keeper.keyed.decode(String.self, forKey: name) == "kept")
    #expect(keeper.keyed.allKeys.map(\.stringValue) == ["name", "list", "child", "bad"])
    #expect(try keeper.keyed.decode(Child.self, forKey: PathCodingKey(stringValue: "child")) == Child(name: "c"))
    #expect(try keeper.list.decode(Int.self) == 1)
    #expect(try keeper.list.decode(String.self) == "two")
    #expect(try keeper.list.decode(Double.self) == 3.5)
    #expect(keeper.list.isAtEnd)
    #expect(try keeper.single.decode([String: JSON].self)["name"] == "kept")
    #expect(try keeper.decoder.container(keyedBy: PathCodingKey.self).decode(String.self, forKey: name) == "kept")
    #expect(try Child(from: keeper.superDecoder) == Child(name: "c"))
  }

  @Test func errorsFromKeptContainersKeepTheirPathAndLocation() throws {
    let keeper = try Self.decodeFromScratchBuffer(Keeper.self, Self.text, decoder: ParsnipDecoder())
    #expect {
      try keeper.keyed.decode(Int.self, forKey: PathCodingKey(stringValue: "bad"))
    } throws: { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["bad"] && context.debugDescription.contains("line 1, column 74")
    }
  }

  @Test func keptContainersOfJSON5TextPointIntoTheTextAsWritten() throws {
    let decoder = ParsnipDecoder()
    decoder.allowsJSON5 = true
    let keeper = try Self.decodeFromScratchBuffer(
      Keeper.self, "{name: 'kept', list: [1],\n  child: {name: 'c'}, bad: 'x'}", decoder: decoder)
    #expect(try keeper.keyed.decode(String.self, forKey: PathCodingKey(stringValue: "name")) == "kept")
    #expect {
      try keeper.keyed.decode(Int.self, forKey: PathCodingKey(stringValue: "bad"))
    } throws: { error in
      "\(error)".contains("line 2, column 28")
    }
  }

  @Test func containersKeptFromADocumentValueOutliveTheDocument() throws {
    var keeper: Keeper?
    do {
      let document = try JSONDocument(parsing: Self.text)
      keeper = try document.root.value(at: JSONKeyPath(""), as: Keeper.self)
    }
    #expect(try keeper?.keyed.decode(String.self, forKey: PathCodingKey(stringValue: "name")) == "kept")
  }

  @Test func aDecodeThatKeepsNothingLeavesNothingBehind() throws {
    struct Probe: Decodable {
      nonisolated(unsafe) static weak var state: DecodingState?
      init(from decoder: any Decoder) throws {
        Probe.state = (decoder as? TapeDecoder)?.state
        _ = try decoder.container(keyedBy: PathCodingKey.self).decode(Int.self, forKey: PathCodingKey(stringValue: "a"))
      }
    }
    _ = try ParsnipDecoder().decode(Probe.self, from: #"{"a": 1}"#)
    #expect(Probe.state == nil)
  }
}

/// Kept keyed containers are held by `DetachedDecodes` until they are let go of (serialized: the registry is global).
@Suite(.serialized) struct DetachedDecodesTests {
  final class KeyedKeeper: Decodable, @unchecked Sendable {
    let keyed: KeyedDecodingContainer<PathCodingKey>
    init(from decoder: any Decoder) throws { keyed = try decoder.container(keyedBy: PathCodingKey.self) }
  }

  @Test func aKeptKeyedContainerIsLetGoOfAtLaterDecodes() throws {
    weak var state: DecodingState?
    do {
      let keeper = try ParsnipDecoder().decode(KeyedKeeper.self, from: Array(#"{"a": 1}"#.utf8))
      #expect(try keeper.keyed.decode(Int.self, forKey: PathCodingKey(stringValue: "a")) == 1)
      state = Self.state(of: keeper.keyed)
      #expect(state != nil)
    }
    // The keeper is gone; a few decode calls later so is its state.
    for _ in 0..<((DetachedDecodes.count + 2) * DecodeCaches.detachedCheckInterval) {
      _ = try ParsnipDecoder().decode(Int.self, from: "1")
    }
    #expect(state == nil)
  }

  /// A keyed container kept alone (no decoder kept with it) is not the box the next decodes on the thread hand out
  /// again (`DecodeCaches` keeps only boxes nothing else holds): it goes on reading its own document.
  @Test func aKeptKeyedContainerIsNotHandedOutByLaterDecodes() throws {
    let decoder = ParsnipDecoder()
    let name = PathCodingKey(stringValue: "name")
    for round in 0..<20 {
      let keeper = try decoder.decode(KeyedKeeper.self, from: Array(#"{"name": "kept\#(round)"}"#.utf8))
      for other in 0..<3 {
        let text = Array(#"{"name": "other\#(other)"}"#.utf8)
        #expect(try decoder.decode(DecodeCachesTests.NameReader.self, from: text).name == "other\(other)")
      }
      #expect(try keeper.keyed.decode(String.self, forKey: name) == "kept\(round)")
    }
  }

  /// The state behind a keyed container, through a decoder it hands out.
  static func state(of container: KeyedDecodingContainer<PathCodingKey>) -> DecodingState? {
    // A member's decoder reads the same state (a missing member's reads a `null` of its own).
    let decoder = try? container.superDecoder(forKey: PathCodingKey(stringValue: "a"))
    return (decoder as? TapeDecoder)?.state
  }
}
