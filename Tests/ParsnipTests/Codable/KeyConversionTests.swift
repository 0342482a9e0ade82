import Foundation
import Testing

@testable import Parsnip

/// A key made from any string, to push arbitrary names through Foundation's coders.
private struct AnyKey: CodingKey {
  var stringValue: String
  init(stringValue: String) { self.stringValue = stringValue }
  var intValue: Int? { nil }
  init?(intValue: Int) { nil }
}

/// Encodes one member per name, so Foundation's `convertToSnakeCase` shows how it converts each name.
private struct KeyProbe: Encodable {
  let names: [String]
  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    for (position, name) in names.enumerated() { try container.encode(position, forKey: AnyKey(stringValue: name)) }
  }
}

/// Looks up each converted name of `KeyConversionTests.lookupKeys` by name (not through `allKeys`).
private struct KeyLookups: Decodable {
  var found: [String: Int] = [:]
  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    for key in KeyConversionTests.lookupKeys {
      let name = KeyConversion.convertFromSnakeCase(key)
      if let value = try container.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: name)) { found[name] = value }
    }
  }
}

/// Collects the keys Foundation's `convertFromSnakeCase` produces.
private struct KeyCollector: Decodable {
  var keys: [String]
  init(from decoder: Decoder) throws {
    keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
  }
}

@Suite struct KeyConversionTests {
  static let camelNames = [
    "myURLProperty", "URL", "myURL", "myURL2", "foo_Bar", "_leading", "trailing_", "a", "A", "ABCdef", "abcDEF", "aB",
    "userID", "HTTPServer", "x1Y2", "my2ndThing", "already_snake", "__dunder__", "someKEY_VALUE", "fooBAR123baz",
    "iPhone", "_oneTwoThree_", "feeFiFoFum", "xmlContents", "", "é", "décÉlan", "ÉtéBon", "ǅemal", "abcΣef",
    "abcǅef", "abcⒶef", "aΣΣb", "aİb", "ßBig", "aBß", "a\u{301}Bc", "日本語Key",
    // Foundation steps over whole characters: a letter with its combining marks, and `\r\n`.
    "fȞ\u{34B}сорȗ65le", "aB\u{34B}c", "aBC\u{301}d", "aB\u{301}\u{302}Cd", "ǅ\u{301}ab", "aBC\r\nd", "a\r\nBc",
    "\r\nAb",
  ]

  @Test(arguments: camelNames)
  func toSnakeCaseMatchesFoundation(name: String) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let data = try encoder.encode(KeyProbe(names: [name]))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
    #expect(KeyConversion.convertToSnakeCase(name) == object.keys.first)
  }

  @Test(arguments: [
    ("myURLProperty", "my_url_property"), ("userID", "user_id"), ("feeFiFoFum", "fee_fi_fo_fum"),
    ("xmlContents", "xml_contents"), ("_oneTwoThree_", "_one_two_three_"), ("URL", "u_rl"),
  ])
  func toSnakeCaseKnownAnswers(name: String, expected: String) {
    #expect(KeyConversion.convertToSnakeCase(name) == expected)
  }

  static let snakeKeys = [
    "my_url_property", "_a_b_", "a__b", "User_Name", "userName", "__x", "x", "a_b_c", "URL_VALUE", "a_1", "a_1b",
    "é_été", "foo_bAR", "_", "__", "", "a_1b2c", "a_x'y", "a_ab-cd", "a_ab.cd", "one_two_three", "fee_fi_fo_fum",
    "a_ǆa", "a_ßa", "id_str", "profile_image_url_https", "ß_x", "a_\u{301}b", "_\u{301}a_b",
  ]

  @Test(arguments: snakeKeys)
  func fromSnakeCaseMatchesFoundation(key: String) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let escaped = key.replacingOccurrences(of: "\"", with: "\\\"")
    let collected = try decoder.decode(KeyCollector.self, from: Data("{\"\(escaped)\": 1}".utf8))
    #expect([KeyConversion.convertFromSnakeCase(key)] == collected.keys)
  }

  /// `snakeKeys` without the keys whose camelCased names repeat an earlier one's (Foundation keeps the first such
  /// member, Parsnip the last, as for duplicate keys), plus two keys that the document writes with escapes.
  static let lookupKeys: [String] = {
    var seen = Set<String>()
    return snakeKeys.filter { seen.insert(KeyConversion.convertFromSnakeCase($0)).inserted } + [
      "café_bar", "user_Nick",
    ]
  }()

  /// The decoder finds members by camelCasing their names on the fly: ASCII names in place, other names and names
  /// with escapes through `convertFromSnakeCase`. Each finds what Foundation finds. (Which path a name takes is
  /// only a matter of speed: the ASCII path hands names it cannot convert to the general one.)
  @Test func snakeCaseLookupsFindWhatFoundationFinds() throws {
    let members = Self.lookupKeys.enumerated().map { position, key in
      let written = key == "café_bar" ? #"caf\u00e9_bar"# : key == "user_Nick" ? #"user_\u004eick"# : key
      return "\"\(written.replacingOccurrences(of: "\"", with: "\\\""))\": \(position)"
    }
    let text = "{" + members.joined(separator: ", ") + "}"
    let parsnip = ParsnipDecoder()
    parsnip.keyDecodingStrategy = .convertFromSnakeCase
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try foundation.decode(KeyLookups.self, from: Data(text.utf8)).found
    #expect(try parsnip.decode(KeyLookups.self, from: Data(text.utf8)).found == expected)
    #expect(expected.count == Self.lookupKeys.count)
    #expect(expected["caféBar"] == Self.lookupKeys.count - 2 && expected["userNick"] == Self.lookupKeys.count - 1)
  }

  @Test func snakeCaseRoundTripsAcronymsThroughTheDecoderRule() {
    // The decoder matches `myURLProperty` by converting the property name, which is lossless for this direction.
    #expect(KeyConversion.convertToSnakeCase("myURLProperty") == "my_url_property")
    // Foundation's camelization of the key cannot give the property name back.
    #expect(KeyConversion.convertFromSnakeCase("my_url_property") == "myUrlProperty")
  }
}
