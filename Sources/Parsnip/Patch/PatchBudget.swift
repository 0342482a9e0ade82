import Foundation

/// What is left of a patch application's ``JSONPatch/ApplicationOptions``.
struct PatchBudget {
  let maximumDepth: Int
  let maximumAddedValues: Int
  var remainingValues: Int

  init(options: JSONPatch.ApplicationOptions) {
    maximumDepth = Swift.min(Swift.max(options.maximumDepth, 1), JSON.maximumSupportedDepth)
    maximumAddedValues = Swift.max(options.maximumAddedValues, 0)
    remainingValues = maximumAddedValues
  }

  /// Counts `value`, about to be inserted at `pointer`, against the limits.
  mutating func insert(_ value: JSON, at pointer: JSONPointer) -> JSONPatchError.Kind? {
    // Count one past what is left, to tell "exactly used up" from "over".
    let (count, depth) = value.measured(countingAtMost: remainingValues == .max ? .max : remainingValues + 1)
    if count > remainingValues { return .tooManyValues(maximumAddedValues: maximumAddedValues) }
    remainingValues -= count
    if depth > maximumDepth - Swift.min(pointer.tokens.count, maximumDepth) {
      return .nestingTooDeep(maximumDepth: maximumDepth)
    }
    return nil
  }
}
