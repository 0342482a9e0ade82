import Testing

@testable import Parsnip

/// The work budget of evaluation (`JSONPath.EvaluationOptions.maximumNodeVisits`): adversarial queries end with
/// `.queryTooExpensive` instead of hanging, the budget covers descendant walks, filters and their sub-queries,
/// and ordinary queries are not affected.
@Suite struct JSONPathEvaluationLimitTests {
  static func limit(_ visits: Int) -> JSONPath.EvaluationOptions {
    JSONPath.EvaluationOptions(maximumNodeVisits: visits)
  }

  /// Arrays nested `depth` deep, each level `[inner, level]`: `2 * depth + 1` nodes. Each stacked descendant
  /// segment multiplies the nodelist by about the depth.
  static func chain(_ depth: Int) -> JSON {
    var value: JSON = 0
    for level in 1...depth { value = [value, .number(JSONNumber(level))] }
    return value
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

  // MARK: - Adversarial queries end with the typed error

  @Test(arguments: [
    "$..*..*..*..*..*",
    "$..*..*..*..*..*..*..*..*",
    "$[*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*][*,*]",
    "$..[*,*,*,*]..[*,*,*,*]..[*,*,*,*]",
    "$[?count(@..*..*..*..*) > 0]",
    "$..[?count(@..*..*..*) > 1000000]",
    // value() and existence tests stop at their second or first node, so only a last segment that finds nothing
    // makes them do all the work.
    "$[?value(@..*..*..*..*.x) == 1]",
    "$[?@..*..*..*..*.x]",
    "$..[?@..*..*..*..*..*.x]",
  ])
  func adversarialQueriesStopWithQueryTooExpensive(_ query: String) throws {
    // 121 nodes, 60 levels deep.
    let json = Self.chain(60)
    let path = try JSONPath(query)
    let options = Self.limit(200_000)
    _ = try Self.tooExpensive { _ = try path.nodes(in: json, options: options) }
    _ = try Self.tooExpensive { _ = try path.values(in: json, options: options) }
    // The same query runs to the end under a limit it fits in: the error is about cost, not the query.
    #expect(try path.values(in: Self.chain(2), options: options).count < 1_000)
  }

  @Test func firstValueIsLimitedToo() throws {
    let path = try JSONPath("$..*..*..*..*[?@ == 'absent']")
    _ = try Self.tooExpensive { _ = try path.firstValue(in: Self.chain(60), options: Self.limit(50_000)) }
    #expect(try JSONPath("$..*..*..*").firstValue(in: Self.chain(10), options: Self.limit(50_000)) != nil)
  }

  @Test func jsonConvenienceTakesTheOptions() throws {
    let json = Self.chain(30)
    _ = try Self.tooExpensive { _ = try json.nodes(matching: "$..*..*..*", options: Self.limit(1_000)) }
    #expect(try json.nodes(matching: "$[1]", options: Self.limit(1_000)).map(\.value) == [30])
  }

  // MARK: - The error names the limit and the segment

  @Test func errorPointsAtTheSegmentThatHitTheLimit() throws {
    let path = try JSONPath("$.a..*..*..*")
    let error = try Self.tooExpensive { _ = try path.nodes(in: ["a": Self.chain(50)], options: Self.limit(10_000)) }
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
      _ = try JSONPath(query).nodes(in: [Self.chain(50)], options: Self.limit(10_000))
    }
    // The innermost segment being applied: the last `..*` inside count().
    #expect(error.byteOffset == 16)
    #expect(error.message.hasSuffix("evaluation stopped in the segment '..*'"))
  }

