import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct DiffCommandTests {
  @Test func printsTheRFC6902Patch() throws {
    let a = try CLI.temporaryFile(#"{"a": 1, "b": [1, 2, 3], "c": {"d": true}}"#)
    let b = try CLI.temporaryFile(#"{"a": 2, "b": [1, 3], "c": {"d": true, "e": null}}"#)
    defer { for path in [a, b] { try? FileManager.default.removeItem(atPath: path) } }
    let result = try CLI.both(["diff", "--compact", a, b])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // Whatever operations the diff chooses, applying them to A gives B.
    let patch = try CLI.temporaryFile(result.stdout)
    defer { try? FileManager.default.removeItem(atPath: patch) }
    let applied = try CLI.both(["patch", "--compact", patch, a])
    #expect(applied == CLIResult(status: 0, stdout: #"{"a":2,"b":[1,3],"c":{"d":true,"e":null}}"# + "\n", stderr: ""))
  }

  @Test func equalDocumentsGiveAnEmptyPatchAndExitZero() throws {
    let path = CLI.example("shop.json")
    #expect(try CLI.both(["diff", path, path]) == CLIResult(status: 0, stdout: "[]\n", stderr: ""))
    #expect(try CLI.both(["diff", "--merge", path, path]) == CLIResult(status: 0, stdout: "{}\n", stderr: ""))
  }

  @Test func printsAMergePatch() throws {
    let result = try CLI.both(
      ["diff", "--merge", "-", CLI.example("alphabet.json")],
      stdin: #"{"first": {"name": "Alphabet", "upperCase": ["A"], "x": 0}, "third": 3}"#)
    let expected = """
      {
        "third": null,
        "first": {
          "x": null,
          "upperCase": [
            "A",
            "B",
            "C"
          ],
          "lowerCase": [
            "a",
            "b",
            "c"
          ]
        },
        "second": {
          "name": "Numerics",
          "data": [
            "1",
            "2",
            "3"
          ]
        }
      }

      """
    #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""))
  }

  /// The seed pairs (JTE documents and their expansions): the diff, applied with `parsnip patch`, gives B.
  @Test(arguments: [
    ("posts-jte.json", "posts-jte-expanded.json"), ("posts-jte-compound.json", "posts-jte-compound-expanded.json"),
    ("alphabet.json", "response.json"), ("user.json", "users.json"), ("shop.json", "employees.json"),
  ])
  func diffThenPatchRoundTrips(a: String, b: String) throws {
    for mode in [[], ["--merge"]] {
      let diff = try CLI.both(["diff"] + mode + [CLI.example(a), CLI.example(b)])
      #expect(diff.status == 0)
      let patch = try CLI.temporaryFile(diff.stdout)
      defer { try? FileManager.default.removeItem(atPath: patch) }
      let applied = try CLI.both(["patch", "--compact"] + mode + [patch, CLI.example(a)])
      let expected = try CLI.both(["format", "--compact", CLI.example(b)])
      #expect(applied == expected, "\(mode)")
    }
  }

  @Test(arguments: [
    (["diff"], "missing A and B"),
    (["diff", "a.json"], "missing B"),
    (["diff", "a", "b", "c"], "unexpected argument 'c' (expected A and B)"),
    (["diff", "-", "-"], "A and B cannot both be standard input"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try CLI.both(arguments)
    #expect(
      result
        == CLIResult.usageError(message, command: "diff", usage: "parsnip diff [--merge] [--compact] [--json5] A B"))
  }

  @Test func invalidJSONExitsOne() throws {
    let result = try CLI.both(["diff", "-", CLI.example("shop.json")], stdin: "[1,")
    #expect(
      result
        == CLIResult(status: 1, stdout: "", stderr: "<stdin>:1:4: error: unexpected end of input, expected a value\n"))
  }
}
