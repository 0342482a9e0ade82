import Foundation
import Testing

@testable import Parsnip

/// The writer reads a string's bytes where they lie when the standard library's layout allows it
/// (StandardLibraryLayout.swift): the check must hold where the tests run (or the fast path is never tested), every
/// form of string must read back as its own bytes or as `nil`, and the writer must give the same bytes either way.
@Suite struct StringBytesInPlaceTests {
  /// Small and large, ASCII and not, literals, native storage made in several ways, and strings changed in place.
  static var strings: [String] {
    var appended = "grown in place"
    appended += String(repeating: ", and again", count: 5)
    var shrunk = String(repeating: "long enough to be stored out of line ", count: 2)
    shrunk.removeLast(60)
    return [
      "", "a", "fifteen bytes!!", "sixteen bytes!!!", "Zoë", "日本語", "\u{1F600}",
      "tab\there \"quoted\" \\ / \u{1}",
      "a literal long enough to be stored out of line in the binary",
      String(repeating: "long string, stored out of line; ", count: 20),
      String(decoding: Array("from bytes: ünïcödé \u{7F} end".utf8), as: UTF8.self),
      String(repeating: "é", count: 1000) + "\n",
      "sub" + String(repeating: "x", count: 40).dropFirst(3),
      String(String(repeating: "a substring of a longer string", count: 3).dropFirst(5).dropLast(5)),
      String(format: "%@ and %d, formatted by Foundation", "text", 42),
      String(NSString(string: "through NSString, longer than fifteen bytes")),
      appended, shrunk, "from a C string, longer than fifteen".withCString { String(cString: $0) },
    ]
  }

  @Test func layoutCheckHoldsOnThisPlatform() {
    #expect(String.readsBytesInPlace)
  }

  @Test func everyFormOfStringReadsBackAsItsBytesOrNotAtAll() throws {
    try #require(String.readsBytesInPlace)
    var readInPlace = 0
    for var string in Self.strings {
      let expected = Array(string.utf8)
      let read = withUnsafePointer(to: &string) { String.utf8InPlace($0).map(Array.init) }
      if let read {
        #expect(read == expected, "\(string.debugDescription)")
        readInPlace += 1
      }
    }
    // On Linux every string here is native, small or a literal: all of them are read in place.
    #if os(Linux)
      #expect(readInPlace == Self.strings.count)
    #endif
  }

  /// A string parsed from text (the writer's usual input) and every string value and key in a tree.
  @Test(arguments: [
    JSON.WritingOptions.compact, .pretty, .init(sortsKeys: true), .init(escapesSlashes: true), .init(asciiOnly: true),
  ])
  func writerGivesTheSameBytesFromStringsInPlaceAndFromCopies(options: JSON.WritingOptions) throws {
    var object = JSONObject()
    for (index, string) in Self.strings.enumerated() {
      object["k\(index)"] = .string(string)
      object[string] = .number(JSONNumber(index))
    }
    let parsed = try JSON(parsing: #"{"key":"value, long enough to be stored out of line", "é": ["x", "ü\n"]}"#)
    let tree: JSON = .array(Self.strings.map(JSON.string) + [.object(object), parsed])
    let expected = try PayloadsInPlaceTests.bytes(of: tree, options: options, inPlace: true, strings: false)
    #expect(try PayloadsInPlaceTests.bytes(of: tree, options: options, inPlace: true) == expected)
    #expect(try JSON(parsing: expected) == tree)
  }
}
