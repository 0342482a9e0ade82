import Foundation
import Testing

@testable import Parsnip

/// Each strategy against Foundation's `JSONEncoder` with the same setting.
@Suite struct ParsnipEncoderStrategyTests {
  struct Keys: Codable {
    var myURLProperty = 1
    var userID = 2
    var isOpen = true
    var profilePicUrl = "http://www.example.com"
    var simple = 0
    var html5Parser = 5
    var _private = 6
    var nested = Inner()
    var dictionary = ["keepThisKey": 1, "andThis_one": 2]
    var intKeys = [1: "x"]
    struct Inner: Codable { var innerValue = 1 }
  }

  @Test func convertToSnakeCaseMatchesFoundationAndLeavesDictionaryKeysAlone() throws {
    let encoder = ParsnipEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let json = try JSON(parsing: encoder.encode(Keys()))
    #expect(json["my_url_property"] == 1)
    #expect(json["user_id"] == 2)
    #expect(json["profile_pic_url"] == "http://www.example.com")
    #expect(json["nested"]["inner_value"] == 1)
    #expect(json["dictionary"]["keepThisKey"] == 1)
    #expect(json["_private"] == 6)
    try expectEncodesLikeFoundation([Keys(), Keys()]) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .convertToSnakeCase
      foundation.keyEncodingStrategy = .convertToSnakeCase
    }
  }

  @Test func customKeyStrategySeesTheFullCodingPath() throws {
    let strategy: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      let names = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return PathCodingKey(stringValue: names.joined(separator: "."))
    }
    let encoder = ParsnipEncoder()
    encoder.keyEncodingStrategy = .custom(strategy)
    let json = try JSON(parsing: encoder.encode(["list": [Keys.Inner()]]))
    #expect(json["list"][0]["list.0.innerValue"] == 1)
    try expectEncodesLikeFoundation(Keys()) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .custom(strategy)
      foundation.keyEncodingStrategy = .custom(strategy)
    }
  }

  static let dates: [Date] = [
    Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_427_298_550.357),
    Date(timeIntervalSince1970: -1_000_000_000.25), Date(timeIntervalSinceReferenceDate: 0.5),
  ]

  @Test func dateStrategiesMatchFoundation() throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 3600)
    formatter.dateFormat = "yyyy/MM/dd HH:mm:ss.SSS"
    let pairs: [(ParsnipEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy)] = [
      (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
      (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
      (.formatted(formatter), .formatted(formatter)),
      (
        .custom({ date, encoder in
          var container = encoder.unkeyedContainer()
          try container.encode(date.timeIntervalSince1970.rounded())
        }),
        .custom({ date, encoder in
          var container = encoder.unkeyedContainer()
          try container.encode(date.timeIntervalSince1970.rounded())
        })
      ),
      (.custom({ _, _ in }), .custom({ _, _ in })),
    ]
    for (ours, theirs) in pairs {
      try expectEncodesLikeFoundation(["dates": Self.dates]) { parsnip, foundation in
        parsnip.dateEncodingStrategy = ours
        foundation.dateEncodingStrategy = theirs
      }
    }
  }

  @Test func iso8601WithFractionalSecondsWritesMilliseconds() throws {
    let encoder = ParsnipEncoder()
    encoder.dateEncodingStrategy = .iso8601WithFractionalSeconds
    #expect(try encoder.encodeToString(Self.dates[1]) == #""2015-03-25T15:49:10.357Z""#)
    encoder.dateEncodingStrategy = .iso8601
    #expect(try encoder.encodeToString(Self.dates[1]) == #""2015-03-25T15:49:10Z""#)
  }

  @Test func dataStrategiesMatchFoundation() throws {
    let value = ["blob": Data([0, 1, 2, 250, 255]), "empty": Data()]
    let pairs: [(ParsnipEncoder.DataEncodingStrategy, JSONEncoder.DataEncodingStrategy)] = [
      (.base64, .base64), (.deferredToData, .deferredToData),
      (
        .custom({ data, encoder in
          var container = encoder.singleValueContainer()
          try container.encode(data.map { String($0, radix: 16) }.joined())
        }),
        .custom({ data, encoder in
          var container = encoder.singleValueContainer()
          try container.encode(data.map { String($0, radix: 16) }.joined())
        })
      ),
    ]
    for (ours, theirs) in pairs {
      try expectEncodesLikeFoundation(value) { parsnip, foundation in
        parsnip.dataEncodingStrategy = ours
        foundation.dataEncodingStrategy = theirs
      }
    }
  }

  @Test func strategiesApplyToTopLevelAndNestedValues() throws {
    let encoder = ParsnipEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.dataEncodingStrategy = .custom { data, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(data.count)
    }
    #expect(try encoder.encodeToString(Date(timeIntervalSince1970: 12.5)) == "12.5")
    #expect(try encoder.encodeToString([Data(count: 3)]) == "[3]")
    #expect(try encoder.encodeToJSON(["d": Data(count: 2)]) == ["d": 2])
  }

  @Test func settingsAreReadBack() {
    let encoder = ParsnipEncoder()
    #expect(encoder.outputFormatting == [])
    #expect(encoder.maximumDepth == 512)
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.maximumDepth = 0
    #expect(encoder.outputFormatting == [.prettyPrinted, .sortedKeys])
    #expect(encoder.maximumDepth == 1)
    if case .useDefaultKeys = encoder.keyEncodingStrategy {} else { Issue.record("default key strategy") }
    if case .deferredToDate = encoder.dateEncodingStrategy {} else { Issue.record("default date strategy") }
    if case .base64 = encoder.dataEncodingStrategy {} else { Issue.record("default data strategy") }
    if case .throw = encoder.nonConformingFloatEncodingStrategy {} else { Issue.record("default float strategy") }
  }
}
