import Foundation
import Testing

@testable import ParsnipCLI

/// `format --partial on|trailing-strings`, in process and through the binary.
@Suite struct FormatPartialOptionTests {
  static let usage =
    "parsnip format [--indent N | --compact | --canonical] [--sort-keys] [--ascii] [--json5] [--lines] [--framing KIND] [--jobs N] [--partial MODE] [FILE]"

  @Test func printsTheSnapshotInEitherMode() throws {
    let text = #"{"a": 1, "b": "hel"#
    #expect(
      try CLI.both(["format", "--partial", "on", "--compact"], stdin: text)
        == CLIResult(status: 0, stdout: "{\"a\":1}\n", stderr: ""))
    #expect(
      try CLI.both(["format", "--compact", "--partial=trailing-strings"], stdin: text)
        == CLIResult(status: 0, stdout: "{\"a\":1,\"b\":\"hel\"}\n", stderr: ""))
    #expect(
      try CLI.both(["format", "--partial", "on"], stdin: #"{"a": [1, {"b": "x"#)
        == CLIResult(status: 0, stdout: "{\n  \"a\": [\n    1,\n    {}\n  ]\n}\n", stderr: ""))
  }

  @Test func readsAFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-partial-\(UUID()).json")
    try Data("[true, fal".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(
      try CLI.both(["format", "--partial", "on", "--compact", url.path])
        == CLIResult(status: 0, stdout: "[true]\n", stderr: ""))
  }

  @Test func noValueYetExitsOne() throws {
    #expect(
      try CLI.both(["format", "--partial", "on"], stdin: "  \n ")
        == CLIResult(status: 1, stdout: "", stderr: "<stdin>:2:2: error: unexpected end of input, expected a value\n"))
    #expect(try CLI.both(["format", "--partial", "on"], stdin: #""abc"#).status == 1)
    #expect(
      try CLI.both(["format", "--partial", "trailing-strings", "--compact"], stdin: #""abc"#)
        == CLIResult(status: 0, stdout: "\"abc\"\n", stderr: ""))
  }

  @Test func malformedTextExitsOneWithItsPlace() throws {
    #expect(
      try CLI.both(["format", "--partial", "on"], stdin: "[1,\n 2 3")
        == CLIResult(status: 1, stdout: "", stderr: "<stdin>:2:4: error: expected ',' or ']', found '3'\n"))
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(
      try CLI.both(["format", "--partial", "yes"], stdin: "[1")
        == .usageError(
          "invalid partial mode 'yes' (expected on or trailing-strings)", command: "format", usage: Self.usage))
    #expect(
      try CLI.both(["format", "--partial", "on", "--lines"], stdin: "[1")
        == .usageError("'--partial' cannot be used with '--lines'", command: "format", usage: Self.usage))
    #expect(
      try CLI.both(["format", "--partial", "on", "--framing", "seq"], stdin: "[1")
        == .usageError("'--partial' cannot be used with '--framing'", command: "format", usage: Self.usage))
    #expect(try CLI.both(["format", "--partial"], stdin: "[1").status == 2)
  }
}
