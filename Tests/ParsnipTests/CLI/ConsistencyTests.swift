import Foundation
import Testing

@testable import ParsnipCLI

/// The rules every subcommand shares: one exit-status rule, synopses derived from the declarations, and a command
/// table in the DocC article on the tool (`CommandLineTool.md`) that matches them.
@Suite struct ConsistencyTests {
  /// An input that is not valid JSON; the error is at line 1, column 7.
  static let invalid = #"{"a": }"#

  /// How each subcommand reads `BAD` as its input document (the data, not the program). Every subcommand but
  /// `help` must be here, so a new one cannot skip the rule.
  static let documentArguments: [String: [[String]]] = [
    "validate": [["BAD"], ["--lines", "BAD"]],
    "format": [["BAD"], ["--lines", "BAD"]],
    "query": [["a", "BAD"], ["$.a", "BAD"], ["--on-demand", "/a", "BAD"], ["--lines", "a", "BAD"]],
    "patch": [["PATCH", "BAD"], ["--merge", "PATCH", "BAD"]],
    "diff": [["BAD", "GOOD"], ["GOOD", "BAD"], ["--merge", "BAD", "GOOD"]],
    "expand": [["BAD"]],
    "jsonapi-build": [["BAD"]],
    "uri-template": [["{a}", "BAD"]],
    "codegen": [["BAD"], ["--lines", "BAD"]],
  ]

  @Test func everySubcommandIsCheckedForTheExitRule() {
    let names = Set(RootCommand.commands.map { $0.name }).subtracting(["help"])
    #expect(Set(Self.documentArguments.keys) == names)
  }

