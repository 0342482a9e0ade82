/// Thrown inside `JSONPathEvaluator` when a query has used up its work budget
/// (``JSONPath/EvaluationOptions/maximumNodeVisits``); `JSONPath` turns it into a ``JSONPathError`` of kind
/// ``JSONPathError/Kind-swift.enum/queryTooExpensive``.
///
/// Empty, so that typed throws cost the evaluator's recursive functions no stack (filters nest up to
/// ``JSONPath/maximumNestingDepth`` levels); the segment that hit the limit is kept by the evaluator.
struct BudgetExhausted: Error {
  /// The public error: says which limit (`limit`, "visits more than N nodes ...") and `segment` (UTF-8 offsets in
  /// `query`), with the caret under the segment.
  static func error(in query: String, segment: Range<Int>?, limit: String) -> JSONPathError {
    let range = segment ?? 0..<0
    let bytes = Array(query.utf8)
    let lower = Swift.min(range.lowerBound, bytes.count)
    let upper = Swift.min(Swift.max(range.upperBound, lower), bytes.count)
    let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
    let place = segment == nil ? "" : "; evaluation stopped in the segment '\(text)'"
    return JSONPathError(
      kind: .queryTooExpensive,
      message: "the query \(limit)\(place)",
      query: query, byteOffset: lower)
  }
}
