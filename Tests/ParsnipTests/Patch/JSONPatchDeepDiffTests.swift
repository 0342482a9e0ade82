import Testing

@testable import Parsnip

/// Diffs of documents deeper than the differ's recursion cap stop there with one replace that still applies.
@Suite struct JSONPatchDeepDiffTests {
  @Test func deepDocumentsDiffBeyondTheRecursionCap() throws {
    let depth = 400
    let a = try JSON(
      parsing: String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth),
      options: JSON.ParsingOptions(maximumDepth: 1_000))
    let b = try JSON(
      parsing: String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth),
      options: JSON.ParsingOptions(maximumDepth: 1_000))
    let patch = JSONPatch.diff(from: a, to: b)
    #expect(patch.operations.count == 1)
    #expect(patch.operations.first?.path.tokens.count == PatchDiffer.maximumDepth)
    #expect(try patch.apply(to: a) == b)
  }
}
