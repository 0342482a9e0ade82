import Foundation
import Testing

@testable import Parsnip

/// `OnDemandReader.skipContainer` skips 32 bytes at a time with bit masks; every container it skips must end where
/// the strict scanner says it does.
@Suite struct OnDemandSkippingTests {
  /// Checks every container of `text` against the tape.
  static func expectSkipsMatchTape(_ text: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    try text.withUnsafeBytes { buffer in
      let reader = OnDemandReader(input: buffer)
      try ScanPipeline.withScan(buffer, options: .default) { text throws(JSONParseError) in
        let tape = text.tape
        for i in 0..<tape.count {
          let kind = tape.rawKind(i)
          guard kind == Tape.Kind.array.rawValue || kind == Tape.Kind.object.rawValue else { continue }
          let end = tape.offset(tape.aux(i)) + 1
          let skipped = try reader.skipContainer(at: tape.offset(i))
          #expect(skipped == end, "container at \(tape.offset(i))", sourceLocation: sourceLocation)
          if skipped != end { return }
        }
      }
    }
  }

  @Test(.requiresSharedData)
  func skipsEveryContainerOfTheCorporaToItsEnd() throws {
    for url in Fixtures.sharedFiles("bench-data") {
      try Self.expectSkipsMatchTape([UInt8](Data(contentsOf: url)))
    }
  }

  @Test func skipsStringsWithEscapesAndBracketsAtEveryBlockOffset() throws {
    let strings = [
      #""a\"]}\\""#, #""\\\\""#, #""[{]}""#, #""\u005D\"""#, #""\\\"\\""#, #""x\\""#,
      #""long \" string with ] and } and \\ inside""#, #""""#, #""é]""#,
    ]
    var generator = SeededRandom(seed: 0x5EED)
    for padding in 0..<40 {
      for _ in 0..<20 {
        var text = String(repeating: " ", count: padding) + "["
        for k in 0..<Int.random(in: 1...12, using: &generator) {
          if k > 0 { text += "," }
          let s = strings.randomElement(using: &generator)!
          switch Int.random(in: 0..<4, using: &generator) {
          case 0: text += s
          case 1: text += "{\(s):[\(s),{}]}"
          case 2: text += "[[\(s)],\(s)]"
          default: text += "{\"k\":\(s)}"
          }
        }
        text += "]"
        try Self.expectSkipsMatchTape(Array(text.utf8))
      }
    }
  }

  @Test func reportsAnUnterminatedStringAtItsQuote() throws {
    for prefix in ["[", "[1,", "[\"ok\",", String(repeating: " ", count: 17) + "{\"k\":"] {
      let long = String(repeating: "z", count: 40)
      let bodies = [
        "abc", String(repeating: "x", count: 40), "a\\\"b" + String(repeating: "y", count: 30),
        // Escaped quotes after escaped backslashes, before and in the last block the skip reads byte by byte.
        long + "\\\\\\\"" + long, long + "\\\"" + long + "\\\\\\\"ab", "\\\"" + long + long,
      ]
      for body in bodies {
        let text = Array((prefix + "\"" + body).utf8)
        let start = text.firstIndex { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }!
        let opening = prefix.utf8.count
        #expect {
          try text.withUnsafeBytes { try OnDemandReader(input: $0).skipContainer(at: start) }
        } throws: { error in
          guard let error = error as? JSONParseError else { return false }
          return error.kind == .unexpectedEndOfInput && error.message == "unterminated string"
            && error.byteOffset == opening
        }
      }
    }
  }

  @Test func reportsAnUnclosedContainer() throws {
    let text = Array(("[" + String(repeating: "[1, \"two\", {\"3\": [4]}], ", count: 10)).utf8)
    #expect {
      try text.withUnsafeBytes { try OnDemandReader(input: $0).skipContainer(at: 0) }
    } throws: { error in
      (error as? JSONParseError)?.kind == .unexpectedEndOfInput
    }
  }
}