  @Test func errorInAFilterComparisonNamesTheFilterSegment() throws {
    let long = JSON.string(String(repeating: "x", count: 64_000))
    let json: JSON = ["s": long, "items": .array((0..<100).map { JSON.number(JSONNumber($0)) })]
    let query = "$.items[?length($.s) > 0]"
    let error = try Self.tooExpensive { _ = try JSONPath(query).nodes(in: json, options: Self.limit(10_000)) }
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
    #expect(try !path.nodes(in: json, options: Self.limit(cost)).isEmpty || cost == 0)
    if cost > 0 {
      _ = try Self.tooExpensive { _ = try path.nodes(in: json, options: Self.limit(cost - 1)) }
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
    let long = JSON.string(String(repeating: "ab", count: 5_000))  // 10 000 bytes
    let json: JSON = ["s": long, "items": .array((0..<100).map { JSON.number(JSONNumber($0)) })]
    // Per candidate: 156 units to measure or compare the string, 625 to match it; 100 candidates.
    for query in ["$.items[?length($.s) > 1]", "$.items[?match($.s, 'a.*')]", "$.items[?$.s == $.s]"] {
      let path = try JSONPath(query)
      #expect(try path.values(in: json).count == 100, "\(query)")
      _ = try Self.tooExpensive { _ = try path.values(in: json, options: Self.limit(10_000)) }
      // A short string costs only the filter's fixed units.
      #expect(try path.values(in: ["s": "ab", "items": [1]], options: Self.limit(10)) == [1], "\(query)")
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
    let json = Self.chain(20)  // 41 nodes
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

  @Test func aValidPatternTooLargeToRunIsAnErrorNotFalse() throws {
    // These used to be false, so `!search(...)` selected everything.
    let literal = #expect(throws: JSONPathError.self) { try JSONPath("$.a[?!search(@, 'x{0,10001}')]") }
    #expect(literal?.kind == .patternTooLarge)
    #expect(literal?.byteOffset == 16)
    let json: JSON = ["a": ["xxb", "y"], "p": "(a{1000}){1000}"]
    let dynamic = #expect(throws: JSONPathError.self) { try JSONPath("$.a[?match(@, $.p)]").values(in: json) }
    #expect(dynamic?.kind == .patternTooLarge)
    // A pattern that is no I-Regexp at all stays false, as RFC 9535 says.
    #expect(try JSONPath(#"$.a[?match(@, '\\d')]"#).values(in: json) == [])
    #expect(try JSONPath(#"$.a[?!match(@, '\\d')]"#).values(in: json) == ["xxb", "y"])
  }

  @Test func regexWorkIsPartOfTheBudget() throws {
    // (.*){3300}b costs the program's size for every byte: 1 MB of subject took 107 s before the budget counted it.
    let json: JSON = [.string(String(repeating: "a", count: 1 << 20))]
    let error = try Self.tooExpensive { _ = try JSONPath("$[?search(@, '(.*){3300}b')]").values(in: json) }
    #expect(error.kind == .queryTooExpensive)
    // Ordinary patterns on ordinary strings cost next to nothing.
    #expect(try JSONPath("$[?search(@, '^a+$')]").values(in: json, options: Self.limit(1_000_000)).count == 1)
  }

  @Test func nodelistsAreBoundedInSizeNotOnlyInWork() throws {
    // Unions that repeat the same nodes used to hold gigabytes before the visit budget stopped them.
    let json = JSON.array(Array(repeating: JSON.array(Array(repeating: 1, count: 10)), count: 10))
    let path = try JSONPath("$[*,*,*,*][*,*,*,*]")  // 40 nodes, then 1 600
    let options = JSONPath.EvaluationOptions(maximumNodes: 1_000)
    let error = try Self.tooExpensive { _ = try path.values(in: json, options: options) }
    #expect(error.description.contains("selects more than 1000 nodes"))
    #expect(error.byteOffset == 10)  // the second segment
    _ = try Self.tooExpensive { _ = try path.nodes(in: json, options: options) }
    #expect(try path.values(in: json, options: .init(maximumNodes: 1_600)).count == 1_600)
    #expect(JSONPath.EvaluationOptions().maximumNodes == 10_000_000)
  }

  @Test func budgetIsPerEvaluation() throws {
    let path = try JSONPath("$.*")
    let options = Self.limit(10)
    let json = JSON.array((0..<10).map { JSON.number(JSONNumber($0)) })
    for _ in 0..<3 { #expect(try path.values(in: json, options: options).count == 10) }
  }
}
