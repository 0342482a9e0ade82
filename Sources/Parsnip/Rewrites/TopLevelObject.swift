/// Foundation's `assumesTopLevelDictionary`, on request (`JSON.ParsingOptions.assumesTopLevelObject`): a text of
/// object members without the braces around them (`"a": 1, "b": 2`, or in JSON5 `a: 1, b: 2`). The text is
/// wrapped in braces before the other rewrites and the strict scanner run, as JSON5 text is normalized, so no
/// scanner branches on the option; a text that already starts with `{` is scanned as it is, as in Foundation, and
/// an empty one is an empty object.
enum TopLevelObject {
  /// `input` in braces (after its byte order mark) and the map from the wrapped text back to `input`, or `nil`
  /// when the text already starts with `{` after white space (and, in JSON5, comments).
  static func wrapped(
    _ input: UnsafeRawBufferPointer, allowsJSON5: Bool
  ) -> (text: [UInt8], offsets: JSON5.OffsetMap)? {
    guard input.count < Int(UInt32.max) - 2 else { return nil }  // the scanner reports the size
    let start = Scanner.byteOrderMarkLength(input)
    if firstSignificantByte(input, from: start, allowsJSON5: allowsJSON5) == .openBrace { return nil }
    var text: [UInt8] = []
    text.reserveCapacity(input.count - start + 2)
    text.append(.openBrace)
    text.append(contentsOf: input[start...])
    text.append(.closeBrace)
    return (text, JSON5.OffsetMap(marks: [1 << 32 | UInt64(start)], isLinear: true))
  }

  /// Offsets in a rewrite of the wrapped text (`inner`, from the JSON5 normalizer or the trailing-comma pass)
  /// taken on to `input`: one map from the final text to the user's.
  static func composing(_ inner: JSON5.OffsetMap, after wrap: JSON5.OffsetMap) -> JSON5.OffsetMap {
    var marks = inner.marks.map { mark in
      (mark >> 32) << 32 | UInt64(wrap.inputOffset(of: Int(mark & 0xFFFF_FFFF)))
    }
    // A linear map reads the text before its first mark as unchanged: that text is the wrapped one's.
    if inner.isLinear, marks.first.map({ $0 >> 32 > 1 }) ?? true { marks.insert(contentsOf: wrap.marks, at: 0) }
    return JSON5.OffsetMap(marks: marks, isLinear: inner.isLinear)
  }

  /// The first byte after white space (and JSON5 comments) from `start`, or `nil` at the end.
  private static func firstSignificantByte(
    _ input: UnsafeRawBufferPointer, from start: Int, allowsJSON5: Bool
  ) -> UInt8? {
    var i = start
    while i < input.count {
      let byte = input[i]
      if byte.isJSONWhitespace {
        i += 1
      } else if allowsJSON5, byte == .slash, i + 1 < input.count, input[i + 1] == .slash {
        while i < input.count, input[i] != .newline { i += 1 }
      } else if allowsJSON5, byte == .slash, i + 1 < input.count, input[i + 1] == UInt8(ascii: "*") {
        i += 2
        while i + 1 < input.count, !(input[i] == UInt8(ascii: "*") && input[i + 1] == .slash) { i += 1 }
        i += 2
      } else {
        return byte
      }
    }
    return nil
  }
}
