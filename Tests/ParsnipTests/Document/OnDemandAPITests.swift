import Foundation
import Testing

@testable import Parsnip

@Suite struct OnDemandAPITests {
  @Test func errorsInTheValueFoundCarryTheDocumentsOffsets() throws {
    let text = Array(#"{"x": 1, "a": [1, 2,]}"#.utf8)
    let whole = #expect(throws: JSONParseError.self) { try JSON(parsing: text) }
    for read in [
      { try JSON.value(at: JSONPointer("/a"), inText: text) }, { try JSON.value(at: JSONKeyPath("a"), inText: text) },
    ] {
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
