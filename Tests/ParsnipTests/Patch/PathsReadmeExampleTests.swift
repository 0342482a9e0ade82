import Testing

@testable import Parsnip

/// The README section for key paths, pointers and patches, kept runnable so it cannot rot.
@Suite struct PathsReadmeExampleTests {
  struct Manager: Decodable, Equatable {
    var dept: String
    var salary: Int
  }

  @Test func readmeExample() throws {
    let json = try JSON(
      parsing: """
        {"first": {"name": "Alphabet", "upperCase": ["A", "B", "C"]},
         "managers": {"racheal": {"dept": "HR", "salary": 123}, "gavin": {"dept": "RND", "salary": 122}}}
        """)

    // Key paths: typed reads (exact numbers), any Decodable, enumeration in document order.
    let name: String = try json.value(forKeyPath: "first.name")
    #expect(name == "Alphabet")
    let letter: String = try json.value(forKeyPath: "first.upperCase[0]")
    #expect(letter == "A")
    let gavin: Manager = try json.value(forKeyPath: "managers.gavin")
    #expect(gavin == Manager(dept: "RND", salary: 122))
    var lines: [String] = []
    try json.enumerate(atKeyPath: "managers") { key, manager in lines.append("\(key) \(manager["dept"])") }
    #expect(lines == [#"racheal "HR""#, #"gavin "RND""#])
    do {
      let _: Int = try json.value(forKeyPath: "managers.gavin.bonus")
    } catch {
      #expect(error.description == #"no value for key "bonus" at managers.gavin"#)
    }

    // Edits by key path (or pointer), optionally creating what is missing.
    var edited = json
    try edited.setValue(130, forKeyPath: "managers.racheal.salary")
    try edited.setValue("Z", forKeyPath: "first.upperCase[3]")
    try edited.setValue(true, forKeyPath: "flags.beta", createIntermediates: true)

    // JSON Pointer (RFC 6901), URI fragments, JSONPath normalized paths.
    let pointer = try JSONPointer("/managers/racheal/salary")
    #expect(json.value(at: pointer) == 123)
    #expect(try JSONPointer(fragment: "#/first/upperCase/0").description == "/first/upperCase/0")
    #expect(JSONKeyPath(pointer).normalizedPath == "$['managers']['racheal']['salary']")

    // JSON Patch (RFC 6902): diff, apply, read from text.
    let patch = JSONPatch.diff(from: json, to: edited)
    #expect(
      patch.description
        == #"[{"op":"add","path":"/first/upperCase/3","value":"Z"},"#
        + #"{"op":"replace","path":"/managers/racheal/salary","value":130},"#
        + #"{"op":"add","path":"/flags","value":{"beta":true}}]"#)
    #expect(try patch.apply(to: json) == edited)
    let failing = try JSONPatch(
      parsing: #"[{"op": "test", "path": "/first/name", "value": "Numerics"}]"#)
    do {
      _ = try failing.apply(to: json)
    } catch {
      #expect(
        error.description
          == #"operation 0 (test) failed: the value at /first/name is "Alphabet", expected "Numerics""#)
    }

    // JSON Merge Patch (RFC 7396).
    #expect(
      JSONMergePatch.apply(["managers": ["gavin": nil]], to: json)["managers"].description
        == #"{"racheal":{"dept":"HR","salary":123}}"#)
    #expect(
      JSONMergePatch.diff(from: json, to: edited).description
        == #"{"first":{"upperCase":["A","B","C","Z"]},"managers":{"racheal":{"salary":130}},"flags":{"beta":true}}"#)
  }

  @Test func deepDocumentsDiffBeyondTheRecursionCap() throws {
    let depth = 400
    let a = try JSON(
      parsing: String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth),
      options: JSON.ParsingOptions(maximumDepth: 1_000))
    let b = try JSON(
      parsing: String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth),
      options: JSON.ParsingOptions(maximumDepth: 1_000))
    let patch = JSONPatch.diff(from: a, to: b)
    #expect(patch.operations.count == 1)
    #expect(patch.operations.first?.path.tokens.count == PatchDiffer.maximumDepth)
    #expect(try patch.apply(to: a) == b)
  }
}
