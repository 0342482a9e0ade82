import Foundation
import Testing

@testable import Parsnip

/// What an error quotes from the input is bounded and printable, however long or odd the input.
@Suite struct BoundedErrorMessageTests {
  @Test func hugeNumbersAndStringsAreQuotedInPart() throws {
    let digits = String(repeating: "9", count: 1_000_000)
    for (text, type) in [
      (digits, Int.self as any Decodable.Type), ("[\(digits)]", [UInt8].self),
      ("\"\(String(repeating: "x", count: 1_000_000))\"", Date.self), ("{\"a\": \"\(digits)\"}", [String: Int].self),
    ] {
      let error = #expect(throws: DecodingError.self) { _ = try ParsnipDecoder().decode(type, from: Data(text.utf8)) }
      #expect(String(describing: error).count < 1_000, "\(String(describing: error).prefix(200))")
    }
  }

  @Test func controlCharactersInKeysAreEscaped() throws {
    let decoder = ParsnipDecoder()
    decoder.strictness = .rejectsUnknownKeys
    struct One: Decodable { var b: Int }
    let error = #expect(throws: DecodingError.self) {
      _ = try decoder.decode(One.self, from: Data(#"{"b": 1, "a\u0000b": 1}"#.utf8))
    }
    // The message; the coding path keeps the key as it is.
    guard case .dataCorrupted(let context) = error else { Issue.record("\(String(describing: error))"); return }
    #expect(!context.debugDescription.contains("\u{0}"))
    #expect(context.debugDescription.contains(#""a\u0000b""#), "\(context.debugDescription)")
  }

  @Test func excerptsKeepTheStartAndTheEnd() {
    let long = "<" + String(repeating: "x", count: 500) + ">"
    let shown = Excerpt.quoted(long)
    #expect(shown.hasPrefix("\"<x") && shown.hasSuffix("x>\"") && shown.contains("…"))
    #expect(shown.count <= Excerpt.maximumLength + 3)
    #expect(Excerpt.quoted("tab\there \"q\" \\ \u{7F}") == #""tab\there \"q\" \\ \u007F""#)
  }

  /// Character devices and FIFOs are read like files, not refused for permissions.
  @Test func documentsReadCharacterDevices() {
    let error = #expect(throws: JSONParseError.self) { try JSONDocument(contentsOf: URL(fileURLWithPath: "/dev/null")) }
    #expect(error?.kind == .unexpectedEndOfInput)
  }
}
