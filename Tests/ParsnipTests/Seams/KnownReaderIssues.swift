import Testing

/// The lead's worklist for issue 41, item 2: the readings that today disagree with the seam tests' rules (one rule
/// for repeated keys; one depth limit, counted from the document's root), by `"<case>: <reader> from <input>"`. Each is expected inside `withKnownIssue`; once a reader follows the rule,
/// Swift Testing reports its entry ("known issue was not recorded") and the entry goes.
extension ReaderSeams {
  static let knownIssues: [String: String] = {
    let repeated = RepeatedKeySeamTests.cases.map(\.name)
    // Every object with a repeated key, among the seam tests' cases.
    let everyCase = repeated + ["canonical keys and a repeat"]
    // Cases whose first path leads through the repeated key to a value without one.
    let walkedThrough = repeated.filter { $0 != "nested" }
    let table: [(reading: String, cases: [String], issue: String)] =
      [
        (
          "pipeline .keyValuePairs(.json) from text", everyCase + ["nested inner"],
          ".keyValuePairs lists every repeat of a key from text (the tree's list has one, with the last value)"
        ),
        (
          "pipeline .keyValuePairs(.json) from bytes", everyCase, ".keyValuePairs lists every repeat of a key from text"
        ),
        (
          "pipeline .keyValuePairs(.json) from a JSONDocument", everyCase,
          ".keyValuePairs lists every repeat of a key from a JSONDocument"
        ),
        (
          "pipeline .keyValuePairs(.json) from a value inside a JSONDocument", everyCase,
          ".keyValuePairs lists every repeat of a key from a JSONDocument"
        ),
        (
          "JSONDocument.Value.members from a JSONDocument", everyCase,
          "JSONDocument.Value.members lists every repeat of a key (documented today; the tree lists one)"
        ),
        (
          "JSONDocument.Value.members from a value inside a JSONDocument", everyCase + ["nested inner"],
          "JSONDocument.Value.members lists every repeat of a key (documented today; the tree lists one)"
        ),
        (
          "JSONDocument.Value.count from a JSONDocument", everyCase,
          "JSONDocument.Value.count counts every repeat of a key (documented today; the tree counts one)"
        ),
        (
          "JSONDocument.Value.count from a value inside a JSONDocument", everyCase,
          "JSONDocument.Value.count counts every repeat of a key (documented today; the tree counts one)"
        ),
        (
          "JSON.value(at:inText:options:) key path from bytes", walkedThrough,
          "the on-demand reader under .reject walks through an object with a repeated key without failing"
        ),
        (
          "JSON.value(at:inText:options:) pointer from bytes", walkedThrough,
          "the on-demand reader under .reject walks through an object with a repeated key without failing"
        ),
        (
          "pipeline .codable (.rejectsDuplicateKeys) from a JSONDocument", repeated,
          "the pipeline's .codable from a JSONDocument ignores the decoder's .rejectsDuplicateKeys"
        ),
        (
          "JSON.value(at:inText:options:) one level in from bytes",
          ["arrays at 512 + 1", "objects at 512 + 1", "arrays at 16 + 1", "objects at 16 + 1"],
          "the on-demand reader counts the depth limit from the value it finds, not from the document's root"
        ),
        (
          "pipeline .keyValuePairs(.int) from text", ["undecodable first value"],
          ".keyValuePairs decodes every repeat of a key from text, so an earlier value that does not decode fails it"
        ),
        (
          "pipeline .keyValuePairs(.int) from a JSONDocument", ["undecodable first value"],
          ".keyValuePairs decodes every repeat of a key from a JSONDocument"
        ),
        (
          "pipeline .dictionary(.int) from text", ["undecodable first value"],
          ".dictionary decodes every repeat of a key from text, so an earlier value that does not decode fails it"
        ),
        (
          "pipeline .dictionary(.int) from a JSONDocument", ["undecodable first value"],
          ".dictionary decodes every repeat of a key from a JSONDocument"
        ),
      ]
      + [
        "ParsnipDecoder.decode from Data", "value(at:as:using:) from a JSONDocument", "pipeline .codable from text",
        "pipeline .codable from a JSONDocument",
      ].map {
        (
          $0, ["undecodable last value"],
          "ParsnipDecoder decodes a dictionary's later repeats of a key, which Foundation never reads, and fails on them"
        )
      }
    var issues: [String: String] = [:]
    for row in table {
      for name in row.cases { issues["\(name): \(row.reading)"] = row.issue }
    }
    return issues
  }()
}
