import Testing

@testable import Parsnip

/// The one line and column rule, counted whole or resumed in pieces (as a stream that drops what it has read does).
@Suite struct SourceLocationTests {
  /// The rule as the documentation states it, one byte at a time.
  static func reference(_ bytes: [UInt8], to offset: Int) -> (line: Int, column: Int) {
    var (line, column) = (1, 1)
    // A byte order mark takes no column, not even part of one.
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Swift.min(3, offset) : 0
    while i < offset {
      let b = bytes[i]
      if b == 0x0A {
        (line, column) = (line + 1, 1)
      } else if b & 0xC0 != 0x80, !(b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  @Test func wholeAndResumedCountsFollowTheRule() {
    var random = SeededRandom(seed: 7)
    let pieces: [[UInt8]] = [
      [0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0x20], Array("é".utf8), Array("€".utf8), Array("😀".utf8),
    ]
    for _ in 0..<200 {
      var bytes: [UInt8] = Bool.random(using: &random) ? [0xEF, 0xBB, 0xBF] : []
      for _ in 0..<Int.random(in: 0..<40, using: &random) { bytes += pieces.randomElement(using: &random)! }
      bytes.withUnsafeBytes { text in
        var resumed = SourceLocation(byteOffset: 0, in: text)
        for offset in 0...bytes.count {
          let whole = SourceLocation(byteOffset: offset, in: text)
          let expected = Self.reference(bytes, to: offset)
          #expect(whole.line == expected.line && whole.column == expected.column, "\(bytes) at \(offset)")
          resumed = SourceLocation(byteOffset: offset, in: text, resumingFrom: resumed)
          #expect(resumed == whole, "\(bytes) at \(offset)")
          // From a held window that starts later in the text: the stream's case.
          let origin = Int.random(in: 0...resumed.byteOffset, using: &random)
          let start = SourceLocation(byteOffset: origin, in: text)
          let window = UnsafeRawBufferPointer(rebasing: text[origin...])
          #expect(start.advanced(to: offset, in: window, origin: origin) == whole, "\(bytes) at \(offset)")
        }
      }
    }
  }
}
