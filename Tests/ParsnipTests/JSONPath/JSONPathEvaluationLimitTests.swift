import Testing

@testable import Parsnip

/// The work budget of evaluation (`JSONPath.EvaluationOptions.maximumNodeVisits`): adversarial queries end with
/// `.queryTooExpensive` instead of hanging, the budget covers descendant walks, filters and their sub-queries,
/// and ordinary queries are not affected.
@Suite struct JSONPathEvaluationLimitTests {
  static func limit(_ visits: Int) -> JSONPath.EvaluationOptions {
    JSONPath.EvaluationOptions(maximumNodeVisits: visits)
  }

  /// An array of `count` small objects: `count * 3 + 1` nodes.
  static func wide(_ count: Int) -> JSON {
    .array((0..<count).map { index in ["id": .number(JSONNumber(index)), "tags": ["a"]] })
  }

  /// Runs `body`, which must throw `.queryTooExpensive`, and returns the error.
  static func tooExpensive(
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void
  ) throws -> JSONPathError {
    let error = try #require(throws: JSONPathError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error.kind == .queryTooExpensive, "\(error)", sourceLocation: sourceLocation)
    return error
  }

  // MARK: - Defaults

  @Test func defaultLimitIsOneHundredMillionNodeVisits() {
    #expect(JSONPath.EvaluationOptions.defaultMaximumNodeVisits == 100_000_000)
    #expect(JSONPath.EvaluationOptions().maximumNodeVisits == 100_000_000)
    #expect(JSONPath.EvaluationOptions() == Self.limit(100_000_000))
  }

  @Test func defaultLimitStopsStackedDescendantSegments() throws {
    // 2 000 nodes; the six stacked `..*` segments would select on the order of 10^17 nodes.
    let json = Self.wide(500)
    let path = try JSONPath("$..*..*..*..*..*..*")
    let error = try Self.tooExpensive { _ = try path.values(in: json) }
    #expect(error.message.contains("100000000"))
  }

  // MARK: - Adversarial queries end with the typed error

  @Test(arguments: [
    "$..*..*..*..*..*",
    "$..*..*..*..*..*..*..*..*",
    "$[*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*]",
    "$..[*,*,*,*]..[*,*,*,*]..[*,*,*,*]",
    "$[?count(@..*..*..*..*) > 0]",
    "$..[?count(@..*..*) > 1000000]",
    "$[?value(@..*..*..*..*) == 1]",
    "$[?@..*..*..*..*]",
    "$..[?@..*..*..*..*..*.x]",
  ])
  func adversarialQueriesStopWithQueryTooExpensive(_ query: String) throws {
    let json: JSON = ["a": Self.wide(40), "b": Self.wide(40)]
    let path = try JSONPath(query)
    let options = Self.limit(200_000)
    _ = try Self.tooExpensive { _ = try path.query(json, options: options) }
    _ = try Self.tooExpensive { _ = try path.values(in: json, options: options) }
    // The same query runs to the end under a limit it fits in: the error is about cost, not the query.
    #expect(try path.values(in: ["a": [1]], options: options).count <= 1)
  }

  @Test func firstValueIsLimitedToo() throws {
    let path = try JSONPath("$..*..*..*..*[?@ == 'absent']")
    _ = try Self.tooExpensive { _ = try path.firstValue(in: Self.wide(100), options: Self.limit(50_000)) }
    #expect(try JSONPath("$..*..*..*").firstValue(in: Self.wide(100), options: Self.limit(50_000)) != nil)
  }

  @Test func jsonConvenienceTakesTheOptions() throws {
    let json = Self.wide(100)
    _ = try Self.tooExpensive { _ = try json.query("$..*..*..*", options: Self.limit(1_000)) }
    #expect(try json.query("$[0].id", options: Self.limit(1_000)).map(\.value) == [0])
  }

  // MARK: - The error names the limit and the segment

