/// A compiled JSONPath query (RFC 9535) that selects nodes from JSON values.
///
/// Compile a query once and run it on as many documents as you like; a `JSONPath` is an immutable, `Sendable`
/// value. Compiling checks everything RFC 9535 requires of a valid query (the grammar, blank-space rules,
/// integer ranges, singular queries in comparisons, the types of function expressions) and throws a
/// ``JSONPathError`` that points at the offending character. A query that finds nothing returns an empty
/// nodelist. Running a query fails only when it is too expensive: evaluation counts the nodes it visits, and stops
/// with ``JSONPathError/Kind-swift.enum/queryTooExpensive`` past ``EvaluationOptions/maximumNodeVisits``
/// (100 million by default), so that adversarial queries such as `$..*..*..*..*..*` end quickly instead of hanging.
///
/// ```swift
/// let json = try JSON(parsing: """
///   {"store": {"book": [{"title": "Sayings of the Century", "price": 8.95},
///                       {"title": "Moby Dick", "price": 8.99},
///                       {"title": "The Lord of the Rings", "price": 22.99}]}}
///   """)
/// let cheap = try JSONPath("$.store.book[?@.price < 10].title")
/// for node in try cheap.nodes(in: json) {
///   print(node.path, node.value)
/// }
/// // $['store']['book'][0]['title'] "Sayings of the Century"
/// // $['store']['book'][1]['title'] "Moby Dick"
/// ```
///
/// Supported: the root `$` and, in filters, the current node `@`; name selectors (`.name`, `['name']`,
/// `["name"]` with every RFC escape), wildcards (`.*`, `[*]`), indices (negative from the end), slices
/// `[start:end:step]`, several selectors in one bracket, descendant segments (`..name`, `..*`, `..[...]`),
/// filters `[?...]` with `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, `!`, parentheses, existence tests and
/// the functions `length()`, `count()`, `match()`, `search()` and `value()` (regular expressions in the
/// I-Regexp dialect of RFC 9485).
///
/// Results follow the RFC's ordering: the nodes of each segment in selector order, array elements in index
/// order, object members in the order of the object (document order for parsed JSON), and descendants
/// visited before their own descendants.
///
/// Where RFC 9535 leaves room, Parsnip decides as follows:
/// - Member names and string comparisons use Unicode scalars, as the RFC says, not Swift's canonical
///   equivalence: `$['é']` written with U+00E9 does not select a member spelled `e` + U+0301.
/// - `match()` and `search()` take I-Regexp patterns: `.` matches any character except line feed and
///   carriage return, `\p{..}` uses Unicode general categories, and `^` / `$` anchor at the start and end of the
///   string (as the JSONPath compliance test suite and every common regex mapping treat them). A pattern that
///   is not valid I-Regexp makes the function false. Matching runs in time linear in the string, whatever the
///   pattern, and patterns that would compile to more than 10 000 instructions count as invalid.
/// - Blank space inside brackets is allowed everywhere, but, following the grammar, `@[ 'a' ]` is not a
///   singular query, so it cannot be compared or passed where a single value is required.
/// - Nesting is limited to ``maximumNestingDepth``; descendant segments and comparisons of deep values use
///   explicit stacks, so a `JSON` nested 100 000 levels deep is queried without exhausting the call stack.
public struct JSONPath: Sendable {
  /// The deepest nesting of filters, parentheses, `!` and function calls a query may have; deeper queries fail
  /// with ``JSONPathError/Kind-swift.enum/nestingTooDeep``.
  ///
  /// The limit bounds the recursion of compiling and running a query, so that no query can exhaust a thread's
  /// stack: a query at the limit runs in well under 512 KiB of stack, the smallest default thread stack, even in
  /// a debug build. Real queries rarely nest more than a few levels. The value is 32.
  public static var maximumNestingDepth: Int { 32 }

  let source: String
  let compiled: CompiledQuery

  /// Compiles a query.
  ///
  /// ```swift
  /// let path = try JSONPath("$..book[-1].title")
  /// ```
  /// - Parameter query: An RFC 9535 query, beginning with `$`. Blank space is allowed where the RFC allows it
  ///   (between segments, inside brackets and around operators), but not before `$` or at the end.
  /// - Throws: ``JSONPathError`` naming what is wrong and where, for any query that is not well-formed and
  ///   valid under RFC 9535.
  /// - Complexity: O(*n*) in the length of the query, plus the compilation of literal regular expressions.
  public init(_ query: String) throws(JSONPathError) {
    self.source = query
    self.compiled = try JSONPathParser.parse(query)
  }

