import Foundation
import Testing

@testable import Parsnip

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
