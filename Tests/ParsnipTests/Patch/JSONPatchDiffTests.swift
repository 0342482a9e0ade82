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
