import Foundation
import Testing

@testable import Parsnip

// MARK: SwiftJSONModel's examples

/// The seed's JSON uses property names as keys, so these models choose `.propertyNames` for their type; like
/// SwiftJSONModel's, they keep their defaults for missing members (`DefaultInitializable`).
let swiftJSONModelConfiguration = JSONModelConfiguration(keyStyle: .propertyNames)

struct Shop: JSONModel, DefaultInitializable, Equatable {
  static var modelConfiguration: JSONModelConfiguration { swiftJSONModelConfiguration }
  var isOpen = false
  var shopId = 0
  var shopName: String?
  var shopAddress: String?
  /// Computed: never encoded or decoded.
  var isOldShop: Bool { shopId > 0 && shopId < 100_000_000 }
}

struct Owner: JSONModel, DefaultInitializable, Equatable {
  static var modelConfiguration: JSONModelConfiguration { swiftJSONModelConfiguration }
  var ownerId = 0
  var ownerName: String?
  var mobilephone: String?
}

struct Book: JSONModel, DefaultInitializable, Equatable {
  static var modelConfiguration: JSONModelConfiguration { swiftJSONModelConfiguration }
  var name: String?
  var price = 0
}

/// Not JSON data: a property of this type must be ignored.
final class ShopLogo: @unchecked Sendable {
  let image: [UInt8]
  init(image: [UInt8]) { self.image = image }
}

/// Ignores `shopLogo` with `@Ignored`.
struct BookShop: JSONModel, DefaultInitializable {
  static var modelConfiguration: JSONModelConfiguration { swiftJSONModelConfiguration }
  var isOpen = false
  var shopId = 0
  var shopName: String?
  var shopAddress: String?
  var shopOwner: Owner?
  var books: [Book]?
  @Ignored var shopLogo: ShopLogo? = nil
  var isOldShop: Bool { shopId > 0 && shopId < 100_000_000 }
}

/// Ignores `shopLogo` by leaving it out of `CodingKeys` (it needs a default).
struct BookShopWithCodingKeys: JSONModel, DefaultInitializable {
  static var modelConfiguration: JSONModelConfiguration { swiftJSONModelConfiguration }
  var shopName: String?
  var books: [Book] = []
  var shopLogo = ShopLogo(image: [1])
  enum CodingKeys: String, CodingKey { case shopName, books }
}

/// Ignores `shopLogo` with `ignoredKeys` (an optional Codable property: it reads as absent).
struct BookShopWithIgnoredKeys: JSONModel, DefaultInitializable {
  static var modelConfiguration: JSONModelConfiguration { swiftJSONModelConfiguration }
  static var ignoredKeys: Set<String> { ["shopLogo"] }
  var shopName: String?
  var shopLogo: String?
}

// MARK: Moonflower's example

final class User: PolymorphicJSONModel, Equatable, @unchecked Sendable {
  static var keyOverrides: [String: String] { ["name": "username"] }
  static var moonflower: JSONModelConfiguration {
    JSONModelConfiguration(classKey: "_mf_class_key", registry: [User.self])
  }
  static var modelConfiguration: JSONModelConfiguration { moonflower }

  var name: String?
  var dict: [String: JSON]?
  var array: [JSON]?
  var joinDate: Date?
  var profilePicUrl: URL?
  var bff: User?
  var userId: UInt = 0

  init() {}

  convenience init(name: String, userId: UInt, joinDate: Date) {
    self.init()
    self.name = name
    self.userId = userId
    self.joinDate = joinDate
    profilePicUrl = URL(string: "http://www.example.com")
  }

  static func == (lhs: User, rhs: User) -> Bool {
    lhs.name == rhs.name && lhs.dict == rhs.dict && lhs.array == rhs.array && lhs.joinDate == rhs.joinDate
      && lhs.profilePicUrl == rhs.profilePicUrl && lhs.bff == rhs.bff && lhs.userId == rhs.userId
  }
}

@Suite struct JSONModelSeedTests {
  static let shopText = """
    {
        "isOpen" : true,
        "shopId" : 200010000,
        "shopName" : "Wisdom Bookshop",
        "shopAddress" : "No 7, Fortune Rd."
    }
    """

