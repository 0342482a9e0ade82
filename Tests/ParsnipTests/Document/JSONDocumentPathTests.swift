import Foundation
import Testing

@testable import Parsnip

@Suite("JSONDocument paths")
struct JSONDocumentPathTests {
  static let text = #"""
    {"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8,
     "first": {"name": "Alphabet", "upperCase": ["A", "B", "C"], "count": 3, "ratio": 0.5, "ok": true, "none": null},
     "esc\u0061ped": {"x.y": [10, 20.0, 2.5]}, "dup": 1, "dup": 2}
    """#

  // MARK: Examples

  @Test("RFC 6901 section 5 pointers read the same values as the tree")
  func rfc6901Pointers() throws {
    let document = try JSONDocument(parsing: Self.text)
    let tree = try JSON(parsing: Self.text)
    let pointers = ["", "/foo", "/foo/0", "/", "/a~1b", "/c%d", "/e^f", "/g|h", "/i\\j", "/k\"l", "/ ", "/m~0n"]
    let expected: [JSON] = [tree, ["bar", "baz"], "bar", 0, 1, 2, 3, 4, 5, 6, 7, 8]
    for (text, value) in zip(pointers, expected) {
      let pointer = try JSONPointer(text)
      #expect(document.root.value(at: pointer)?.json() == value, "\(text)")
      #expect(try document.root.resolve(pointer).json() == value, "\(text)")
    }
  }

  @Test("documentation examples")
  func documentationExamples() throws {
    let pointers = try JSONDocument(parsing: #"{"foo": ["bar", "baz"], "a/b": 1}"#)
    #expect(pointers.root.value(at: try JSONPointer("/foo/1"))?.stringValue == "baz")
    #expect(pointers.root.value(at: try JSONPointer("/a~1b"))?.intValue == 1)
    #expect(pointers.root.value(at: try JSONPointer("/foo/2")) == nil)

    let keyPaths = try JSONDocument(parsing: #"{"first": {"upperCase": ["A", "B", "C"]}}"#)
    #expect(keyPaths.root.value(at: try JSONKeyPath("first.upperCase[2]"))?.stringValue == "C")
    #expect(keyPaths.root.value(at: try JSONKeyPath("first[0]")) == nil)

    let typed = try JSONDocument(parsing: #"{"a": {"b": 42, "tags": ["x", "y"]}}"#)
    #expect(try typed.root.value(at: "a.b", as: Int.self) == 42)
    #expect(try typed.root.value(at: "a.tags", as: [String].self) == ["x", "y"])
    let error = #expect(throws: JSONKeyPathError.self) { try typed.root.value(at: "a.b", as: String.self) }
    #expect(error?.description == "type mismatch at a.b: expected String, found number")
  }

  @Test("a JSONPath node's path, as a pointer or a key path, leads back to the same value")
  func pathsFromJSONPathNodes() throws {
    let document = try JSONDocument(parsing: #"{"user": {"name": "Ada", "langs": ["en", "fr"], "age": 36}}"#)
    let node = try #require(try JSONPath("$.user.langs[?@ == 'fr']").nodes(in: document.root.json()).first)
    #expect(JSONPointer(node.path).description == "/user/langs/1")
    #expect(JSONKeyPath(node.path).description == "user.langs[1]")
    #expect(document.root.value(at: JSONPointer(node.path))?.stringValue == "fr")
  }

  @Test("paths are relative to the value they start from")
  func relativePaths() throws {
    let document = try JSONDocument(parsing: Self.text)
    let first = try #require(document.root["first"])
    #expect(first.value(at: try JSONPointer("/upperCase/1"))?.stringValue == "B")
    #expect(first.value(at: try JSONKeyPath("upperCase[1]"))?.stringValue == "B")
    #expect(first.value(at: JSONPointer.root)?.byteOffset == first.byteOffset)
    #expect(try first.value(at: "count", as: Int.self) == 3)
  }

  @Test("keys with escapes, keys needing quotes, repeated keys")
  func keyMatching() throws {
    let document = try JSONDocument(parsing: Self.text)
    #expect(try document.root.value(at: #"escaped["x.y"][1]"#, as: Double.self) == 20)
    #expect(try document.root.value(at: #"escaped["x.y"][1]"#, as: Int.self) == 20)
    #expect(document.root.value(at: try JSONPointer("/escaped/x.y/2"))?.doubleValue == 2.5)
    #expect(try document.root.value(at: "dup", as: Int.self) == 2)  // the last one, like the tree
    #expect(try document.root.value(at: #"[""]"#, as: Int.self) == 0)
  }

  // MARK: Typed reads

  @Test("typed reads of scalars and JSON")
  func typedReads() throws {
    let root = try JSONDocument(parsing: Self.text).root
    #expect(try root.value(at: "first.name", as: String.self) == "Alphabet")
    #expect(try root.value(at: "first.count", as: Int.self) == 3)
    #expect(try root.value(at: "first.count", as: UInt8.self) == 3)
    #expect(try root.value(at: "first.ratio", as: Double.self) == 0.5)
    #expect(try root.value(at: "first.ratio", as: Float.self) == 0.5)
    #expect(try root.value(at: "first.ratio", as: Decimal.self) == Decimal(string: "0.5"))
    #expect(try root.value(at: "first.ok", as: Bool.self) == true)
    #expect(try root.value(at: "first.none", as: Int?.self) == nil)
    #expect(try root.value(at: "first.upperCase", as: JSON.self) == ["A", "B", "C"])
    #expect(try root.value(at: "first", as: JSONObject.self).keys.count == 6)
    let whole: JSON = try root.value(at: "")
    #expect(whole == (try JSON(parsing: Self.text)))
  }

  @Test("typed reads decode Decodable types")
  func decodableReads() throws {
    struct First: Decodable, Equatable {
      var name: String
      var upperCase: [String]
      var ratio: Double
    }
    let root = try JSONDocument(parsing: Self.text).root
    let first: First = try root.value(at: "first")
    #expect(first == First(name: "Alphabet", upperCase: ["A", "B", "C"], ratio: 0.5))
    let error = #expect(throws: JSONKeyPathError.self) {
      try root.value(at: "first.upperCase", as: First.self)
    }
    #expect(error?.keyPath == (try JSONKeyPath("first.upperCase")))
  }

  @Test(
    "typed read errors match the tree's",
    arguments: [
      ("first.count", "String"), ("first.ratio", "Int"), ("first.name", "Double"), ("first.missing", "Int"),
      ("foo[2]", "String"), ("foo.x", "String"), ("first[0]", "JSON"), ("first.count.x", "Int"), ("dup", "Bool"),
      ("first.upperCase", "[Int]"), ("first.name", "UInt8?"), ("first", "Int"), ("foo", "UInt8?"), ("foo", "Bool"),
    ])
  func typedReadErrors(_ path: String, _ type: String) throws {
    let root = try JSONDocument(parsing: Self.text).root
    let tree = try JSON(parsing: Self.text)
    func outcome<T: JSONReadable & Equatable>(_: T.Type) -> (String, String) {
      let fromDocument = Result { () throws(JSONKeyPathError) in try root.value(at: path, as: T.self) }
      let fromTree = Result { () throws(JSONKeyPathError) in try tree.value(at: path, as: T.self) }
      return (describe(fromDocument), describe(fromTree))
    }
    let (document, expected) =
      switch type {
      case "String": outcome(String.self)
      case "Int": outcome(Int.self)
      case "Double": outcome(Double.self)
      case "Bool": outcome(Bool.self)
      case "JSON": outcome(JSON.self)
      case "[Int]": outcome([Int].self)
      default: outcome(UInt8?.self)
      }
    #expect(document == expected)
    #expect(document.hasPrefix("failure"))
  }

  // MARK: Errors

  @Test(
    "pointer resolution errors match the tree's",
    arguments: [
      "/foo/2", "/foo/-", "/foo/01", "/foo/-1", "/foo/bar", "/first/name/x", "/missing", "/foo/0/0",
      "/foo/99999999999999999999", "/first/upperCase/3/x",
    ])
  func pointerErrors(_ text: String) throws {
    let pointer = try JSONPointer(text)
    let document = try JSONDocument(parsing: Self.text)
    let tree = try JSON(parsing: Self.text)
    let expected = #expect(throws: JSONPointerError.self) { try tree.resolve(pointer) }
    let error = #expect(throws: JSONPointerError.self) { try document.root.resolve(pointer) }
    #expect(error == expected)
    #expect(document.root.value(at: pointer) == nil)
  }

  @Test(
    "key path errors match the tree's",
    arguments: [
      "foo[2]", "foo.x", "first[0]", "first.name.x", "missing", "first.upperCase[3]", "[0]",
      "first.none.x",
    ])
  func keyPathErrors(_ text: String) throws {
    let keyPath = try JSONKeyPath(text)
    let document = try JSONDocument(parsing: Self.text)
    let tree = try JSON(parsing: Self.text)
    let expected = #expect(throws: JSONKeyPathError.self) { try tree.resolve(keyPath) }
    let error = #expect(throws: JSONKeyPathError.self) { try document.root.resolve(keyPath) }
    #expect(error?.kind == expected?.kind)
    #expect(error?.keyPath == expected?.keyPath)
    #expect(error?.description == expected?.description)
    #expect(document.root.value(at: keyPath) == nil)
  }

  @Test("a long path into a deep document is walked without recursion")
  func deepDocument() throws {
    let depth = 1_000  // 2 001 levels: near JSON.maximumSupportedDepth (2 048), the deepest a parse builds
    let text = String(repeating: #"{"a":["#, count: depth) + "7" + String(repeating: "]}", count: depth)
    let document = try JSONDocument(parsing: text, options: .init(maximumDepth: 2 * depth + 1))
    let keyPath = JSONKeyPath(components: Array(repeating: [.key("a"), .index(0)], count: depth).flatMap { $0 })
    #expect(try document.root.value(at: keyPath, as: Int.self) == 7)
    #expect(document.root.value(at: JSONPointer(keyPath))?.intValue == 7)
    #expect(document.root.value(at: keyPath.appending(index: 0)) == nil)
  }

  // MARK: Bench data

  @Test(
    "random pointers and key paths agree with the tree on the bench data",
    .requiresSharedData)
  func benchDataAgreesWithTree() throws {
    var generator = SeededRandom(seed: 9535)
    var checked = 0
    for url in Fixtures.benchData {
      let bytes = try Data(contentsOf: url)
      let tree = try JSON(parsing: bytes)
      let root = try JSONDocument(parsing: bytes).root
      let name = url.lastPathComponent
      for round in 0..<200 {
        var pointer = PathsRandomJSON.randomPath(in: tree, stopOneIn: 10, using: &generator)
        if round % 3 == 2 { pointer = Self.spoiled(pointer, using: &generator) }
        // Pointers: the value, or the same error.
        let expected = Result { () throws(JSONPointerError) in try tree.resolve(pointer) }
        let found = Result { () throws(JSONPointerError) in try root.resolve(pointer) }
        switch (expected, found) {
        case (.success(let value), .success(let cursor)):
          try Self.expectSameValue(cursor, value, "\(name) \(pointer)")
        case (.failure(let a), .failure(let b)):
          #expect(a == b, "\(name) \(pointer)")
        default:
          Issue.record("\(name) \(pointer): tree \(expected), document \(found)")
        }
        #expect((root.value(at: pointer) == nil) == (tree.value(at: pointer) == nil), "\(name) \(pointer)")
        // Key paths: the same steps, read through the tree's own conversion.
        guard case .success(let value) = expected, let keyPath = try? JSONKeyPath(pointer, in: tree) else { continue }
        try Self.expectSameValue(try #require(root.value(at: keyPath)), value, "\(name) \(keyPath)")
        try Self.expectSameTypedReads(root, tree, keyPath, "\(name) \(keyPath)")
        checked += 1
      }
    }
    #expect(checked > 1_000)
  }

  /// `pointer` with one step made invalid: a missing key, an index out of range, `-`, a leading zero, or a step
  /// into a scalar.
  static func spoiled(_ pointer: JSONPointer, using generator: inout SeededRandom) -> JSONPointer {
    let replacements = ["no such key", "999999", "-", "01", "x"]
    var tokens = pointer.tokens
    let replacement = replacements.randomElement(using: &generator)!
    if tokens.isEmpty || Bool.random(using: &generator) {
      tokens.append(replacement)
    } else {
      tokens[Int.random(in: 0..<tokens.count, using: &generator)] = replacement
    }
    return JSONPointer(tokens: tokens)
  }

  /// Values up to this many tape nodes are compared whole; larger ones by kind and count, to keep debug runs short.
  static let comparedNodes = 2_000

  /// The number of tape nodes of the cursor's value (keys and end markers included).
  static func nodeCount(_ cursor: JSONDocument.Value) -> Int {
    switch cursor.storage.tape.kind(cursor.index) {
    case .array, .object: cursor.storage.tape.aux(cursor.index) - cursor.index + 1
    default: 1
    }
  }

  /// The cursor's value equals `expected`; large containers are compared by kind and count.
  static func expectSameValue(
    _ cursor: JSONDocument.Value, _ expected: JSON, _ context: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    #expect(cursor.kind == expected.kind, "\(context)", sourceLocation: sourceLocation)
    #expect(cursor.count == expected.count, "\(context)", sourceLocation: sourceLocation)
    if nodeCount(cursor) <= comparedNodes {
      #expect(cursor.json() == expected, "\(context)", sourceLocation: sourceLocation)
    }
  }

  /// Typed reads of the document and of the tree give the same values or the same errors.
  static func expectSameTypedReads(
    _ root: JSONDocument.Value, _ tree: JSON, _ keyPath: JSONKeyPath, _ context: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    guard let cursor = root.value(at: keyPath), nodeCount(cursor) <= comparedNodes else { return }
    func same<T: JSONReadable & Equatable>(_: T.Type) {
      let a = Result { () throws(JSONKeyPathError) in try root.value(at: keyPath, as: T.self) }
      let b = Result { () throws(JSONKeyPathError) in try tree.value(at: keyPath, as: T.self) }
      #expect(describe(a) == describe(b), "\(context) as \(T.self)", sourceLocation: sourceLocation)
    }
    same(String.self)
    same(Int.self)
    same(Int32.self)
    same(UInt64.self)
    same(Double.self)
    same(Bool.self)
    same(Decimal?.self)
    same(JSON.self)
  }
}

/// A comparable rendering of a read: the value, or the error's description.
private func describe<T>(_ result: Result<T, JSONKeyPathError>) -> String {
  switch result {
  case .success(let value): "success \(value)"
  case .failure(let error): "failure \(error.description)"
  }
}