  @Test func errorPointsAtTheSegmentThatHitTheLimit() throws {
    let path = try JSONPath("$.a..*..*..*")
    let error = try Self.tooExpensive { _ = try path.query(["a": Self.wide(50)], options: Self.limit(10_000)) }
    #expect(error.byteOffset == 9)
    #expect(error.query == "$.a..*..*..*")
    #expect(
      error.description == """
        error: the query visits more than 10000 nodes (the limit set by \
        JSONPath.EvaluationOptions.maximumNodeVisits); evaluation stopped in the segment '..*'
        $.a..*..*..*
                 ^
        """)
  }

  @Test func errorInsideAFilterNamesTheSubquerySegment() throws {
    let query = "$[?count(@..*..*..*) > 0]"
    let error = try Self.tooExpensive {
      _ = try JSONPath(query).query([Self.wide(50)], options: Self.limit(10_000))
    }
    // The innermost segment being applied: the last `..*` inside count().
    #expect(error.byteOffset == 16)
    #expect(error.message.hasSuffix("evaluation stopped in the segment '..*'"))
  }

  @Test func errorInAFilterComparisonNamesTheFilterSegment() throws {
    let long = JSON.string(String(repeating: "x", count: 64_000))
    let json: JSON = ["s": long, "items": .array((0..<100).map { JSON.number(JSONNumber($0)) })]
    let query = "$.items[?length($.s) > 0]"
    let error = try Self.tooExpensive { _ = try JSONPath(query).query(json, options: Self.limit(10_000)) }
    #expect(error.byteOffset == 7)
    #expect(error.message.hasSuffix("evaluation stopped in the segment '[?length($.s) > 0]'"))
  }

  // MARK: - What the budget counts

  /// `$..*` on `[[1, 2], [3]]`: the walk passes 5 children and the wildcard selects 5 nodes.
  @Test func descendantWalkCountsVisitsAndSelections() throws {
    let json: JSON = [[1, 2], [3]]
    let path = try JSONPath("$..*")
    #expect(try path.values(in: json, options: Self.limit(10)) == [[1, 2], [3], 1, 2, 3])
    _ = try Self.tooExpensive { _ = try path.values(in: json, options: Self.limit(9)) }
  }

  @Test(arguments: [("$.*", 10), ("$[2:8]", 6), ("$[0, 1, 1, -1]", 4), ("$[::-3]", 4), ("$[20]", 0)])
  func childSegmentsCountTheNodesTheySelect(query: String, cost: Int) throws {
    let json = JSON.array((0..<10).map { JSON.number(JSONNumber($0)) })
    let path = try JSONPath(query)
    #expect(try !path.query(json, options: Self.limit(cost)).isEmpty || cost == 0)
    if cost > 0 {
      _ = try Self.tooExpensive { _ = try path.query(json, options: Self.limit(cost - 1)) }
    }
  }

  /// `$[?@ > 1]` on `[1, 2, 3]`: per candidate one visit, one comparison and one singular query (`@`), plus one
  /// per selected node: 3 * 3 + 2.
  @Test func filtersCountCandidatesComparisonsAndSelections() throws {
    let path = try JSONPath("$[?@ > 1]")
    #expect(try path.values(in: [1, 2, 3], options: Self.limit(11)) == [2, 3])
    _ = try Self.tooExpensive { _ = try path.values(in: [1, 2, 3], options: Self.limit(10)) }
  }

  /// A filter that selects nothing still pays for its sub-queries: `count(@.*)` on each of 10 arrays of 10 spends
  /// 10 selections per candidate.
  @Test func filterSubqueriesCountAgainstTheSameBudget() throws {
    let row = JSON.array((0..<10).map { JSON.number(JSONNumber($0)) })
    let json = JSON.array(Array(repeating: row, count: 10))
    let path = try JSONPath("$[?count(@.*) > 10]")
    // Per candidate: 1 visit + 1 comparison + 1 count() call + 10 selections.
    #expect(try path.values(in: json, options: Self.limit(130)).isEmpty)
    _ = try Self.tooExpensive { _ = try path.values(in: json, options: Self.limit(129)) }
    // Without the sub-query the same filter is far cheaper.
    #expect(try JSONPath("$[?length(@) > 10]").values(in: json, options: Self.limit(50)).isEmpty)
  }

  @Test func longStringsCostInProportionToTheirLength() throws {
    let long = JSON.string(String(repeating: "ab", count: 50_000))  // 100 000 bytes
    let json: JSON = ["s": long, "items": .array((0..<1_000).map { JSON.number(JSONNumber($0)) })]
    for query in ["$.items[?length($.s) > 1]", "$.items[?match($.s, 'a.*')]", "$.items[?$.s == $.s]"] {
      let path = try JSONPath(query)
      #expect(try path.values(in: json).count == 1_000, "\(query)")
      _ = try Self.tooExpensive { _ = try path.values(in: json, options: Self.limit(100_000)) }
    }
  }

  @Test func deepComparisonsCostInProportionToTheirSize() throws {
    var deep = JSONPathEvaluationTests.nested(2_000)
    defer { JSONPathEvaluationTests.dismantle(&deep) }
    // Each node compares its whole subtree with itself: about 2 000² / 2 pairs.
    let path = try JSONPath("$..[?@ == @]")
    _ = try Self.tooExpensive { _ = try path.values(in: deep, options: Self.limit(100_000)) }
    #expect(try path.values(in: deep).count == 2_000)
  }

  // MARK: - Configuration and ordinary queries

  @Test func negativeLimitsAllowOnlyQueriesThatVisitNothing() throws {
    let json: JSON = ["a": 1]
    #expect(try JSONPath("$").values(in: json, options: Self.limit(-5)) == [json])
    #expect(try JSONPath("$.b").values(in: json, options: Self.limit(-5)).isEmpty)
    _ = try Self.tooExpensive { _ = try JSONPath("$.a").values(in: json, options: Self.limit(-5)) }
    // A singular query is walked directly and never fails.
    #expect(try JSONPath("$.a").firstValue(in: json, options: Self.limit(0)) == 1)
  }

  @Test func unlimitedRunsWhatTheDefaultWouldStop() throws {
    let path = try JSONPath("$..*..*..*")
    let json = Self.wide(20)  // 61 nodes
    _ = try Self.tooExpensive { _ = try path.values(in: json, options: Self.limit(1_000)) }
    #expect(try path.values(in: json, options: Self.limit(.max)).count > 1_000)
  }

  /// Every RFC 9535 example costs a few hundred visits at most.
  @Test(
    arguments: JSONPathRFCExampleTests.bookstoreCases + JSONPathRFCExampleTests.selectorCases
      + JSONPathRFCExampleTests.filterCases + JSONPathRFCExampleTests.functionCases
      + JSONPathRFCExampleTests.segmentCases + JSONPathRFCExampleTests.nullCases)
  func rfcExamplesFitInASmallBudget(_ example: QueryCase) throws {
    let json = try JSON(parsing: example.document)
    let values = try JSONPath(example.query).values(in: json, options: Self.limit(1_000))
    #expect(JSON.array(values) == (try JSON(parsing: example.values)))
  }

  @Test func budgetIsPerEvaluation() throws {
    let path = try JSONPath("$.*")
    let options = Self.limit(10)
    let json = JSON.array((0..<10).map { JSON.number(JSONNumber($0)) })
    for _ in 0..<3 { #expect(try path.values(in: json, options: options).count == 10) }
  }
}
