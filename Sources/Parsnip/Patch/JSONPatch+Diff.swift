extension JSONPatch {
  /// Computes a patch that turns `source` into `target`: `diff(from: a, to: b).apply(to: a) == b`.
  ///
  /// Objects are compared member by member (`remove` for members only in `source`, `add` for members only in
  /// `target`, recursion into members in both); two non-empty objects with no key in common are replaced whole.
  /// Arrays are aligned with a longest-common-subsequence pass (Myers' O(ND) algorithm) after trimming their
  /// common prefix and suffix, so an
  /// inserted or deleted element costs one `add` or `remove` instead of rewriting the array; a removal and an
  /// addition at the same position become one `replace`, or a recursive diff when both elements are objects or
  /// both arrays. Values that differ in kind are replaced. Whenever the operations for one object or array would
  /// outnumber the values in its new version (counting nested values), that container is replaced whole instead.
  ///
  /// The alignment is bounded: when the differing middle parts of two arrays need more than 2,048 edits (insertions
  /// plus deletions; for example two unrelated 3,000-element arrays) or more than 67,108,864 steps (the lengths
  /// times the edits), the whole array is replaced instead. A long array with a few scattered edits gets one
  /// operation per edit. Nesting deeper than 200 levels is also replaced as a whole rather than diffed.
  /// Numbers are compared by value, so `1` and `1.0` produce no operation.
  ///
  /// ```swift
  /// JSONPatch.diff(from: ["tags": ["a", "b", "c"]], to: ["tags": ["a", "c", "d"]]).json
  /// // → [{"op":"remove","path":"/tags/1"},{"op":"add","path":"/tags/2","value":"d"}]
  /// ```
  ///
  /// - Parameters:
  ///   - source: The document before.
  ///   - target: The document after.
  /// - Returns: A patch of `add`, `remove` and `replace` operations; empty when the documents are equal.
  /// - Complexity: O(*n*) in the size of the documents, plus O((*a* + *b*) × *d*) for the differing middle parts of
  ///   each pair of arrays of lengths *a* and *b* that differ by *d* edits, within the bounds above.
  public static func diff(from source: JSON, to target: JSON) -> JSONPatch {
    var differ = PatchDiffer()
    differ.diff(source, target, at: .root, depth: 0)
    return JSONPatch(operations: differ.operations)
  }
}
