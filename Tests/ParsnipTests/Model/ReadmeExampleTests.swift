import Foundation
import Testing

@testable import Parsnip

/// The README's Codable and model examples, kept runnable.
@Suite struct ReadmeExampleTests {
  struct Tweet: Codable {
    var id: Int
    var text: String
    var createdAt: Date
    var url: URL?
  }

  @Test func encoderExample() throws {
    let encoder = ParsnipEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let tweet = Tweet(id: 1, text: "hi", createdAt: Date(timeIntervalSince1970: 0), url: URL(string: "https://x.com/a"))
    #expect(
      try encoder.encodeToString(tweet)
        == #"{"created_at":"1970-01-01T00:00:00Z","id":1,"text":"hi","url":"https://x.com/a"}"#)
    let json = try encoder.encodeToJSON(tweet)
    #expect(json["created_at"].stringValue == "1970-01-01T00:00:00Z")

    let big = try JSON(parsing: "[12345678901234567890123456789, 0.1000000000000000055511151231257827]")
    #expect(
      try ParsnipEncoder().encodeToString(["values": big])
        == #"{"values":[12345678901234567890123456789,0.1000000000000000055511151231257827]}"#)
  }

  struct Book: JSONModel, DefaultInitializable {
    var name: String?
    var price = 0
  }

  struct Owner: JSONModel, DefaultInitializable {
    var ownerName: String?
    var mobilephone: String?
  }

  struct BookShop: JSONModel, DefaultInitializable {
    var shopName: String?
    var shopOwner: Owner?
    var books: [Book] = []
    @Ignored var logo: [UInt8]? = nil  // never encoded or decoded
    var isBig: Bool { books.count > 100 }  // computed: never encoded
  }

  @Test func modelExample() throws {
    var shop = try BookShop(
      jsonString: """
        {"shop_name": "Wisdom Bookshop", "shop_owner": {"owner_name": "Alax"},
         "books": [{"name": "Data Mining", "price": 825}], "since": 1999}
        """)
    #expect(shop.books[0].price == 825)
    try shop.update(from: ["shop_owner": ["mobilephone": "800-888-7777"]])
    #expect(shop.shopOwner?.ownerName == "Alax")
    #expect(
      try shop.jsonString()
        == #"{"shop_name":"Wisdom Bookshop","shop_owner":{"owner_name":"Alax","mobilephone":"800-888-7777"},"#
        + #""books":[{"name":"Data Mining","price":825}]}"#)
  }

  final class User: PolymorphicJSONModel, @unchecked Sendable {
    static var keyOverrides: [String: String] { ["name": "username"] }
    var name: String?
    var joinDate: Date?
    var bff: User?
    var userId: UInt = 0
  }

  @Test func moonflowerExample() throws {
    let configuration = JSONModelConfiguration(classKey: "_mf_class_key", registry: [User.self])
    let mike = User()
    mike.name = "Mike"
    mike.userId = 7
    mike.joinDate = Date(timeIntervalSince1970: 1_427_298_550)
    #expect(
      try mike.jsonString(configuration: configuration)
        == #"{"_mf_class_key":"User","username":"Mike","join_date":"2015-03-25T15:49:10Z","bff":null,"user_id":7}"#)
    let clone = try configuration.model(from: mike.json(configuration: configuration)) as? User
    #expect(clone?.name == "Mike")
    mike.bff = mike
    defer { mike.bff = nil }
    #expect(throws: EncodingError.self) { try mike.json(configuration: configuration) }
  }
}
