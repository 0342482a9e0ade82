import Foundation
import Testing

@testable import Parsnip

/// The generated source for samples, with the default options unless told.
func codegen(_ samples: [JSON], _ options: SwiftModelGenerator.Options = .init()) -> String {
  SwiftModelGenerator.source(for: samples, options: options)
}

/// The lines of one declaration (from its first line to the closing brace at column 0).
func declaration(_ prefix: String, in source: String) -> String {
  let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
  guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return "" }
  let end = lines[start...].firstIndex(where: { $0 == "}" }) ?? lines.count - 1
  return lines[start...end].joined(separator: "\n")
}

@Suite struct CodegenInferenceTests {
  @Test func missingOrNullMembersAreOptional() {
    let code = codegen([["a": 1, "b": "x", "c": true], ["a": 2, "b": nil]])
    let root = declaration("struct Root", in: code)
    #expect(root.contains("let a: Int\n"))
    #expect(root.contains("let b: String?\n"))
    #expect(root.contains("let c: Bool?\n"))
  }

  @Test func integersMixedWithDecimalsAreDouble() {
    let code = codegen([["n": 1, "m": 1], ["n": 2.5, "m": 2]])
    #expect(code.contains("let n: Double\n"))
    #expect(code.contains("let m: Int\n"))
  }

  @Test func arraysThatAreAlwaysEmptyAreJSONArrays() {
    let code = codegen([["tags": [], "ids": []], ["tags": [], "ids": [1, nil]]])
    #expect(code.contains("let tags: [JSON]\n"))
    #expect(code.contains("let ids: [Int?]\n"))
  }

  @Test func conflictingKindsAreJSON() {
    let code = codegen([["v": 1, "w": [1]], ["v": "one", "w": ["a": 1]]])
    #expect(code.contains("let v: JSON\n"))
    #expect(code.contains("let w: JSON\n"))
  }

  @Test func onlyNullIsOptionalJSON() {
    #expect(codegen([["gone": nil]]).contains("let gone: JSON?\n"))
  }

  @Test func topLevelArrayElementsAreMergedIntoOneElementType() {
    let code = codegen([[["id": 1], ["id": 2, "name": "b"]]])
    #expect(code.contains("typealias Root = [RootElement]\n"))
    let element = declaration("struct RootElement", in: code)
    #expect(element.contains("let id: Int\n"))
    #expect(element.contains("let name: String?\n"))
  }

