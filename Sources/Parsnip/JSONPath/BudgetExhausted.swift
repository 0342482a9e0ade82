/// Thrown inside `JSONPathEvaluator` when a query has used up its work budget
/// (``JSONPath/EvaluationOptions/maximumNodeVisits``); `JSONPath` turns it into a ``JSONPathError`` of kind
/// ``JSONPathError/Kind-swift.enum/queryTooExpensive``.
///
/// A small value, so that the evaluator's recursive functions can throw it cheaply.
struct BudgetExhausted: Error {
  /// The query text of the innermost segment being applied when the budget ran out (UTF-8 offsets); `nil` until
  /// a segment claims it on the way out.
  var segment: Range<Int>?

  /// The public error: names the limit and the segment, with the caret under the segment.
  func error(in query: String, limit: Int) -> JSONPathError {
    let range = segment ?? 0..<0
    let bytes = Array(query.utf8)
    let lower = Swift.min(range.lowerBound, bytes.count)
    let upper = Swift.min(Swift.max(range.upperBound, lower), bytes.count)
    let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
    let place = segment == nil ? "" : "; evaluation stopped in the segment '\(text)'"
    return JSONPathError(
      kind: .queryTooExpensive,
      message: "the query visits more than \(limit) nodes (the limit set by "
        + "JSONPath.EvaluationOptions.maximumNodeVisits)\(place)",
      query: query, byteOffset: lower)
  }
}