  /// Selects the nodes of a JSON value that the query matches, with their normalized paths.
  ///
  /// ```swift
  /// let json: JSON = ["a": [10, 20, 30]]
  /// let nodes = try JSONPath("$.a[1:]").nodes(in: json)
  /// nodes.map(\.value)               // → [20, 30]
  /// nodes.map(\.path.description)    // → ["$['a'][1]", "$['a'][2]"]
  /// ```
  /// - Parameters:
  ///   - json: The query argument, the root `$`.
  ///   - options: Limits on the work of evaluation; by default at most
  ///     ``EvaluationOptions/defaultMaximumNodeVisits`` node visits.
  /// - Returns: The resulting nodelist, in RFC 9535 order; empty when nothing matches.
  /// - Throws: ``JSONPathError`` of kind ``JSONPathError/Kind-swift.enum/queryTooExpensive`` when evaluation
  ///   would visit more than `options.maximumNodeVisits` nodes; the error points at the segment that hit the limit.
  /// - Complexity: Proportional to the nodes visited: O(1) per step of a singular query, the size of the
  ///   value for descendant segments, times the filter cost for filter selectors; never more than
  ///   `options.maximumNodeVisits`.
  public func nodes(
    in json: JSON, options: EvaluationOptions = EvaluationOptions()
  ) throws(JSONPathError) -> [Node] {
    try nodes(from: json, options: options)
  }

  /// Selects the values of the nodes the query matches, without recording their paths.
  ///
  /// Faster than ``nodes(in:options:)-(JSON,_)`` when only the values matter.
  ///
  /// ```swift
  /// let json: JSON = ["a": [10, 20, 30]]
  /// try JSONPath("$.a[?@ > 15]").values(in: json)  // → [20, 30]
  /// ```
  /// - Parameters:
  ///   - json: The query argument, the root `$`.
  ///   - options: Limits on the work of evaluation; by default at most
  ///     ``EvaluationOptions/defaultMaximumNodeVisits`` node visits.
  /// - Returns: The values of the resulting nodelist, in RFC 9535 order.
  /// - Throws: ``JSONPathError`` of kind ``JSONPathError/Kind-swift.enum/queryTooExpensive`` when evaluation
  ///   would visit more than `options.maximumNodeVisits` nodes.
  public func values(
    in json: JSON, options: EvaluationOptions = EvaluationOptions()
  ) throws(JSONPathError) -> [JSON] {
    try values(from: json, options: options)
  }

  /// The value of the first node the query matches, or `nil` when it matches nothing.
  ///
  /// ```swift
  /// let json: JSON = ["user": ["name": "Ada"]]
  /// try JSONPath("$.user.name").firstValue(in: json)  // → "Ada"
  /// ```
  /// - Parameters:
  ///   - json: The query argument, the root `$`.
  ///   - options: Limits on the work of evaluation; by default at most
  ///     ``EvaluationOptions/defaultMaximumNodeVisits`` node visits.
  /// - Returns: The first value in RFC 9535 order.
  /// - Throws: ``JSONPathError`` of kind ``JSONPathError/Kind-swift.enum/queryTooExpensive`` when evaluation
  ///   would visit more than `options.maximumNodeVisits` nodes before finding the first one. A singular query
  ///   never throws.
  /// - Complexity: Stops as soon as the last segment has selected a node.
  public func firstValue(
    in json: JSON, options: EvaluationOptions = EvaluationOptions()
  ) throws(JSONPathError) -> JSON? {
    try firstValue(from: json, options: options)
  }

  /// Selects the nodes of a document that the query matches, with their normalized paths.
  ///
  /// The document is read through its structural index, as a tree would be read (the same answers and the same
  /// work budget as ``nodes(in:options:)-(JSON,_)``), without building a tree: only the values selected are built.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"a": [10, 20, 30]}"#)
  /// try JSONPath("$.a[1:]").nodes(in: document).map(\.path.description)  // → ["$['a'][1]", "$['a'][2]"]
  /// ```
  /// - Parameters:
  ///   - document: The query argument, the root `$`.
  ///   - options: Limits on the work of evaluation.
  /// - Returns: The resulting nodelist, in RFC 9535 order.
  /// - Throws: ``JSONPathError`` of kind ``JSONPathError/Kind-swift.enum/queryTooExpensive`` when evaluation
  ///   would visit more than `options.maximumNodeVisits` nodes.
  /// - Complexity: As for ``nodes(in:options:)-(JSON,_)``, plus building the selected values.
  public func nodes(
    in document: JSONDocument, options: EvaluationOptions = EvaluationOptions()
  ) throws(JSONPathError) -> [Node] {
    try withExtendedLifetime(document) { () throws(JSONPathError) in
      try nodes(from: document.root.node, options: options)
    }
  }

  /// Selects the values of the nodes of a document that the query matches, without recording their paths.
  ///
  /// The document is read through its structural index, as in ``nodes(in:options:)-(JSONDocument,_)``.
  ///
  /// - Parameters:
  ///   - document: The query argument, the root `$`.
  ///   - options: Limits on the work of evaluation.
  /// - Returns: The values of the resulting nodelist, in RFC 9535 order.
  /// - Throws: ``JSONPathError`` of kind ``JSONPathError/Kind-swift.enum/queryTooExpensive`` when evaluation
  ///   would visit more than `options.maximumNodeVisits` nodes.
  public func values(
    in document: JSONDocument, options: EvaluationOptions = EvaluationOptions()
  ) throws(JSONPathError) -> [JSON] {
    try withExtendedLifetime(document) { () throws(JSONPathError) in
      try values(from: document.root.node, options: options)
    }
  }

