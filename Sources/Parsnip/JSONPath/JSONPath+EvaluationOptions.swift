extension JSONPath {
  /// Limits on running a query, so that no query, however adversarial, can hang or exhaust memory.
  ///
  /// RFC 9535 nodelists keep duplicates, so stacked descendant segments multiply: `$..*..*..*..*` selects
  /// about *n*⁴/24 nodes from a value of *n* nodes, billions for a document of a few thousand. Filters can do
  /// the same work without selecting anything (`$[?count(@..*..*..*) > 0]`). Evaluation therefore counts its
  /// work in node visits and stops with ``JSONPathError/Kind-swift.enum/queryTooExpensive`` once it has spent
  /// ``maximumNodeVisits``.
  ///
  /// What counts as one visit:
  /// - a node a selector selects, in any segment, including the segments of filter queries;
  /// - a child a descendant segment (`..`) walks past, whether or not it is selected;
  /// - a candidate a filter tests, and each comparison and function call the test evaluates;
  /// - work in proportion to size: a singular query one plus one per 8 steps, comparing strings one per 64 bytes,
  ///   `length()` of a string one per 64 bytes, `match()` / `search()` one per 16 bytes of the subject, comparing
  ///   arrays or objects one per pair of elements or members.
  ///
  /// The default, ``defaultMaximumNodeVisits`` (100 million), is far above what real queries spend: `$..*` on a
  /// 100 MB document selects about 10 million nodes and spends about twice that. An adversarial query reaches it
  /// in seconds, not minutes: `$..[*,*,*,*]` stacked six times on the 630 KB `twitter.json` stops after about 6 s
  /// with ``JSONPath/values(in:options:)-(JSON,_)`` and 14 s with ``JSONPath/nodes(in:options:)-(JSON,_)`` (optimized build, busy
  /// 2-core machine). Lower the limit for queries from untrusted sources on a server; raise it (up to `Int.max`, no
  /// limit) for heavy queries you trust.
  ///
  /// Memory is bounded separately: no nodelist (the result, or one between segments) may hold more than
  /// ``maximumNodes`` nodes (``defaultMaximumNodes``, 10 million: a few hundred MB of nodes and paths), so a
  /// query that selects the same nodes over and over (`$[*,*,*,*,*,*,*,*]` stacked) stops at that size with
  /// ``JSONPathError/Kind-swift.enum/queryTooExpensive`` instead of holding gigabytes first.
  ///
  /// ```swift
  /// let options = JSONPath.EvaluationOptions(maximumNodeVisits: 10_000)
  /// do {
  ///   _ = try JSONPath("$..*..*..*..*").nodes(in: json, options: options)
  /// } catch {
  ///   error.kind  // → .queryTooExpensive
  /// }
  /// ```
  public struct EvaluationOptions: Sendable, Hashable {
    /// The default limit on node visits, 100 000 000.
    public static var defaultMaximumNodeVisits: Int { 100_000_000 }

    /// The most node visits a query may spend before evaluation stops with
    /// ``JSONPathError/Kind-swift.enum/queryTooExpensive``; ``defaultMaximumNodeVisits`` unless set. Negative
    /// values count as zero, which allows only queries that visit nothing (`$`).
    public var maximumNodeVisits: Int

    /// The default limit on the nodes one nodelist may hold, 10 000 000.
    public static var defaultMaximumNodes: Int { 10_000_000 }

    /// The most nodes one nodelist (the result, or one between segments or inside a filter) may hold before
    /// evaluation stops with ``JSONPathError/Kind-swift.enum/queryTooExpensive``; ``defaultMaximumNodes`` unless
    /// set. Negative values count as zero.
    public var maximumNodes: Int

    /// Creates evaluation options.
    /// - Parameters:
    ///   - maximumNodeVisits: The most node visits a query may spend; by default ``defaultMaximumNodeVisits``.
    ///     Pass `Int.max` for no limit.
    ///   - maximumNodes: The most nodes a nodelist may hold; by default ``defaultMaximumNodes``. Pass `Int.max`
    ///     for no limit.
    public init(
      maximumNodeVisits: Int = EvaluationOptions.defaultMaximumNodeVisits,
      maximumNodes: Int = EvaluationOptions.defaultMaximumNodes
    ) {
      self.maximumNodeVisits = maximumNodeVisits
      self.maximumNodes = maximumNodes
    }
  }
}
