import Foundation
import Testing

@testable import Parsnip

@Suite struct JSONPatchDiffTests {
  @Test(arguments: [
    (#"{"a": 1}"#, #"{"a": 1.0}"#, #"[]"#),
    (#"{"a": 1}"#, #"{"a": 2}"#, #"[{"op":"replace","path":"/a","value":2}]"#),
    (#"{"a": 1, "b": 2}"#, #"{"b": 2, "c": 3}"#, #"[{"op":"remove","path":"/a"},{"op":"add","path":"/c","value":3}]"#),
    (#"["a", "b", "c"]"#, #"["a", "c", "d"]"#, #"[{"op":"remove","path":"/1"},{"op":"add","path":"/2","value":"d"}]"#),
    (#"[1, 2, 3]"#, #"[1, 9, 3]"#, #"[{"op":"replace","path":"/1","value":9}]"#),
    (#"[]"#, #"[1, 2]"#, #"[{"op":"add","path":"/0","value":1},{"op":"add","path":"/1","value":2}]"#),
    (#"[1, 2, 3]"#, #"[]"#, #"[{"op":"replace","path":"","value":[]}]"#),
    (#"[1, 2, 3, 4]"#, #"[1, 4]"#, #"[{"op":"remove","path":"/1"},{"op":"remove","path":"/1"}]"#),
    (#"{"a": 1, "b": 2, "c": 3}"#, #"{"a": 1}"#, #"[{"op":"remove","path":"/b"},{"op":"remove","path":"/c"}]"#),
    (#"{"a": 1, "b": 2, "c": 3, "d": 4}"#, #"{"a": 1}"#, #"[{"op":"replace","path":"","value":{"a":1}}]"#),
    (#"{"a": {"b": [1, 2]}}"#, #"{"a": {"b": [1, 2, 3]}}"#, #"[{"op":"add","path":"/a/b/2","value":3}]"#),
    (#"[{"id": 1, "v": "a"}]"#, #"[{"id": 1, "v": "b"}]"#, #"[{"op":"replace","path":"/0/v","value":"b"}]"#),
    (#""x""#, #"1"#, #"[{"op":"replace","path":"","value":1}]"#),
    (
      #"{"a/b": 1, "m~n": [1]}"#, #"{"a/b": 2, "m~n": []}"#,
      #"[{"op":"replace","path":"/a~1b","value":2},{"op":"remove","path":"/m~0n/0"}]"#
    ),
    (#"{"a": [1]}"#, #"{"a": {"0": 1}}"#, #"[{"op":"replace","path":"/a","value":{"0":1}}]"#),
    (
      #"[1, 2, 3, 4, 5]"#, #"[0, 1, 2, 4, 5, 6]"#,
      #"[{"op":"add","path":"/0","value":0},{"op":"remove","path":"/3"},{"op":"add","path":"/5","value":6}]"#
    ),
  ])
  func knownDiffs(source: String, target: String, patch: String) throws {
    let a = try JSON(parsing: source)
    let b = try JSON(parsing: target)
    let diff = JSONPatch.diff(from: a, to: b)
    #expect(diff.description == (try JSON(parsing: patch)).description)
    #expect(try diff.apply(to: a) == b)
  }

  @Test func insertionIntoLongArrayIsOneOperation() throws {
    let old = JSON((0..<1_000).map { JSON($0) })
    var new = old
    try new.insert("inserted", at: JSONPointer("/0"))
    try new.removeValue(at: JSONPointer("/500"))
    let patch = JSONPatch.diff(from: ["list": old], to: ["list": new])
    #expect(patch.operations == [.add(path: ["list", "0"], value: "inserted"), .remove(path: ["list", "500"])])
  }

  @Test func hugeUnrelatedArraysFallBackToReplace() throws {
    let old = JSON((0..<3_000).map { JSON($0) })
    let new = JSON((0..<3_000).map { JSON("s\($0)") })
    let patch = JSONPatch.diff(from: ["a": old], to: ["a": new])
    #expect(patch.operations == [.replace(path: ["a"], value: new)])
  }

  @Test func scatteredEditsInALongArrayAreAlignedNotReplaced() throws {
    // 12 scattered edits in 14 310 records used to replace the whole array (a 4.4 MB patch).
    let old = JSON((0..<14_310).map { ["id": JSON($0), "name": JSON("item \($0)")] as JSON })
    guard case .array(var elements) = old else { return }
    for index in [13_000, 9_000, 5_000, 100] { elements.remove(at: index) }
    for index in [7, 4_321, 8_888, 14_000] { elements.insert(["id": -1], at: index) }
    for index in [1, 2_000, 6_000, 12_000] { elements[index] = ["id": JSON(index), "name": "changed"] }
    let new = JSON.array(elements)
    let patch = JSONPatch.diff(from: ["list": old], to: ["list": new])
    #expect(patch.operations.count == 12, "\(patch.operations.prefix(20))")
    #expect(!patch.operations.contains { if case .replace(let path, _) = $0 { path.tokens.count < 3 } else { false } })
    #expect(try patch.apply(to: ["list": old]) == ["list": new])
  }

  @Test func arraysPastTheEditBudgetAreReplaced() throws {
    // More edits than `maximumEditDistance`: one `replace`, and the patch still applies.
    let count = PatchDiffer.maximumEditDistance + 10
    let old = JSON((0..<count).map { JSON($0) })
    let new = JSON((0..<count).map { $0 % 2 == 0 ? JSON($0) : JSON("odd \($0)") })
    let patch = JSONPatch.diff(from: old, to: new)
    #expect(patch.operations == [.replace(path: .root, value: new)])
  }

  @Test func generatedArrayEditsRoundTrip() throws {
    // apply(diff(a, b), a) == b for arrays with duplicates, nested arrays and objects, under random insertions,
    // deletions and replacements; the patch grows with the edits made, not with the arrays (an edit costs one
    // operation, or a few inside a replaced nested element, unless the array is restated).
    var generator = SeededRandom(seed: 1986)
    func element() -> JSON {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: return ["k": JSON(Int.random(in: 0..<3, using: &generator))]
      case 1:
        return JSON(
          (0..<Int.random(in: 0..<4, using: &generator)).map { _ in JSON(Int.random(in: 0..<3, using: &generator)) })
      default: return JSON(Int.random(in: 0..<8, using: &generator))
      }
    }
    for round in 0..<400 {
      var elements = (0..<Int.random(in: 0..<120, using: &generator)).map { _ in element() }
      let a = JSON.array(elements)
      let edits = Int.random(in: 0..<12, using: &generator)
      for _ in 0..<edits {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: elements.insert(element(), at: Int.random(in: 0...elements.count, using: &generator))
        case 1 where !elements.isEmpty: elements.remove(at: Int.random(in: 0..<elements.count, using: &generator))
        default:
          if !elements.isEmpty { elements[Int.random(in: 0..<elements.count, using: &generator)] = element() }
        }
      }
      let b = JSON.array(elements)
      let patch = JSONPatch.diff(from: ["a": a, "b": [a]], to: ["a": b, "b": [b]])
      #expect(
        try patch.apply(to: ["a": a, "b": [a]]) == ["a": b, "b": [b]], "round \(round): \(a) → \(b) via \(patch)")
      let top = patch.operations.filter { $0.path.tokens.first == "a" }.count
      #expect(top <= 4 * edits || patch.operations.first == .replace(path: ["a"], value: b), "round \(round)")
    }
  }

  @Test func equalDocumentsGiveEmptyPatch() throws {
    let json = try JSON(parsing: #"{"a": [1, {"b": null}], "c": "d"}"#)
    #expect(JSONPatch.diff(from: json, to: json).isEmpty)
  }

  @Test func randomPairsRoundTrip() throws {
    for (round, (a, b)) in PathsRandomJSON.pairs(count: 600, seed: 6902).enumerated() {
      let patch = JSONPatch.diff(from: a, to: b)
      let applied = try patch.apply(to: a)
      #expect(applied == b, "round \(round): \(a) → \(b) via \(patch)")
      #expect(try JSONPatch(patch.json) == patch)
      if a == b { #expect(patch.isEmpty) }
    }
  }

  @Test(.requiresSharedData)
  func benchDataMutationsRoundTrip() throws {
    var generator = SeededRandom(seed: 2026)
    for url in Fixtures.benchData {
      let a = try JSON(parsing: Data(contentsOf: url))
      #expect(JSONPatch.diff(from: a, to: a).isEmpty, "\(url.lastPathComponent)")
      for _ in 0..<2 {
        let b = PathsRandomJSON.mutate(a, edits: 12, using: &generator)
        let patch = JSONPatch.diff(from: a, to: b)
        #expect(try patch.apply(to: a) == b, "\(url.lastPathComponent)")
        #expect(
          patch.operations.count <= 40,
          "\(url.lastPathComponent): \(patch.operations.count) operations, starting \(patch.operations.prefix(3))"
        )
        let merge = JSONMergePatch.diff(from: a, to: b)
        let merged = JSONMergePatch.apply(merge, to: a)
        #expect(
          MergePatchTests.removingNullMembers(merged) == MergePatchTests.removingNullMembers(b),
          "\(url.lastPathComponent)")
      }
    }
  }
}
