import Foundation
import Testing

@testable import Parsnip

/// The seed's two examples (Examples/posts-jte*.json, the seed's text with its missing commas fixed) and the rules
/// the seed leaves open: unknown ids, missing fields, nested collections, cycles, RFC 6570 operators, the budget.
@Suite struct JSONTemplatesSeedTests {
  static func example(_ name: String) throws -> JSON { try JSON(parsing: Fixtures.example(name)) }

  @Test(arguments: [
    ("posts-jte.json", "posts-jte-expanded.json"), ("posts-jte-compound.json", "posts-jte-compound-expanded.json"),
  ])
  func seedExamplesExpandExactly(input: String, expected: String) throws {
    let expanded = try JSONTemplates.expand(Self.example(input))
    #expect(expanded == (try Self.example(expected)))  // object equality ignores key order
    #expect(expanded["links"].isNull)
  }

  /// A document is expanded through its tape with the tree's answers and errors, repeated keys included.
  @Test(arguments: [
    "posts-jte.json", "posts-jte-compound.json",
  ])
  func documentsExpandAsTheirTrees(input: String) throws {
    let text = try Fixtures.example(input)
    let expanded = try JSONTemplates.expand(JSONDocument(parsing: text))
    #expect(expanded == (try JSONTemplates.expand(JSON(parsing: text))))
    #expect(HypermediaFormat.detect(try JSONDocument(parsing: text)) == .jsonTemplates)
    let repeated = #"{"links": {"p.a": "/x/{p.a}", "p.a": "/y/{p.a}"}, "p": [{"a": 1, "a": 2}]}"#
    #expect(try JSONTemplates.expand(JSONDocument(parsing: repeated)) == ["p": [["a": ["href": "/y/2"]]]])
    #expect(try JSONTemplates.expand(JSON(parsing: repeated)) == ["p": [["a": ["href": "/y/2"]]]])
    let broken = #"{"links": {"posts.author": "/people/{posts.writer}"}, "posts": [{"id": "1"}]}"#
    #expect(
      throws: JSONTemplatesError(
        .missingField(template: "/people/{posts.writer}", field: "writer"), at: ["posts", "0"])
    ) {
      try JSONTemplates.expand(JSONDocument(parsing: broken))
    }
  }

  @Test func linkedCollectionsAreLeftOutAndOtherMembersStay() throws {
    var document = try Self.example("posts-jte-compound.json")
    document["meta"] = ["count": 3]
    let expanded = try JSONTemplates.expand(document)
    #expect(expanded.objectValue?.keys == ["posts", "meta"])
  }

  @Test func unknownIdsKeepAnHrefOnlyObject() throws {
    let document: JSON = [
      "links": ["posts.author": ["href": "/people/{posts.author}", "type": "people"]],
      "posts": [["id": "1", "links": ["author": "404"]]], "people": [["id": "9", "name": "Ann"]],
    ]
    #expect(try JSONTemplates.expand(document) == ["posts": [["id": "1", "author": ["href": "/people/404"]]]])
  }

  @Test func numericIdsMatchStringIdsAndNullStaysNull() throws {
    let document: JSON = [
      "links": ["posts.author": "/people/{posts.author}", "posts.editor": "/people/{posts.editor}"],
      "posts": [["id": 1, "links": ["author": 9, "editor": nil]]], "author": [["id": "9", "name": "Ann"]],
    ]
    let expanded = try JSONTemplates.expand(document)
    #expect(expanded["posts"][0]["author"] == ["id": "9", "name": "Ann", "href": "/people/9"])
    #expect(expanded["posts"][0]["editor"] == .null)
  }

  @Test func aTemplateNamingAMissingFieldNamesTheResource() throws {
    let document: JSON = ["links": ["posts.author": "/people/{posts.writer}"], "posts": [["id": "1"], ["id": "2"]]]
    #expect(
      throws: JSONTemplatesError(
        .missingField(template: "/people/{posts.writer}", field: "writer"), at: ["posts", "0"])
    ) {
      try JSONTemplates.expand(document)
    }
    let second: JSON = ["links": ["posts.c": "/{posts.slug}"], "posts": [["slug": "a"], ["id": "2"]]]
    #expect(throws: JSONTemplatesError(.missingField(template: "/{posts.slug}", field: "slug"), at: ["posts", "1"])) {
      try JSONTemplates.expand(second)
    }
  }

  @Test func rfc6570OperatorsWorkInTemplates() throws {
    let document: JSON = [
      "links": ["posts.search": "http://example.com/search{?posts.title,posts.tags*}"],
      "posts": [["id": "1", "title": "a b", "tags": ["x", "y"]]],
    ]
    let expanded = try JSONTemplates.expand(document)
    #expect(
      expanded["posts"][0]["search"]["href"] == "http://example.com/search?posts.title=a%20b&posts.tags=x&posts.tags=y")
  }

  @Test func nestedCollectionsExpandAndCyclesEnd() throws {
    // posts → comments → posts: a post met again on its own path is embedded unexpanded.
    let document: JSON = [
      "links": [
        "posts.comments": "/c/{posts.comments}", "comments.post": ["href": "/p/{comments.post}", "type": "posts"],
      ],
      "posts": [["id": "1", "links": ["comments": ["5"]]]],
      "comments": [["id": "5", "links": ["post": "1"]]],
    ]
    let expanded = try JSONTemplates.expand(document)
    let comment = expanded["posts"][0]["comments"][0]
    #expect(comment["href"] == "/c/5")
    #expect(comment["post"]["href"] == "/p/1")
    #expect(comment["post"]["links"] == ["comments": ["5"]])  // the cycle: unexpanded
    #expect(expanded.objectValue?.keys == ["posts", "comments"])  // linked, but with links of their own
  }

  @Test func malformedDocumentsNameTheirPointer() {
    func error(_ document: JSON) -> JSONTemplatesError? {
      do { _ = try JSONTemplates.expand(document); return nil } catch { return error }
    }
    #expect(error([1]) == JSONTemplatesError(.notAnObject(found: .array), at: .root))
    #expect(error(["links": ["posts": "x"]]) == JSONTemplatesError(.invalidLinkKey("posts"), at: ["links", "posts"]))
    #expect(error(["links": ["posts.a": 3]]) == JSONTemplatesError(.invalidLink, at: ["links", "posts.a"]))
    #expect(
      error(["links": ["posts.a": ["href": "{x"]]])
        == JSONTemplatesError(
          .invalidTemplate(URITemplateError(.unclosedExpression, byteOffset: 0)), at: ["links", "posts.a", "href"]))
    #expect(
      error(["links": ["posts.a": "/"], "posts": ["x"]])
        == JSONTemplatesError(.notAResource(found: .string), at: ["posts", "0"]))
    #expect(
      error(["links": ["posts.a": "/"], "posts": [["links": ["a": true]]]])
        == JSONTemplatesError(.invalidLinkage, at: ["posts", "0", "links", "a"]))
  }

  @Test func theOutputHasABudget() {
    let document: JSON = [
      "links": ["posts.author": "/{posts.author}"],
      "posts": .array((0..<100).map { _ in ["links": ["author": "1"]] }), "author": [["id": "1", "name": "a"]],
    ]
    #expect(throws: Never.self) { try JSONTemplates.expand(document) }  // the default budget is ample
    do {
      _ = try JSONTemplates.expand(document, options: .init(maximumOutputSize: 50))
      Issue.record("expected the budget to stop the expansion")
    } catch {
      #expect(error.kind == .outputTooLarge(limit: 50))
    }
  }
}