  static let bookShopJSON: JSON = [
    "isOpen": true, "shopId": 200_010_000, "shopName": "Wisdom Bookshop", "shopAddress": "No 7, Fortune Rd.",
    "shopOwner": ["ownerId": 30_001_001, "ownerName": "Alax Hackathon", "mobilephone": "800-888-7777"],
    "books": [["name": "Data Mining", "price": 825], ["name": "Data Analysis", "price": 750]],
  ]

  @Test func shopIsBuiltFromTextDataJSONAndDictionary() throws {
    let expected = Shop(
      isOpen: true, shopId: 200_010_000, shopName: "Wisdom Bookshop", shopAddress: "No 7, Fortune Rd.")
    #expect(try Shop(jsonString: Self.shopText) == expected)
    #expect(try Shop(jsonData: Data(Self.shopText.utf8)) == expected)
    #expect(try Shop(json: JSON(parsing: Self.shopText)) == expected)
    #expect(
      try Shop(dictionary: [
        "isOpen": true, "shopId": 200_010_000, "shopName": "Wisdom Bookshop",
        "shopAddress": "No 7, Fortune Rd.",
      ]) == expected)
  }

  @Test func shopTurnsBackIntoJSONWithoutTheComputedProperty() throws {
    var shop = try Shop(jsonString: Self.shopText)
    shop.shopName? = "New Wisdom Bookshop"
    #expect(shop.isOldShop == false)
    let json = try shop.json()
    #expect(
      json == [
        "isOpen": true, "shopId": 200_010_000, "shopName": "New Wisdom Bookshop", "shopAddress": "No 7, Fortune Rd.",
      ])
    #expect(json.objectValue?.keys == ["isOpen", "shopId", "shopName", "shopAddress"])
    #expect(try shop.jsonDictionary()["isOldShop"] == nil)
    #expect(
      try shop.jsonString()
        == #"{"isOpen":true,"shopId":200010000,"shopName":"New Wisdom Bookshop","shopAddress":"No 7, Fortune Rd."}"#)
    #expect(try JSON(parsing: shop.jsonData(prettyPrinted: true)) == json)
  }

  @Test func bookShopCascadesOwnerAndBooks() throws {
    let shop = try BookShop(json: Self.bookShopJSON)
    #expect(shop.shopOwner == Owner(ownerId: 30_001_001, ownerName: "Alax Hackathon", mobilephone: "800-888-7777"))
    #expect(shop.books == [Book(name: "Data Mining", price: 825), Book(name: "Data Analysis", price: 750)])
    #expect(shop.isOldShop == false)
    #expect(try shop.json() == Self.bookShopJSON)
    #expect(try [Book](json: Self.bookShopJSON["books"]) == shop.books)
    #expect(try shop.books?.json() == Self.bookShopJSON["books"])
    #expect(
      try [Book](jsonData: Data(#"[{"name": "a", "price": 1}, {}]"#.utf8)) == [Book(name: "a", price: 1), Book()])
  }

  @Test func ignoredLogoIsNeitherEncodedNorDecodedInAllThreeStyles() throws {
    var withWrapper = try BookShop(json: ["shopName": "A", "shopLogo": "ignored input"])
    #expect(withWrapper.shopLogo == nil)
    withWrapper.shopLogo = ShopLogo(image: [1, 2, 3])
    #expect(
      try withWrapper.json() == [
        "isOpen": false, "shopId": 0, "shopName": "A", "shopAddress": nil, "shopOwner": nil, "books": nil,
      ])

    let withCodingKeys = try BookShopWithCodingKeys(json: ["shopName": "B", "books": [], "shopLogo": 5])
    #expect(withCodingKeys.shopLogo.image == [1])
    #expect(try withCodingKeys.json() == ["shopName": "B", "books": []])

    var withIgnoredKeys = try BookShopWithIgnoredKeys(json: ["shopName": "C", "shopLogo": "logo.png"])
    #expect(withIgnoredKeys.shopLogo == nil)
    withIgnoredKeys.shopLogo = "mine.png"
    #expect(try withIgnoredKeys.json() == ["shopName": "C"])
  }

  @Test func updatingMergesNestedModelsAndKeepsIgnoredValues() throws {
    var shop = try BookShop(json: Self.bookShopJSON)
    shop.shopLogo = ShopLogo(image: [9])
    try shop.update(from: ["shopName": "Renamed", "shopOwner": ["mobilephone": "555"], "books": [["name": "New"]]])
    #expect(shop.shopName == "Renamed")
    #expect(shop.shopAddress == "No 7, Fortune Rd.")
    #expect(shop.shopOwner == Owner(ownerId: 30_001_001, ownerName: "Alax Hackathon", mobilephone: "555"))
    #expect(shop.books == [Book(name: "New", price: 0)])
    #expect(shop.shopLogo?.image == [9])

    var withIgnoredKeys = BookShopWithIgnoredKeys(shopName: "C", shopLogo: "kept.png")
    try withIgnoredKeys.update(from: ["shopName": "D"])
    #expect(withIgnoredKeys.shopName == "D")
    #expect(withIgnoredKeys.shopLogo == "kept.png")
  }

  @Test func updateWithNullClearsOptionalsAndCanRemoveMembers() throws {
    let shop = try BookShop(json: Self.bookShopJSON)
    let cleared = try shop.updated(from: ["shopOwner": nil, "shopAddress": nil])
    #expect(cleared.shopOwner == nil)
    #expect(cleared.shopAddress == nil)
    #expect(cleared.shopName == "Wisdom Bookshop")
    let removed = try shop.updated(from: ["shopOwner": nil], nullsRemoveMembers: true)
    #expect(removed.shopOwner == nil)
    #expect(throws: DecodingError.self) { try shop.updated(from: [1, 2]) }
  }

  // MARK: Moonflower

  static let joinDate = Date(timeIntervalSince1970: 1_427_298_550)

  static func mikeAndErin() -> User {
    let user = User(name: "Mike", userId: 26_928_320_042, joinDate: joinDate)
    user.bff = User(name: "Erin", userId: 24_629_872_306, joinDate: joinDate)
    return user
  }

  static let moonflowerJSON: JSON = [
    "_mf_class_key": "User", "username": "Mike", "dict": nil, "array": nil, "join_date": "2015-03-25T15:49:10Z",
    "profile_pic_url": "http://www.example.com",
    "bff": [
      "_mf_class_key": "User", "username": "Erin", "dict": nil, "array": nil, "join_date": "2015-03-25T15:49:10Z",
      "profile_pic_url": "http://www.example.com", "bff": nil, "user_id": 24_629_872_306,
    ],
    "user_id": 26_928_320_042,
  ]

  @Test func moonflowerUserEncodesLikeTheSeedOutput() throws {
    let json = try Self.mikeAndErin().json()
    #expect(json == Self.moonflowerJSON)
    #expect(json.objectValue?.keys.first == "_mf_class_key")
    #expect(try Self.mikeAndErin().jsonString().contains(#""profile_pic_url":"http://www.example.com""#))
  }

  @Test func moonflowerUserClonesThroughJSON() throws {
    let user = Self.mikeAndErin()
    user.dict = ["k": [1, "two"]]
    user.array = [true, nil]
    let clone = try User(json: user.json())
    #expect(clone == user)
    #expect(clone !== user)
    #expect(try clone.json() == user.json())
    let generated = try User.moonflower.model(from: user.json())
    #expect((generated as? User) == user)
  }

  @Test func moonflowerCycleIsReportedWithItsPath() throws {
    let mike = Self.mikeAndErin()
    mike.bff?.bff = mike
    defer { mike.bff?.bff = nil }
    do {
      _ = try mike.json()
      Issue.record("expected a cycle error")
    } catch EncodingError.invalidValue(_, let context) {
      #expect(CodingPathRendering.message(context.codingPath) == "bff.bff")
      #expect(context.debugDescription.contains("Reference cycle"))
    }
  }
}
