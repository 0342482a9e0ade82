import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct PatchCommandTests {
  /// Runs `parsnip patch` with the patch in a temporary file and the document on standard input.
  static func patch(_ patch: String, to document: String, options: [String] = []) throws -> CLIResult {
    let path = try CLI.temporaryFile(patch)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try CLI.both(["patch"] + options + [path], stdin: document)
  }

  /// RFC 6902 appendix A: document, patch, result.
  @Test(arguments: [
    (#"{"foo": "bar"}"#, #"[{"op": "add", "path": "/baz", "value": "qux"}]"#, #"{"foo":"bar","baz":"qux"}"#),
    (
      #"{"foo": ["bar", "baz"]}"#, #"[{"op": "add", "path": "/foo/1", "value": "qux"}]"#,
      #"{"foo":["bar","qux","baz"]}"#
    ),
    (#"{"baz": "qux", "foo": "bar"}"#, #"[{"op": "remove", "path": "/baz"}]"#, #"{"foo":"bar"}"#),
    (#"{"foo": ["bar", "qux", "baz"]}"#, #"[{"op": "remove", "path": "/foo/1"}]"#, #"{"foo":["bar","baz"]}"#),
    (
      #"{"baz": "qux", "foo": "bar"}"#, #"[{"op": "replace", "path": "/baz", "value": "boo"}]"#,
      #"{"baz":"boo","foo":"bar"}"#
    ),
    (
      #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#,
      #"[{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]"#,
      #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#
    ),
    (
      #"{"foo": ["all", "grass", "cows", "eat"]}"#, #"[{"op": "move", "from": "/foo/1", "path": "/foo/3"}]"#,
      #"{"foo":["all","cows","eat","grass"]}"#
    ),
    (
      #"{"baz": "qux", "foo": ["a", 2, "c"]}"#,
      #"[{"op": "test", "path": "/baz", "value": "qux"}, {"op": "test", "path": "/foo/1", "value": 2}]"#,
      #"{"baz":"qux","foo":["a",2,"c"]}"#
    ),
    (
      #"{"foo": "bar"}"#, #"[{"op": "add", "path": "/child", "value": {"grandchild": {}}}]"#,
      #"{"foo":"bar","child":{"grandchild":{}}}"#
    ),
    (
      #"{"foo": "bar"}"#, #"[{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]"#, #"{"foo":"bar","baz":"qux"}"#
    ),
    (
      #"{"foo": ["bar"]}"#, #"[{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]"#,
      #"{"foo":["bar",["abc","def"]]}"#
    ),
    (#"{"/": 9, "~1": 10}"#, #"[{"op": "test", "path": "/~01", "value": 10}]"#, #"{"/":9,"~1":10}"#),
  ])
  func appliesTheRFCExamples(document: String, patch: String, result: String) throws {
    #expect(
      try Self.patch(patch, to: document, options: ["--compact"])
        == CLIResult(status: 0, stdout: result + "\n", stderr: ""))
  }

  @Test func prettyByDefault() throws {
    let result = try Self.patch(#"[{"op": "add", "path": "/b", "value": [1]}]"#, to: #"{"a": {}}"#)
    #expect(result == CLIResult(status: 0, stdout: "{\n  \"a\": {},\n  \"b\": [\n    1\n  ]\n}\n", stderr: ""))
  }

  @Test(arguments: [
    (
      #"{"baz": "qux"}"#, #"[{"op": "test", "path": "/baz", "value": "bar"}]"#,
      #"operation 0 (test) failed: the value at /baz is "qux", expected "bar""#
    ),
    (
      #"{"foo": "bar"}"#, #"[{"op": "add", "path": "/baz/bat", "value": "qux"}]"#,
      #"operation 0 (add): "path": no value for key "baz" at the root (token 1 of /baz/bat)"#
    ),
    (
      #"{"a": [1]}"#, #"[{"op": "remove", "path": "/a/1"}]"#,
      #"operation 0 (remove): "path": index 1 out of range (count 1) at /a (token 2 of /a/1)"#
    ),
    (
      #"{"a": {"b": 1}}"#, #"[{"op": "move", "from": "/a", "path": "/a/b/c"}]"#,
      "operation 0 (move): cannot move /a into its own child /a/b/c"
    ),
  ])
  func patchThatCannotApplyExitsOne(document: String, patch: String, message: String) throws {
    let result = try Self.patch(patch, to: document)
    #expect(result == CLIResult(status: 1, stdout: "", stderr: "parsnip: error: patch does not apply: \(message)\n"))
  }

  @Test func failingOperationLeavesNoPartialOutput() throws {
    let patch = #"[{"op": "add", "path": "/x", "value": 1}, {"op": "test", "path": "/x", "value": 2}]"#
    let result = try Self.patch(patch, to: "{}")
    #expect(result.status == 1)
    #expect(result.stdout == "")
  }

  @Test(arguments: [
    (#"{"op": "add"}"#, "a JSON Patch must be an array of operations, found object"),
    (
      #"[{"op": "frob", "path": "/a"}]"#,
      #"operation 0: unknown op "frob" (expected add, remove, replace, move, copy or test)"#
    ),
    (#"[{"op": "add", "path": "/a"}]"#, #"operation 0 (add): missing "value""#),
    (#"[{"op": "remove", "path": "a"}]"#, #"operation 0 (remove): "path" is not a JSON pointer: "#),
  ])
  func malformedPatchExitsTwo(patch: String, message: String) throws {
    let path = try CLI.temporaryFile(patch)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try CLI.both(["patch", path], stdin: #"{"a": 1}"#)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("parsnip: error: \(path): invalid patch: \(message)"), "\(result.stderr)")
    // Read from standard input, the patch is named <stdin>.
    let fromStandardInput = try CLI.both(["patch", "-", CLI.example("alphabet.json")], stdin: patch)
    #expect(fromStandardInput.stderr.hasPrefix("parsnip: error: <stdin>: invalid patch: \(message)"))
  }

  @Test func invalidJSONPatchExitsTwoInvalidJSONDocumentOne() throws {
    let patch = try CLI.temporaryFile("[{\"op\": \"add\",]")
    defer { try? FileManager.default.removeItem(atPath: patch) }
    let badPatch = try CLI.both(["patch", patch, CLI.example("alphabet.json")])
    #expect(
      badPatch == CLIResult(status: 2, stdout: "", stderr: "\(patch):1:15: error: expected a string key, found ']'\n"))
    let goodPatch = try CLI.temporaryFile("[]")
    defer { try? FileManager.default.removeItem(atPath: goodPatch) }
    let badDocument = try CLI.both(["patch", goodPatch], stdin: "{")
    #expect(
      badDocument
        == CLIResult(
          status: 1, stdout: "", stderr: "<stdin>:1:2: error: unexpected end of input, expected a string key\n"))
  }

  @Test func bothInputsOnStandardInputIsAUsageError() throws {
    for arguments in [["patch", "-"], ["patch", "-", "-"]] {
      let result = try CLI.both(arguments)
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix("parsnip: error: PATCH_FILE and FILE cannot both be standard input\n"))
    }
    #expect(try CLI.both(["patch"]).stderr.hasPrefix("parsnip: error: missing PATCH_FILE\n"))
  }

  /// RFC 7396 appendix A: target, patch, result.
  @Test(arguments: [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, "{}"),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, "null", "null"),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    ("{}", #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
  ])
  func mergeAppliesTheRFCExamples(target: String, patch: String, result: String) throws {
    #expect(
      try Self.patch(patch, to: target, options: ["--merge", "--compact"])
        == CLIResult(status: 0, stdout: result + "\n", stderr: ""))
  }
}
