import Testing

@testable import Parsnip

/// RFC 7396: the appendix A table, the section 3 example, and diff properties.
@Suite struct MergePatchTests {
  @Test(arguments: [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, #"null"#, #"null"#),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
  ])
  func appendixATable(original: String, patch: String, result: String) throws {
    let applied = JSONMergePatch.apply(try JSON(parsing: patch), to: try JSON(parsing: original))
    #expect(applied.description == (try JSON(parsing: result)).description)
  }

  @Test func section3Example() throws {
    let target = try JSON(
      parsing: #"""
        {
          "title": "Goodbye!",
          "author" : {
            "givenName" : "John",
            "familyName" : "Doe"
          },
          "tags":[ "example", "sample" ],
          "content": "This will be unchanged"
        }
        """#)
    let patch = try JSON(
      parsing: #"""
        {
          "title": "Hello!",
          "phoneNumber": "+01-123-456-7890",
          "author": {
            "familyName": null
          },
          "tags": [ "example" ]
        }
        """#)
    let expected = try JSON(
      parsing: #"""
        {
          "title": "Hello!",
          "author" : {
            "givenName" : "John"
          },
          "tags": [ "example" ],
          "content": "This will be unchanged",
          "phoneNumber": "+01-123-456-7890"
        }
        """#)
    let result = JSONMergePatch(patch).apply(to: target)
    #expect(result.description == expected.description)
    #expect(
      JSONMergePatch.diff(from: target, to: expected)
        == ["title": "Hello!", "author": ["familyName": nil], "tags": ["example"], "phoneNumber": "+01-123-456-7890"])
  }

  /// The merge behind `apply` and `JSONModel.update`: `null` set as a value on request, and a depth limit.
  @Test func mergeKeepsNullsOnRequestAndStopsAtTheDepthLimit() {
    let target: JSON = ["a": 1, "b": ["c": 2]]
    let patch: JSON = ["a": nil, "b": ["c": nil, "d": ["e": nil]]]
    #expect(
      JSONMergePatch.merge(patch, into: target, nullsRemoveMembers: false, maximumDepth: .max)
        == ["a": nil, "b": ["c": nil, "d": ["e": nil]]])
    #expect(
      JSONMergePatch.merge(patch, into: target, nullsRemoveMembers: true, maximumDepth: .max)
        == JSONMergePatch.apply(patch, to: target))
    #expect(JSONMergePatch.merge(patch, into: target, nullsRemoveMembers: true, maximumDepth: 3) != nil)
    #expect(JSONMergePatch.merge(patch, into: target, nullsRemoveMembers: true, maximumDepth: 2) == nil)
    #expect(JSONMergePatch.merge(["a": 1], into: target, nullsRemoveMembers: true, maximumDepth: 0) == nil)
    #expect(JSONMergePatch.merge(5, into: target, nullsRemoveMembers: true, maximumDepth: 0) == 5)
  }

  @Test func diffOfRFCIntroductionExample() throws {
    let diff = JSONMergePatch.diff(from: ["a": "b", "c": ["d": "e", "f": "g"]], to: ["a": "z", "c": ["d": "e"]])
    #expect(diff.description == #"{"a":"z","c":{"f":null}}"#)
  }

  @Test func diffOfEqualObjectsIsEmptyAndOfNonObjectsIsTarget() {
    #expect(JSONMergePatch.diff(from: ["a": [1, 2]], to: ["a": [1.0, 2]]) == [:])
    #expect(JSONMergePatch.diff(from: [1, 2], to: [3]) == [3])
    #expect(JSONMergePatch.diff(from: ["a": 1], to: "x") == "x")
    #expect(JSONMergePatch.diff(from: "x", to: ["a": 1]) == ["a": 1])
  }

  @Test func nullMembersCannotBeExpressed() {
    // The documented limitation: `null` in a merge patch means "remove".
    let source: JSON = ["a": 1]
    let target: JSON = ["a": nil, "b": ["c": nil], "list": [["d": nil]]]
    let diff = JSONMergePatch.diff(from: source, to: target)
    #expect(diff == ["a": nil, "b": ["c": nil], "list": [["d": nil]]])
    #expect(JSONMergePatch.apply(diff, to: source) == ["b": [:], "list": [["d": nil]]])
    #expect(JSONMergePatch.apply(diff, to: source) == Self.removingNullMembers(target))
  }

  @Test func randomPairsRoundTripUpToNullMembers() {
    for (round, (a, b)) in PathsRandomJSON.pairs(count: 600, seed: 7396).enumerated() {
      let patch = JSONMergePatch.diff(from: a, to: b)
      let applied = JSONMergePatch.apply(patch, to: a)
      #expect(Self.removingNullMembers(applied) == Self.removingNullMembers(b), "round \(round): \(a) → \(b)")
      if !Self.hasNullMembers(b) { #expect(applied == b, "round \(round): \(a) → \(b)") }
    }
  }

  /// Whether an object in `json` (outside arrays) has a `null` member.
  static func hasNullMembers(_ json: JSON) -> Bool {
    guard case .object(let object) = json else { return false }
    return object.members.contains { $0.value.isNull || hasNullMembers($0.value) }
  }

  /// `json` with `null` object members removed, recursively through objects but not into arrays: what a merge
  /// patch can express.
  static func removingNullMembers(_ json: JSON) -> JSON {
    guard case .object(let object) = json else { return json }
    var result = JSONObject()
    for member in object.members where !member.value.isNull {
      result[member.key] = removingNullMembers(member.value)
    }
    return .object(result)
  }
}
