import Foundation
import Testing

@testable import Parsnip

/// JSON-Schema-Test-Suite (`../shared/conformance/json-schema-test-suite`): every test of every file of a draft's
/// folder, through a tree and through a document (the tape), with the suite's remotes served from `remotes/` under
/// `http://localhost:1234/`. A failure names the file, the case and the test.
@Suite(.requiresSharedData)
struct JSONSchemaTestSuiteTests {
  static let suite = Fixtures.sharedDirectory("conformance/json-schema-test-suite")

  static func files(_ draft: String) -> [String] {
    Fixtures.sharedFiles("conformance/json-schema-test-suite/tests/\(draft)").map(\.lastPathComponent)
  }

  static var registry: JSONSchema.Registry {
    var registry = JSONSchema.Registry()
    if let suite {
      registry.map(prefix: "http://localhost:1234/", toDirectory: suite.appendingPathComponent("remotes").path)
    }
    return registry
  }

  /// Runs one file; returns the failures as `case / test: reason` lines and the number of tests run.
  static func run(
    _ draft: String, _ name: String, as version: JSONSchema.Draft
  ) throws -> (failures: [String], count: Int) {
    let url = try #require(suite).appendingPathComponent("tests/\(draft)/\(name)")
    let cases = try JSON(parsing: Data(contentsOf: url))
    var failures: [String] = []
    var count = 0
    for testCase in cases.arrayValue ?? [] {
      let description = testCase["description"].stringValue ?? "?"
      let schema: JSONSchema
      do {
        schema = try JSONSchema(testCase["schema"], options: .init(draft: version, registry: registry))
      } catch {
        let tests = testCase["tests"].arrayValue ?? []
        count += tests.count
        failures.append("\(description): does not compile: \(error) (\(tests.count) tests)")
        continue
      }
      for test in testCase["tests"].arrayValue ?? [] {
        count += 1
        let expected = test["valid"].boolValue ?? false
        let data = test["data"]
        let tree = schema.isValid(data)
        let text = try data.string()
        let document = schema.isValid(try JSONDocument(parsing: text))
        let collected = schema.validate(data)
        if tree != expected || document != expected || collected.isValid != expected {
          failures.append(
            "\(description) / \(test["description"].stringValue ?? "?"): expected \(expected), tree \(tree), "
              + "document \(document), errors \(collected.errors.map(\.description))")
        }
      }
    }
    return (failures, count)
  }

  @Test("draft 2020-12", arguments: files("draft2020-12"))
  func draft2020_12(_ file: String) throws {
    let (failures, _) = try Self.run("draft2020-12", file, as: .draft2020_12)
    for failure in failures { Issue.record("\(file): \(failure)") }
  }

  @Test("every required 2020-12 test runs and passes")
  func draft2020_12Totals() throws {
    var total = 0
    var failed = 0
    for file in Self.files("draft2020-12") {
      let (failures, count) = try Self.run("draft2020-12", file, as: .draft2020_12)
      total += count
      failed += failures.count
    }
    #expect(total == 1_299)
    #expect(failed == 0)
  }

  static func outputFiles() -> [String] {
    Fixtures.sharedFiles("conformance/json-schema-test-suite/output-tests/draft2020-12/content").map(
      \.lastPathComponent)
  }

  /// The `basic` output tests: each output is valid against the test's schema for it (which `$ref`s the suite's
  /// output schema).
  @Test("basic output", arguments: outputFiles())
  func basicOutput(_ file: String) throws {
    let root = try #require(Self.suite).appendingPathComponent("output-tests/draft2020-12")
    var registry = Self.registry
    registry.add(
      try JSON(parsing: Data(contentsOf: root.appendingPathComponent("output-schema.json"))),
      uri: "https://json-schema.org/draft/2020-12/output/schema")
    let cases = try JSON(parsing: Data(contentsOf: root.appendingPathComponent("content/\(file)")))
    for testCase in cases.arrayValue ?? [] {
      var options = JSONSchema.Options(draft: .draft2020_12, registry: registry)
      options.collectsAnnotations = true
      let schema = try JSONSchema(testCase["schema"], options: options)
      for test in testCase["tests"].arrayValue ?? [] {
        let output = schema.validate(test["data"])
        let expectation = try JSONSchema(
          test["output"]["basic"], options: .init(draft: .draft2020_12, registry: registry))
        let check = expectation.validate(output.basic)
        let name = "\(file): \(testCase["description"].stringValue ?? "?") / \(test["description"].stringValue ?? "?")"
        #expect(check.isValid, "\(name): \(output.basic) fails \(check.errors.map(\.description))")
      }
    }
  }
}
