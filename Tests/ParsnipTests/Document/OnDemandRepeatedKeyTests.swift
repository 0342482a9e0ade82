import Foundation
import Testing

@testable import Parsnip

/// The on-demand reader goes straight into the first member of a key and reads the rest of each object afterwards:
/// a later member of the same key must still win, at any level, also when the first one leads nowhere.
@Suite struct OnDemandRepeatedKeyTests {
  func onDemand(_ pointer: String, in text: String) throws -> JSON? {
    try JSON.value(at: JSONPointer(pointer), inText: Array(text.utf8))
  }

  @Test func theLastMemberOfAKeyWinsAtEveryLevel() throws {
    let text = #"{"a": {"b": 1, "b": {"c": 2}}, "x": [0], "a": {"b": {"c": 3, "c": 4}, "z": null}}"#
    #expect(try onDemand("/a/b/c", in: text) == 4)
    #expect(try onDemand("/a/z", in: text) == JSON.null)  // the first "a" has no z, the last does
    #expect(try onDemand("/a", in: text) == JSON(parsing: #"{"b": {"c": 3, "c": 4}, "z": null}"#))
  }

  @Test func aFirstMemberThatLeadsNowhereIsNotTheAnswer() throws {
    let text = #"{"a": {}, "a": [[{"b": 5}]], "a": {"q": {"r": [1, {"s": 6}]}}}"#
    #expect(try onDemand("/a/q/r/1/s", in: text) == 6)
    let arrays = #"{"a": [[{"b": 5}], 9], "a": [[{"b": 7}]]}"#
    #expect(try onDemand("/a/0/0/b", in: arrays) == 7)
    #expect(try onDemand("/a/1", in: arrays) == nil)
  }

  @Test func malformedTextAfterTheValueIsStillAnError() {
    for text in [#"{"a": {"b": 1} "c": 2}"#, #"{"a": {"b": 1, "b"}}"#, #"{"a": {"b": 1, "c": 2,}}"#] {
      #expect(throws: JSONParseError.self, "\(text)") { try onDemand("/a/b", in: text) }
    }
    #expect(throws: JSONParseError.self) { try onDemand("/a/0/b", in: #"{"a": [{"b": 1} 2]}"#) }
  }

  /// A key with a truncated escape must be an error, not a read past the end of the text.
  @Test func escapedKeysAreValidatedBeforeTheyAreDecoded() throws {
    for text in [#"{"\u"#, #"{"\u""#, #"{"\u12"#, #"{"\u12":1}"#, #"{"\x":1}"#] {
      let bytes = Array(text.utf8)
      let error = #expect(throws: JSONParseError.self, "\(text)") {
        try JSON.value(at: JSONPointer("/a"), inText: bytes)
      }
      #expect(error?.byteOffset ?? .max <= bytes.count)
    }
    #expect(try onDemand("/é", in: #"{"\u00e9": 1}"#) == 1)
  }

  /// Random documents whose objects repeat keys with decoy values before the member that wins: the on-demand
  /// reader answers what a full parse answers for every path into the winners and into the decoys.
  @Test(arguments: 1...60)
  func repeatedKeysReadLikeAFullParse(seed: UInt64) throws {
    var generator = SeededRandom(seed: seed)
    var decoys: [JSONPointer] = []
    let text = try Self.text(
      PathsRandomJSON.value(depth: 4, using: &generator), at: .root, decoys: &decoys, using: &generator)
    let tree = try JSON(parsing: text)
    for (_, pointer) in PathEngineSeamTests.paths(in: tree) + decoys.map({ (JSONKeyPath.root, $0) }) {
      let expected = Result { () throws(JSONPointerError) in try tree.resolve(pointer) }
      let found = try text.withUnsafeBytes { try JSON.resolveOnDemand(pointer, inText: $0, options: .default) }
      #expect(found == expected, "\(pointer) in \(String(decoding: text, as: UTF8.self))")
    }
  }

  /// `value` as text, each object member preceded now and then by a member of the same key holding a decoy; the
  /// pointers into the decoys are collected.
  static func text(
    _ value: JSON, at pointer: JSONPointer, decoys: inout [JSONPointer], using generator: inout SeededRandom
  ) throws -> [UInt8] {
    switch value {
    case .object(let object):
      var out: [UInt8] = [.openBrace]
      for member in object.members {
        let key = try JSON.string(member.key).bytes()
        let inner = pointer.appending(member.key)
        if Bool.random(using: &generator) {
          let decoy = PathsRandomJSON.value(depth: 2, using: &generator)
          decoys += PathEngineSeamTests.paths(in: decoy).map { JSONPointer(tokens: inner.tokens + $0.1.tokens) }
          out += key + [.colon] + (try decoy.bytes()) + [.comma]
        }
        out += key + [.colon] + (try text(member.value, at: inner, decoys: &decoys, using: &generator)) + [.comma]
      }
      if out.count > 1 { out.removeLast() }
      return out + [.closeBrace]
    case .array(let elements):
      var out: [UInt8] = [.openBracket]
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(.comma) }
        out += try text(element, at: pointer.appending(String(index)), decoys: &decoys, using: &generator)
      }
      return out + [.closeBracket]
    default:
      return try value.bytes()
    }
  }
}
