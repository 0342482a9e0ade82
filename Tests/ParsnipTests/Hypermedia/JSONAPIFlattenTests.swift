import Foundation
import Testing

@testable import Parsnip

/// Flattening JSON:API 1.1's compound-document example (Examples/jsonapi-articles.json, from
/// https://jsonapi.org/format/#document-compound-documents) and the rules for what is not resolved.
@Suite struct JSONAPIFlattenTests {
  static func articles() throws -> JSON { try JSON(parsing: Fixtures.example("jsonapi-articles.json")) }

  static let dan: JSON = [
    "type": "people", "id": "9", "firstName": "Dan", "lastName": "Gebhardt", "twitter": "dgeb",
    "_links": ["self": "http://example.com/people/9"],
  ]

  @Test func theSpecsCompoundDocumentFlattens() throws {
    let flattened = try JSONAPI.flatten(Self.articles())
    let expected: JSON = [
      [
        "type": "articles", "id": "1", "title": "JSON:API paints my bikeshed!",
        "author": Self.dan,
        "comments": [
          [
            "type": "comments", "id": "5", "body": "First!", "author": ["type": "people", "id": "2"],
            "_links": ["self": "http://example.com/comments/5"],
          ],
          [
            "type": "comments", "id": "12", "body": "I like XML better", "author": Self.dan,
            "_links": ["self": "http://example.com/comments/12"],
          ],
        ],
        "_links": ["self": "http://example.com/articles/1"],
        "_relationships": [
          "author": [
            "links": [
              "self": "http://example.com/articles/1/relationships/author",
              "related": "http://example.com/articles/1/author",
            ]
          ],
          "comments": [
            "links": [
              "self": "http://example.com/articles/1/relationships/comments",
              "related": "http://example.com/articles/1/comments",
            ]
          ],
        ],
      ]
    ]
    #expect(flattened["data"] == expected)
    #expect(flattened["included"].isNull)
    #expect(flattened["links"]["next"] == "http://example.com/articles?page[offset]=2")
  }

  @Test func aDocumentFlattensAsItsTreeDoes() throws {
    let text = try Fixtures.example("jsonapi-articles.json")
    let document = try JSONDocument(parsing: text)
    let tree = try JSON(parsing: text)
    for options in [
      JSONAPI.FlattenOptions(), .init(include: try JSONAPIIncludePaths("comments.author")), .init(unresolved: .null),
      .init(maximumDepth: 1),
    ] {
      #expect(try JSONAPI.flatten(document, options: options) == JSONAPI.flatten(tree, options: options))
    }
  }

  @Test func anIncludeListLimitsWhatIsResolvedAndHowDeep() throws {
    let authorOnly = try JSONAPI.flatten(Self.articles(), options: .init(include: JSONAPIIncludePaths("author")))
    #expect(authorOnly["data"][0]["author"] == Self.dan)
    #expect(authorOnly["data"][0]["comments"] == [["type": "comments", "id": "5"], ["type": "comments", "id": "12"]])

    let comments = try JSONAPI.flatten(Self.articles(), options: .init(include: JSONAPIIncludePaths("comments")))
    #expect(comments["data"][0]["author"] == ["type": "people", "id": "9"])
    #expect(comments["data"][0]["comments"][1]["author"] == ["type": "people", "id": "9"])  // not comments.author

    let deep = try JSONAPI.flatten(Self.articles(), options: .init(include: JSONAPIIncludePaths("comments.author")))
    #expect(deep["data"][0]["comments"][1]["author"] == Self.dan)
  }

