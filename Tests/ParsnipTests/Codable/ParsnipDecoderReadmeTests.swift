import Foundation
import Testing

@testable import Parsnip

/// The README's ParsnipDecoder section, run as written, so its results cannot drift.
@Suite struct ParsnipDecoderReadmeTests {
  struct User: Codable {
    var id: Int
    var name: String
    var avatarURL: URL?
    @DefaultFalse var isAdmin: Bool
  }

  @Test func quickStart() throws {
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let json = #"[{"id": 1, "name": "Ada", "avatar_url": "https://example.com/ada.png"}]"#
    let users = try decoder.decode([User].self, from: json)
    #expect(users[0].avatarURL?.absoluteString == "https://example.com/ada.png")
    #expect(users[0].isAdmin == false)
  }

  @Test func errorsSayWhere() throws {
    let decoder = ParsnipDecoder()
    let text = """
      {"users": [
        {"id": 1, "name": "Ada"},
        {"id": 2, "name": null}
      ]}
      """
    struct Team: Codable { var users: [User] }
    do {
      _ = try decoder.decode(Team.self, from: text)
      Issue.record("expected an error")
    } catch DecodingError.valueNotFound(_, let context) {
      #expect(context.debugDescription == "users[1].name: expected a String, found null (line 3, column 21)")
    }
  }

  @Test func partOfADocument() throws {
    let decoder = ParsnipDecoder()
    let text = #"{"data": {"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}, "meta": {"page": 1}}"#
    struct Item: Codable { var id: Int; var name: String }
    let items = try decoder.decode([Item].self, from: text, at: "data.items")
    let second = try decoder.decode(String.self, from: text, at: "/data/items/1/name")
    #expect(items.count == 2)
    #expect(second == "b")
  }

  @Test func lenientDecodingWithAReport() throws {
    enum Role: String, Codable, FallbackDecodable {
      case admin, member, unknown
      static var fallback: Role { .unknown }
    }
    struct Post: Codable { var id: Int }
    struct Feed: Codable {
      @LossyArray var posts: [Post]
      @UnknownFallback var role: Role
    }
    let text = #"{"posts": [{"id": 1}, {"id": "7"}], "role": "owner"}"#
    let (feed, report) = try ParsnipDecoder().decodeWithReport(Feed.self, from: text)
    #expect(feed.posts.map(\.id) == [1])
    #expect(feed.role == .unknown)
    #expect(report.description == """
      posts[1]: dropped element: posts[1].id: expected an Int, found a string ("7") (line 1, column 30)
      role: used fallback: Cannot initialize Role from invalid String value owner
      """)
  }

  @Test func strictMode() throws {
    struct Point: Codable { var x: Int; var y: Int }
    let decoder = ParsnipDecoder()
    decoder.strictness = .strict
    do {
      _ = try decoder.decode(Point.self, from: #"{"x": 1, "y": 2, "z": 3}"#)
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription == #"z: unknown key "z" (not decoded by Point) (line 1, column 18)"#)
    }
  }
}
