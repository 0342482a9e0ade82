import Foundation
import Testing

@testable import Parsnip

/// `@DefaultValue`, `@LossyArray`, `@LossyDictionary`, `@UnknownFallback` and the report of what they did.
@Suite struct ParsnipDecoderLenientTests {
  enum Status: String, Codable, Equatable, FallbackDecodable {
    case active, suspended, unknown
    static var fallback: Status { .unknown }
  }

  struct Post: Codable, Equatable {
    var id: Int
    var title: String
  }

  struct Settings: Codable, Equatable {
    @DefaultFalse var darkMode: Bool
    @DefaultValue<DefaultValues.True> var notifications: Bool
    @DefaultZero var retries: Int
    @DefaultEmptyString var nickname: String
    @DefaultEmptyArray<String> var tags: [String]
    @DefaultValue<DefaultValues.EmptyDictionary<String, Int>> var limits: [String: Int]
  }

  struct Feed: Codable, Equatable {
    @LossyArray var posts: [Post]
    @LossyDictionary var prices: [String: Double]
    @LossyDictionary var byID: [Int: String]
    @UnknownFallback var status: Status
  }

  @Test func defaultsApplyToMissingAndNullMembers() throws {
    let settings = try ParsnipDecoder().decode(Settings.self, from: #"{"darkMode": null, "retries": 3}"#)
    #expect(settings.darkMode == false)
    #expect(settings.notifications == true)
    #expect(settings.retries == 3)
    #expect(settings.nickname == "")
    #expect(settings.tags == [])
    #expect(settings.limits == [:])
  }

  @Test func defaultsDoNotHideWrongTypes() {
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Settings.self, from: #"{"retries": "3"}"#) }
  }

  @Test func wrappersWorkWithFoundationToo() throws {
    let json = Data(
      #"{"posts": [{"id": 1, "title": "a"}, {"id": "x"}], "prices": {"a": 1, "b": "?"}, "byID": {"1": "one", "x": "?"}, "status": "gone"}"#
        .utf8)
    let foundation = try JSONDecoder().decode(Feed.self, from: json)
    let parsnip = try ParsnipDecoder().decode(Feed.self, from: json)
    #expect(parsnip == foundation)
    #expect(parsnip.posts == [Post(id: 1, title: "a")])
    #expect(parsnip.prices == ["a": 1])
    #expect(parsnip.byID == [1: "one"])
    #expect(parsnip.status == .unknown)
    #expect(
      try ParsnipDecoder().decode(Settings.self, from: "{}")
        == JSONDecoder().decode(Settings.self, from: Data("{}".utf8)))
  }

  @Test func unknownFallbackKeepsKnownValuesAndStillRejectsWrongTypes() throws {
    struct Account: Decodable { @UnknownFallback var status: Status }
    #expect(try ParsnipDecoder().decode(Account.self, from: #"{"status": "suspended"}"#).status == .suspended)
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Account.self, from: #"{"status": 3}"#) }
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Account.self, from: #"{}"#) }
  }

  @Test func lossyArrayStillRequiresAnArray() {
    #expect(throws: DecodingError.self) {
      try ParsnipDecoder().decode(Feed.self, from: #"{"posts": {}, "prices": {}, "byID": {}, "status": "active"}"#)
    }
  }

  @Test func reportListsEveryLeniencyWithPathAndReason() throws {
    let json = """
      {"feed": {
        "posts": [{"id": 1, "title": "a"}, {"id": "two", "title": "b"}, {"title": "c"}, {"id": 4, "title": "d"}],
        "prices": {"eur": 1.1, "usd": "n/a"},
        "byID": {"7": "seven", "x": "?"},
        "status": "archived"
      },
      "settings": {"darkMode": null}}
      """
    struct Root: Decodable {
      var feed: Feed
      var settings: Settings
    }
    let (root, report) = try ParsnipDecoder().decodeWithReport(Root.self, from: json)
    #expect(root.feed.posts.map(\.id) == [1, 4])
    #expect(report.droppedElements.map(\.path) == ["feed.posts[1]", "feed.posts[2]", "feed.prices.usd", "feed.byID.x"])
    #expect(
      report.droppedElements[0].reason
        == #"feed.posts[1].id: expected an Int, found a string ("two") (line 2, column 45)"#)
    #expect(report.droppedElements[1].reason == #"feed.posts[2]: key "id" not found (line 2, column 67)"#)
    #expect(report.droppedElements[3].reason == #"key "x" is not a valid Int"#)
    #expect(report.usedFallbacks.map(\.path) == ["feed.status"])
    #expect(report.usedFallbacks[0].reason.contains("archived"))
    #expect(
      report.appliedDefaults.map(\.path) == [
        "settings.darkMode", "settings.notifications", "settings.retries", "settings.nickname", "settings.tags",
        "settings.limits",
      ])
    #expect(report.appliedDefaults.map(\.reason) == ["value is null"] + Array(repeating: "key not found", count: 5))
    #expect(report.entries.count == 11)
    #expect(report.entries[0].codingPath.map(\.stringValue) == ["feed", "posts", "Index 1"])
    #expect(report.description.hasPrefix("feed.posts[1]: dropped element: feed.posts[1].id: expected an Int"))
  }

  @Test func reportIsEmptyWhenNothingWasLenient() throws {
    let (value, report) = try ParsnipDecoder().decodeWithReport(
      Feed.self, from: Data(#"{"posts": [], "prices": {}, "byID": {}, "status": "active"}"#.utf8))
    #expect(value.status == .active)
    #expect(report.isEmpty)
    #expect(report.description == "")
  }

  @Test func plainDecodeCollectsNoReport() throws {
    // Same input as above through `decode`, which keeps no report and still applies the leniency.
    let feed = try ParsnipDecoder().decode(Feed.self, from: #"{"posts": [1], "prices": {}, "byID": {}, "status": "x"}"#)
    #expect(feed.posts.isEmpty && feed.status == .unknown)
  }

  @Test func wrappersEncodeAsTheirValues() throws {
    let settings = try ParsnipDecoder().decode(Settings.self, from: #"{"retries": 2, "tags": ["t"]}"#)
    let encoded = try JSONEncoder().encode(settings)
    let object = try JSONSerialization.jsonObject(with: encoded) as? [String: Any]
    #expect(object?["retries"] as? Int == 2)
    #expect(object?["tags"] as? [String] == ["t"])
    #expect(try ParsnipDecoder().decode(Settings.self, from: encoded) == settings)
  }
}
