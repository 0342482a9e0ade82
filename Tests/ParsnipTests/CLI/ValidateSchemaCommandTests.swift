import Foundation
import Parsnip
import Testing

@testable import ParsnipCLI

/// `parsnip validate --schema`: exit statuses, diagnostics at the instance's line and column, `--lines`,
/// `--output basic`, `--resolve`, and schema errors at the schema's own position.
@Suite struct ValidateSchemaCommandTests {
  static let schemaText = ##"""
    {
      "type": "object",
      "properties": {"n": {"type": "integer"}, "s": {"$ref": "#/$defs/short"}},
      "$defs": {"short": {"maxLength": 2}}
    }
    """##

  @Test func validDocumentsExitZeroAndPrintNothing() throws {
    let schema = try CLI.temporaryFile(Self.schemaText)
    defer { try? FileManager.default.removeItem(atPath: schema) }
    let result = try CLI.both(["validate", "--schema", schema], stdin: #"{"n": 1, "s": "ab"}"#)
    #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
  }

  @Test func eachErrorIsALineAtTheInstance() throws {
    let schema = try CLI.temporaryFile(Self.schemaText)
    defer { try? FileManager.default.removeItem(atPath: schema) }
    let result = try CLI.both(["validate", "--schema", schema], stdin: "{\"n\": 1.5,\n \"s\": \"abc\"}")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        <stdin>:1:7: error: /n: 1.5 is not of type "integer" (/properties/n/type)
        <stdin>:2:7: error: /s: "abc" is longer than 2 characters (/properties/s/$ref/maxLength)

        """)
  }

  @Test func linesAreValidatedOneByOneWithBasicOutput() throws {
    let schema = try CLI.temporaryFile(Self.schemaText)
    defer { try? FileManager.default.removeItem(atPath: schema) }
    let result = try CLI.both(
      ["validate", "--schema", schema, "--lines", "--output", "basic", "--jobs", "1"],
      stdin: "{\"n\": 1}\n[]\n{\"n\": \"x\"}\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        <stdin>:2:1: error: : array is not of type "object" (/type)
        <stdin>:3:7: error: /n: "x" is not of type "integer" (/properties/n/type)

        """)
    let outputs: [Bool?] = result.stdout.split(separator: "\n").map {
      try? JSON(parsing: String($0))["valid"].boolValue
    }
    #expect(outputs == [true, false, false])
  }

  @Test func invalidSchemasExitTwoAtTheSchemasPosition() throws {
    let schema = try CLI.temporaryFile("{\n  \"minimum\": \"ten\"\n}")
    let unresolved = try CLI.temporaryFile("{\"items\": {\"$ref\": \"https://example.com/none.json\"}}")
    defer { for path in [schema, unresolved] { try? FileManager.default.removeItem(atPath: path) } }
    let invalid = try CLI.both(["validate", "--schema", schema], stdin: "1")
    #expect(invalid.status == 2)
    #expect(invalid.stderr.hasPrefix("\(schema):2:14: error: invalid schema: "))
    let missing = try CLI.both(["validate", "--schema", unresolved], stdin: "1")
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("\(unresolved):1:20: error: invalid schema: cannot resolve"))
  }

  @Test func resolveMapsAPrefixToAFolder() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"type": "string"}"#.utf8).write(to: directory.appendingPathComponent("string.json"))
    let schema = try CLI.temporaryFile(#"{"$ref": "http://localhost:1234/string.json"}"#)
    defer { try? FileManager.default.removeItem(atPath: schema) }
    let arguments = ["validate", "--schema", schema, "--resolve", "http://localhost:1234/=\(directory.path)"]
    #expect(try CLI.both(arguments, stdin: #""x""#).status == 0)
    #expect(try CLI.both(arguments, stdin: "1").status == 1)
    #expect(try CLI.both(["validate", "--schema", schema], stdin: "1").status == 2)
  }

  @Test func schemaOptionsNeedSchemaAndKnownValues() throws {
    #expect(try CLI.both(["validate", "--draft", "7"], stdin: "1").status == 2)
    let schema = try CLI.temporaryFile("{}")
    defer { try? FileManager.default.removeItem(atPath: schema) }
    #expect(try CLI.both(["validate", "--schema", schema, "--draft", "5"], stdin: "1").status == 2)
    #expect(try CLI.both(["validate", "--schema", schema, "--output", "verbose"], stdin: "1").status == 2)
    #expect(try CLI.both(["validate", "--schema", schema, "--draft", "7"], stdin: "1").status == 0)
  }
}
