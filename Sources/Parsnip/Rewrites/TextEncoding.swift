/// The Unicode encodings `ParsnipDecoder` reads, as Foundation's `JSONDecoder` does: UTF-8, and UTF-16 and UTF-32
/// in either byte order, with or without a byte order mark. UTF-16 and UTF-32 text is transcoded to UTF-8 once,
/// before the one scan pipeline runs; errors keep their line and column (both count scalars, the same in every
/// encoding), and a parse error's byte offset is moved back into the text as it was given.
///
/// Detection follows RFC 4627 §3 and Foundation: a byte order mark (`FE FF`, `FF FE`, `00 00 FE FF`; for UTF-32
/// little-endian both the true mark `FF FE 00 00`, which Foundation reads as UTF-16 and then fails on, and
/// `FE FF 00 00`, the prefix Foundation itself takes for it, as its test `bomPrefixes` does), else the pattern of
/// zero bytes among the first four (JSON text starts with an ASCII character).
enum TextEncoding: Equatable {
  case utf8
  case utf16BigEndian
  case utf16LittleEndian
  case utf32BigEndian
  case utf32LittleEndian

  /// The encoding of `input` and the length of its byte order mark (0 for UTF-8, whose mark the scanner skips).
  static func detect(_ input: UnsafeRawBufferPointer) -> (encoding: TextEncoding, byteOrderMarkLength: Int) {
    let n = input.count
    guard n >= 2 else { return (.utf8, 0) }
    let (b0, b1) = (input[0], input[1])
    let b2: UInt8? = n > 2 ? input[2] : nil
    let b3: UInt8? = n > 3 ? input[3] : nil
    switch (b0, b1, b2, b3) {
    case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
    case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
    // Foundation's UTF-32 little-endian mark (its test `bomPrefixes`); as UTF-16 it would start with U+0000.
    case (0xFE, 0xFF, 0x00, 0x00): return (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
    case (0x00, 0x00, 0x00, .some): return (.utf32BigEndian, 0)
    case (_, 0x00, 0x00, 0x00) where b0 != 0: return (.utf32LittleEndian, 0)
    case (0x00, _, _, _): return (.utf16BigEndian, 0)
    case (_, 0x00, _, _): return (.utf16LittleEndian, 0)
    default: return (.utf8, 0)
    }
  }

  /// The UTF-16 or UTF-32 encoding that `input` looks like, for an error message: its byte order mark or zero
  /// bytes say so, its length is whole code units, and its first code units transcode.
  static func plausibleOtherEncoding(of input: UnsafeRawBufferPointer) -> TextEncoding? {
    let (encoding, markLength) = detect(input)
    let width = encoding.unitWidth
    guard encoding != .utf8, (input.count - markLength) % width == 0 else { return nil }
    let prefix = UnsafeRawBufferPointer(rebasing: input[..<Swift.min(input.count, markLength + 16 * width)])
    // JSON text starts with whitespace or an ASCII value (a run of NUL bytes is not UTF-32 text).
    guard let first = try? encoding.transcoded(prefix, skipping: markLength).first,
      first == 0x09 || first == 0x0A || first == 0x0D || (0x20...0x7E).contains(first)
    else { return nil }
    return encoding
  }

  /// The width in bytes of one code unit.
  private var unitWidth: Int {
    switch self {
    case .utf8: 1
    case .utf16BigEndian, .utf16LittleEndian: 2
    case .utf32BigEndian, .utf32LittleEndian: 4
    }
  }

  private func unit(_ input: UnsafeRawBufferPointer, at i: Int) -> UInt32 {
    switch self {
    case .utf8: UInt32(input[i])
    case .utf16BigEndian: UInt32(input[i]) << 8 | UInt32(input[i + 1])
    case .utf16LittleEndian: UInt32(input[i + 1]) << 8 | UInt32(input[i])
    case .utf32BigEndian:
      UInt32(input[i]) << 24 | UInt32(input[i + 1]) << 16 | UInt32(input[i + 2]) << 8 | UInt32(input[i + 3])
    case .utf32LittleEndian:
      UInt32(input[i + 3]) << 24 | UInt32(input[i + 2]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i])
    }
  }

  /// `input` after its byte order mark, as UTF-8.
  /// - Throws: ``JSONParseError`` of kind `invalidUTF8` at a lone surrogate, a value beyond U+10FFFF or a
  ///   truncated code unit, located in `input`.
  func transcoded(_ input: UnsafeRawBufferPointer, skipping markLength: Int) throws(JSONParseError) -> [UInt8] {
    let width = unitWidth
    var out: [UInt8] = []
    out.reserveCapacity((input.count - markLength) / width + 16)
    var i = markLength
    func fail(_ message: String) -> JSONParseError {
      var location = out.withUnsafeBytes { SourceLocation(byteOffset: $0.count, in: $0) }
      location.byteOffset = i
      return JSONParseError(.invalidUTF8, message, at: location)
    }
    while i < input.count {
      guard i + width <= input.count else { throw fail("a truncated \(self) code unit at the end of the input") }
      var scalar = unit(input, at: i)
      var consumed = width
      if width == 2, scalar & 0xFC00 == 0xD800 {
        guard i + 4 <= input.count, case let low = unit(input, at: i + 2), low & 0xFC00 == 0xDC00 else {
          throw fail("a lone UTF-16 surrogate")
        }
        scalar = 0x10000 + ((scalar & 0x3FF) << 10 | (low & 0x3FF))
        consumed = 4
      }
      guard let valid = Unicode.Scalar(scalar) else {
        throw fail(width == 2 ? "a lone UTF-16 surrogate" : "an invalid UTF-32 code unit")
      }
      out.append(contentsOf: UTF8.encode(valid)!)
      i += consumed
    }
    return out
  }

  /// The offset in the original text of byte `utf8Offset` of its transcoding `utf8` (of the scalar it belongs to).
  func originalOffset(of utf8Offset: Int, in utf8: UnsafeRawBufferPointer, markLength: Int) -> Int {
    var original = markLength
    var i = 0
    let end = Swift.min(utf8Offset, utf8.count)
    while i < end {
      let lead = utf8[i]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      original += unitWidth == 2 && length == 4 ? 4 : unitWidth
      i += length
    }
    return original
  }
}

extension TextEncoding: CustomStringConvertible {
  var description: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf16BigEndian: "UTF-16BE"
    case .utf16LittleEndian: "UTF-16LE"
    case .utf32BigEndian: "UTF-32BE"
    case .utf32LittleEndian: "UTF-32LE"
    }
  }
}
