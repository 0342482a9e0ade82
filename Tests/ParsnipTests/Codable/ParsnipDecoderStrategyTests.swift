import Foundation
import Testing

@testable import Parsnip

/// `ParsnipDecoder` against Foundation's `JSONDecoder` on identical inputs and strategies.
@Suite struct ParsnipDecoderStrategyTests {
  typealias F = DecoderFixtures

  @Test(arguments: [
    #"{"i":1,"i8":-128,"i16":32767,"i32":-2147483648,"i64":9223372036854775807,"u":0,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"d":1.5,"f":0.1}"#,
    #"{"i":-9223372036854775808,"i8":127,"i16":-32768,"i32":2147483647,"i64":-9223372036854775808,"u":18446744073709551615,"u8":0,"u16":0,"u32":0,"u64":0,"d":-0.0,"f":3.4028235e38}"#,
    #"{"i":1.0,"i8":1e2,"i16":-0,"i32":2E3,"i64":1e18,"u":10.0e-1,"u8":2.50e1,"u16":0.0,"u32":4e9,"u64":1e19,"d":1e308,"f":1e-45}"#,
    #"{"i":1,"i8":128,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":-129,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":9223372036854775808,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":-1,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":256,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":18446744073709551616,"d":0,"f":0}"#,
    #"{"i":1.5,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":1e400,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":2e-324,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":1e39}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":1e-46}"#,
    #"{"i":"1","i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i":1,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":true,"f":0}"#,
    #"{"i":null,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
    #"{"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"d":0,"f":0}"#,
  ])
  func numbersMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Numbers.self, json)
  }

  @Test func integersWithFractionsOrExponentsMustBeExact() throws {
    let decoder = ParsnipDecoder()
    #expect(
      try decoder.decode([UInt64].self, from: "[1.8446744073709551615e19, 18446744073709551615.0]") == [.max, .max])
    #expect(
      try decoder.decode([Int64].self, from: "[9007199254740993.0, -9.223372036854775808e18]") == [
        9_007_199_254_740_993, .min,
      ])
    // Foundation rounds this one to 1 through its floating-point path; it is not an integer.
    #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1.0000000000000000001]") }
    #expect(throws: DecodingError.self) { try decoder.decode([UInt64].self, from: "[1.8446744073709551616e19]") }
  }

  @Test(.requiresSharedData) func doublesMatchFoundationOnTheCorpusNumbers() throws {
    let file = try #require(Fixtures.benchData.first { $0.lastPathComponent == "numbers.json" })
    let data = try Data(contentsOf: file)
    #expect(try ParsnipDecoder().decode([Double].self, from: data) == JSONDecoder().decode([Double].self, from: data))
    #expect(try ParsnipDecoder().decode([Float].self, from: data) == JSONDecoder().decode([Float].self, from: data))
  }

  @Test func randomDecimalsDecodeToTheSameDoublesAndFloatsAsFoundation() throws {
    var generator = SeededRandom(seed: 0xD0B1E)
    func numbers(exponents: ClosedRange<Int>) -> Data {
      var texts: [String] = []
      for _ in 0..<2000 {
        let digits =
          (0..<Int.random(in: 1...20, using: &generator))
          .map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined() + "7"
        // (Foundation rejects a zero with a large exponent, such as `0.00e76`; Parsnip reads 0.)
        let exponent = Int.random(in: exponents, using: &generator)
        texts.append("\(Bool.random(using: &generator) ? "-" : "")0.\(digits)e\(exponent)")
        texts.append(String(Double.random(in: -1e6...1e6, using: &generator)))
      }
      return Data("[\(texts.joined(separator: ","))]".utf8)
    }
    let doubles = numbers(exponents: -300...300)
    #expect(
      try ParsnipDecoder().decode([Double].self, from: doubles) == JSONDecoder().decode([Double].self, from: doubles))
    let floats = numbers(exponents: -30...30)
    #expect(try ParsnipDecoder().decode([Float].self, from: floats) == JSONDecoder().decode([Float].self, from: floats))
  }

  @Test(arguments: [
    #"{"flag":true,"text":"héllo \"wörld\" \u00e9\ud83d\ude00\n\t\\\/","count":-3,"ratio":2.5}"#,
    #"{"flag":false,"text":"","count":0,"ratio":-0.0001}"#,
    #"{"flag":1,"text":"","count":0,"ratio":0}"#,
    #"{"flag":true,"text":5,"count":0,"ratio":0}"#,
    #"{"flag":true,"text":null,"count":0,"ratio":0}"#,
    #"{"flag":true,"text":"x","count":0,"ratio":"2.5"}"#,
    #"{"flag":true,"text":"x","count":[],"ratio":0}"#,
    #"[]"#, #"null"#, #"3"#, #""text""#,
  ])
  func scalarsMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Scalars.self, json)
  }

  @Test(arguments: [
    #"{}"#,
    #"{"a":null,"b":null,"c":null,"d":null,"e":null,"f":null}"#,
    #"{"a":1,"b":"x","c":[1,2],"d":{"flag":true,"text":"t","count":1,"ratio":1},"e":false,"f":1.25}"#,
    #"{"a":"one"}"#,
    #"{"d":{"flag":true}}"#,
    #"{"c":[1,null]}"#,
  ])
  func optionalsMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Optionals.self, json)
  }

  @Test(arguments: [
    #"{"ints":[1,2,3],"strings":["a","b"],"doubles":[1,2.5,-3e2],"bools":[true,false],"nested":[[1],[],[2,3]],"byName":{"x":1,"y":2},"byNumber":{"1":"one","-2":"minus two"},"optionals":[1,null,3],"objects":[{"flag":true,"text":"t","count":1,"ratio":1}]}"#,
    #"{"ints":[],"strings":[],"doubles":[],"bools":[],"nested":[],"byName":{},"byNumber":{},"optionals":[],"objects":[]}"#,
    #"{"ints":[1,"2"],"strings":[],"doubles":[],"bools":[],"nested":[],"byName":{},"byNumber":{},"optionals":[],"objects":[]}"#,
    #"{"ints":[],"strings":[],"doubles":[],"bools":[],"nested":[[1],[true]],"byName":{},"byNumber":{},"optionals":[],"objects":[]}"#,
    #"{"ints":[],"strings":[],"doubles":[],"bools":[],"nested":[],"byName":{"x":"1"},"byNumber":{},"optionals":[],"objects":[]}"#,
    #"{"ints":[],"strings":[],"doubles":[],"bools":[],"nested":[],"byName":{},"byNumber":{"one":"1"},"optionals":[],"objects":[]}"#,
    #"{"ints":[],"strings":[],"doubles":[],"bools":[],"nested":[],"byName":{},"byNumber":{},"optionals":[],"objects":[{"flag":true}]}"#,
    #"{"ints":{},"strings":[],"doubles":[],"bools":[],"nested":[],"byName":{},"byNumber":{},"optionals":[],"objects":[]}"#,
    #"{"ints":[],"strings":[],"doubles":[],"bools":[],"nested":[],"byName":[],"byNumber":{},"optionals":[],"objects":[]}"#,
  ])
  func collectionsMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Collections.self, json)
  }

  @Test(arguments: [
    #"{"color":"red","level":2,"shape":{"circle":{"radius":1.5}}}"#,
    #"{"color":"blue","level":1,"shape":{"rectangle":{"width":2,"height":3}}}"#,
    #"{"color":"green","level":1,"shape":{"point":{}}}"#,
    #"{"color":"purple","level":1,"shape":{"point":{}}}"#,
    #"{"color":"red","level":3,"shape":{"point":{}}}"#,
    #"{"color":"red","level":1,"shape":{"hexagon":{}}}"#,
    #"{"color":"red","level":1,"shape":{"circle":{"radius":"big"}}}"#,
  ])
  func enumsMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Enums.self, json)
  }

  @Test func classesWithInheritanceMatchFoundation() {
    DecoderOracle.expectSame(F.Dog.self, #"{"name":"Rex","breed":"Collie"}"#)
    DecoderOracle.expectSame(F.Dog.self, #"{"breed":"Collie"}"#)
  }

  @Test(arguments: [
    #"{"name":"n","point":[1,2],"nested":{"value":5},"sup":"s","extra":1}"#,
    #"{"name":"n","point":[1,2],"nested":{"value":null},"sup":"s"}"#,
    #"{"name":"n","point":[1,2],"nested":{},"sup":"s"}"#,
    #"{"name":"n","point":[1,2],"nested":{"value":5}}"#,
    #"{"name":"n","point":[],"nested":{"value":5},"sup":"s"}"#,
    #"{"name":"n","point":["x"],"nested":{"value":5},"sup":"s"}"#,
    #"{"name":"n","point":{},"nested":{"value":5},"sup":"s"}"#,
  ])
  func manualContainerCallsMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Manual.self, json)
  }

  // MARK: Key strategies

  @Test(arguments: [
    #"{"user_name":"ada","user_id":1,"profile_image_url":"u","is_active":true,"a":1}"#,
    #"{"userName":"ada","userId":1,"profileImageUrl":"u","isActive":true,"a":1}"#,
    #"{"User_Name":"ada","user__id":1,"_profile_image_url":"u","is_active_":true,"a":1}"#,
    #"{"user_name":"ada","user_id":1,"profile_image_url":"u","is_active":true}"#,
  ])
  func convertFromSnakeCaseMatchesFoundationWhereFoundationFindsTheKey(json: String) {
    DecoderOracle.expectSame(
      F.SnakeCase.self, json, foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase },
      parsnip: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  }

  @Test func convertFromSnakeCaseLeavesDictionaryKeysAlone() {
    DecoderOracle.expectSame(
      [String: [String: Int]].self, #"{"outer_key":{"inner_key":1}}"#,
      foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase },
      parsnip: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  }

  @Test func convertFromSnakeCaseRoundTripsAcronymsThatFoundationCannotFind() throws {
    let json = #"{"my_url_property":"https://example.com","user_id":7,"html_body":"<p>"}"#
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let value = try decoder.decode(F.Acronyms.self, from: json)
    #expect(value == F.Acronyms(myURLProperty: "https://example.com", userID: 7, htmlBody: "<p>"))
    // Foundation camel-cases `my_url_property` to `myUrlProperty`, which is not the property name.
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    #expect(throws: DecodingError.self) { try foundation.decode(F.Acronyms.self, from: Data(json.utf8)) }
    // And the encoder's snake_case output reads back.
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(try decoder.decode(F.Acronyms.self, from: encoder.encode(value)) == value)
  }

  @Test func customKeyStrategyMatchesFoundation() {
    let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      PathCodingKey(stringValue: path.last!.stringValue.lowercased())
    }
    DecoderOracle.expectSame(
      F.Scalars.self, #"{"FLAG":true,"Text":"t","COUNT":2,"ratio":0.5}"#,
      foundation: { $0.keyDecodingStrategy = .custom(upper) }, parsnip: { $0.keyDecodingStrategy = .custom(upper) })
    DecoderOracle.expectSame(
      F.Scalars.self, #"{"FLAG":true,"Text":"t","ratio":0.5}"#,
      foundation: { $0.keyDecodingStrategy = .custom(upper) }, parsnip: { $0.keyDecodingStrategy = .custom(upper) })
  }

  @Test func customKeyStrategySeesTheCodingPath() throws {
    let paths = LockedPaths()
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .custom { path in
      paths.append(path.map(\.stringValue).joined(separator: "/"))
      return path.last!
    }
    _ = try decoder.decode([F.Scalars].self, from: #"[{"flag":true,"text":"t","count":2,"ratio":0.5}]"#)
    #expect(paths.values.sorted() == ["Index 0/count", "Index 0/flag", "Index 0/ratio", "Index 0/text"])
  }

  // MARK: Date strategies

  static let dates = #"{"date":1700000000.5,"dates":[0,-1.25,1e9],"maybe":null}"#

  @Test func dateStrategiesOnNumbersMatchFoundation() {
    DecoderOracle.expectSame(F.Dated.self, Self.dates)
    DecoderOracle.expectSame(
      F.Dated.self, Self.dates, foundation: { $0.dateDecodingStrategy = .secondsSince1970 },
      parsnip: { $0.dateDecodingStrategy = .secondsSince1970 })
    DecoderOracle.expectSame(
      F.Dated.self, Self.dates, foundation: { $0.dateDecodingStrategy = .millisecondsSince1970 },
      parsnip: { $0.dateDecodingStrategy = .millisecondsSince1970 })
    DecoderOracle.expectSame(
      F.Dated.self, #"{"date":"soon","dates":[]}"#, foundation: { $0.dateDecodingStrategy = .secondsSince1970 },
      parsnip: { $0.dateDecodingStrategy = .secondsSince1970 })
  }

  @Test(arguments: [
    #"{"date":"2024-01-02T03:04:05Z","dates":["2024-01-02T03:04:05+01:00","1999-12-31T23:59:59.125Z"]}"#,
    #"{"date":"2024-01-02","dates":[]}"#,
    #"{"date":12,"dates":[]}"#,
  ])
  func iso8601MatchesFoundation(json: String) {
    DecoderOracle.expectSame(
      F.Dated.self, json, foundation: { $0.dateDecodingStrategy = .iso8601 },
      parsnip: { $0.dateDecodingStrategy = .iso8601 })
  }

  @Test func formattedAndCustomDatesMatchFoundation() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    let json = #"{"date":"Sun Aug 31 00:29:15 +0000 2014","dates":["Sat Feb 16 13:40:25 +0000 2013"]}"#
    DecoderOracle.expectSame(
      F.Dated.self, json, foundation: { $0.dateDecodingStrategy = .formatted(formatter) },
      parsnip: { $0.dateDecodingStrategy = .formatted(formatter) })
    DecoderOracle.expectSame(
      F.Dated.self, #"{"date":"yesterday","dates":[]}"#,
      foundation: { $0.dateDecodingStrategy = .formatted(formatter) },
      parsnip: { $0.dateDecodingStrategy = .formatted(formatter) })
    let custom: @Sendable (any Decoder) throws -> Date = { decoder in
      let container = try decoder.singleValueContainer()
      return Date(timeIntervalSince1970: Double(try container.decode(String.self).count))
    }
    DecoderOracle.expectSame(
      F.Dated.self, #"{"date":"abc","dates":["","abcdef"],"maybe":"x"}"#,
      foundation: { $0.dateDecodingStrategy = .custom(custom) }, parsnip: { $0.dateDecodingStrategy = .custom(custom) })
    DecoderOracle.expectSame(
      F.Dated.self, #"{"date":"abc","dates":[1]}"#,
      foundation: { $0.dateDecodingStrategy = .custom(custom) }, parsnip: { $0.dateDecodingStrategy = .custom(custom) })
  }

  // MARK: Data, URL, Decimal

  @Test(arguments: [
    #"{"data":"aGVsbG8gd29ybGQ=","url":"https://example.com/a?b=c#d","decimal":12345678901234567890.123456789}"#,
    #"{"data":"","url":"file:///tmp/x","decimal":-0.000001}"#,
    #"{"data":"aGVsbG8","url":"https://example.com","decimal":1}"#,
    #"{"data":"aGVsbG8=","url":"","decimal":1}"#,
    #"{"data":"aGVsbG8=","url":"https://example.com","decimal":"1"}"#,
    #"{"data":"aGVsbG8=","url":"https://example.com","decimal":1e-5}"#,
  ])
  func dataURLAndDecimalMatchFoundation(json: String) {
    DecoderOracle.expectSame(F.Blob.self, json)
  }

  @Test func dataStrategiesMatchFoundation() {
    let json = #"{"data":[104,105],"url":"https://example.com","decimal":2.5}"#
    DecoderOracle.expectSame(
      F.Blob.self, json, foundation: { $0.dataDecodingStrategy = .deferredToData },
      parsnip: { $0.dataDecodingStrategy = .deferredToData })
    let custom: @Sendable (any Decoder) throws -> Data = { decoder in
      Data(try decoder.singleValueContainer().decode(String.self).utf8.reversed())
    }
    DecoderOracle.expectSame(
      F.Blob.self, #"{"data":"olleh","url":"https://example.com","decimal":2.5}"#,
      foundation: { $0.dataDecodingStrategy = .custom(custom) }, parsnip: { $0.dataDecodingStrategy = .custom(custom) })
  }

  // MARK: Non-conforming floats

  @Test func nonConformingFloatsMatchFoundation() {
    let json = #"{"values":["+inf","-inf",1.5,"nan?"],"single":"-inf"}"#
    let strategy = ParsnipDecoder.NonConformingFloatDecodingStrategy.convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan?")
    let foundation = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan?")
    let decoder = ParsnipDecoder()
    decoder.nonConformingFloatDecodingStrategy = strategy
    let value = try? decoder.decode(F.Floats.self, from: json)
    #expect(value?.values.count == 4)
    #expect(value?.values[0] == .infinity)
    #expect(value?.values[1] == -.infinity)
    #expect(value?.values[3].isNaN == true)
    #expect(value?.single == -.infinity)
    DecoderOracle.expectSame(
      F.Floats.self, #"{"values":["+inf"],"single":"infinity"}"#,
      foundation: { $0.nonConformingFloatDecodingStrategy = foundation },
      parsnip: { $0.nonConformingFloatDecodingStrategy = strategy })
    DecoderOracle.expectSame(F.Floats.self, #"{"values":["+inf"],"single":1}"#)
  }

  // MARK: User info, JSON5

  @Test func userInfoReachesEveryDecoder() throws {
    struct Probe: Decodable {
      var seen: String
      init(from decoder: any Decoder) throws {
        seen = decoder.userInfo[CodingUserInfoKey(rawValue: "tenant")!] as? String ?? "none"
      }
    }
    let decoder = ParsnipDecoder()
    decoder.userInfo[CodingUserInfoKey(rawValue: "tenant")!] = "acme"
    #expect(try decoder.decode([Probe].self, from: "[{}, {}]").map(\.seen) == ["acme", "acme"])
  }

  @Test func allowsJSON5ReachesTheParser() throws {
    let decoder = ParsnipDecoder()
    #expect(throws: DecodingError.self) { try decoder.decode([Double].self, from: "[Infinity, -Infinity, 1]") }
    decoder.allowsJSON5 = true
    #expect(try decoder.decode([Double].self, from: "[Infinity, -Infinity, 1]") == [.infinity, -.infinity, 1])
    #expect(try decoder.decode([Float].self, from: "[-Infinity]") == [-.infinity])
  }

  @Test func decodesFromEveryInputForm() throws {
    let text = #"{"flag":true,"text":"t","count":2,"ratio":0.5}"#
    let expected = F.Scalars(flag: true, text: "t", count: 2, ratio: 0.5)
    let decoder = ParsnipDecoder()
    #expect(try decoder.decode(F.Scalars.self, from: Data(text.utf8)) == expected)
    #expect(try decoder.decode(F.Scalars.self, from: Array(text.utf8)) == expected)
    #expect(try decoder.decode(F.Scalars.self, from: text) == expected)
    #expect(try decoder.decode(F.Scalars.self, from: JSON(parsing: text)) == expected)
  }

  /// As the Codable article says: the member named by the snake_case form first, else the last member whose
  /// camelCased name matches (Foundation's JSONDecoder takes the first match).
  @Test func snakeCaseCollisionsDecodeTheFirstMatchAsFoundation() throws {
    struct User: Decodable, Equatable { var userName: Int }
    for json in [
      #"{"userName": 1, "user_name": 2}"#, #"{"user_name": 1, "userName": 2}"#, #"{"User_Name": 1, "userName": 2}"#,
      #"{"userName": 1, "User_Name": 2}"#,
    ] {
      DecoderOracle.expectSame(
        User.self, json, foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase },
        parsnip: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    #expect(try decoder.decode(User.self, from: #"{"userName": 1, "user_name": 2}"#).userName == 1)
  }

  @Test func duplicateKeysTakeTheFirstValue() throws {
    let decoder = ParsnipDecoder()
    #expect(
      try decoder.decode(F.Scalars.self, from: #"{"flag":true,"text":"a","count":1,"ratio":1,"text":"b"}"#).text == "a")
    #expect(try decoder.decode([String: Int].self, from: #"{"a":1,"b":2,"a":3}"#) == ["a": 1, "b": 2])
    // Larger objects take the hashed duplicate check.
    let members = (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    struct Twenty: Decodable { var k3: Int; var k19: Int }
    let value = try decoder.decode(Twenty.self, from: "{\(members),\"k3\":33}")
    #expect(value.k3 == 3 && value.k19 == 19)
    // A key written with an escape is the same key.
    #expect(
      try decoder.decode(F.Scalars.self, from: #"{"flag":true,"text":"a","count":1,"ratio":1,"t\u0065xt":"c"}"#).text
        == "a")
    #expect(
      try decoder.decode(F.Scalars.self, from: #"{"flag":true,"t\u0065xt":"c","count":1,"ratio":1,"text":"a"}"#).text
        == "c")
  }

  /// `k5` first: its lookup leaves the search hint past the first `k3`, so only the duplicate check finds it.
  struct Twelve: Decodable, Equatable {
    var k5: Int
    var k3: Int
    var k11: Int?
  }

  /// An object of `keys`, the n-th member's value n × 10.
  static func object(_ keys: [String]) -> String {
    "{" + keys.enumerated().map { "\"\($1)\":\($0 * 10)" }.joined(separator: ",") + "}"
  }

  /// Twelve keys `k0`...`k11`, and the same with the last one repeating `k3`.
  static let twelveKeys = (0..<12).map { "k\($0)" }
  static let twelveKeysRepeatingK3 = Array(twelveKeys.dropLast()) + ["k3"]

  /// An object whose keys are byte for byte those of an earlier one of as many members with distinct keys is not
  /// hashed again; one of that size with a repeated key, plain or escaped, is still found, and so are objects of
  /// other sizes in between.
  @Test func duplicateKeysAmongObjectsOfOneSizeTakeTheFirstValue() throws {
    let (keys, repeated) = (Self.twelveKeys, Self.twelveKeysRepeatingK3)
    let object = Self.object
    var escaped = keys
    escaped[11] = #"k\u0033"#
    let other = (0..<9).map { "k\($0)" } + ["k3"]
    let objects = [keys, keys, repeated, keys, escaped, other, keys]
    let text = "[" + objects.map(object).joined(separator: ",") + "]"
    let decoded = try ParsnipDecoder().decode([Twelve].self, from: Data(text.utf8))
    #expect(decoded.map(\.k3) == [30, 30, 30, 30, 30, 30, 30])
    #expect(decoded.map(\.k11) == [110, 110, nil, 110, nil, nil, 110])
    DecoderOracle.expectSame([Twelve].self, text)
  }
}
