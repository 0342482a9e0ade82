import Foundation
import Testing

@testable import Parsnip

/// The JSONPath family on a `JSONDocument` gives what it gives on the tree of the same text.
@Suite struct JSONPathDocumentTests {
  static let queries = [
    "$", "$.store.book[*].author", "$..author", "$.store.*", "$..price", "$..book[2]", "$..book[-1]",
    "$..book[0,1]", "$..book[:2]", "$..book[?@.isbn]", "$..book[?@.price<10]", "$..*", "$.nothing",
  ]

  @Test(arguments: queries) func documentReadsMatchTheTree(_ text: String) throws {
    let document = try JSONDocument(parsing: bookstore)
    let tree = try JSON(parsing: bookstore)
    let path = try JSONPath(text)
    #expect(try path.nodes(in: document) == path.nodes(in: tree))
    #expect(try path.values(in: document) == path.values(in: tree))
    #expect(try path.firstValue(in: document) == path.firstValue(in: tree))
    #expect(try document.nodes(matching: text) == tree.nodes(matching: text))
    #expect(try document.values(matching: text) == tree.values(matching: text))
    #expect(try document.firstValue(matching: text) == tree.firstValue(matching: text))
  }

  @Test func documentReadsKeepTheLastOfRepeatedKeysAsTheTreeDoes() throws {
    let text = #"{"a": 1, "a": 2, "b": {"c": [true]}}"#
    let document = try JSONDocument(parsing: text)
    #expect(try document.values(matching: "$.a") == [2])
    #expect(try document.nodes(matching: "$.b.c[0]").map(\.path.description) == ["$['b']['c'][0]"])
  }

  @Test func documentReadsReportTheSameErrors() throws {
    let document = try JSONDocument(parsing: "[1, [2, [3]]]")
    let invalid = try #require(throws: JSONPathError.self) { try document.values(matching: "$[") }
    let onTree = try #require(throws: JSONPathError.self) { try JSON.null.values(matching: "$[") }
    #expect(invalid == onTree)
    let limit = JSONPath.EvaluationOptions(maximumNodeVisits: 2)
    let expensive = try #require(throws: JSONPathError.self) { try document.nodes(matching: "$..*", options: limit) }
    #expect(expensive.kind == .queryTooExpensive)
  }

  /// A document is queried through its tape, and only compared values and results become trees: a filter that
  /// compares every candidate with the root builds it once (the same answer and budget as the tree), and results
  /// nested in one another beyond one document's worth of nodes are charged to the budget instead of being built
  /// without bound.
  @Test func buildingTreesFromADocumentIsBounded() throws {
    let elements = (0..<3_000).map(String.init).joined(separator: ",")
    let wide = "[" + elements + "]"
    let budget = JSONPath.EvaluationOptions(maximumNodeVisits: 100_000)  // far below 3 000 builds of the root
    let query = "$..*[?@ == $]"
    #expect(try JSONDocument(parsing: wide).values(matching: query, options: budget) == [])
    #expect(try JSON(parsing: wide).values(matching: query, options: budget) == [])

    let depth = 400
    let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let limit = JSONPath.EvaluationOptions(maximumNodeVisits: 20_000)
    #expect(try JSON(parsing: deep).values(matching: "$..*", options: limit).count == depth - 1)
    let charged = try #require(throws: JSONPathError.self) {
      try JSONDocument(parsing: deep).values(matching: "$..*", options: limit)
    }
    #expect(charged.kind == .queryTooExpensive)
    // One document's worth is free: the root itself, and every result of a flat query.
    #expect(try JSONDocument(parsing: deep).values(matching: "$", options: limit) == [JSON(parsing: deep)])
    #expect(try JSONDocument(parsing: wide).values(matching: "$[*]", options: limit).count == 3_000)
  }
}