  @Test func severalSamplesAndJSONLinesMergeTheSameWay() throws {
    let samples: [JSON] = [["id": 1, "tag": "a"], ["id": 2]]
    let generator = SwiftModelGenerator()
    try generator.add(JSONLines(bytes: Array("{\"id\": 1, \"tag\": \"a\"}\n\n{\"id\": 2}\n".utf8)))
    #expect(generator.sampleCount == 2)
    #expect(
      generator.source().replacingOccurrences(of: "2 samples", with: "")
        == codegen(samples).replacingOccurrences(of: "2 samples", with: ""))
  }

  @Test func documentsAreSamples() throws {
    let generator = SwiftModelGenerator()
    try generator.add(JSONDocument(parsing: #"{"when": "2015-03-25T15:49:10Z"}"#))
    #expect(generator.source().contains("let when: Date\n"))
  }

  @Test func datesBecomeDateWithISO8601Coders() {
    let code = codegen([["at": "2015-03-25T15:49:10Z"], ["at": "2026-12-01T23:59:59Z"]])
    #expect(code.contains("let at: Date\n"))
    #expect(code.contains("coder.dateDecodingStrategy = .iso8601"))
    #expect(code.contains("coder.dateEncodingStrategy = .iso8601"))
    // One string that is not such a date (a fraction, an offset, a bad month) keeps String.
    for other in ["2015-03-25T15:49:10.5Z", "2015-03-25T15:49:10+01:00", "2015-13-25T15:49:10Z", "soon"] {
      #expect(codegen([["at": "2015-03-25T15:49:10Z"], ["at": .string(other)]]).contains("let at: String\n"))
    }
    #expect(!codegen([["at": "x"]]).contains("iso8601"))
  }

  @Test func absoluteURLsBecomeURL() {
    #expect(codegen([["u": "https://example.com/a?b=1"], ["u": "http://example.com"]]).contains("let u: URL\n"))
    for other in ["example.com", "https://", "https://example.com/a b", "ftp://example.com", "/relative"] {
      #expect(codegen([["u": "https://example.com"], ["u": .string(other)]]).contains("let u: String\n"))
    }
  }

  @Test func integersBeyondInt64KeepTheirPrecision() throws {
    let big = try JSON(
      parsing:
        #"[{"n": 1, "m": 18446744073709551615, "huge": 1}, {"n": 9223372036854775807, "m": 1, "huge": 123456789012345678901234567890123456789012}]"#
    )
    let code = codegen([big])
    #expect(code.contains("let n: Int\n"))
    #expect(code.contains("let m: Decimal\n"))
    #expect(code.contains("let huge: JSONNumber\n"))
  }

  @Test func fewStringValuesAcrossManySamplesBecomeAnEnumWithAFallback() {
    let statuses = ["active", "suspended", "in_review"]
    let samples = (0..<12).map { i -> JSON in ["status": .string(statuses[i % 3]), "name": .string("user \(i)")] }
    let code = codegen(samples)
    #expect(code.contains("@UnknownFallback var status: Status\n"))
    #expect(code.contains("let name: String\n"))
    let status = declaration("enum Status", in: code)
    #expect(status.hasPrefix("enum Status: String, Sendable, Hashable, Codable, FallbackDecodable {"))
    #expect(status.contains("  case active\n  case inReview = \"in_review\"\n  case suspended\n"))
    #expect(status.contains("  case unknown\n"))
    #expect(status.contains("static var fallback: Status { .unknown }"))
    // Too few samples, an optional member, or a fallback name that is a value.
    #expect(codegen(Array(samples.prefix(5))).contains("let status: String\n"))
    #expect(codegen(samples + [["name": "x"]]).contains("let status: String?\n"))
    let withUnknown = (0..<12).map { i -> JSON in ["s": i % 2 == 0 ? "unknown" : "known"] }
    #expect(codegen(withUnknown).contains("  case unknownValue\n"))
  }

  @Test func objectsUsedAsMapsBecomeDictionaries() {
    let code = codegen([["areas": ["205705993": "Arrière-scène", "205705994": "1er balcon"]]])
    #expect(code.contains("let areas: [String: String]\n"))
    let uuids = codegen([
      ["by": ["0f8fad5b-d9cb-469f-a165-70867728950e": ["n": 1], "7c9e6679-7425-40de-944b-e07fc1f90ae7": ["n": nil]]]
    ])
    #expect(uuids.contains("let by: [String: ByElement]\n"))
    #expect(uuids.contains("let n: Int?\n"))
    #expect(codegen([["meta": [:]]]).contains("let meta: [String: JSON]\n"))
  }

  @Test func moreKeysThanTheBudgetMakeAMap() {
    var members: [(String, JSON)] = []
    for k in 0...ShapeBudget.objectKeys { members.append(("key\(k)", .number(JSONNumber(k)))) }
    let code = codegen([["wide": .object(JSONObject(members))]])
    #expect(code.contains("let wide: [String: Int]\n"))
  }

  @Test func discriminatedObjectsWithDistinctShapesBecomeAnEnum() {
    let events: JSON = [
      ["type": "push", "commits": 3],
      ["type": "fork", "forkee": ["id": 1]],
      ["type": "push", "commits": 1],
    ]
    let code = codegen([events])
    let union = declaration("enum RootElement", in: code)
    #expect(union.contains("case fork(Fork)\n  case push(Push)\n"))
    #expect(union.contains("case discriminator = \"type\""))
    #expect(union.contains("case \"push\":\n      self = .push(try Push(from: decoder))"))
    #expect(union.contains("case .fork(let value): try value.encode(to: encoder)"))
    #expect(declaration("struct Push", in: code).contains("let commits: Int\n"))
    #expect(declaration("struct Fork", in: code).contains("let forkee: Forkee\n"))
  }

  @Test func discriminatedObjectsOfOneShapeStayOneStruct() {
    let users: JSON = [["type": "User", "login": "a"], ["type": "Bot", "login": "b"]]
    let code = codegen([users])
    #expect(code.contains("struct RootElement"))
    #expect(!code.contains("case discriminator"))
    // A discriminator missing from one object gives up the variants too.
    let mixed: JSON = [["kind": "a", "x": 1], ["kind": "b", "y": 1], ["z": 1]]
    #expect(!codegen([mixed]).contains("case discriminator"))
  }

  @Test func identicalShapesAreOneType() {
    let code = codegen([["owner": ["id": 1, "login": "a"], "author": ["login": "b", "id": 2]]])
    #expect(code.contains("let owner: Owner\n"))
    #expect(code.contains("let author: Owner\n"))
    #expect(!code.contains("struct Author"))
  }

  @Test func inferenceKeepsBoundedStateForManySamples() {
    let generator = SwiftModelGenerator()
    for i in 0..<20_000 { generator.add(["id": .number(JSONNumber(i)), "name": .string("n\(i)")]) }
    let shape = generator.shape
    #expect(shape.objects!.fields.count == 2)
    #expect(shape.objects!.fields[1].shape.strings!.distinct == nil)
  }
}
