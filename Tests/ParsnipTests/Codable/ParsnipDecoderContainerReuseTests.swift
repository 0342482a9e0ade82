import Foundation
import Testing

@testable import Parsnip

/// Collects strings from a `@Sendable` closure.
final class LockedPaths: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ value: String) { lock.withLock { storage.append(value) } }
  var values: [String] { lock.withLock { storage } }
}

/// Containers of one key type that are open at the same time stay independent (boxes are reused only when free).
@Suite struct ParsnipDecoderContainerReuseTests {
  struct Pair: Decodable, Equatable {
    var outer: Int
    var inner: Int
    var outerAgain: Int

    init(outer: Int, inner: Int, outerAgain: Int) {
      self.outer = outer
      self.inner = inner
      self.outerAgain = outerAgain
    }

    enum CodingKeys: String, CodingKey { case value, child }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let child = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .child)
      outer = try container.decode(Int.self, forKey: .value)
      inner = try child.decode(Int.self, forKey: .value)
      outerAgain = try container.decode(Int.self, forKey: .value)
    }
  }

  struct Tree: Decodable, Equatable {
    var value: Int
    var children: [Tree]
  }

  @Test func nestedContainersOfOneKeyTypeReadTheirOwnObjects() throws {
    let pairs = try ParsnipDecoder().decode(
      [Pair].self, from: #"[{"value": 1, "child": {"value": 2}}, {"child": {"value": 4}, "value": 3}]"#)
    #expect(pairs == [Pair(outer: 1, inner: 2, outerAgain: 1), Pair(outer: 3, inner: 4, outerAgain: 3)])
  }

  @Test func recursiveTypesMatchFoundation() {
    DecoderOracle.expectSame(
      Tree.self,
      #"{"value": 1, "children": [{"value": 2, "children": [{"value": 3, "children": []}]}, {"value": 4, "children": []}]}"#
    )
    DecoderOracle.expectSame(Tree.self, #"{"value": 1, "children": [{"value": 2, "children": [{"value": "x"}]}]}"#)
  }

  @Test func keptContainersAreNotRetargeted() throws {
    final class Keeper: Decodable, @unchecked Sendable {
      var container: KeyedDecodingContainer<PathCodingKey>
      init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: PathCodingKey.self) }
    }
    struct Both: Decodable {
      var first: String
      var second: String
      init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        let a = try list.decode(Keeper.self)
        let b = try list.decode(Keeper.self)
        first = try a.container.decode(String.self, forKey: PathCodingKey(stringValue: "name"))
        second = try b.container.decode(String.self, forKey: PathCodingKey(stringValue: "name"))
      }
    }
    let both = try ParsnipDecoder().decode(Both.self, from: #"[{"name": "a"}, {"name": "b"}]"#)
    #expect(both.first == "a" && both.second == "b")
  }

  @Test func containsDoesNotCountAsReadingInStrictMode() throws {
    struct Probe: Decodable {
      enum CodingKeys: String, CodingKey { case a, b }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = container.contains(.b)
        _ = try container.decode(Int.self, forKey: .a)
      }
    }
    let decoder = ParsnipDecoder()
    decoder.strictness = .rejectsUnknownKeys
    #expect(throws: Never.self) { try decoder.decode(Probe.self, from: #"{"a": 1}"#) }
    #expect(throws: DecodingError.self) { try decoder.decode(Probe.self, from: #"{"a": 1, "b": 2}"#) }
  }
}
