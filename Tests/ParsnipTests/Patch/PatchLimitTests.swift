import Foundation
import Testing

@testable import Parsnip

/// A patch cannot build what the parser would refuse, nor multiply a document without bound.
@Suite struct PatchLimitTests {
  /// Fifteen operations that copy the root into its own deepest member: 2^16 - 1 levels without the limit.
  static let deepening: JSON = {
    var operations: [JSON] = []
    var path = "/a"
    for _ in 0..<15 {
      operations.append(["op": "copy", "from": "", "path": .string(path)])
      path = path + path  // the copy's own deepest member
    }
    return .array(operations)
  }()

  /// Thirty operations that each append an array to itself: 2^30 elements without the limit.
  static let doubling: JSON = .array(
    [["op": "add", "path": "/a", "value": [0]]]
      + Array(repeating: ["op": "copy", "from": "/a", "path": "/a/-"] as JSON, count: 30))

  @Test func copiesIntoItselfStopAtTheDepthLimit() throws {
    let patch = try JSONPatch(Self.deepening)
    let error = try #require(throws: JSONPatchError.self) { try patch.apply(to: ["a": ["a": 1]]) }
    #expect(error.kind == .nestingTooDeep(maximumDepth: 512))
    #expect(!error.isMalformed)
    #expect(error.operationIndex == 8)
    #expect(error.description == "operation 8 (copy): the result would nest deeper than 512 levels")
    // Raised limits are capped at the depth a value can safely have.
    let raised = try #require(throws: JSONPatchError.self) {
      try patch.apply(to: ["a": ["a": 1]], options: .init(maximumDepth: .max))
    }
    #expect(raised.kind == .nestingTooDeep(maximumDepth: JSON.maximumSupportedDepth))
  }

  @Test func depthCountsThePathAndTheValue() throws {
    let add = JSONPatch(operations: [.add(path: try JSONPointer("/a/b"), value: [[1]])])
    #expect(try add.apply(to: ["a": [:]], options: .init(maximumDepth: 4)) == ["a": ["b": [[1]]]])
    #expect(throws: JSONPatchError.self) { try add.apply(to: ["a": [:]], options: .init(maximumDepth: 3)) }
    let move = JSONPatch(operations: [.move(from: try JSONPointer("/x"), path: try JSONPointer("/a/b"))])
    #expect(throws: JSONPatchError.self) { try move.apply(to: ["a": [:], "x": [[]]], options: .init(maximumDepth: 3)) }
    #expect(try move.apply(to: ["a": [:], "x": [[]]], options: .init(maximumDepth: 4)) == ["a": ["b": [[]]]])
  }

  @Test func doublingALongStringStopsAtTheByteLimit() throws {
    // Twenty copies that each double an array holding one 100 KB string: 2^21 values (within the count limit),
    // but 105 GB of text.
    let string = JSON.string(String(repeating: "x", count: 100_000))
    let patch = try JSONPatch(
      .array(
        [["op": "add", "path": "/a", "value": [string]]]
          + Array(repeating: ["op": "copy", "from": "/a", "path": "/a/-"] as JSON, count: 20)))
    #expect(JSONPatch.ApplicationOptions().maximumAddedBytes == 1 << 30)
    let error = try #require(throws: JSONPatchError.self) { try patch.apply(to: [:]) }
    #expect(error.kind == .tooManyBytes(maximumAddedBytes: 1 << 30))
    #expect(error.operationIndex == 14)  // the add and k copies insert 2^k strings of 100 002 bytes and more
    #expect(error.description == "operation 14 (copy): the patch would add more than 1073741824 bytes of values")
    // A lower limit stops sooner; exactly the budget is allowed, and `Int.max` is no limit.
    let small = try #require(throws: JSONPatchError.self) {
      try patch.apply(to: [:], options: .init(maximumAddedBytes: 250_000))
    }
    #expect(small.operationIndex == 2)
    let first = JSONPatch(operations: Array(patch.operations.prefix(1)))
    #expect(try first.apply(to: [:], options: .init(maximumAddedBytes: 100_005)) == ["a": [string]])
    #expect(throws: JSONPatchError.self) { try first.apply(to: [:], options: .init(maximumAddedBytes: 100_004)) }
    #expect(
      try JSONPatch(operations: Array(patch.operations.prefix(5))).apply(
        to: [:], options: .init(maximumAddedBytes: .max)) != [:])
  }

  @Test func doublingStopsAtTheSizeLimit() throws {
    let patch = try JSONPatch(Self.doubling)
    #expect(JSONPatch.ApplicationOptions().maximumAddedValues == 1 << 24)
    let error = try #require(throws: JSONPatchError.self) {
      try patch.apply(to: [:], options: .init(maximumAddedValues: 1 << 16))
    }
    #expect(error.kind == .tooManyValues(maximumAddedValues: 1 << 16))
    #expect(error.operationIndex == 16)  // the add and k copies insert 2^(k + 1) values
    let small = try #require(throws: JSONPatchError.self) {
      try patch.apply(to: [:], options: .init(maximumAddedValues: 100))
    }
    #expect(small.description == "operation 6 (copy): the patch would add more than 100 values")
    // Exactly the budget is allowed; `Int.max` is no limit.
    let twice = JSONPatch(operations: Array(patch.operations.prefix(3)))
    #expect(try twice.apply(to: [:], options: .init(maximumAddedValues: 2 + 2 + 4)) == ["a": [0, [0], [0, [0]]]])
    #expect(throws: JSONPatchError.self) { try twice.apply(to: [:], options: .init(maximumAddedValues: 7)) }
    let many = JSONPatch(operations: Array(patch.operations.prefix(12)))
    #expect(try many.apply(to: [:], options: .init(maximumAddedValues: .max))["a"].arrayValue?.count == 12)
  }

  @Test func theCLIReportsTheLimits() throws {
    let deep = try PatchCommandTests.patch(Self.deepening.description, to: #"{"a": {"a": 1}}"#)
    #expect(deep.status == 1)
    #expect(deep.stdout.isEmpty)
    #expect(deep.stderr.contains("operation 8 (copy): the result would nest deeper than 512 levels"))
  }
}