  @Test func anInvalidInputDocumentExitsOneWithItsPosition() throws {
    let bad = try CLI.temporaryFile(Self.invalid)
    let good = try CLI.temporaryFile(#"{"a": 1}"#)
    let patch = try CLI.temporaryFile("[]")
    defer { for path in [bad, good, patch] { try? FileManager.default.removeItem(atPath: path) } }
    let files = ["BAD": bad, "GOOD": good, "PATCH": patch]
    for (name, invocations) in Self.documentArguments {
      for arguments in invocations {
        let result = try CLI.both([name] + arguments.map { files[$0] ?? $0 })
        #expect(result.status == 1, "\(name) \(arguments): \(result)")
        #expect(result.stderr.hasPrefix("\(bad):1:7: error: "), "\(name) \(arguments): \(result)")
      }
    }
  }

  @Test(arguments: [
    (#"[{"op": "add", "path": "/b", "value": 1}"#, "PATCH:1:41: error: "),  // not JSON
    (#"{"op": "add"}"#, "parsnip: error: PATCH: invalid patch: "),  // not a patch
    (#"[{"op": "frobnicate", "path": "/a"}]"#, "parsnip: error: PATCH: invalid patch: "),
  ])
  func aMalformedPatchExitsTwo(patch: String, diagnostic: String) throws {
    let patchFile = try CLI.temporaryFile(patch)
    let document = try CLI.temporaryFile(#"{"a": 1}"#)
    defer { for path in [patchFile, document] { try? FileManager.default.removeItem(atPath: path) } }
    let result = try CLI.both(["patch", patchFile, document])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(diagnostic.replacingOccurrences(of: "PATCH", with: patchFile)), "\(result)")
  }

  @Test func aPatchThatDoesNotApplyExitsOne() throws {
    let result = try CLI.both(["patch", "-", CLI.example("shop.json")], stdin: #"[{"op": "remove", "path": "/x"}]"#)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.hasPrefix("parsnip: error: patch does not apply: "))
  }

  @Test func variablesThatAreNotObjectsAreTheDataAtFault() throws {
    #expect(try CLI.both(["uri-template", "{x}", "-"], stdin: "3").status == 1)
  }

  // MARK: Writing

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/dev/full"),
      "needs /dev/full (Linux) to make standard output fail"),
    arguments: [
      ["format", "Examples/shop.json"], ["format", "--compact", "Examples/shop.json"],
      ["query", "--lines", "last_name", "Examples/users.jsonl"], ["codegen", "Examples/shop.json"],
    ])
  func aFullDiskIsOneLineAndExitsTwo(arguments: [String]) throws {
    let result = try CLI.binary(arguments, stdinBytes: [], stdoutPath: "/dev/full")
    #expect(
      result
        == CLIResult(
          status: 2, stdout: "", stderr: "parsnip: error: cannot write to standard output: No space left on device\n"))
  }

  @Test func anUnwritableResultWritesNothing() throws {
    // `format --json5` of 200 KB with a NaN at the end used to print 196 KB of unterminated JSON, then the error.
    let text = "{\"a\": [" + (0..<8_000).map { "\"\($0) padding text\"" }.joined(separator: ",") + "], z: NaN}"
    let result = try CLI.binary(["format", "--json5"], stdin: text)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("$['z']: cannot write NaN"))
  }

  @Test func maxNodesBoundsJSONPathNodelists() throws {
    let tooMany = try CLI.both(["query", "--max-nodes", "5", "$..*", "Examples/alphabet.json"])
    #expect(tooMany.status == 2)
    #expect(
      tooMany.stderr.hasPrefix(
        "parsnip: error: JSONPath query too expensive: the query selects more than 5 nodes (the limit set by --max-nodes)"
      ))
    #expect(
      try CLI.both(["query", "--compact", "--max-nodes", "2", "$.first.name", "Examples/alphabet.json"])
        == CLIResult(status: 0, stdout: "[\"Alphabet\"]\n", stderr: ""))
    for arguments in [
      ["query", "--max-nodes", "-1", "$"], ["query", "--max-nodes", "x", "$"], ["query", "--max-nodes", "9", "/a"],
    ] {
      #expect(try CLI.both(arguments, stdin: "{}").status == 2, "\(arguments)")
    }
  }

  // MARK: Endless input

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero"), "needs /dev/zero to feed endless input"),
    arguments: [
      ["validate"], ["format"], ["query", "a"], ["query", "--on-demand", "/a"], ["codegen"],
      ["diff", "-", "Examples/shop.json"],
    ])
  func endlessInvalidInputFailsAtOnceInBoundedMemory(arguments: [String]) throws {
    // /dev/zero used to grow every subcommand to gigabytes; its first NUL byte already proves it invalid.
    let result = try CLI.binary(arguments, stdinBytes: [], stdinPath: "/dev/zero", timeLimit: 30)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("<stdin>:1:1: error: expected a value, found byte 0x00"), "\(result.stderr)")
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero"), "needs /dev/zero to feed endless input"),
    arguments: [
      ["validate"], ["format"], ["query", "a"], ["diff", "-", "Examples/shop.json"],
      ["patch", "Examples/shop-patch.json"],
      ["expand"], ["jsonapi-build"], ["uri-template", "{x}", "-"],
    ])
  func endlessInvalidJSON5InputFailsAtOnceInBoundedMemory(arguments: [String]) throws {
    // With --json5 every subcommand read /dev/zero until memory ran out (16 GB, then SIGABRT).
    let result = try CLI.binary(
      [arguments[0], "--json5"] + arguments.dropFirst(), stdinBytes: [], stdinPath: "/dev/zero", timeLimit: 30)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("<stdin>:1:1: error: expected a value, found byte 0x00"), "\(result.stderr)")
  }

  @Test func aFileLargerThanTheScannerTakesIsNotReadWhole() throws {
    // Sparse files of 4 GiB and more: one invalid from its first byte (reported as such, with or without
    // --json5), and one whose start is valid (refused by its size, before it is read).
    let path = try CLI.temporaryFile("[" + String(repeating: " ", count: 70_000))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 5 << 30)
    try handle.close()
    let valid = try CLI.binary(["validate", "--json5", path], stdinBytes: [], timeLimit: 30)
    #expect(
      valid
        == CLIResult(status: 2, stdout: "", stderr: "parsnip: error: cannot read '\(path)': input larger than 4 GiB\n"))
    #expect(try CLI.binary(["format", path], stdinBytes: [], timeLimit: 30) == valid)
    let zeros = try CLI.temporaryFile("")
    defer { try? FileManager.default.removeItem(atPath: zeros) }
    let zeroHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: zeros))
    try zeroHandle.truncate(atOffset: 4 << 30)
    try zeroHandle.close()
    for json5 in [[], ["--json5"]] {
      let result = try CLI.binary(["validate"] + json5 + [zeros], stdinBytes: [], timeLimit: 30)
      #expect(
        result == CLIResult(status: 1, stdout: "", stderr: "\(zeros):1:1: error: expected a value, found byte 0x00\n"))
    }
  }

  // MARK: Synopses

  @Test func everyOptionAppearsInTheSynopsisAndTheHelp() throws {
    for command in RootCommand.commands {
      let help = try CLI.both(["help", command.name])
      #expect(help.status == 0)
      #expect(help.stdout.contains(HelpLayout.wrapped(command.synopsis, prefix: "USAGE: parsnip ")))
      let synopsis = command.synopsis
      for option in command.options where option != .help {
        #expect(synopsis.contains(option.synopsisLabel), "\(command.name): \(option.name) not in '\(synopsis)'")
        #expect(help.stdout.contains("  \(option.label) "), "\(command.name): \(option.label) not in its help")
      }
      for argument in command.arguments {
        #expect(synopsis.contains(argument.synopsisLabel), "\(command.name): \(argument.label)")
        #expect(help.stdout.contains("  \(argument.label) "), "\(command.name): \(argument.label)")
      }
      for group in command.exclusiveGroups {
        #expect(synopsis.contains("[" + group.map(\.synopsisLabel).joined(separator: " | ") + "]"))
      }
    }
  }

  @Test func exclusiveGroupsAreRejectedByEveryCommand() throws {
    for command in RootCommand.commands {
      for group in command.exclusiveGroups {
        let arguments = group.prefix(2).flatMap { ["--" + $0.name] + ($0.valueName == nil ? [] : ["2"]) }
        let result = try CLI.both([command.name] + arguments + ["-"], stdin: "{}")
        #expect(result.status == 2, "\(command.name) \(arguments)")
        let message = "parsnip: error: '--\(group[0].name)' and '--\(group[1].name)' cannot be used together\n"
        #expect(result.stderr.hasPrefix(message), "\(result)")
      }
    }
  }

  /// The synopses of the command table in the DocC article on the tool, in order.
  static func documentedSynopses() throws -> [String] {
    let article = Fixtures.packageRoot.appendingPathComponent("Sources/Parsnip/Parsnip.docc/CommandLineTool.md")
    return try String(contentsOf: article, encoding: .utf8).split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `parsnip "), let end = line.range(of: "` |") else { return nil }
      return String(line[line.index(line.startIndex, offsetBy: "| `parsnip ".count)..<end.lowerBound])
        .replacingOccurrences(of: "\\|", with: "|")
    }
  }

  @Test func theDocumentedTableListsEveryCommandWithItsDerivedSynopsis() throws {
    #expect(try Self.documentedSynopses() == RootCommand.commands.map { $0.synopsis })
  }
}
