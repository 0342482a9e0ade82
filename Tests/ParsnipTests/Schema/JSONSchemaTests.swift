import Foundation
import Testing

@testable import Parsnip

@Suite struct JSONSchemaTests {
  static func schema(_ text: String, _ options: JSONSchema.Options = .init()) throws -> JSONSchema {
    try JSONSchema(parsing: text, options: options)
  }

  @Test func givesTheSchemaBackAsJSON() throws {
    let text = #"{"type": "object", "required": ["id"]}"#
    let schema = try Self.schema(text)
    #expect(schema.json == (try JSON(parsing: text)))
    #expect(schema.draft == .draft2020_12)
  }

  @Test func validatesTreesDocumentsAndTextAlike() throws {
    let schema = try Self.schema(#"{"properties": {"a": {"type": "integer"}}, "required": ["a"]}"#)
    for (text, valid) in [(#"{"a": 1}"#, true), (#"{"a": 1.0}"#, true), (#"{"a": "1"}"#, false), ("{}", false)] {
      #expect(schema.isValid(try JSON(parsing: text)) == valid, "\(text)")
      #expect(schema.isValid(try JSONDocument(parsing: text)) == valid, "\(text)")
      #expect(try schema.validate(parsing: text).isValid == valid, "\(text)")
    }
  }

  @Test func errorsCarryPointersKeywordLocationsAndTextPositions() throws {
    let schema = try Self.schema(
      ##"{"$id": "https://example.com/s", "properties": {"b": {"$ref": "#/$defs/small"}}, "$defs": {"small": {"maximum": 3}}}"##
    )
    let output = try schema.validate(parsing: "{\n  \"a\": 0,\n  \"b\": 7\n}")
    #expect(output.errors.count == 1)
    let error = try #require(output.errors.first)
    #expect(error.instanceLocation == JSONPointer(tokens: ["b"]))
    #expect(error.keywordLocation == JSONPointer(tokens: ["properties", "b", "$ref", "maximum"]))
    #expect(error.absoluteKeywordLocation == "https://example.com/s#/$defs/small/maximum")
    #expect(error.line == 3 && error.column == 8 && error.byteOffset == 19)
    #expect(error.message == "7 is not at most 3")
    #expect(error.description == "3:8: /b: 7 is not at most 3 (/properties/b/$ref/maximum)")
  }

  @Test func errorsOfATextComeInTextOrderAndAreCapped() throws {
    let schema = try Self.schema(#"{"items": {"type": "string"}, "minItems": 5}"#)
    let output = try schema.validate(parsing: "[1, 2, 3]")
    #expect(output.errors.map(\.instanceLocation.description) == ["", "/0", "/1", "/2"])
    var options = JSONSchema.Options()
    options.maximumErrors = 2
    let capped = try Self.schema(#"{"items": {"type": "string"}}"#, options)
    #expect(try capped.validate(parsing: "[1, 2, 3, 4]").errors.map(\.instanceLocation.description) == ["/0", "/1"])
  }

  @Test func flagAndBasicOutput() throws {
    var options = JSONSchema.Options()
    options.collectsAnnotations = true
    let schema = try Self.schema(#"{"$id": "https://example.com/t", "type": "string", "title": "T"}"#, options)
    let invalid = schema.validate(1)
    #expect(invalid.flag == ["valid": false])
    #expect(
      invalid.basic == [
        "valid": false,
        "errors": [
          [
            "valid": false, "keywordLocation": "/type", "absoluteKeywordLocation": "https://example.com/t#/type",
            "instanceLocation": "", "error": #"1 is not of type "string""#,
          ]
        ],
      ])
    let valid = schema.validate("x")
    #expect(valid.flag == ["valid": true])
    #expect(valid.annotations.map(\.keywordLocation.description) == ["/title"])
    #expect(try Self.schema(#"{"title": "T"}"#).validate("x").annotations.isEmpty)
  }

  @Test(arguments: [
    ("0.0001", "0.0075", true), ("0.0001", "0.00751", false), ("1e-8", "0.00000003", true),
    ("1e-8", "3.000000001e-8", false), ("0.1", "0.3", true), ("0.123456789", "1e308", false), ("0.5", "1e308", true),
    ("3", "18446744073709551619", false), ("7", "123456789012345678901234567890123", false),
    ("3", "123456789012345678901234567891", false), ("3", "123456789012345678901234567890", true),
    ("2", "1.5e1", false), ("1.5", "4.5", true),
    ("12345678901234567890123", "24691357802469135780246", true),
  ])
  func multipleOfIsExact(divisor: String, value: String, expected: Bool) throws {
    let schema = try Self.schema(#"{"multipleOf": \#(divisor)}"#)
    #expect(try schema.validate(parsing: value).isValid == expected)
    #expect(schema.isValid(try JSON(parsing: value)) == expected)
  }

  @Test func integersAreDecidedByValueNotSpelling() throws {
    let schema = try Self.schema(#"{"type": "integer", "maximum": 18446744073709551616}"#)
    for (text, valid) in [
      ("1.0", true), ("1e3", true), ("1.5", false), ("18446744073709551616", true), ("18446744073709551617", false),
      ("-1e400", true),
    ] {
      #expect(try schema.validate(parsing: text).isValid == valid, "\(text)")
    }
  }

  @Test func compileErrorsAreTypedAndLocatedInTheSchemaText() throws {
    #expect {
      _ = try JSONSchema(parsing: "{\n  \"properties\": {\n    \"a\": {\"type\": 12}\n  }\n}")
    } throws: { error in
      guard let error = error as? JSONSchemaError else { return false }
      return error.kind == .invalidSchema && error.line == 3 && error.column == 19
        && error.pointer == JSONPointer(tokens: ["properties", "a", "type"])
    }
    #expect {
      _ = try JSONSchema(parsing: #"{"$ref": "https://example.com/missing.json"}"#)
    } throws: { ($0 as? JSONSchemaError)?.kind == .unresolvableReference }
    #expect {
      _ = try JSONSchema(parsing: ##"{"$ref": "#/$defs/nothing"}"##)
    } throws: { ($0 as? JSONSchemaError)?.kind == .unresolvableReference }
    #expect {
      _ = try JSONSchema(parsing: #"{"$schema": "https://example.com/unknown-meta"}"#)
    } throws: { ($0 as? JSONSchemaError)?.kind == .unknownMetaSchema }
    #expect {
      _ = try JSONSchema(parsing: #"{"pattern": "(unclosed"}"#)
    } throws: { ($0 as? JSONSchemaError)?.kind == .invalidPattern }
    #expect {
      _ = try JSONSchema(parsing: #"{"type": }"#)
    } throws: { ($0 as? JSONSchemaError)?.kind == .syntax }
  }

  @Test func unknownReferencesFailWhenCompiledEvenIfNoInstanceReachesThem() throws {
    #expect(throws: JSONSchemaError.self) {
      _ = try JSONSchema(parsing: #"{"anyOf": [true, {"$ref": "nowhere.json"}]}"#)
    }
  }

  @Test func theMetaSchemasShipInsideTheLibrary() throws {
    let meta = JSONSchema.metaSchema(for: .draft2020_12)
    #expect(meta.isValid(try JSON(parsing: #"{"type": "string", "minLength": 2}"#)))
    let output = meta.validate(try JSON(parsing: #"{"minLength": -1}"#))
    #expect(!output.isValid)
    #expect(output.errors.contains { $0.instanceLocation == JSONPointer(tokens: ["minLength"]) })
    #expect(
      JSONSchema.metaSchema(for: .draft7).isValid(try JSON(parsing: #"{"items": [{}], "additionalItems": false}"#)))
    #expect(JSONSchema.metaSchema(for: .draft2019_09).isValid(try JSON(parsing: #"{"$recursiveAnchor": true}"#)))
    // A reference to a shipped meta-schema needs no registry.
    let schema = try JSONSchema(parsing: #"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#)
    #expect(schema.isValid(["type": "object"]))
    #expect(!schema.isValid(["type": 3]))
  }

  @Test func registryServesValuesFilesAndFolders() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"type": "string"}"#.utf8).write(to: directory.appendingPathComponent("sub/string.json"))
    try Data(#"{"minimum": 0}"#.utf8).write(to: directory.appendingPathComponent("positive.json"))
    var registry = JSONSchema.Registry()
    registry.add(["type": "integer"], uri: "https://example.com/int.json")
    registry.add(contentsOf: directory.appendingPathComponent("positive.json").path, uri: "urn:example:positive")
    registry.map(prefix: "https://example.com/files/", toDirectory: directory.path)
    let schema = try JSONSchema(
      parsing: #"""
        {"properties": {
          "i": {"$ref": "https://example.com/int.json"},
          "p": {"$ref": "urn:example:positive"},
          "s": {"$ref": "https://example.com/files/sub/string.json"}}}
        """#, options: .init(draft: .draft2020_12, registry: registry))
    #expect(schema.isValid(["i": 1, "p": 2, "s": "x"]))
    #expect(!schema.isValid(["i": "1"]))
    #expect(!schema.isValid(["p": -1]))
    #expect(!schema.isValid(["s": 1]))
    // A folder mapping never climbs out of its folder.
    #expect(throws: JSONSchemaError.self) {
      _ = try JSONSchema(
        parsing: #"{"$ref": "https://example.com/files/../positive.json"}"#,
        options: .init(draft: .draft2020_12, registry: registry))
    }
  }

  @Test func formatIsAnAnnotationUnlessAsserted() throws {
    let annotated = try Self.schema(#"{"format": "no-such-format"}"#)
    #expect(annotated.isValid("anything"))
    var options = JSONSchema.Options()
    options.assertsFormats = true
    // Unknown formats never fail, asserted or not.
    #expect(try Self.schema(#"{"format": "no-such-format"}"#, options).isValid("anything"))
  }

  @Test func aSchemaIsSharedAcrossTasks() async throws {
    let schema = try Self.schema(#"{"items": {"type": "integer"}}"#)
    let results = await withTaskGroup(of: Bool.self) { group in
      for k in 0..<8 {
        group.addTask { schema.isValid(.array([.number(JSONNumber(k)), k.isMultiple(of: 2) ? 1 : "x"])) }
      }
      return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
    }
    #expect(results == 4)
  }

  @Test func validatesJSONLinesWithLineNumbers() throws {
    let schema = try Self.schema(#"{"properties": {"n": {"type": "integer"}}}"#)
    let lines = JSONLines(bytes: Array("{\"n\": 1}\n\n{\"n\": \"x\"}\n[2]\n".utf8))
    var seen: [(Int, [String])] = []
    try lines.validate(against: schema) { output, line in
      seen.append((line, output.errors.map(\.description)))
      return true
    }
    #expect(seen.map(\.0) == [1, 3, 4])
    #expect(seen[1].1 == [#"3:7: /n: "x" is not of type "integer" (/properties/n/type)"#])
    #expect(seen[0].1.isEmpty && seen[2].1.isEmpty)
  }
}
