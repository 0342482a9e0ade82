import Testing
@testable import Parsnip

/// Nesting depth: a configurable limit with a typed error, never a stack overflow.
@Suite struct DepthLimitTests {
  static func nestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  @Test func hundredThousandOpenBracketsFailCleanly() throws {
    let e = #expect(throws: JSONParseError.self) { try JSON(parsing: String(repeating: "[", count: 100_000)) }
    #expect(e?.kind == .nestingTooDeep)
    #expect(e?.byteOffset == 512)
    #expect(e?.description == "1:513: nesting deeper than 512 levels")
    #expect(ParseErrorTests.error(Self.nestedArrays(100_000))?.kind == .nestingTooDeep)
  }

  @Test func hundredThousandNestedObjectsFailCleanly() {
    let text = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
    #expect(ParseErrorTests.error(text)?.kind == .nestingTooDeep)
    #expect(ParseErrorTests.error(text)?.byteOffset == 512 * 5)
  }

  @Test func defaultLimitIs512() throws {
    #expect(JSON.ParsingOptions().maximumDepth == 512)
    var node = try JSON(parsing: Self.nestedArrays(512))
    var depth = 0
    while case .array(let elements) = node {
      depth += 1
      guard let first = elements.first else { break }
      node = first
    }
    #expect(depth == 512)
    #expect(ParseErrorTests.error(Self.nestedArrays(513))?.kind == .nestingTooDeep)
  }

  @Test(arguments: [0, 1, 3, 2000])
  func limitIsConfigurable(_ limit: Int) {
    let options = JSON.ParsingOptions(maximumDepth: limit)
    #expect((try? JSON(parsing: "1", options: options)) == 1)
    if limit > 0 {
      #expect((try? JSON(parsing: Self.nestedArrays(limit), options: options)) != nil)
    }
    let e = #expect(throws: JSONParseError.self) { try JSON(parsing: Self.nestedArrays(limit + 1), options: options) }
    #expect(e?.kind == .nestingTooDeep)
    #expect(e?.byteOffset == limit)
  }

  @Test func depthCountsArraysAndObjectsTogether() {
    let options = JSON.ParsingOptions(maximumDepth: 2)
    #expect((try? JSON(parsing: #"{"a": [1]}"#, options: options)) != nil)
    #expect(ParseErrorTests.error(#"{"a": [{}]}"#) == nil)
    #expect((try? JSON(parsing: #"{"a": [{}]}"#, options: options)) == nil)
  }
}
