import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct LinesOptionInputTests {
  @Test func readsFilesAndReportsThemByName() throws {
    let path = try CLI.temporaryFile("{\"id\": 1}\r\n\r\n{\"id\": }\r\n[true]")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try CLI.both(["format", "--lines", path])
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "{\"id\":1}\n[true]\n", stderr: "\(path):3:8: error: expected a value, found '}'\n"))
  }

  @Test func unreadableInputsExitTwo() throws {
    for command in ["validate", "format", "query"] {
      let arguments = command == "query" ? ["query", "--lines", "a"] : [command, "--lines"]
      let missing = try CLI.both(arguments + ["/nonexistent/x.jsonl"])
      #expect(
        missing
          == CLIResult(
            status: 2, stdout: "",
            stderr: "parsnip: error: cannot read '/nonexistent/x.jsonl': No such file or directory\n"))
      let directory = try CLI.both(arguments + [Fixtures.packageRoot.path])
      #expect(directory.status == 2)
      #expect(directory.stderr.hasSuffix("': Is a directory\n"))
    }
  }

  @Test func validateLinesChecksEveryFile() throws {
    let good = try CLI.temporaryFile("1\n2\n")
    let bad = try CLI.temporaryFile("1\n{\n")
    defer { for path in [good, bad] { try? FileManager.default.removeItem(atPath: path) } }
    let result = try CLI.both(["validate", "--lines", good, bad, good])
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "", stderr: "\(bad):2:2: error: unexpected end of input, expected a string key\n"))
  }
}
