import Foundation
import Testing

@testable import Parsnip

/// The tree writer copies the bytes it wrote for a key seen before (`WrittenKeyCache`, in use from the 65th key of
/// a write): the output must be what writing each object on its own gives (too few keys for the cache), in every
/// layout, for keys short and long, escaped, non-ASCII, repeated in one storage or in many.
@Suite struct WrittenKeyCacheTests {
  /// Keys of every length around the 32 output bytes a slot holds, escapes, non-ASCII and an empty key.
  static let keys: [String] = [
    "", "a", "id", "text", "user", "created_at", "a\"b", "tab\there", "slash/key", "Zoë", "日本語のキー",
    "exactly_twenty_nine_bytes_xx", "exactly_thirty_bytes_long_xxx", "profile_background_image_url_https",
    String(repeating: "k", count: 200), "\u{1F600}emoji", "\u{0}nul",
  ]

  /// One object per round; keys built again each round, so long ones live in new storage every time.
  static func objects(rounds: Int, freshStorage: Bool) -> [JSON] {
    (0..<rounds).map { round in
      var object = JSONObject()
      for (index, key) in keys.enumerated() {
        let name = freshStorage ? String(decoding: Array(key.utf8), as: UTF8.self) : key
        object[name] = index % 2 == 0 ? .number(JSONNumber(round &* index)) : .string("v\(round)")
      }
      return .object(object)
    }
  }

  @Test(arguments: [false, true])
  func repeatedKeysWriteAsEachObjectAlone(freshStorage: Bool) throws {
    let objects = Self.objects(rounds: 300, freshStorage: freshStorage)
    let layouts: [JSON.WritingOptions] = [
      .compact, .pretty, .init(sortsKeys: true), .init(escapesSlashes: true), .init(asciiOnly: true),
    ]
    for options in layouts {
      let whole = try JSON.array(objects).string(options: options)
      let parts = try objects.map { try $0.string(options: options) }
      if options.indent == nil {
        #expect(whole == "[" + parts.joined(separator: ",") + "]")
      } else {
        // Indented: each object one level deeper than alone.
        let reparsed = try JSON(parsing: whole)
        #expect(reparsed == .array(objects))
        #expect(try reparsed.string(options: options) == whole)
      }
    }
  }

  @Test func parsedDocumentsWriteAsFoundationReadsThem() throws {
    // A parsed document gives repeated keys one storage: long keys hit the cache too.
    let objects = Self.objects(rounds: 200, freshStorage: true)
    let text = try JSON.array(objects).bytes()
    let parsed = try JSON(parsing: text)
    #expect(try parsed.bytes() == text)
    let foundation = try JSONSerialization.jsonObject(with: Data(try parsed.bytes())) as? [[String: Any]]
    #expect(foundation?.count == 200)
    #expect(foundation?.first?.keys.sorted() == Self.keys.sorted())
  }

  @Test func streamingOutputWritesTheSameBytes() throws {
    let value = JSON.array(Self.objects(rounds: 300, freshStorage: false))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-key-cache-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try value.write(toFileAt: url)
    #expect(try Data(contentsOf: url) == Data(try value.bytes()))
  }
}
