import Foundation
import Testing
@testable import Parsnip

/// JSONTestSuite (../shared/conformance/json-test-suite): `y_` files parse, `n_` files fail with a located error,
/// `i_` files either way without a crash; and JSON5 mode accepts every `y_` file with the same value.
@Suite(.requiresSharedData)
struct JSONTestSuiteConformanceTests {
  static let files = Fixtures.conformanceParsing

  @Test func suiteIsPresent() {
    #expect(Self.files.count > 300)
  }

  @Test func acceptsEveryYFile() throws {
    for url in Self.files where url.lastPathComponent.hasPrefix("y_") {
      let data = try Data(contentsOf: url)
      #expect(throws: Never.self, "\(url.lastPathComponent)") { try JSON(parsing: data) }
      let strict = try? JSON(parsing: data)
      let json5 = try? JSON(parsing: data, options: .init(allowsJSON5: true))
      #expect(strict?.description == json5?.description, "\(url.lastPathComponent) differs in JSON5 mode")
    }
  }

  @Test func rejectsEveryNFile() throws {
    for url in Self.files where url.lastPathComponent.hasPrefix("n_") {
      let data = try Data(contentsOf: url)
      let e = #expect(throws: JSONParseError.self, "\(url.lastPathComponent)") { try JSON(parsing: data) }
      if let e {
        #expect(e.byteOffset >= 0 && e.byteOffset <= data.count, "\(url.lastPathComponent)")
        #expect(e.line >= 1 && e.column >= 1, "\(url.lastPathComponent)")
      }
    }
  }

  @Test func answersEveryIFile() throws {
    var accepted: [String] = []
    for url in Self.files where url.lastPathComponent.hasPrefix("i_") {
      let data = try Data(contentsOf: url)
      if (try? JSON(parsing: data)) != nil { accepted.append(url.lastPathComponent) }
      _ = try? JSON(parsing: data, options: .init(allowsJSON5: true))
    }
    // Big and tiny numbers parse (to ±infinity or 0 as doubles, digits kept); bad UTF-8 and lone surrogates do not.
    #expect(accepted.contains("i_number_huge_exp.json"))
    #expect(accepted.contains("i_structure_UTF-8_BOM_empty_object.json"))
    #expect(accepted.contains("i_structure_500_nested_arrays.json"))  // within the default limit of 512
    #expect(!accepted.contains { $0.hasPrefix("i_string_") })
  }
}
