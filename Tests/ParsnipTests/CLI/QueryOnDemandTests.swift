import Foundation
import Parsnip
import Testing

@testable import ParsnipCLI

@Suite struct QueryOnDemandTests {
  @Test func readsPointersAndKeyPathsOnDemand() throws {
    let employees = CLI.example("employees.json")
    #expect(
      try CLI.both(["query", "--on-demand", "--compact", "/managers/gavin", employees])
        == CLIResult(status: 0, stdout: "{\"dept\":\"RND\",\"salary\":122}\n", stderr: ""))
    #expect(try CLI.both(["query", "--on-demand", "managers.racheal.salary", employees]).stdout == "123\n")
    let missing = try CLI.both(["query", "--on-demand", "/managers/nobody", employees])
    #expect(missing.status == 1)
  }

  @Test func aByteOrderMarkIsSkippedAsByEveryOtherReader() throws {
    let text = [0xEF, 0xBB, 0xBF] + Array(#"{"a": {"b": 42}}"#.utf8)
    #expect(try CLI.both(["query", "/a/b"], stdinBytes: text).stdout == "42\n")
    #expect(
      try CLI.both(["query", "--on-demand", "/a/b"], stdinBytes: text)
        == CLIResult(status: 0, stdout: "42\n", stderr: ""))
    #expect(try JSON.value(at: JSONKeyPath("a.b"), inText: text) == 42)
    #expect(try JSON.value(at: JSONPointer(""), inText: text) == ["a": ["b": 42]])
  }

  @Test func skipsInvalidTextThePathDoesNotEnter() throws {
    // Validation by default; on demand, the malformed sibling is skipped (its brackets balance).
    let text = #"{"bad": [1 2 3], "good": {"x": true}}"#
    #expect(try CLI.both(["query", "/good/x"], stdin: text).status == 1)
    #expect(try CLI.both(["query", "--on-demand", "/good/x"], stdin: text).stdout == "true\n")
    let broken = try CLI.both(["query", "--on-demand", "/good/x"], stdin: #"{"good": {"x": tru"#)
    #expect(broken.status == 1)
    #expect(broken.stderr.hasPrefix("<stdin>:1:"))
  }

  @Test(arguments: [
    "managers.gavin.bonus", "/managers/gavin/bonus", "managers[0]", "/managers/gavin/dept/x", "managers.nobody",
  ])
  func onDemandMissesReadLikeValidatedOnes(path: String) throws {
    let employees = CLI.example("employees.json")
    let validated = try CLI.both(["query", path, employees])
    let onDemand = try CLI.both(["query", "--on-demand", path, employees])
    #expect(validated.status == 1)
    #expect(onDemand == validated)
  }

  @Test func onDemandSyntaxErrorsAreLocatedInTheDocument() throws {
    let text = #"{"x": 1, "a": [1, 2,]}"#
    let validated = try CLI.both(["query", "a"], stdin: text)
    let onDemand = try CLI.both(["query", "--on-demand", "a"], stdin: text)
    #expect(validated.status == 1)
    #expect(validated.stderr.hasPrefix("<stdin>:1:21: "))
    #expect(onDemand == validated)
  }

  @Test(arguments: [
    (["--on-demand", "$.a"], "'--on-demand' applies to JSON Pointers and key paths only; '$.a' is a JSONPath query"),
    (["--on-demand", "--lines", "a"], "'--on-demand' and '--lines' cannot be used together"),
    (["--lines", "--on-demand", "/a"], "'--on-demand' and '--lines' cannot be used together"),
    (["--on-demand", "--json5", "a"], "'--on-demand' and '--json5' cannot be used together"),
  ])
  func onDemandConflictsNameTheConflict(arguments: [String], message: String) throws {
    let result = try CLI.both(["query"] + arguments, stdin: "{}")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("parsnip: error: \(message)\nUsage: parsnip query "), "\(result)")
  }
}
