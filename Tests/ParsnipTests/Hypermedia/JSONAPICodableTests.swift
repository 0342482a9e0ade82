import Testing

@testable import Parsnip

/// Typed models straight from and to JSON:API documents.
@Suite struct JSONAPICodableTests {
  struct Person: Codable, Equatable {
    var type = "people"
    var id: String
    var firstName: String?
  }
  struct Comment: Codable, Equatable {
    var type = "comments"
    var id: String
    var body: String
    var author: Person
  }
  struct Article: Codable, Equatable {
    var type = "articles"
    var id: String
    var title: String
    var author: Person
    var comments: [Comment]
  }

  @Test func decodesArticlesFromTheSpecsDocument() throws {
    let bytes = try [UInt8](Fixtures.example("jsonapi-articles.json"))
    let articles = try JSONAPI.decode([Article].self, from: bytes)
    #expect(articles.count == 1)
    #expect(articles[0].title == "JSON:API paints my bikeshed!")
    #expect(articles[0].author == Person(id: "9", firstName: "Dan"))
    #expect(articles[0].comments.map(\.body) == ["First!", "I like XML better"])
    #expect(articles[0].comments[0].author == Person(id: "2", firstName: nil))  // not included: the identifier
  }

  @Test func encodesAndDecodesBack() throws {
    let dan = Person(id: "9", firstName: "Dan")
    let article = Article(
      id: "1", title: "Hi", author: dan, comments: [Comment(id: "5", body: "First!", author: dan)])
    let document = try JSONAPI.encode([article])
    #expect(document["data"][0]["relationships"]["author"]["data"] == ["type": "people", "id": "9"])
    #expect(document["included"].count == 2)
    #expect(try JSONAPI.decode([Article].self, from: document) == [article])
  }
}
