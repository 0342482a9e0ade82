import Foundation

/// What is left of a patch application's ``JSONPatch/ApplicationOptions``.
struct PatchBudget {
  let maximumDepth: Int
  let maximumAddedValues: Int
  var remainingValues: Int
  let maximumAddedBytes: Int
  var remainingBytes: Int

  init(options: JSONPatch.ApplicationOptions) {
    maximumDepth = Swift.min(Swift.max(options.maximumDepth, 1), JSON.maximumSupportedDepth)
    maximumAddedValues = Swift.max(options.maximumAddedValues, 0)
    remainingValues = maximumAddedValues
    maximumAddedBytes = Swift.max(options.maximumAddedBytes, 0)
    remainingBytes = maximumAddedBytes
  }

  /// Counts `value`, about to be inserted at `pointer`, against the limits.
  mutating func insert(_ value: JSON, at pointer: JSONPointer) -> JSONPatchError.Kind? {
    // Count one past what is left, to tell "exactly used up" from "over".
    let (count, depth, bytes) = value.measured(
      countingAtMost: remainingValues == .max ? .max : remainingValues + 1, bytesAtMost: remainingBytes)
    if count > remainingValues { return .tooManyValues(maximumAddedValues: maximumAddedValues) }
    if bytes > remainingBytes { return .tooManyBytes(maximumAddedBytes: maximumAddedBytes) }
    remainingValues -= count
    remainingBytes -= bytes
    if depth > maximumDepth - Swift.min(pointer.tokens.count, maximumDepth) {
      return .nestingTooDeep(maximumDepth: maximumDepth)
    }
    return nil
  }
}
