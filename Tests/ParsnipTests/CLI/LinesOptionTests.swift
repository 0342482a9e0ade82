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
