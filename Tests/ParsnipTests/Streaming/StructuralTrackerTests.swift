import Foundation
import Testing

@testable import Parsnip

/// Records every event, and skims values at `skimDepth` (the framings' way of taking a value whole).
private struct Recorder: StructuralObserver {
  enum Event: Hashable {
    case start(Int, depth: Int, StructuralTracker.ValueKind)
    case end(Int, depth: Int)
    case key(Int, Int, depth: Int, text: [UInt8])
  }
  var events: [Event] = []
  var skimDepth = -1

  mutating func valueStarted(
    at offset: Int, depth: Int, kind: StructuralTracker.ValueKind
  ) -> StructuralTracker.Reading {
    events.append(.start(offset, depth: depth, kind))
    return depth == skimDepth ? .skim : .events
  }
  mutating func valueEnded(at offset: Int, depth: Int) { events.append(.end(offset, depth: depth)) }
  mutating func keyEnded(start: Int, end: Int, depth: Int, text: UnsafeRawBufferPointer) {
    events.append(.key(start, end, depth: depth, text: Array(text)))
  }

  /// The `[start, end)` ranges of the values at `depth`, in order.
  func ranges(atDepth depth: Int) -> [Range<Int>] {
    var starts: [Int] = []
    var ranges: [Range<Int>] = []
    for event in events {
      switch event {
      case .start(let offset, let d, _) where d == depth: starts.append(offset)
      case .end(let offset, let d) where d == depth: ranges.append(starts.removeLast()..<offset)
      default: break
      }
    }
    return ranges
  }
}

@Suite struct StructuralTrackerTests {
  /// Feeds `text` in chunks whose sizes come from `sizes` (cycled), then finishes.
  private static func track(
    _ text: [UInt8], sizes: [Int], skimDepth: Int = -1, keyCollectionDepth: Int = 64, maximumDepth: Int = 512
  ) throws(StructuralTracker.Failure) -> Recorder {
    var tracker = StructuralTracker(maximumDepth: maximumDepth)
    tracker.keyCollectionDepth = keyCollectionDepth
    var recorder = Recorder(skimDepth: skimDepth)
    var i = 0
    var k = 0
    while i < text.count {
      let n = Swift.min(sizes[k % sizes.count], text.count - i)
      k += 1
      let result: Result<Void, StructuralTracker.Failure> = text[i..<(i + n)].withUnsafeBytes { chunk in
        Result { () throws(StructuralTracker.Failure) in try tracker.consume(chunk, &recorder) }
      }
      try result.get()
      #expect(tracker.offset == i + n)
      i += n
    }
    try tracker.finish(&recorder)
    return recorder
  }

