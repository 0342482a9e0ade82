import Foundation
import Testing

@testable import Parsnip

struct Article: JSONModel, Equatable {
  var title: String
  var wordCount: Int
  /// Not a member: derived from the source JSON in `didDecode`.
  var sourceMemberCount = 0
  var isLegacy = false

  enum CodingKeys: String, CodingKey { case title, wordCount }

  mutating func didDecode(from json: JSON) throws {
    sourceMemberCount = json.count
    isLegacy = json["legacy_flag"].boolValue ?? false
    if wordCount < 0 {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "negative word count"))
    }
  }

  func willEncode(into json: inout JSON) throws {
    json["schema"] = 2
    if isLegacy { json["legacy_flag"] = true }
  }
}

struct Blog: JSONModel, Equatable {
  var name: String
  var articles: [Article]
  var featured: Article?
}

struct Address: UnknownFieldsPreserving, Equatable {
  var city: String
  var unknownFields: JSONObject = [:]
}

struct Profile: UnknownFieldsPreserving, Equatable {
  var name: String
  var address: Address
  var unknownFields: JSONObject = [:]
}

final class Settings: UnknownFieldsPreserving, @unchecked Sendable {
  var theme = "light"
  var unknownFields: JSONObject = [:]
}

@Suite struct JSONModelHookTests {
  @Test func didDecodeSeesEachModelsOwnSourceJSON() throws {
    let blog = try Blog(
      json: [
        "name": "B",
        "articles": [["title": "One", "word_count": 10, "legacy_flag": true], ["title": "Two", "word_count": 20]],
        "featured": ["title": "Three", "word_count": 30, "extra": 1, "more": 2],
      ])
    #expect(blog.articles.map(\.sourceMemberCount) == [3, 2])
    #expect(blog.articles.map(\.isLegacy) == [true, false])
    #expect(blog.featured?.sourceMemberCount == 4)
  }

  @Test func errorsFromDidDecodeFailTheDecoding() throws {
    #expect(throws: DecodingError.self) { try Article(json: ["title": "x", "word_count": -1]) }
  }

  @Test func willEncodeAmendsTheOutgoingJSONOfNestedModels() throws {
    let article = Article(title: "T", wordCount: 1, sourceMemberCount: 0, isLegacy: true)
    let blog = Blog(name: "B", articles: [article], featured: nil)
    let json = try blog.json()
    #expect(
      json == [
        "name": "B", "articles": [["title": "T", "word_count": 1, "schema": 2, "legacy_flag": true]], "featured": nil,
      ])
  }

  static let profileJSON: JSON = [
    "name": "Ann", "theme": "dark", "address": ["city": "Oslo", "zip": "0150", "geo": [59.9, 10.7]],
    "tags": [1, 2], "nothing": nil,
  ]

  @Test func unknownFieldsAreKeptAndWrittenBack() throws {
    var profile = try Profile(json: Self.profileJSON)
    #expect(profile.unknownFields == ["theme": "dark", "tags": [1, 2], "nothing": nil])
    #expect(profile.unknownFields.keys == ["theme", "tags", "nothing"])
    #expect(profile.address.unknownFields == ["zip": "0150", "geo": [59.9, 10.7]])
    profile.name = "Anna"
    var expected = Self.profileJSON
    expected["name"] = "Anna"
    #expect(try profile.json() == expected)
  }

  @Test func unknownFieldsInClassModelsAndDeclaredMembersWin() throws {
    let settings = try Settings(json: ["theme": "dark", "font_size": 14])
    #expect(settings.theme == "dark")
    #expect(settings.unknownFields == ["font_size": 14])
    settings.unknownFields["theme"] = "ignored: declared members win"
    #expect(try settings.json() == ["theme": "dark", "font_size": 14])
  }

  @Test func unknownFieldsSurviveAnUpdate() throws {
    var profile = try Profile(json: Self.profileJSON)
    try profile.update(from: ["address": ["city": "Bergen"], "new_member": true])
    #expect(profile.address.city == "Bergen")
    #expect(profile.address.unknownFields["zip"] == "0150")
    #expect(profile.unknownFields["new_member"] == true)
    #expect(profile.unknownFields["theme"] == "dark")
  }

  @Test func polymorphicClassKeyIsNotAnUnknownField() throws {
    final class Note: PolymorphicJSONModel, UnknownFieldsPreserving, @unchecked Sendable {
      var text = ""
      var unknownFields: JSONObject = [:]
    }
    var configuration = JSONModelConfiguration()
    configuration.registry = [Note.self]
    let note = try Note(json: ["_class": "Note", "text": "hi", "pinned": true], configuration: configuration)
    #expect(note.unknownFields == ["pinned": true])
    #expect(try note.json(configuration: configuration) == ["_class": "Note", "text": "hi", "pinned": true])
  }
}
