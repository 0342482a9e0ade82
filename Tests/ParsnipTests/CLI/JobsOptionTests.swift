import Foundation
import Parsnip
import Testing

@testable import ParsnipCLI

/// `--lines --jobs N` (`validate`, `format`, `query`, `codegen`): the parallel reader prints exactly what the serial
/// one prints.
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

  /// The lines of ``input`` that are valid JSON (and the blank ones), for `codegen`, which prints nothing when a
  /// line is invalid.
  static let validInput: [UInt8] = {
    let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let kept = lines.filter { line in
      line.allSatisfy { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: " ") }
        || (try? JSON(parsing: Array(line))) != nil
    }
    return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
  }()

  /// The commands that build each line's value and make something of it (`format` and `query` on the thread that
  /// parsed the line: the result written out, or a query's failure), then print or gather it on the calling
  /// thread: their output and diagnostics do not depend on where the lines were parsed.
  static let valueCommands: [([String], Int32)] = [
    (["format", "--lines"], 1),
    (["format", "--lines", "--sort-keys", "--ascii"], 1),
    (["query", "--lines", "id"], 1),
    (["query", "--lines", "--null-missing", "$..name"], 1),
    // Most lines' queries exceed the node limit: a `line N:` diagnostic each, in order among the results.
    (["query", "--lines", "--max-nodes", "3", "$..*"], 2),
    (["codegen", "--lines", "--name", "Event"], 0),
  ]

  @Test(arguments: valueCommands)
  func valueCommandsPrintWhatTheSerialReaderPrints(command: [String], status: Int32) throws {
    let input = status == 0 ? Self.validInput : Self.input
    let path = try CLI.temporaryFile(bytes: input, suffix: ".jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let serial = try CLI.both(command + ["--jobs", "1", path])
    #expect(serial.status == status)
    #expect(status == 0 || serial.stderr.contains(":30002:15: error: "))
    #expect(serial.stdout.utf8.count > 200)
    for jobs in ["2", "5"] {
      #expect(try CLI.both(command + ["--jobs", jobs, path]) == serial, "--jobs \(jobs)")
      #expect(try CLI.both(command + ["--jobs=\(jobs)"], stdinBytes: input) == serial.named("<stdin>", for: path))
    }
    #expect(try CLI.both(command + [path]) == serial)
  }

  @Test(arguments: [
    (
      "format",
      "parsnip format [--indent N | --compact | --canonical] [--sort-keys] [--ascii] [--json5] [--lines] [--framing KIND] [--jobs N] [--partial MODE] [FILE]"
    ),
    (
      "codegen",
      "parsnip codegen [--name NAME] [--struct | --class] [--var] [--access LEVEL] [--model] [--partial-mirrors] [--lines] [--jobs N] [-o FILE] [FILE ...]"
    ),
  ])
  func jobsWithoutLinesIsAUsageError(command: String, usage: String) throws {
    let expected = CLIResult.usageError("'--jobs' applies with '--lines' only", command: command, usage: usage)
    #expect(try CLI.both([command, "--jobs", "2"], stdin: "1\n") == expected)
  }

  @Test func queryJobsWithoutLinesIsAUsageError() throws {
    let usage =
      "parsnip query [--jsonpath | --pointer | --keypath] [--paths] [--on-demand] [--compact] [--json5] [--lines] "
      + "[--framing KIND] [--null-missing] [--jobs N] [--max-nodes N] [--max-path-bytes N] EXPR [FILE]"
    let expected = CLIResult.usageError("'--jobs' applies with '--lines' only", command: "query", usage: usage)
    #expect(try CLI.both(["query", "--jobs", "2", "id"], stdin: "{\"id\": 1}\n") == expected)
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
    (
      ["--lines", "--jobs", "2", "--jobs", "x"], "invalid value 'x' for '--jobs': expected a whole number from 1 to 256"
    ),
    (["--lines", "--jobs"], "missing value for '--jobs N'"),
  ])
  func badJobsAreUsageErrors(arguments: [String], message: String) throws {
    let expected = CLIResult.usageError(
      message, command: "validate",
      usage:
        "parsnip validate [--json5] [--lines] [--framing KIND] [--jobs N] [--schema SCHEMA] [--draft D] [--resolve PREFIX=DIR] "
        + "[--format-assertion] [--output FORMAT] [FILE ...]")
    #expect(try CLI.both(["validate"] + arguments, stdin: "1\n") == expected)
  }
}
