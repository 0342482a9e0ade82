import Foundation
import Testing

@testable import ParsnipCLI

@Suite("--framing")
struct FramingOptionTests {
  @Test("validate reports each bad value with its place, in order, and exits 1")
  func validate() throws {
    let result = try CLI.both(["validate", "--framing", "array"], stdin: "[{\"a\":1},\n{\"a\":}, 3,\n tru]")
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "",
          stderr:
            "<stdin>:2:6: error: expected a value, found '}'\n<stdin>:3:5: error: unexpected end of input, expected 'true'\n"
        ))
    #expect(try CLI.both(["validate", "--framing", "concat"], stdin: "{} [] 1 \"x\"").status == 0)
    #expect(try CLI.both(["validate", "--framing", "seq"], stdin: "\u{1E}1\n\u{1E}[2]\n").status == 0)
  }

  @Test("format prints one compact value per line, for every framing")
  func format() throws {
    let expected = "{\"a\":1}\n[2]\n\"x\"\n"
    let inputs = [
      "lines": "{\"a\": 1}\n[2]\n\"x\"\n",
      "seq": "\u{1E}{\"a\": 1}\n\u{1E}[2]\n\u{1E}\"x\"\n",
      "sse": "data: {\"a\": 1}\n\n: ping\n\nevent: e\ndata: [2]\n\ndata: \"x\"\n\n",
      "concat": "{\"a\": 1}[2]\"x\"",
      "array": "[{\"a\": 1}, [2], \"x\"]",
      "array:/data": "{\"meta\": {}, \"data\": [{\"a\": 1}, [2], \"x\"]}",
    ]
    for (framing, input) in inputs {
      let result = try CLI.both(["format", "--framing", framing], stdin: input)
      #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""), "\(framing)")
    }
  }

  @Test("query runs on each value")
  func query() throws {
    let result = try CLI.both(
      ["query", "--framing", "array", "id", "--null-missing"], stdin: "[{\"id\":1},{},{\"id\":3}]")
    #expect(result == CLIResult(status: 0, stdout: "1\nnull\n3\n", stderr: ""))
  }

  @Test("a framing that breaks stops the stream; usage errors exit 2")
  func errors() throws {
    #expect(
      try CLI.both(["format", "--framing", "array"], stdin: "[1 2]")
        == CLIResult(status: 1, stdout: "1\n", stderr: "<stdin>:1:4: error: expected ',' or ']', found '2'\n"))
    #expect(
      try CLI.both(["format", "--framing", "array:/data"], stdin: "{\"x\":[1]}")
        == CLIResult(status: 1, stdout: "", stderr: "<stdin>:1:10: error: no array at /data in the stream\n"))
    #expect(
      CLI.inProcess(["validate", "--framing", "xml"])
        == .usageError(
          "invalid value 'xml' for '--framing': expected lines, seq, sse, concat, array or array:/POINTER",
          command: "validate",
          usage: "parsnip validate [--json5] [--lines] [--framing KIND] [--jobs N] [--schema SCHEMA] [--draft D] "
            + "[--resolve PREFIX=DIR] [--format-assertion] [--output FORMAT] [FILE ...]"))
    #expect(CLI.inProcess(["validate", "--lines", "--framing", "seq"]).status == 2)
    #expect(CLI.inProcess(["validate", "--framing", "seq", "--jobs", "2"]).status == 2)
    #expect(CLI.inProcess(["format", "--framing", "array", "--indent", "4"]).status == 2)
  }

  @Test("--framing lines is --lines")
  func linesAlias() throws {
    let input = "{\"a\":1}\n[1,]\n2\n"
    #expect(
      try CLI.both(["format", "--framing", "lines"], stdin: input)
        == (try CLI.both(["format", "--lines"], stdin: input)))
  }

  @Test("a value is printed as soon as it is complete, while the input pipe stays open")
  func printsBeforeTheInputEnds() throws {
    let binary = try #require(CLI.binary, Comment(rawValue: CLI.binaryMissing))
    let process = Process()
    process.executableURL = binary
    process.arguments = ["format", "--framing", "array"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    try input.fileHandleForWriting.write(contentsOf: Data("[{\"first\": 1},\n{\"second\"".utf8))
    // The first element is out while the input is still open: read it with a deadline.
    let firstLine = try Self.readLine(output.fileHandleForReading, within: 30)
    #expect(firstLine == "{\"first\":1}")
    #expect(process.isRunning)
    try input.fileHandleForWriting.write(contentsOf: Data(": 2}]".utf8))
    try input.fileHandleForWriting.close()
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(rest == "{\"second\":2}\n")
    #expect(process.terminationStatus == 0)
  }

  /// Reads bytes up to a line feed, failing after `seconds`.
  static func readLine(_ handle: FileHandle, within seconds: Double) throws -> String? {
    let fd = handle.fileDescriptor
    var line: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(fd, &byte, 1) == 1 else { return nil }
      if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return nil
  }

  @Test(
    "GNU parallel fans lines out to parsnip validate --lines",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel"), "GNU parallel is not installed"))
  func gnuParallel() throws {
    let binary = try #require(CLI.binary, Comment(rawValue: CLI.binaryMissing))
    var lines = (0..<20_000).map { "{\"id\":\($0),\"name\":\"value \($0)\"}" }
    let valid = try CLI.temporaryFile(lines.joined(separator: "\n") + "\n", suffix: ".jsonl")
    defer { try? FileManager.default.removeItem(atPath: valid) }
    lines[12_345] = "{\"id\":12345,}"
    let invalid = try CLI.temporaryFile(lines.joined(separator: "\n") + "\n", suffix: ".jsonl")
    defer { try? FileManager.default.removeItem(atPath: invalid) }
    func fanOut(_ file: String) throws -> (Int32, String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      // Blocks of 64 KiB, so the 700 KB file is split across several jobs.
      process.arguments = [
        "-c", "parallel --will-cite --pipe --block 64k \"$0\" validate --lines < \"$1\"", binary.path, file,
      ]
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }
    #expect(try fanOut(valid) == (0, ""))
    let (status, diagnostics) = try fanOut(invalid)
    #expect(status == 1)
    // Each job numbers the lines of its own block: the diagnostic names the line within it.
    #expect(diagnostics.hasSuffix(": error: expected a string key, found '}'\n"), "\(diagnostics)")
  }
}
