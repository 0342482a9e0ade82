import Foundation
import Testing

@testable import Parsnip

/// Values of any depth compare and merge without recursion; what Parsnip builds stays within
/// `JSON.maximumSupportedDepth`, which a 512 KB thread can release.
@Suite struct DeepValueTests {
  @Test(arguments: [false, true])
  func deepValuesCompareIteratively(objects: Bool) {
    var a = DeepValues.nested(50_000, objects: objects)
    var b = DeepValues.nested(50_000, objects: objects)  // equal, with storage of its own
    var c = DeepValues.nested(50_000, objects: objects, leaf: 1)
    #expect(a == b)
    #expect(a != c)
    // Hashing is iterative too, and agrees with `==`.
    #expect(a.hashValue == b.hashValue)
    #expect(a.hashValue != c.hashValue)
    #expect(Set([a, b, c]).count == 2)
    DeepValues.dismantle(&a)
    DeepValues.dismantle(&b)
    DeepValues.dismantle(&c)
  }

  @Test func equalityAndHashingKeepTheirMeaning() {
    let x: JSON = ["a": [1, 2.0, ["b": nil]], "c": "d", "e": [:], "f": []]
    let y: JSON = ["f": [], "e": [:], "c": "d", "a": [1.0, 2, ["b": nil]]]
    #expect(x == y)
    #expect(x.hashValue == y.hashValue)
    let ab: JSONObject = ["a": 1, "b": 2]
    let ba: JSONObject = ["b": 2, "a": 1]
    #expect(ab.hashValue == ba.hashValue)
    let others: [JSON] = [
      ["a": [1, 2, ["b": 0]], "c": "d", "e": [:], "f": []], ["a": [1, 2], "c": "d", "e": [:]], [[]], [[:]],
    ]
    for other in others {
      #expect(x != other)
    }
    #expect(JSON.array([[], []]) != JSON.array([[], [1]]))
    #expect(JSON.array([[:]]) != JSON.array([[]]))
    // Distinct keys and values do not cancel out in an object's hash.
    #expect(JSON.object(["a": 1, "b": 2]).hashValue != JSON.object(["a": 2, "b": 1]).hashValue)
  }

  @Test func deepMergePatchesApplyAndDiffIteratively() {
    var patch = DeepValues.nested(50_000, objects: true, leaf: 1)
    var target = DeepValues.nested(50_000, objects: true, leaf: 2)
    var merged = JSONMergePatch.apply(patch, to: target)
    #expect(merged == patch)
    var diff = JSONMergePatch.diff(from: target, to: patch)
    #expect(diff == patch)
    #expect(JSONMergePatch.diff(from: patch, to: merged) == [:])
    DeepValues.dismantle(&patch)
    DeepValues.dismantle(&target)
    DeepValues.dismantle(&merged)
    DeepValues.dismantle(&diff)
  }

  @Test func parsingNeverBuildsDeeperThanTheSupportedDepth() throws {
    let limit = JSON.maximumSupportedDepth
    let text = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    let error = try #require(throws: JSONParseError.self) {
      try JSON(parsing: text, options: .init(maximumDepth: .max))
    }
    #expect(error.kind == .nestingTooDeep)
    #expect(error.description == "1:\(limit + 1): nesting deeper than \(limit) levels")
    let json5 = try #require(throws: JSONParseError.self) {
      try JSON(parsing: text, options: .init(maximumDepth: .max, allowsJSON5: true))
    }
    #expect(json5.kind == .nestingTooDeep)
  }

  /// Everything a value of the supported depth goes through, on a 512 KB thread: parsing, comparing,
  /// merging, diffing, patching, writing and, last, releasing it.
  @Test func aValueOfTheSupportedDepthIsSafeOnA512KBThread() throws {
    let depth = JSON.maximumSupportedDepth
    let ok = try DeepValues.onSmallStack { () throws -> Bool in
      let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let objects = String(repeating: #"{"k":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
      var ok = true
      for text in [arrays, objects] {
        let a = try JSON(parsing: text, options: .init(maximumDepth: depth))
        let b = try JSON(parsing: text, options: .init(maximumDepth: depth))
        ok = ok && a == b
        ok =
          ok && JSONMergePatch.apply(a, to: b) == a
          && JSONMergePatch.diff(from: a, to: b) == (a.kind == .object ? [:] : b)
        ok = try ok && (a.bytes(options: .init(maximumDepth: depth))).count == text.utf8.count
        let copy: JSONPatch = [.copy(from: try JSONPointer(""), path: try JSONPointer(""))]
        ok = try ok && (copy.apply(to: a, options: .init(maximumDepth: depth))) == a
      }
      return ok
    }
    #expect(ok)
  }
}
