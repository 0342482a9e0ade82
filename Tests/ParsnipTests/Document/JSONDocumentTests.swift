import Foundation
import Testing

@testable import Parsnip

@Suite struct JSONDocumentTests {
  let text =
    #"{"user": {"name": "Ada", "langs": ["en", "fr"], "age": 36, "pi": 3.14, "ok": true, "x": null}, "k\u0065y": 1}"#

  @Test func readsValuesOnDemand() throws {
    let document = try JSONDocument(parsing: text)
    let user = try #require(document.root["user"])
    #expect(user.kind == .object)
    #expect(user["name"]?.stringValue == "Ada")
    #expect(user["langs"]?.count == 2)
    #expect(user["langs"]?[1]?.stringValue == "fr")
    #expect(user["langs"]?[2] == nil)
    #expect(user["age"]?.intValue == 36)
    #expect(user["pi"]?.doubleValue == 3.14)
    #expect(user["ok"]?.boolValue == true)
    #expect(user["x"]?.isNull == true)
    #expect(user["missing"] == nil)
    #expect(document.root["key"]?.intValue == 1)  // escaped key matches its decoded form
    #expect(try document.root.json() == JSON(parsing: text))
    #expect(user.members?.map(\.key) == ["name", "langs", "age", "pi", "ok", "x"])
  }

  @Test func rejectsInvalidTextLikeTheTreeParser() {
    #expect(throws: JSONParseError.self) { try JSONDocument(parsing: "[1,]") }
    #expect(throws: JSONParseError.self) {
      try JSONDocument(parsing: #"{"a":1,"a":2}"#, options: .init(duplicateKeys: .reject))
    }
  }

  @Test func integersReadLikeTheTree() throws {
    // Both ends of `Int`, one past each, and integers written as fractions or with exponents.
    let numbers = [
      "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "9223372036854775808", "-0", "0",
      "1.0", "1e2", "-1e2", "1.5", "18446744073709551616",
    ]
    let text = "[" + numbers.joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: text)
    let tree = try JSON(parsing: text)
    for (position, number) in numbers.enumerated() {
      #expect(document.root[position]?.intValue == tree[position].intValue, "\(number)")
      #expect(document.root[position]?.doubleValue == tree[position].doubleValue, "\(number)")
    }
    #expect(document.root[0]?.intValue == Int.min)
    #expect(document.root[2]?.intValue == nil)
  }

  @Test func lastDuplicateKeyWins() throws {
    let document = try JSONDocument(parsing: #"{"a":1,"b":0,"a":2}"#)
    #expect(document.root["a"]?.intValue == 2)
  }

  @Test func keepsItsOwnViewOfAByteArrayTheCallerChanges() throws {
    var bytes = Array(#"{"name": "Ada", "langs": ["en", "fr"]}"#.utf8)
    let document = try JSONDocument(parsing: bytes)
    // The caller's writes copy the array (it is shared with the document), so the document still reads the text
    // it parsed; after the caller drops its copy, the document keeps the storage alive.
    for k in bytes.indices { bytes[k] = UInt8(ascii: "x") }
    #expect(document.root["name"]?.stringValue == "Ada")
    bytes = []
    #expect(document.root["langs"]?[1]?.stringValue == "fr")
    #expect(document.root.json() == ["name": "Ada", "langs": ["en", "fr"]])
    #expect(throws: JSONParseError.self) { try JSONDocument(parsing: [UInt8]()) }
  }

  @Test func mapsFiles() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-doc-\(UUID()).json")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let document = try JSONDocument(contentsOf: url)
    #expect(document.root["user"]?["name"]?.stringValue == "Ada")
    #expect(document.byteCount == text.utf8.count)
  }
}
