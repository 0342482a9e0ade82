import Foundation
import Testing

@testable import Parsnip

/// One dotted rendering: key-path descriptions, decoder messages and encoder messages write a path alike.
@Suite struct CodingPathRenderingTests {
  static let components: [[JSONKeyPath.Component]] = [
    [.key("a"), .index(0), .key("b")],
    [.key("odd key"), .key("x.y"), .key(""), .key(#"q"\"#), .index(3)],
    [.index(0), .key("user-id"), .key("1st"), .key("é")],
  ]

  @Test(arguments: components) func everyRendererWritesTheKeyPathText(_ components: [JSONKeyPath.Component]) throws {
    let keyPath = JSONKeyPath(components: components)
    let coding = components.map { component -> CodingPathComponent in
      switch component {
      case .key(let key): .key(key)
      case .index(let index): .index(index)
      }
    }
    let keys: [any CodingKey] = coding.map(\.codingKey)
    #expect(CodingPathRendering.render(coding) == keyPath.description)
    #expect(CodingPathRendering.render(keys) == keyPath.description)
    #expect(CodingPathRendering.message(keys) == keyPath.description)
    #expect(try JSONKeyPath(keyPath.description) == keyPath)
  }

  @Test func messagesNameTheRootAndElideLongPaths() {
    #expect(CodingPathRendering.message([]) == "<root>")
    let deep: [any CodingKey] = (0..<20).map { PathCodingKey(index: $0) }
    #expect(CodingPathRendering.message(deep) == "[0][1][2][3][4][5][6][7]…(4 more)…[12][13][14][15][16][17][18][19]")
  }

  @Test func decoderAndKeyPathErrorsAgreeOnAnOddKey() throws {
    struct Inner: Decodable { var n: Int }
    struct Outer: Decodable {
      var items: [String: Inner]
    }
    let text = #"{"items": {"odd key": {"n": "x"}}}"#
    let decoding = try #require(throws: DecodingError.self) { try ParsnipDecoder().decode(Outer.self, from: text) }
    guard case .typeMismatch(_, let context) = decoding else {
      Issue.record("expected a type mismatch, got \(decoding)")
      return
    }
    let keyPathError = try #require(throws: JSONKeyPathError.self) {
      try JSON(parsing: text).value(at: "items.odd key.n", as: Int.self)
    }
    #expect(context.debugDescription.hasPrefix("items.odd key.n: "))
    #expect(keyPathError.keyPath.description == "items.odd key.n")
  }
}
