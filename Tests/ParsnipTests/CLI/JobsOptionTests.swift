import Foundation
import Testing

@testable import ParsnipCLI

/// `validate --lines --jobs N`: the parallel reader prints exactly what the serial one prints.
@Suite struct JobsOptionTests {
  /// More than one batch of lines (16,384 lines, 1 MiB), with invalid, blank and CRLF lines and a line of over
  /// 1 MiB (parsed in place), so the output interleaves results and diagnostics from several batches.
  static let input: [UInt8] = {
    var text = ""
    for k in 0..<30_000 {
      switch k % 97 {
      case 0: text += "{\"id\":\(k),\"name\":\"n\(k)\"\r\n"  // invalid
      case 1: text += "\n"
      case 2: text += "  [\(k), {\"id\": \(k)}]\r\n"
      case 3: text += "{\"name\":\"no id\"}\n"
      default: text += "{\"id\":\(k),\"name\":\"n\(k)\",\"tags\":[\"a\",\"b\"]}\n"
      }
      if k == 20_000 { text += "{\"id\":-1,\"name\":\"" + String(repeating: "x", count: 1_100_000) + "\"}\n" }
    }
    return Array((text + "{\"id\": 30000, x}").utf8)
  }()

  @Test func validateOutputMatchesSerialByteForByte() throws {
    let command = ["validate", "--lines"]
    let path = try CLI.temporaryFile(bytes: Self.input, suffix: ".jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let serial = try CLI.both(command + ["--jobs", "1", path])
    #expect(serial.status == 1)
    #expect(serial.stderr.contains(":30002:15: error: "))
    for jobs in ["2", "5"] {
      #expect(try CLI.both(command + ["--jobs", jobs, path]) == serial, "--jobs \(jobs)")
      #expect(try CLI.both(command + ["--jobs=\(jobs)"], stdinBytes: Self.input) == serial.named("<stdin>", for: path))
    }
    // The default is one job per core: the same output again.
    #expect(try CLI.both(command + [path]) == serial)
  }

  @Test func validateReportsEveryInvalidLineInOrder() throws {
    let result = try CLI.both(["validate", "--lines", "--jobs", "2"], stdinBytes: Self.input)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 30_000 / 97 + 2)
    #expect(lines.first == "<stdin>:1:20: error: unexpected end of input, expected ',' or '}'")
    #expect(lines.last == "<stdin>:30002:15: error: expected a string key, found 'x'")
  }

  @Test(arguments: [
    (["--lines", "--jobs", "0"], "invalid value '0' for '--jobs': expected a whole number from 1 to 256"),
    (["--lines", "--jobs", "x"], "invalid value 'x' for '--jobs': expected a whole number from 1 to 256"),
    (["--lines", "--jobs=-2"], "invalid value '-2' for '--jobs': expected a whole number from 1 to 256"),
    (["--lines", "--jobs", "257"], "invalid value '257' for '--jobs': expected a whole number from 1 to 256"),
    (["--jobs", "2"], "'--jobs' applies with '--lines' only"),
    (["--lines", "--jobs", "2", "--jobs", "x"], "invalid value 'x' for '--jobs': expected a whole number from 1 to 256"),
    (["--lines", "--jobs"], "missing value for '--jobs N'"),
  ])
  func badJobsAreUsageErrors(arguments: [String], message: String) throws {
    let expected = CLIResult.usageError(
      message, command: "validate", usage: "parsnip validate [--json5] [--lines] [--jobs N] [FILE ...]")
    #expect(try CLI.both(["validate"] + arguments, stdin: "1\n") == expected)
  }
}
