import Foundation
import Testing

@testable import Parsnip

/// The README's Codable decoding snippet, verbatim in spirit, with its results checked.
@Suite struct CodableReadmeTests {
  struct Status: Codable { var id: Int64; var text: String; var user: User }
  struct User: Codable { var screenName: String; var myURLProperty: String? }
  enum Kind: String, Codable, FallbackDecodable { case post, reply, unknown; static var fallback: Kind { .unknown } }
  struct Item: Codable {
    @DefaultValue<DefaultValues.False> var pinned: Bool
    @LossyArray var tags: [Int]
    @UnknownFallback var kind: Kind
  }

  static let text = #"""
    {"statuses": [{"id": 505874924095815681, "text": "hi", "user": {"screen_name": "ayuu", "my_url_property": "x"}}],
     "items": [{"tags": [1, "two", 3], "kind": "boost"}]}
    """#

  @Test func snippetBehavesAsDocumented() throws {
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let statuses = try decoder.decode([Status].self, from: Self.text, at: "statuses")
    #expect(statuses[0].id == 505874924095815681)
    #expect(statuses[0].user.myURLProperty == "x")

    let (items, report) = try ParsnipDecoder().decodeWithReport(
      [Item].self, from: #"[{"tags": [1, "two", 3], "kind": "boost"}]"#)
    #expect(items[0].pinned == false)
    #expect(items[0].tags == [1, 3])
    #expect(items[0].kind == .unknown)
    #expect(report.entries.count == 3)
    print(report)

    do {
      _ = try ParsnipDecoder().decode([Status].self, from: #"[{"id": 1, "text": null, "user": {}}]"#)
      Issue.record("expected an error")
    } catch let error as DecodingError {
      print(error)
      #expect("\(error)".contains("[0].text"))
    }
  }
}
