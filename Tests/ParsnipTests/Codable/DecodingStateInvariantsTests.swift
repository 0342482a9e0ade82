import Foundation
import Testing

@testable import Parsnip

/// The decoder's lifetime invariants (written on `DecodingState`) hold inside decodes, after them, after errors,
/// after nested decodes over missing members, and after decodes whose containers outlive the call.
#if DEBUG
  @Suite struct DecodingStateInvariantsTests {
    /// Checks the running decode's state whenever it is decoded.
    struct Checked: Decodable {
      var id: Int
      var children: [Checked]
      var missing: Int?

      enum CodingKeys: String, CodingKey { case id, children, missing }

      init(from decoder: any Decoder) throws {
        (decoder as? TapeDecoder)?.state._checkInvariants()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        children = try container.decodeIfPresent([Checked].self, forKey: .children) ?? []
        // A decoder over a missing member: a `null` state nested in this one.
        let nested = try container.superDecoder(forKey: .missing)
        (nested as? TapeDecoder)?.state._checkInvariants()
        missing = try Int?(from: nested)
        (decoder as? TapeDecoder)?.state._checkInvariants()
      }
    }

    /// Keeps its keyed container past the decode (Foundation allows it): the state detaches.
    final class Keeper: Decodable, @unchecked Sendable {  // Read only by the test that made it.
      let container: KeyedDecodingContainer<PathCodingKey>
      init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: PathCodingKey.self)
        (decoder as? TapeDecoder)?.state._checkInvariants()
      }
    }

    static let text = #"{"id": 1, "children": [{"id": 2, "children": [{"id": 3}]}, {"id": 4}]}"#

    @Test(arguments: [true, false])
    func invariantsHoldInsideAndAfterDecodes(reusingBoxes: Bool) throws {
      let decoder = ParsnipDecoder()
      decoder.reusesContainerBoxes = reusingBoxes
      for _ in 0..<3 {
        let value = try decoder.decode(Checked.self, from: Data(Self.text.utf8))
        #expect(value.children.map(\.id) == [2, 4])
        DecodingState._checkInvariantsBetweenDecodes()
      }
    }

    @Test func invariantsHoldAfterErrors() throws {
      let bad = Data(#"{"id": 1, "children": [{"id": 2}, {"id": "three"}]}"#.utf8)
      #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Checked.self, from: bad) }
      DecodingState._checkInvariantsBetweenDecodes()
      #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Checked.self, from: Data("[1,".utf8)) }
      DecodingState._checkInvariantsBetweenDecodes()
      // And the next decode on the thread runs on what they left.
      #expect(try ParsnipDecoder().decode(Checked.self, from: Data(Self.text.utf8)).id == 1)
      DecodingState._checkInvariantsBetweenDecodes()
    }

    @Test func invariantsHoldAfterDetachedDecodes() throws {
      var kept: [Keeper] = []
      for k in 0..<3 {
        kept.append(try ParsnipDecoder().decode(Keeper.self, from: Data(#"{"k": \#(k)}"#.utf8)))
        DecodingState._checkInvariantsBetweenDecodes()
        // A decode while a container of an earlier one is held.
        _ = try ParsnipDecoder().decode(Checked.self, from: Data(Self.text.utf8))
        DecodingState._checkInvariantsBetweenDecodes()
      }
      // The kept containers still read their own documents (their states detached with a copy of the text).
      for (k, keeper) in kept.enumerated() {
        #expect(try keeper.container.decode(Int.self, forKey: PathCodingKey(stringValue: "k")) == k)
      }
      kept.removeAll()
      _ = try ParsnipDecoder().decode(Checked.self, from: Data(Self.text.utf8))
      DecodingState._checkInvariantsBetweenDecodes()
    }
  }
#endif