  @Test func unresolvedRelationshipsBecomeIdentifiersOrNull() throws {
    let asNull = try JSONAPI.flatten(Self.articles(), options: .init(unresolved: .null))
    #expect(asNull["data"][0]["comments"][0]["author"] == .null)  // people 2 is not included
    let document: JSON = [
      "data": [
        "type": "a", "id": "1",
        "relationships": ["many": ["data": [["type": "b", "id": "x"], ["type": "b", "id": "y"]]]],
      ],
      "included": [["type": "b", "id": "y"]],
    ]
    #expect(try JSONAPI.flatten(document)["data"]["many"] == [["type": "b", "id": "x"], ["type": "b", "id": "y"]])
    // Under `.null`, a to-many relationship keeps the resources it resolves: some, or none.
    #expect(
      try JSONAPI.flatten(document, options: .init(unresolved: .null))["data"]["many"] == [["type": "b", "id": "y"]])
    var noneIncluded = document
    noneIncluded["included"] = []
    #expect(try JSONAPI.flatten(noneIncluded, options: .init(unresolved: .null))["data"]["many"] == [])
  }

  static func resource(_ id: String, _ relationships: [(String, String)] = []) -> JSON {
    var object: JSON = ["type": "r", "id": .string(id)]
    if !relationships.isEmpty {
      object["relationships"] = .object(
        JSONObject(relationships.map { ($0.0, ["data": ["type": "r", "id": .string($0.1)]]) }))
    }
    return object
  }

  @Test func aResourceReachedAgainDeeperStillStopsAtTheDepthLimit() throws {
    // r1 → r2 is reached at depth 1 from `a`, then at depth 3 from `b` (b → s1 → s2 → r1), where r2 is too deep.
    let document: JSON = [
      "data": [Self.resource("a", [("x", "r1")]), Self.resource("b", [("x", "s1")])],
      "included": [
        Self.resource("r1", [("next", "r2")]), Self.resource("r2"), Self.resource("s1", [("next", "s2")]),
        Self.resource("s2", [("next", "r1")]),
      ],
    ]
    let data = try JSONAPI.flatten(document, options: .init(maximumDepth: 3))["data"]
    #expect(data[0]["x"] == ["type": "r", "id": "r1", "next": ["type": "r", "id": "r2"]])
    #expect(data[1]["x"]["next"]["next"] == ["type": "r", "id": "r1", "next": ["type": "r", "id": "r2"]])
    #expect(
      try JSONAPI.flatten(document, options: .init(maximumDepth: 4))["data"][1]["x"]["next"]["next"] == data[0]["x"])
  }

  @Test func aResourceReachedThroughACycleIsCutWhereverItIsReached() throws {
    // c → b → a → (b: cut); then a as primary data: a → b → (a: cut).
    let document: JSON = [
      "data": [Self.resource("c", [("to", "b")]), Self.resource("a", [("to", "b")])],
      "included": [Self.resource("b", [("to", "a")])],
    ]
    let data = try JSONAPI.flatten(document)["data"]
    #expect(
      data[0] == [
        "type": "r", "id": "c",
        "to": ["type": "r", "id": "b", "to": ["type": "r", "id": "a", "to": ["type": "r", "id": "b"]]],
      ])
    #expect(data[1] == ["type": "r", "id": "a", "to": ["type": "r", "id": "b", "to": ["type": "r", "id": "a"]]])
  }

  @Test func reusedResourcesAreChargedToTheBudgetEachTime() throws {
    // 50 primary resources all pointing at one included resource with 10 attributes: its bytes count 50 times.
    let attributes = JSON.object(JSONObject((0..<10).map { ("a\($0)", JSON.number(JSONNumber($0))) }))
    let document: JSON = [
      "data": .array((0..<50).map { Self.resource("p\($0)", [("shared", "s")]) }),
      "included": [["type": "r", "id": "s", "attributes": attributes]],
    ]
    let size = try JSONAPI.flatten(document).bytes().count
    let shared = try JSONAPI.flatten(document)["data"][0]["shared"].bytes().count
    #expect(size > 50 * shared)
    #expect(try JSONAPI.flatten(document, options: .init(maximumOutputSize: size))["data"][49]["shared"]["a9"] == 9)
    #expect(throws: JSONAPIError.self) { try JSONAPI.flatten(document, options: .init(maximumOutputSize: size - 1)) }
  }

  @Test func cyclesEndAtAResourceAlreadyOnThePath() throws {
    let document: JSON = [
      "data": ["type": "a", "id": "1", "relationships": ["b": ["data": ["type": "b", "id": "1"]]]],
      "included": [
        ["type": "b", "id": "1", "attributes": ["n": 2], "relationships": ["a": ["data": ["type": "a", "id": "1"]]]]
      ],
    ]
    let data = try JSONAPI.flatten(document)["data"]
    #expect(data == ["type": "a", "id": "1", "b": ["type": "b", "id": "1", "n": 2, "a": ["type": "a", "id": "1"]]])
  }

  @Test func depthAndOutputHaveBudgets() throws {
    // A chain r0 → r1 → … → r99.
    let included: [JSON] = (1..<100).map { k in
      [
        "type": "r", "id": .string(String(k)),
        "relationships": ["next": ["data": ["type": "r", "id": .string(String(k + 1))]]],
      ]
    }
    let document: JSON = [
      "data": ["type": "r", "id": "0", "relationships": ["next": ["data": ["type": "r", "id": "1"]]]],
      "included": .array(included),
    ]
    var node = try JSONAPI.flatten(document, options: .init(maximumDepth: 3))["data"]
    for _ in 0..<3 { node = node["next"] }
    #expect(node == ["type": "r", "id": "3", "next": ["type": "r", "id": "4"]])  // below depth 3: identifiers
    do {
      _ = try JSONAPI.flatten(document, options: .init(maximumOutputSize: 20))
      Issue.record("expected the budget to stop flattening")
    } catch {
      #expect(error.kind == .outputTooLarge(limit: 20))
    }
  }

  @Test func aResourceIncludedOnceIsEmbeddedWhereverReferenced() throws {
    let flattened = try JSONAPI.flatten(Self.articles())
    #expect(flattened["data"][0]["author"] == flattened["data"][0]["comments"][1]["author"])
  }

  @Test func relationshipsWithoutDataAppearOnlyUnderRelationships() throws {
    let document: JSON = [
      "data": ["type": "a", "id": "1", "relationships": ["b": ["links": ["related": "/a/1/b"]]], "meta": ["m": 1]]
    ]
    #expect(
      try JSONAPI.flatten(document)["data"]
        == ["type": "a", "id": "1", "_meta": ["m": 1], "_relationships": ["b": ["links": ["related": "/a/1/b"]]]])
  }
}
