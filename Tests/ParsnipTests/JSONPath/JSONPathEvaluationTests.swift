import Foundation
import Testing

@testable import Parsnip

/// How compiled queries run: reuse, concurrency, ordering, very deep values, and the convenience entry points.
@Suite struct JSONPathEvaluationTests {
  @Test func compiledQueryIsReusableAcrossDocuments() throws {
    let path = try JSONPath("$.items[?@.price < 10].name")
    let first = try JSON(parsing: #"{"items": [{"name": "a", "price": 5}, {"name": "b", "price": 50}]}"#)
    let second = try JSON(parsing: #"{"items": [{"name": "c", "price": 1}, {"name": "d", "price": 2}]}"#)
    #expect(try path.values(in: first) == ["a"])
    #expect(try path.values(in: second) == ["c", "d"])
    #expect(try path.values(in: first) == ["a"])
    #expect(try path.nodes(in: second).map(\.path.description) == ["$['items'][0]['name']", "$['items'][1]['name']"])
  }

  @Test func compiledQueryRunsConcurrently() async throws {
    let path = try JSONPath("$..[?match(@.id, 'x[0-9]+')].id")
    let results = try await withThrowingTaskGroup(of: (Int, [JSON]).self) { group in
      for task in 0..<8 {
        group.addTask {
          let items = (0..<200).map { index -> JSON in ["id": .string(index % 2 == 0 ? "x\(task)\(index)" : "y")] }
          return try (task, path.values(in: ["level": ["items": .array(items)]]))
        }
      }
      var collected: [Int: [JSON]] = [:]
      for try await (task, values) in group { collected[task] = values }
      return collected
    }
    for task in 0..<8 {
      let expected = stride(from: 0, to: 200, by: 2).map { JSON.string("x\(task)\($0)") }
      #expect(results[task] == expected)
    }
  }

  @Test func objectMembersComeInDocumentOrder() throws {
    let json = try JSON(parsing: #"{"z": 1, "a": 2, "m": {"y": 3, "b": 4}}"#)
    #expect(try JSONPath("$.*").values(in: json) == [1, 2, ["y": 3, "b": 4]])
    #expect(
      try JSONPath("$..*").nodes(in: json).map(\.path.description) == [
        "$['z']", "$['a']", "$['m']", "$['m']['y']", "$['m']['b']",
      ])
  }

  @Test func descendantsAreVisitedBeforeLaterSiblings() throws {
    // Section 2.5.2.2: each node's own results come before its descendants', and arrays in index order.
    let json = try JSON(parsing: #"[{"n": 1, "c": [{"n": 2, "c": [{"n": 3}]}, {"n": 4}]}, {"n": 5}]"#)
    #expect(try JSONPath("$..n").values(in: json) == [1, 2, 3, 4, 5])
    #expect(try JSONPath("$..[?@.n > 1].n").values(in: json) == [5, 2, 4, 3])
  }

  @Test func selectorsOfOneSegmentKeepTheirOrder() throws {
    let json = try JSON(parsing: #"{"a": [10, 11, 12], "b": 1}"#)
    #expect(try JSONPath("$['b', 'a', 'b']").values(in: json) == [1, [10, 11, 12], 1])
    #expect(try JSONPath("$.a[2, 0, -1, 0:2, ::-1]").values(in: json) == [12, 10, 12, 10, 11, 12, 11, 10])
  }

  @Test func emptyResultsAreNotErrors() throws {
    let json: JSON = ["a": [1]]
    for query in ["$.b", "$.a[5]", "$.a.b", "$.a[?@ > 5]", "$..x", "$.a[1:1]", "$[0]", "$.a[?@.b == 1]"] {
      #expect(try JSONPath(query).nodes(in: json).isEmpty, "\(query)")
    }
  }

  @Test func nothingIsNotNull() throws {
    let json = try JSON(parsing: #"[{"a": null}, {}]"#)
    #expect(try JSONPath("$[?@.a == null]").values(in: json) == [["a": nil]])
    #expect(try JSONPath("$[?@.a != null]").values(in: json) == [[:]])
    #expect(try JSONPath("$[?@.a]").values(in: json) == [["a": nil]])
    #expect(try JSONPath("$[?!@.a]").values(in: json) == [[:]])
  }

  @Test func stringsCompareByUnicodeScalarsNotCanonicalEquivalence() throws {
    let json: JSON = ["e\u{301}", "\u{E9}", "f", "\u{1F600}", "\u{FFFF}"]
    #expect(try JSONPath("$[?@ == '\u{E9}']").nodes(in: json).map(\.path.description) == ["$[1]"])
    // Code point order: "e" < "f" < U+00E9 < U+FFFF < U+1F600.
    #expect(try JSONPath("$[?@ > 'f']").values(in: json) == ["\u{E9}", "\u{1F600}", "\u{FFFF}"])
    #expect(try JSONPath("$[?@ > '\u{FFFF}']").values(in: json) == ["\u{1F600}"])
    #expect(try JSONPath("$[?@ < 'f']").values(in: json) == ["e\u{301}"])
  }

  @Test func numbersBuiltInCodeCompareWithParsedLiterals() throws {
    let json: JSON = [
      JSON(0.1), JSON(1), JSON(Double.infinity), JSON(-Double.infinity), JSON(Double.nan), JSON(UInt64.max),
    ]
    #expect(try JSONPath("$[?@ == 0.1]").nodes(in: json).map(\.path.description) == ["$[0]"])
    #expect(try JSONPath("$[?@ == 1.0]").nodes(in: json).map(\.path.description) == ["$[1]"])
    #expect(try JSONPath("$[?@ > 1e308]").nodes(in: json).map(\.path.description) == ["$[2]"])
    #expect(try JSONPath("$[?@ < -1e400]").nodes(in: json).map(\.path.description) == ["$[3]"])
    #expect(try JSONPath("$[?@ == @]").nodes(in: json).count == 5)  // NaN is not equal to itself
    #expect(try JSONPath("$[?@ == 18446744073709551615]").nodes(in: json).map(\.path.description) == ["$[5]"])
  }

  @Test func convenienceEntryPointsAgree() throws {
    let json = try JSON(parsing: bookstore)
    let path = try JSONPath("$..book[?@.isbn].title")
    #expect(try json.nodes(matching: "$..book[?@.isbn].title") == path.nodes(in: json))
    #expect(try path.values(in: json) == ["Moby Dick", "The Lord of the Rings"])
    #expect(try path.firstValue(in: json) == "Moby Dick")
    #expect(try JSONPath("$.store.bicycle.color").firstValue(in: json) == "red")
    #expect(try JSONPath("$.store.bicycle.size").firstValue(in: json) == nil)
    #expect(try JSONPath("$.store.book[-1].title").firstValue(in: json) == "The Lord of the Rings")
  }

  static let singularity: [(String, Bool)] = [
    ("$", true), ("$.a", true), ("$['a'][0][-1].b", true), ("$ .a [0]", true),
    ("$[ 'a' ]", false), ("$.*", false), ("$[0, 1]", false), ("$[0:1]", false), ("$..a", false), ("$[?@]", false),
  ]

  @Test(arguments: singularity)
  func singularQueriesAreRecognized(_ query: String, _ isSingular: Bool) throws {
    #expect(try JSONPath(query).isSingular == isSingular)
  }

  @Test func queryTextIsPreserved() throws {
    let path = try JSONPath("$ .store [ 'book' ]")
    #expect(path.description == "$ .store [ 'book' ]")
    #expect(path == (try JSONPath("$ .store [ 'book' ]")))
    #expect(path != (try JSONPath("$.store.book")))
    #expect(Set([path, try JSONPath("$ .store [ 'book' ]")]).count == 1)
  }

  @Test func nodesDescribeThemselves() throws {
    let nodes = try JSONPath("$.a[*]").nodes(in: ["a": [1, "x"]])
    #expect(nodes.map(\.description) == [#"$['a'][0]: 1"#, #"$['a'][1]: "x""#])
    #expect(nodes[0] == JSONPath.Node(value: 1, path: JSONPath.NormalizedPath([.name("a"), .index(0)])))
  }

  @Test func regexFromTheDocumentIsCompiledOncePerDistinctPattern() throws {
    // Patterns that change from node to node are each honoured (the evaluator caches only the last one).
    let json = try JSON(
      parsing: #"[{"s": "abc", "p": "a.c"}, {"s": "abc", "p": "b"}, {"s": "abc", "p": "a.c"}, {"s": "b", "p": "b"}]"#)
    #expect(try JSONPath("$[?match(@.s, @.p)]").nodes(in: json).map(\.path.description) == ["$[0]", "$[2]", "$[3]"])
  }

  // MARK: - Deep values

  /// `depth` arrays nested in one another around `0`.
  static func nested(_ depth: Int) -> JSON {
    var value: JSON = 0
    for _ in 0..<depth { value = .array([value]) }
    return value
  }

  /// Releases a deeply nested value one level at a time; releasing it whole would recurse once per level.
  static func dismantle(_ value: inout JSON) {
    var current = value
    value = .null
    while case .array(let elements) = current, let first = elements.first {
      current = first
    }
  }

  @Test func descendantSegmentsWalk100000LevelsWithoutRecursion() throws {
    var deep = Self.nested(100_000)
    defer { Self.dismantle(&deep) }
    var nodes = try JSONPath("$..*").nodes(in: deep)
    #expect(nodes.count == 100_000)
    #expect(nodes.last?.value == 0)
    #expect(nodes.last?.path.depth == 100_000)
    #expect(nodes.last?.path.elements.allSatisfy { $0 == .index(0) } == true)
    nodes.removeAll()

    let zero = try JSONPath("$..[?@ == 0]").nodes(in: deep)
    #expect(zero.count == 1)
    #expect(zero.first?.path.depth == 100_000)
    #expect(try JSONPath("$..[?@ == 1]").nodes(in: deep).isEmpty)
  }

  @Test func deepValuesCompareWithoutRecursion() throws {
    var first = Self.nested(100_000)
    var second = Self.nested(100_000)
    var different = Self.nested(99_999)
    var document: JSON = .array([first, second, different])
    defer {
      document = .null
      Self.dismantle(&first)
      Self.dismantle(&second)
      Self.dismantle(&different)
    }
    let paths = try JSONPath("$[?@ == $[0]]").nodes(in: document).map(\.path.description)
    #expect(paths == ["$[0]", "$[1]"])
  }

  @Test func longQueriesCompileAndRunWithoutRecursion() throws {
    var deep = Self.nested(20_000)
    defer { Self.dismantle(&deep) }
    let query = "$" + String(repeating: "[0]", count: 20_000)
    let path = try JSONPath(query)
    #expect(path.isSingular)
    #expect(try path.firstValue(in: deep) == 0)
    #expect(try path.nodes(in: deep).first?.path.depth == 20_000)
    let manyTerms = "$[?" + Array(repeating: "@.a", count: 10_000).joined(separator: " || ") + " || @.b]"
    #expect(try JSONPath(manyTerms).values(in: [["b": 1], ["c": 2]]) == [["b": 1]])
  }

  /// Queries at the nesting limit compile and run on a 512 KiB stack, the smallest common thread stack.
  @Test func queriesAtTheNestingLimitRunOnASmallStack() throws {
    let limit = JSONPath.maximumNestingDepth
    func nest(_ open: String, _ middle: String, _ close: String, _ count: Int) -> String {
      String(repeating: open, count: count) + middle + String(repeating: close, count: count)
    }
    let queries = [
      "$[?" + nest("(", "@[0]", ")", limit - 1) + "]",
      "$" + nest("[?@", "", "]", limit),
      "$[?" + nest("!(", "@[0]", ")", (limit - 1) / 2) + "]",
      "$[?" + nest("length(", "@", ")", limit - 1) + " == 1]",
      "$[?" + nest("count(@[?", "@", "]) > 0", (limit - 1) / 2) + "]",
    ]
    final class Results: @unchecked Sendable {
      var counts: [Int] = []
      var errors: [JSONPathError] = []
    }
    let results = Results()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let document = Self.nested(200)
      for query in queries {
        do throws(JSONPathError) {
          results.counts.append(try JSONPath(query).nodes(in: document).count)
        } catch {
          results.errors.append(error)
        }
      }
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    #expect(results.errors.isEmpty, "\(results.errors)")
    #expect(results.counts.count == queries.count)
    #expect(results.counts.allSatisfy { $0 <= 1 })
  }
}
