/// Foundation's one leniency in strict JSON, on request (`JSON.ParsingOptions.allowsTrailingCommas`): a comma after
/// the last element of an array or the last member of an object. The commas are dropped from a copy of the text
/// before the strict scanner runs, as JSON5 text is normalized, so the scanner never branches on the option.
enum TrailingCommas {
  /// The text without its trailing commas and the map back to `input`, or `nil` when `input` has none (it is
  /// then scanned as it is, without a copy).
  ///
  /// Only a comma that follows a value (not `[`, `{`, `,` or `:`) and precedes `]` or `}` is dropped, so `[,]` and
  /// `[1,,]` stay invalid, as in Foundation; bytes inside strings are never looked at.
  static func removed(from input: UnsafeRawBufferPointer) -> (text: [UInt8], offsets: JSON5.OffsetMap)? {
    guard input.count <= Int(UInt32.max), let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return nil
    }
    let count = input.count
    var text: [UInt8] = []
    var marks: [UInt64] = []
    var copied = 0  // input bytes before this index are in `text` (or dropped)
    var last: UInt8 = 0  // the last byte outside strings that is not white space
    var i = 0
    while i < count {
      let byte = base[i]
      if byte == .quote {
        // Skip the string; the scanner validates it later.
        i += 1
        while i < count, base[i] != .quote {
          i += base[i] == .backslash ? 2 : 1
        }
        last = .quote
        i += 1
        continue
      }
      if byte == .comma, last != .openBracket, last != .openBrace, last != .comma, last != .colon {
        var next = i + 1
        while next < count, base[next].isJSONWhitespace { next += 1 }
        if next < count, base[next] == .closeBracket || base[next] == .closeBrace {
          if text.isEmpty { text.reserveCapacity(count) }
          text.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: i - copied))
          copied = i + 1
          marks.append(UInt64(text.count) << 32 | UInt64(copied))
          i += 1
          continue
        }
      }
      if !byte.isJSONWhitespace { last = byte }
      i += 1
    }
    guard !marks.isEmpty else { return nil }
    text.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: count - copied))
    return (text, JSON5.OffsetMap(marks: marks, isLinear: true))
  }
}
