import Foundation
import Testing

@testable import Parsnip

@Suite struct JSONDocumentTests {
  let text = #"{"user": {"name": "Ada", "langs": ["en", "fr"], "age": 36, "pi": 3.14, "ok": true, "x": null}, "k\u0065y": 1}"#

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
    #expect(try document.root.json() == ["name": "Ada", "langs": ["en", "fr"]])
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

@Suite struct OnDemandReaderTests {
  let text = #"{"skip": {"deep": [1, "]}\"", {"x": [[]]}]}, "a": [10, {"b": "found"}, 30], "e\u0073c": true}"#

  func read(_ steps: [String]) throws -> JSON? {
    let bytes = Array(text.utf8)
    return try JSON.value(at: JSONPointer(tokens: steps), inText: bytes)
  }

  @Test func findsValuesSkippingSiblings() throws {
    #expect(try read(["a", "1", "b"]) == "found")
    #expect(try read(["a", "2"]) == 30)
    #expect(try read(["esc"]) == true)
    #expect(try read(["skip", "deep", "1"]) == "]}\"")
    #expect(try read([]) == JSON(parsing: text))
  }

  @Test func missingPathsAreNil() throws {
    #expect(try read(["nope"]) == nil)
    #expect(try read(["a", "3"]) == nil)
    #expect(try read(["a", "01"]) == nil)
    #expect(try read(["a", "0", "x"]) == nil)
  }

  @Test func malformedTextIsAnError() {
    let bytes = Array(#"{"a": [1, 2"#.utf8)
    #expect(throws: JSONParseError.self) {
      try JSON.value(at: JSONPointer(tokens: ["b"]), inText: bytes)
    }
  }
}

@Suite struct OnDemandAPITests {
  @Test func errorsInTheValueFoundCarryTheDocumentsOffsets() throws {
    let text = Array(#"{"x": 1, "a": [1, 2,]}"#.utf8)
    let whole = #expect(throws: JSONParseError.self) { try JSON(parsing: text) }
    for read in [{ try JSON.value(at: JSONPointer("/a"), inText: text) }, { try JSON.value(at: JSONKeyPath("a"), inText: text) }] {
      let error = #expect(throws: JSONParseError.self) { _ = try read() }
      #expect(error?.byteOffset == 20)
      #expect(error == whole)
    }
  }

  let text = Array(#"{"statuses": [{"id": 1}, {"id": 2, "0": "zero"}], "metadata": {"count": 2}}"#.utf8)

  @Test func readsByPointerAndKeyPath() throws {
    #expect(try JSON.value(at: JSONPointer("/statuses/1/id"), inText: text) == 2)
    #expect(try JSON.value(at: JSONPointer("/statuses/1/0"), inText: text) == "zero")
    #expect(try JSON.value(at: JSONKeyPath("statuses[1].id"), inText: text) == 2)
    #expect(try JSON.value(at: JSONKeyPath("metadata.count"), inText: text) == 2)
    #expect(try JSON.value(at: JSONPointer("/nothing"), inText: text) == nil)
    #expect(try JSON.value(at: JSONKeyPath("statuses.0"), inText: text) == nil)  // a name never indexes an array
  }

  @Test func agreesWithTheFullParseOnTheCorpora() throws {
    guard let twitter = Fixtures.benchData.first(where: { $0.lastPathComponent == "twitter.json" }) else { return }
    let bytes = try [UInt8](Data(contentsOf: twitter))
    let full = try JSON(parsing: bytes)
    for k in [0, 17, 99] {
      let pointer = try JSONPointer("/statuses/\(k)/user/screen_name")
      #expect(try JSON.value(at: pointer, inText: bytes) == full["statuses"][k]["user"]["screen_name"])
    }
  }
}
