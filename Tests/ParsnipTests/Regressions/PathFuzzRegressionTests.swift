import Testing

@testable import Parsnip

/// Inputs found by the path fuzzer (`Fuzz/run.sh paths`), each kept with the property it broke.
@Suite("Path fuzz regressions")
struct PathFuzzRegressionTests {
  static let keysText = Array(#"{"keys": {"0": "zero", "1": ["one"]}, "list": ["a", "b"]}"#.utf8)

  /// `keys[0]`: the on-demand reader looked the index up as the member `"0"`; a key-path index never names a
  /// member, so the tree's `value(at:)` fails and the text reader must find nothing too.
  @Test("on-demand key path index does not match an object member", arguments: ["keys[0]", "keys[1][0]"])
  func onDemandKeyPathIndexOnObject(_ text: String) throws {
    let keyPath = try JSONKeyPath(text)
    let tree = try JSON(parsing: Self.keysText)
    #expect(throws: JSONKeyPathError.self) { try tree.resolve(keyPath) }
    #expect(try JSON.value(at: keyPath, inText: Self.keysText) == nil)
  }

  /// The same steps as a pointer are ambiguous and do reach the member, in both readers.
  @Test("on-demand pointer token still reads an object member or an element")
  func onDemandPointerTokenReadsMemberOrElement() throws {
    let tree = try JSON(parsing: Self.keysText)
    for (text, expected) in [("/keys/0", "zero" as JSON), ("/keys/1/0", "one"), ("/list/1", "b")] {
      let pointer = try JSONPointer(text)
      #expect(tree.value(at: pointer) == expected)
      #expect(try JSON.value(at: pointer, inText: Self.keysText) == expected)
    }
    #expect(try JSON.value(at: JSONKeyPath("keys[\"0\"]"), inText: Self.keysText) == "zero")
    #expect(try JSON.value(at: JSONKeyPath("list[1]"), inText: Self.keysText) == "b")
  }
}
