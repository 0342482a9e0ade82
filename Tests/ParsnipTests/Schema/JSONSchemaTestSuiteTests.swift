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
  static func run(_ draft: String, _ name: String, as version: JSONSchema.Draft) throws -> (failures: [String], count: Int) {
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
}