  /// The value of the first node of a document that the query matches, or `nil` when it matches nothing.
  ///
  /// The document is read through its structural index, as in ``nodes(in:options:)-(JSONDocument,_)``.
  ///
  /// - Parameters:
  ///   - document: The query argument, the root `$`.
  ///   - options: Limits on the work of evaluation.
  /// - Returns: The first value in RFC 9535 order.
  /// - Throws: ``JSONPathError`` of kind ``JSONPathError/Kind-swift.enum/queryTooExpensive`` when evaluation
  ///   would visit more than `options.maximumNodeVisits` nodes before finding the first one.
  public func firstValue(
    in document: JSONDocument, options: EvaluationOptions = EvaluationOptions()
  ) throws(JSONPathError) -> JSON? {
    try withExtendedLifetime(document) { () throws(JSONPathError) in
      try firstValue(from: document.root.node, options: options)
    }
  }

  // One evaluation for every argument of the node layer.

  private func nodes<Argument: JSONNode>(
    from root: Argument, options: EvaluationOptions
  ) throws(JSONPathError) -> [Node] {
    var evaluator = JSONPathEvaluator(
      root: root, recordsPaths: true, budget: options.maximumNodeVisits, maximumNodes: options.maximumNodes)
    var nodes: [Node] = []
    do throws(BudgetExhausted) {
      let items = try evaluator.run(compiled)
      let table = evaluator.pathTable()
      nodes.reserveCapacity(items.count)
      for item in items {
        nodes.append(Node(value: try evaluator.result(item.value), path: NormalizedPath(table: table, row: item.row)))
      }
    } catch {
      throw tooExpensive(evaluator, options)
    }
    return nodes
  }

  private func values<Argument: JSONNode>(
    from root: Argument, options: EvaluationOptions
  ) throws(JSONPathError) -> [JSON] {
    var evaluator = JSONPathEvaluator(
      root: root, recordsPaths: false, budget: options.maximumNodeVisits, maximumNodes: options.maximumNodes)
    do throws(BudgetExhausted) {
      let items = try evaluator.run(compiled)
      var values: [JSON] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try evaluator.result(item.value)) }
      return values
    } catch {
      throw tooExpensive(evaluator, options)
    }
  }

  private func firstValue<Argument: JSONNode>(
    from root: Argument, options: EvaluationOptions
  ) throws(JSONPathError) -> JSON? {
    var evaluator = JSONPathEvaluator(
      root: root, recordsPaths: false, budget: options.maximumNodeVisits, maximumNodes: options.maximumNodes)
    if let steps = compiled.singularSteps {
      // One value, built once: no budget to charge (a singular query never throws).
      return evaluator.singularValue(steps, from: root)?.json()
    }
    do throws(BudgetExhausted) {
      guard let first = try evaluator.subquery(compiled, current: root, limit: 1).first else { return nil }
      return try evaluator.result(first.value)
    } catch {
      throw tooExpensive(evaluator, options)
    }
  }

  /// The error for an evaluation that ran out of budget.
  private func tooExpensive<Argument>(
    _ evaluator: JSONPathEvaluator<Argument>, _ options: EvaluationOptions
  ) -> JSONPathError {
    if evaluator.patternTooLarge {
      return JSONPathError(
        kind: .patternTooLarge, message: JSONPathParser.patternTooLargeMessage, query: source,
        byteOffset: evaluator.exhaustedSegment?.lowerBound ?? 0)
    }
    if evaluator.nodelistTooLong {
      return BudgetExhausted.error(
        in: source, segment: evaluator.exhaustedSegment,
        limit:
          "selects more than \(options.maximumNodes) nodes (the limit set by JSONPath.EvaluationOptions.maximumNodes)")
    }
    return BudgetExhausted.error(
      in: source, segment: evaluator.exhaustedSegment,
      limit: "visits more than \(options.maximumNodeVisits) nodes (the limit set by "
        + "JSONPath.EvaluationOptions.maximumNodeVisits)")
  }

  /// Whether the query is singular: every segment selects one member name or one index, so it matches at most
  /// one node (RFC 9535 section 2.3.5.1).
  public var isSingular: Bool { compiled.singularSteps != nil }
}

extension JSONPath: CustomStringConvertible {
  /// The query text, as given to ``init(_:)``.
  public var description: String { source }
}

extension JSONPath: Hashable {
  /// Queries are equal when their texts are equal.
  /// - Parameters:
  ///   - lhs: A query.
  ///   - rhs: Another query.
  /// - Returns: Whether the texts are equal.
  public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.source == rhs.source }

  /// Hashes the query text.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