  private static func randomSizes(_ generator: inout SeededRandom) -> [Int] {
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: [1]
    case 1: (0..<16).map { _ in Int.random(in: 1...9, using: &generator) }
    default: (0..<16).map { _ in Int.random(in: 1...200, using: &generator) }
    }
  }

  static let documents: [String] = [
    #"{"meta": {"n": 2, "tags": ["a", "b\"]"]}, "data": [1, -2.5e3, "x\\", true, {"k": [null, false]}, []]}"#,
    #"[{"id": 1, "name": "\u00e9t\u00e9 \"quoted\""}, {"id": 2, "name": "ok"}, [[[]]], {}, "tail"]"#,
    " [ 1 , 2 ,\n\t3 ] ",
    #"{"a\\":{"b{":[1,{"c]":"}"}]}}"#,
    "\"Y_y]\u{7F} Y_yy\"",
  ]

  @Test func topLevelArrayElementsAreTheArrayElements() throws {
    for text in Self.documents + [#"[0, "Y_y", {"Yy": "_"}, [-1e-2], null, "a\"b"]"#] {
      let bytes = Array(text.utf8)
      let whole = try JSON(parsing: text)
      guard case .array(let elements) = whole else { continue }
      var generator = SeededRandom(seed: 43)
      for _ in 0..<20 {
        let recorder = try Self.track(bytes, sizes: Self.randomSizes(&generator), skimDepth: 1)
        let parsed = try recorder.ranges(atDepth: 1).map { try JSON(parsing: bytes[$0]) }
        #expect(parsed == elements, "\(text)")
      }
    }
  }

  @Test func everyChunkingReportsTheSameEvents() throws {
    var generator = SeededRandom(seed: 4343)
    var texts = Self.documents
    for _ in 0..<30 {
      let value = PathsRandomJSON.value(depth: 4, using: &generator)
      texts.append(try value.string(options: .init(indent: Int.random(in: 0...1, using: &generator) * 2)))
    }
    for text in texts {
      let bytes = Array(text.utf8)
      for skimDepth in [-1, 0, 1, 2] {
        let reference = try Self.track(bytes, sizes: [bytes.count], skimDepth: skimDepth)
        #expect(try Self.track(bytes, sizes: [1], skimDepth: skimDepth).events == reference.events)
        for _ in 0..<5 {
          let chunked = try Self.track(bytes, sizes: Self.randomSizes(&generator), skimDepth: skimDepth)
          #expect(chunked.events == reference.events, "\(text)")
        }
      }
      // Without skimming, every value at every depth is reported, and each one's text parses to itself.
      let reference = try Self.track(bytes, sizes: [7])
      for depth in 0..<8 {
        for range in reference.ranges(atDepth: depth) {
          #expect(throws: Never.self) { try JSON(parsing: bytes[range]) }
        }
      }
      #expect(reference.ranges(atDepth: 0).count == 1)
    }
  }

  @Test func keysArriveWholeAcrossChunks() throws {
    let text = Array(#"{"meta": {"a\"b": 1}, "data": [10, 20]}"#.utf8)
    let recorder = try Self.track(text, sizes: [1], keyCollectionDepth: 1)
    let keys: [(Int, [UInt8])] = recorder.events.compactMap {
      if case .key(_, _, let depth, let text) = $0 { return (depth, text) }
      return nil
    }
    #expect(keys.map(\.0) == [1, 2, 1])
    #expect(keys.map { String(decoding: $0.1, as: UTF8.self) } == [#""meta""#, "", #""data""#])
    // Following `data`: the values at depth 2 after the key `data` are its elements.
    #expect(recorder.ranges(atDepth: 2).map { String(decoding: text[$0], as: UTF8.self) } == ["1", "10", "20"])
  }

  @Test func concatenatedValues() throws {
    let text = Array(#"{}{"a":[1]} 3 "x"-4.5[true]null"#.utf8)
    var generator = SeededRandom(seed: 7)
    for _ in 0..<20 {
      let recorder = try Self.track(text, sizes: Self.randomSizes(&generator), skimDepth: 0)
      let values = recorder.ranges(atDepth: 0).map { String(decoding: text[$0], as: UTF8.self) }
      #expect(values == ["{}", #"{"a":[1]}"#, "3", #""x""#, "-4.5", "[true]", "null"])
    }
  }

  @Test(arguments: [
    ("]", 0, JSONParseError.Kind.unexpectedCharacter),
    ("[1}", 2, .unexpectedCharacter),
    ("{\"a\":1]", 6, .unexpectedCharacter),
    ("[1 2]", 3, .unexpectedCharacter),
    ("{\"a\" 1}", 5, .unexpectedCharacter),
    ("{1: 2}", 1, .unexpectedCharacter),
    ("[1,]", 3, .unexpectedCharacter),
    ("[,1]", 1, .unexpectedCharacter),
    ("{\"a\":}", 5, .unexpectedCharacter),
    ("[x]", 1, .unexpectedCharacter),
    ("[\"a\"", 4, .unexpectedEndOfInput),
    ("\"abc", 4, .unexpectedEndOfInput),
    ("[[[[", 3, .nestingTooDeep),
    ("[[[[[[", 3, .nestingTooDeep),
  ])
  func malformedStructure(text: String, offset: Int, kind: JSONParseError.Kind) {
    for sizes in [[1], [3], [100]] {
      #expect {
        _ = try Self.track(Array(text.utf8), sizes: sizes, maximumDepth: 3)
      } throws: { error in
        let failure = error as? StructuralTracker.Failure
        return failure?.kind == kind && failure?.byteOffset == offset
      }
    }
  }

  /// Inside a skimmed value, brackets, strings and depth are still checked (the scanner checks the rest).
  @Test(arguments: [("[1}", 2), ("[{]", 2), ("[\"]", 3), ("[[[[", 3), ("{\"a\": [}", 7)])
  func malformedStructureWhileSkimming(text: String, offset: Int) {
    for sizes in [[1], [2], [100]] {
      #expect {
        _ = try Self.track(Array(text.utf8), sizes: sizes, skimDepth: 0, maximumDepth: 3)
      } throws: { error in
        (error as? StructuralTracker.Failure)?.byteOffset == offset
      }
    }
  }

  @Test func depthLimitMatchesTheParser() throws {
    let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    _ = try JSON(parsing: deep)
    _ = try Self.track(Array(deep.utf8), sizes: [5])
    let deeper = "[" + deep + "]"
    #expect(throws: JSONParseError.self) { try JSON(parsing: deeper) }
    #expect { _ = try Self.track(Array(deeper.utf8), sizes: [5], skimDepth: 0) } throws: { error in
      (error as? StructuralTracker.Failure)?.byteOffset == 512
    }
  }

  @Test func splitKeysLongerThanTheLimitFail() {
    var tracker = StructuralTracker()
    tracker.keyCollectionDepth = 1
    tracker.maximumKeyLength = 8
    var recorder = Recorder()
    let results: [Result<Void, StructuralTracker.Failure>] = ["{\"abc", "defghijkl\": 1}"].map { chunk in
      Array(chunk.utf8).withUnsafeBytes { bytes in
        Result { () throws(StructuralTracker.Failure) in try tracker.consume(bytes, &recorder) }
      }
    }
    #expect((try? results[0].get()) != nil)
    #expect(throws: StructuralTracker.Failure(.inputTooLarge, "an object key longer than 8 bytes", at: 1)) {
      try results[1].get()
    }
  }
}
