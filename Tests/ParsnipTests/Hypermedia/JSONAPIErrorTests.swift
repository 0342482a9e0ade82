import Testing

@testable import Parsnip

/// Documents that break JSON:API 1.1 fail with the JSON Pointer of the fault.
@Suite struct JSONAPIErrorTests {
  static func error(_ document: JSON) -> JSONAPIError? {
    do {
      _ = try JSONAPI.flatten(document)
      return nil
    } catch {
      return error
    }
  }

  static let article: JSON = ["type": "articles", "id": "1"]

  static let cases: [(JSON, JSONAPIError)] = [
    (JSON([1]), JSONAPIError(.notAnObject(found: .array), at: .root)),
    (["meta": [:]], JSONAPIError(.missingData, at: .root)),
    (["data": "x"], JSONAPIError(.invalidData(found: .string), at: ["data"])),
    (["data": article, "included": [:]], JSONAPIError(.invalidIncluded(found: .object), at: ["included"])),
    (["data": ["id": "1"]], JSONAPIError(.missingMember("type"), at: ["data"])),
    (["data": [article, ["type": "a"]]], JSONAPIError(.missingMember("id"), at: ["data", "1"])),
    (["data": ["type": "a", "id": 1]], JSONAPIError(.memberNotAString("id", found: .number), at: ["data", "id"])),
    (["data": article, "included": [["type": "people"]]], JSONAPIError(.missingMember("id"), at: ["included", "0"])),
    (
      ["data": article, "included": [["type": "p", "id": "9"], ["type": "p", "id": "9"]]],
      JSONAPIError(.duplicateResource(type: "p", id: "9", first: ["included", "0"]), at: ["included", "1"])
    ),
    (
      ["data": article, "included": [article]],
      JSONAPIError(.duplicateResource(type: "articles", id: "1", first: ["data"]), at: ["included", "0"])
    ),
    (
      ["data": ["type": "a", "id": "1", "relationships": ["b": [:]]]],
      JSONAPIError(.emptyRelationship, at: ["data", "relationships", "b"])
    ),
    (
      ["data": ["type": "a", "id": "1", "relationships": ["b": ["data": "9"]]]],
      JSONAPIError(.invalidLinkage(found: .string), at: ["data", "relationships", "b", "data"])
    ),
    (
      ["data": ["type": "a", "id": "1", "relationships": ["b": ["data": [["type": "b"]]]]]],
      JSONAPIError(.missingMember("id"), at: ["data", "relationships", "b", "data", "0"])
    ),
    (
      ["data": ["type": "a", "id": "1", "attributes": [1]]],
      JSONAPIError(.notAnObject(found: .array), at: ["data", "attributes"])
    ),
  ]

  @Test(arguments: cases)
  func violationsNameTheirPointer(document: JSON, expected: JSONAPIError) throws {
    #expect(Self.error(document) == expected)
    // Read from text through `JSONDocument`, the same fault at the same pointer.
    #expect(throws: expected) { try JSONAPI.flatten(JSONDocument(parsing: document.bytes())) }
  }

  @Test func theDescriptionLeadsWithThePointer() {
    let error = Self.error(["data": Self.article, "included": [["type": "people"]]])
    #expect(error?.description == "/included/0: a resource object needs 'id'")
  }

  @Test(arguments: ["", "a,", "a..b", ".a", "a,,b"])
  func invalidIncludeListsAreTyped(text: String) {
    #expect(throws: JSONAPIError(.invalidIncludePath(text), at: .root)) { try JSONAPIIncludePaths(text) }
  }
}
