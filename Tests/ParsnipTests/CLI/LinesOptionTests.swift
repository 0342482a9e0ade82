import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct LinesOptionTests {
  @Test func validateReportsEveryInvalidLineAtItsFilePosition() throws {
    let input = "{\"a\": 1}\n\n[1, 2,]\n\"ok\"\n  {\"b\" 2}\n"
    let result = try CLI.both(["validate", "--lines"], stdin: input)
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "",
          stderr: """
            <stdin>:3:7: error: expected a value, found ']'
            <stdin>:5:8: error: expected ':' after an object key, found '2'

            """))
  }

  @Test func validateLinesAcceptsValidFile() throws {
    let path = try CLI.temporaryFile("{\"id\": 1}\r\n{\"id\": 2}\r\n\r\n[true, null]")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try CLI.both(["validate", "--lines", path]) == CLIResult(status: 0, stdout: "", stderr: ""))
    // The same file is not one JSON document.
    #expect(try CLI.both(["validate", path]).status == 1)
  }

  @Test func formatLinesWritesOneCompactValuePerLineAndSkipsInvalidOnes() throws {
    let input = "{ \"a\" : [ 1 , 2 ] }\nnope\n  \"x\"  \n"
    let result = try CLI.both(["format", "--lines"], stdin: input)
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "{\"a\":[1,2]}\n\"x\"\n",
          stderr: "<stdin>:2:2: error: expected 'null', found 'o'\n"))
  }
}

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
