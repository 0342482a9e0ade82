import Testing

@testable import Parsnip

/// Every example of `../shared/seeds/parson.md`, in Swift 6 syntax on `JSON` values.
@Suite struct ParSONSeedExampleTests {
  static let alphabet: JSON = [
    "first": ["name": "Alphabet", "upperCase": ["A", "B", "C"], "lowerCase": ["a", "b", "c"]],
    "second": ["name": "Numerics", "data": ["1", "2", "3"]],
  ]

  static let nested: JSON = [
    "response": [[["hello", "there"], ["cup", "of", "tea?"]], ["good", "bye"]],
    "addOn": ["and", "good", "luck"],
  ]

  static let staff: JSON = [
    "employees": ["jim", "barb", "sam"],
    "managers": ["racheal": ["dept": "HR", "salary": 123], "gavin": ["dept": "RND", "salary": 122]],
  ]

  @Test func dictionariesAtKeyPaths() throws {
    let firstDictionary: [String: JSON] = try Self.alphabet.value(at: "first")
    let secondDictionary: JSONObject = try Self.alphabet.value(at: "second")
    #expect(firstDictionary["name"] == "Alphabet")
    #expect(firstDictionary["upperCase"] == ["A", "B", "C"])
    #expect(secondDictionary.keys == ["name", "data"])
  }

  @Test func valuesThroughDottedKeys() throws {
    let nameOfFirstStuff: String = try Self.alphabet.value(at: "first.name")
    let nameOfSecondStuff: String = try Self.alphabet.value(at: "second.name")
    #expect(nameOfFirstStuff == "Alphabet")
    #expect(nameOfSecondStuff == "Numerics")
  }

  @Test func arrayElements() throws {
    let upperCaseAlphabetFirstLetter: String = try Self.alphabet.value(at: "first.upperCase[0]")
    let thirdNumericalItem: String = try Self.alphabet.value(at: "second.data[2]")
    #expect(upperCaseAlphabetFirstLetter == "A")
    #expect(thirdNumericalItem == "3")
  }

  /// The seed's greeting example; its literal paths (`response[0][1]` four times) do not match its own document,
  /// so these are the paths that give the strings in its comments.
  @Test func nestedArrays() throws {
    let json = Self.nested
    var greeting: String = try json.value(at: "response[0][0][0]")
    #expect(greeting == "hello")
    greeting.append(" \(try json.value(at: "response[0][0][1]") as String).")
    #expect(greeting == "hello there.")
    greeting.append(" \(try json.value(at: "response[0][1][0]") as String)")
    greeting.append(" \(try json.value(at: "response[0][1][1]") as String)")
    greeting.append(" \(try json.value(at: "response[0][1][2]") as String)")
    #expect(greeting == "hello there. cup of tea?")

    var leaving: String = try json.value(at: "response[1][0]")
    #expect(leaving == "good")
    leaving.append(" \(try json.value(at: "response[1][1]") as String).")
    #expect(leaving == "good bye.")
    leaving.append(" \(try json.value(at: "addOn[0]") as String)")
    leaving.append(" \(try json.value(at: "addOn[1]") as String)")
    leaving.append(" \(try json.value(at: "addOn[2]") as String).")
    #expect(leaving == "good bye. and good luck.")
  }

  @Test func seedLiteralPathsReachArraysNotStrings() throws {
    #expect(try Self.nested.value(at: "response[0][0]", as: [String].self) == ["hello", "there"])
    #expect(
      throws: JSONKeyPathError(
        .typeMismatch(expected: "String", found: .array),
        keyPath: try JSONKeyPath("response[0][0]"))
    ) {
      try Self.nested.value(at: "response[0][0]", as: String.self)
    }
  }

  @Test func enumerateArrayAtKeyPath() throws {
    var lines: [String] = []
    try Self.staff.enumerate(at: "employees") { key, element in
      guard case .index(let index) = key else {
        Issue.record("expected an index, got \(key)")
        return
      }
      lines.append("element: \(element.stringValue ?? "") at index \(index)")
    }
    #expect(lines == ["element: jim at index 0", "element: barb at index 1", "element: sam at index 2"])
  }

  @Test func enumerateObjectAtKeyPathInDocumentOrder() throws {
    var lines: [String] = []
    try Self.staff.enumerate(at: "managers") { key, element in
      guard case .key(let name) = key else {
        Issue.record("expected a key, got \(key)")
        return
      }
      lines.append("element: \(element) for key \(name)")
    }
    #expect(
      lines == [
        #"element: {"dept":"HR","salary":123} for key racheal"#,
        #"element: {"dept":"RND","salary":122} for key gavin"#,
      ])
  }

  @Test func salaryThroughDottedPath() throws {
    #expect(try Self.staff.value(at: "managers.racheal.salary", as: Int.self) == 123)
  }

  final class JSONableTestable: JSONDeserializable {
    private(set) var text: String?
    private(set) var id: String?

    static func make(from json: JSON, at keyPath: JSONKeyPath, in context: Void) -> JSONableTestable { .init() }

    func deserialize(from json: JSON, at keyPath: JSONKeyPath, context: Void) throws {
      id = try json.value(at: "id")
      text = try json.value(at: "text")
    }
  }

  @Test func objectEnumeration() throws {
    let jsonData: JSON = [
      "testables": [
        ["id": "first", "text": "Welcome"], ["id": "second", "text": "to my"], ["id": "third", "text": "example"],
      ]
    ]
    var printed: [String] = []
    for testable in try jsonData.objects(ofType: JSONableTestable.self, at: "testables") {
      printed.append(testable.id ?? "")
      printed.append(testable.text ?? "")
    }
    #expect(printed == ["first", "Welcome", "second", "to my", "third", "example"])
  }

  @Test(arguments: [
    ("first.surname", JSONKeyPathError.Kind.noValueForKey("surname"), "first"),
    ("first.upperCase[3]", .indexOutOfRange(index: 3, count: 3), "first.upperCase"),
    ("first.upperCase", .typeMismatch(expected: "String", found: .array), "first.upperCase"),
  ])
  func seedErrorCases(path: String, kind: JSONKeyPathError.Kind, at location: String) throws {
    #expect(throws: JSONKeyPathError(kind, keyPath: try JSONKeyPath(location))) {
      try Self.alphabet.value(at: path, as: String.self)
    }
  }

  @Test(arguments: ["[0", "2]", "[]"])
  func seedInvalidStrings(text: String) {
    let error = #expect(throws: JSONKeyPathError.self) { try Self.alphabet.value(at: text, as: JSON.self) }
    guard case .invalidKeyPath(let badText, _, _)? = error?.kind else {
      Issue.record("expected invalidKeyPath, got \(String(describing: error))")
      return
    }
    #expect(badText == text)
  }
}
