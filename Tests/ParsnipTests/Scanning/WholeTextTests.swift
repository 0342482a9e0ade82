import Foundation
import Testing
@testable import Parsnip

/// Whole documents: top-level scalars, white space, the byte order mark, very large strings, and every input type.
@Suite struct WholeTextTests {
  @Test(arguments: [
    ("1", JSON.number(1)), ("-1.5", .number(JSONNumber(-1.5))), (#""s""#, .string("s")), ("true", .bool(true)),
    ("false", .bool(false)), ("null", .null), (" \t\r\n 7 \n", .number(7)), ("[]", .array([])),
    ("{}", .object(JSONObject())), (#""""#, .string("")),
  ])
  func topLevelScalarsAndContainers(_ text: String, _ expected: JSON) throws {
    #expect(try JSON(parsing: text) == expected)
  }

  @Test func onlyTheFourJSONWhiteSpaceCharactersAreSkipped() {
    #expect((try? JSON(parsing: " \t\n\r[ \t\n\r1 \t\n\r] \t\n\r")) == [1])
    for space in ["\u{0B}", "\u{0C}", "\u{A0}", "\u{2028}", "\u{3000}"] {
      #expect((try? JSON(parsing: "[1,\(space)2]")) == nil, "\(space.unicodeScalars.first!.value)")
    }
  }

  /// RFC 8259 section 8.1 lets parsers ignore a byte order mark; Parsnip skips one at the very start.
  @Test func leadingByteOrderMarkIsIgnored() throws {
    #expect(try JSON(parsing: "\u{FEFF}[1]") == [1])
    #expect(try JSON(parsing: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) == .object(JSONObject()))
    #expect(try JSON(parsing: "\u{FEFF} \"x\"") == "x")
    #expect((try? JSON(parsing: "\u{FEFF}\u{FEFF}1")) == nil)
    #expect((try? JSON(parsing: "1\u{FEFF}")) == nil)
    #expect((try? JSON(parsing: "\u{FEFF}")) == nil)
  }

  @Test func tenMegabyteStrings() throws {
    let count = 10 * 1024 * 1024
    let plain = "\"" + String(repeating: "a", count: count) + "\""
    #expect(try JSON(parsing: plain).stringValue?.utf8.count == count)
    let mixed = "[\"" + String(repeating: "é\\n\\u20AC\\\"x", count: count / 16) + "\"]"
    let decoded = try #require(try JSON(parsing: mixed)[0].stringValue)
    #expect(decoded.utf8.count == (count / 16) * 8)
    #expect(decoded.hasPrefix("é\n€\"xé"))
    let unterminated = "\"" + String(repeating: "a", count: count)
    #expect(ParseErrorTests.error(unterminated)?.description == "1:1: unterminated string")
  }

  @Test func everyInputTypeParsesTheSame() throws {
    let text = #"{"a": [1, "é", null]}"#
    let expected = try JSON(parsing: text)
    #expect(try JSON(parsing: Array(text.utf8)) == expected)
    #expect(try JSON(parsing: Data(text.utf8)) == expected)
    #expect(try JSON(parsing: text[...]) == expected)
    #expect(try Array(text.utf8).withUnsafeBytes { try JSON(parsing: $0) } == expected)
    #expect(try JSON(parsing: ContiguousArray(text.utf8)) == expected)
  }

  @Test func emptyBuffersFailCleanly() {
    #expect(ParseErrorTests.error([UInt8]())?.kind == .unexpectedEndOfInput)
    #expect((try? JSON(parsing: UnsafeRawBufferPointer(start: nil, count: 0))) == nil)
    #expect(
      (try? JSON(parsing: UnsafeRawBufferPointer(start: nil, count: 0), options: .init(allowsJSON5: true))) == nil)
  }
}
