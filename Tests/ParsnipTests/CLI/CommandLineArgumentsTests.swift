import Foundation
import Testing

@testable import ParsnipCLI

/// Arguments that are not UTF-8: file names are opened by their bytes; any other such argument is a usage error.
@Suite struct CommandLineArgumentsTests {
  /// A fresh directory holding `x<FF>.json` (`{"a":1}`) and `x<U+FFFD>.json`, the name its bad byte would be
  /// decoded to (`{"\u{FFFD}":2}`).
  static func directory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-argv-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(write(path, Self.badName, "{\"a\":1}"))
    #expect(write(path, Array("x\u{FFFD}.json".utf8), "{\"\u{FFFD}\":2}"))
    return path
  }

  static let badName: [UInt8] = Array("x".utf8) + [0xFF] + Array(".json".utf8)

  /// Creates a file by the bytes of its name.
  static func write(_ directory: String, _ name: [UInt8], _ text: String) -> Bool {
    let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
    let fd = path.withUnsafeBufferPointer {
      open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return Array(text.utf8).withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, $0.count) } == text.utf8.count
  }

  @Test func argumentsRoundTripThroughTheirBytes() {
    for bytes: [UInt8] in [[0xFF], [0x61, 0xC3], [0xED, 0xA0, 0x80], Array("é".utf8)] {
      let argument = CommandLineArguments.decode(bytes)
      #expect(CommandLineArguments.isByteNamed(argument) == (String(bytes: bytes, encoding: .utf8) == nil))
      #expect(CommandLineArguments.fileSystemPath(argument).dropLast().map { UInt8(bitPattern: $0) } == bytes)
      #expect(CommandLineArguments.displayName(argument) == String(decoding: bytes, as: UTF8.self))
    }
  }

  @Test func aFileNameThatIsNotUTF8OpensThatFile() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = CommandLineArguments.decode(Array(directory.utf8) + [UInt8(ascii: "/")] + Self.badName)
    // Not the file its name decodes to (`x\u{FFFD}.json`, which holds another document).
    #expect(CLI.inProcess(["format", "--compact", name]) == CLIResult(status: 0, stdout: "{\"a\":1}\n", stderr: ""))
    #expect(CLI.inProcess(["validate", "--lines", name]).status == 0)
    // Through the binary: `argv`'s bytes, not `CommandLine.arguments`' decoded strings.
    let external = try CLI.binary(
      byteArguments: [Array("format".utf8), Array("--compact".utf8), Self.badName], in: directory)
    #expect(external == CLIResult(status: 0, stdout: "{\"a\":1}\n", stderr: ""))
    // A missing one is named in the message with U+FFFD for the bad byte.
    let missing = try CLI.binary(byteArguments: [Array("validate".utf8), [0x79, 0xFF]], in: directory)
    #expect(
      missing
        == CLIResult(
          status: 2, stdout: "", stderr: "parsnip: error: cannot read 'y\u{FFFD}': No such file or directory\n"))
  }

  @Test func codegenWritesItsOutputFileByItsBytes() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = Array("out".utf8) + [0xFE] + Array(".swift".utf8)
    let result = try CLI.binary(
      byteArguments: [Array("codegen".utf8), Array("-o".utf8), output, Self.badName], in: directory)
    #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
    let written = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(written.contains("out\u{FFFD}.swift"))
  }

  @Test func anyOtherArgumentThatIsNotUTF8IsAUsageError() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = Array("x\u{FFFD}.json".utf8)
    let cases: [(arguments: [[UInt8]], shown: String, command: String)] = [
      // A pointer that would select the key "\u{FFFD}".
      ([Array("query".utf8), Array("--pointer".utf8), [0x2F, 0xFF], file], "/\u{FFFD}", "query"),
      // A template that would expand to %EF%BF%BD.
      ([Array("uri-template".utf8), Array("a".utf8) + [0xFF] + Array("{x}".utf8)], "a\u{FFFD}{x}", "uri-template"),
      ([Array("format".utf8), Array("--indent=".utf8) + [0xFF], file], "--indent=\u{FFFD}", "format"),
      ([Array("query".utf8), Array("--max-nodes".utf8), [0xFF], Array("$".utf8), file], "\u{FFFD}", "query"),
    ]
    for (arguments, shown, command) in cases {
      let result = try CLI.binary(byteArguments: arguments, in: directory)
      #expect(result.status == 2, "\(shown)")
      #expect(result.stdout == "")
      let expected = "parsnip: error: argument '\(shown)' is not valid UTF-8 (only file names may be other bytes)\n"
      #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
      #expect(result.stderr.contains("parsnip help \(command)"))
      // In process, through the same decoding of `argv`.
      #expect(CLI.inProcess(arguments.map(CommandLineArguments.decode)) == result)
    }
    let subcommand = try CLI.binary(byteArguments: [[0xFF]], in: directory)
    #expect(subcommand.status == 2)
    #expect(subcommand.stderr.hasPrefix("parsnip: error: argument '\u{FFFD}' is not valid UTF-8"))
  }
}
