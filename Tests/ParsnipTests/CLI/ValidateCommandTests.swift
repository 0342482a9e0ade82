import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct ValidateCommandTests {
  @Test func acceptsEveryExampleDocument() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.path + "/Examples")
      .filter { $0.hasSuffix(".json") }.sorted().map(CLI.example)
    #expect(files.count >= 10)
    let result = try CLI.both(["validate"] + files)
    #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
  }

  @Test(arguments: [
    (#"{"a": 1,}"#, "<stdin>:1:9: error: expected a string key, found '}'"),
    ("[1, 2", "<stdin>:1:6: error: unexpected end of input, expected ',' or ']'"),
    ("{\n  \"a\": tru\n}", "<stdin>:2:11: error: expected 'true', found a line break"),
    ("", "<stdin>:1:1: error: unexpected end of input, expected a value"),
    ("[1] [2]", "<stdin>:1:5: error: unexpected '[' after the top-level value"),
  ])
  func reportsInvalidStandardInputWithLineAndColumn(input: String, diagnostic: String) throws {
    let result = try CLI.both(["validate"], stdin: input)
    #expect(result == CLIResult(status: 1, stdout: "", stderr: diagnostic + "\n"))
  }

  @Test func namesEachInvalidFileAndKeepsGoing() throws {
    let bad = try CLI.temporaryFile("{\"a\": [1, 2,]}")
    let worse = try CLI.temporaryFile("\n\n  nul")
    defer { for path in [bad, worse] { try? FileManager.default.removeItem(atPath: path) } }
    let good = CLI.example("alphabet.json")
    let result = try CLI.both(["validate", bad, good, worse])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0] == "\(bad):1:13: error: expected a value, found ']'")
    #expect(lines[1] == "\(worse):3:6: error: unexpected end of input, expected 'null'")
  }

  @Test func unreadableFileExitsTwoEvenWhenOthersAreInvalid() throws {
    let bad = try CLI.temporaryFile("[")
    defer { try? FileManager.default.removeItem(atPath: bad) }
    let result = try CLI.both(["validate", "/nonexistent/parsnip.json", bad])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("parsnip: error: cannot read '/nonexistent/parsnip.json': No such file or directory\n"))
    #expect(result.stderr.contains("\(bad):1:2: error: "))
  }

  @Test func directoryIsUnreadable() throws {
    let result = try CLI.both(["validate", Fixtures.packageRoot.path + "/Examples"])
    #expect(result.status == 2)
    #expect(result.stderr.hasSuffix("/Examples': Is a directory\n"))
  }

  @Test func dashReadsStandardInputAndMayRepeat() throws {
    let result = try CLI.both(["validate", "-", CLI.example("user.json"), "-"], stdin: #"{"ok": true}"#)
    #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let result = try CLI.both(["validate"], stdin: deep)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("<stdin>:1:"))
  }

  @Test func invalidUTF8IsReportedWithItsPosition() throws {
    let bytes: [UInt8] = Array(#"["a"#.utf8) + [0xFF] + Array(#""]"#.utf8)
    let local = CLI.inProcess(["validate"], stdinBytes: bytes)
    let external = try CLI.binary(["validate"], stdinBytes: bytes)
    #expect(local == external)
    #expect(local.status == 1)
    #expect(local.stderr.hasPrefix("<stdin>:1:4: error: "), "\(local.stderr)")
  }

  @Test func doubleDashEndsOptions() throws {
    let result = try CLI.both(["validate", "--", "--json5"])
    #expect(result.status == 2)
    #expect(result.stderr == "parsnip: error: cannot read '--json5': No such file or directory\n")
  }
}
