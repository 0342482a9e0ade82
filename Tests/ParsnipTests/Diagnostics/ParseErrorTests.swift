import Testing
@testable import Parsnip

/// Strict-mode errors: the kind, the byte offset, and the complete `LINE:COLUMN: MESSAGE` text.
@Suite struct ParseErrorTests {
  static func error(_ text: String) -> JSONParseError? {
    do {
      _ = try JSON(parsing: text)
      return nil
    } catch {
      return error
    }
  }

  static func error(_ bytes: [UInt8]) -> JSONParseError? {
    do {
      _ = try JSON(parsing: bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    // End of input.
    ("", JSONParseError.Kind.unexpectedEndOfInput, 0, "1:1: unexpected end of input, expected a value"),
    ("  \n ", .unexpectedEndOfInput, 4, "2:2: unexpected end of input, expected a value"),
    ("[1, 2", .unexpectedEndOfInput, 5, "1:6: unexpected end of input, expected ',' or ']'"),
    (#"{"a": 1"#, .unexpectedEndOfInput, 7, "1:8: unexpected end of input, expected ',' or '}'"),
    (#"{"a""#, .unexpectedEndOfInput, 4, "1:5: unexpected end of input, expected ':' after an object key"),
    ("{", .unexpectedEndOfInput, 1, "1:2: unexpected end of input, expected a string key"),
    ("[", .unexpectedEndOfInput, 1, "1:2: unexpected end of input, expected a value"),
    ("tru", .unexpectedEndOfInput, 3, "1:4: unexpected end of input, expected 'true'"),
    (#""abc"#, .unexpectedEndOfInput, 0, "1:1: unterminated string"),
    (#"["a\"#, .unexpectedEndOfInput, 1, "1:2: unterminated string"),
    // Structure.
    (
      "{\n  \"a\": 1,\n  \"b\": \"txt\" \"c\": 2\n}", .unexpectedCharacter, 25,
      #"3:14: expected ',' or '}' after an object member, found '"'"#
    ),
    ("[1 2]", .unexpectedCharacter, 3, "1:4: expected ',' or ']' after an array element, found '2'"),
    (#"{"a" 1}"#, .unexpectedCharacter, 5, "1:6: expected ':' after an object key, found '1'"),
    ("{1: 2}", .unexpectedCharacter, 1, "1:2: expected a string key, found '1'"),
    (#"{'a': 2}"#, .unexpectedCharacter, 1, #"1:2: expected a string key, found "'""#),
    (#"{"a":1,}"#, .unexpectedCharacter, 7, "1:8: expected a string key, found '}'"),
    ("[1,]", .unexpectedCharacter, 3, "1:4: expected a value, found ']'"),
    ("[,1]", .unexpectedCharacter, 1, "1:2: expected a value, found ','"),
    // CR LF ends a line; a lone CR is blank space inside its line, as it is to the JSON Lines splitter.
    ("[1,\r\n2,\r3\n x]", .unexpectedCharacter, 11, "3:2: expected ',' or ']' after an array element, found 'x'"),
    ("[1,\r x]", .unexpectedCharacter, 5, "1:6: expected a value, found 'x'"),
    ("nul1", .unexpectedCharacter, 3, "1:4: expected 'null', found '1'"),
    // Literals with eight bytes readable (compared as one word) and a wrong byte at each position.
    ("[fa1se, true, null]", .unexpectedCharacter, 3, "1:4: expected 'false', found '1'"),
    ("[false, trUe, null]", .unexpectedCharacter, 10, "1:11: expected 'true', found 'U'"),
    ("[false, true, nulL]", .unexpectedCharacter, 17, "1:18: expected 'null', found 'L'"),
    ("[true, falsy, null]", .unexpectedCharacter, 11, "1:12: expected 'false', found 'y'"),
    ("[truefalse, null]", .unexpectedCharacter, 5, "1:6: expected ',' or ']' after an array element, found 'f'"),
    ("[NaN]", .unexpectedCharacter, 1, "1:2: expected a value, found 'N'"),
    ("[é]", .unexpectedCharacter, 1, "1:2: expected a value, found U+00E9"),
    ("[\u{A0}1]", .unexpectedCharacter, 1, "1:2: expected a value, found U+00A0"),
    ("[\n\t1,\u{0B}2]", .unexpectedCharacter, 5, "2:4: expected a value, found byte 0x0B"),
    // Trailing content.
    ("[1] x", .trailingContent, 4, "1:5: unexpected 'x' after the top-level value"),
    ("1 2", .trailingContent, 2, "1:3: unexpected '2' after the top-level value"),
    (#""é" ]"#, .trailingContent, 5, "1:5: unexpected ']' after the top-level value"),
    ("{}\n\n}", .trailingContent, 4, "3:1: unexpected '}' after the top-level value"),
    // Numbers.
    (
      "[01]", .invalidNumber, 2,
      "1:3: invalid number: expected '.', 'e' or the end of the number after a leading '0', found '1'"
    ),
    ("-", .invalidNumber, 1, "1:2: invalid number: expected a digit after '-'"),
    ("[-x]", .invalidNumber, 2, "1:3: invalid number: expected a digit after '-', found 'x'"),
    ("1.", .invalidNumber, 2, "1:3: invalid number: expected a digit after '.'"),
    ("1.e5", .invalidNumber, 2, "1:3: invalid number: expected a digit after '.', found 'e'"),
    ("1e+", .invalidNumber, 3, "1:4: invalid number: expected a digit in the exponent"),
    ("[1E-]", .invalidNumber, 4, "1:5: invalid number: expected a digit in the exponent, found ']'"),
    ("[+1]", .unexpectedCharacter, 1, "1:2: expected a value, found '+'"),
    ("[.5]", .unexpectedCharacter, 1, "1:2: expected a value, found '.'"),
    ("[0x1F]", .unexpectedCharacter, 2, "1:3: expected ',' or ']' after an array element, found 'x'"),
    // Strings.
    (#""a\x""#, .invalidEscape, 2, #"1:3: invalid escape sequence '\' followed by 'x'"#),
    (#""\u12G4""#, .invalidEscape, 5, #"1:6: expected four hexadecimal digits after '\u'"#),
    (#"["\uD800"]"#, .invalidEscape, 2, #"1:3: lone surrogate \uD800 is not a Unicode scalar"#),
    (#"["\uDC00\uD800"]"#, .invalidEscape, 2, #"1:3: lone surrogate \uDC00 is not a Unicode scalar"#),
    (#"["\uD800\u0041"]"#, .invalidEscape, 2, #"1:3: lone surrogate \uD800 is not a Unicode scalar"#),
    (#"["\uD83D\uD83D"]"#, .invalidEscape, 2, #"1:3: lone surrogate \uD83D is not a Unicode scalar"#),
    (#"["\uD800x"]"#, .invalidEscape, 2, #"1:3: lone surrogate \uD800 is not a Unicode scalar"#),
    ("\"a\tb\"", .unescapedControlCharacter, 2, "1:3: unescaped control character U+0009 in string"),
    ("[\"a\nb\"]", .unescapedControlCharacter, 3, "1:4: unescaped control character U+000A in string"),
    ("\"\u{0}\"", .unescapedControlCharacter, 1, "1:2: unescaped control character U+0000 in string"),
    // Byte order mark (one is skipped at the start; it takes no column).
    ("\u{FEFF}", .unexpectedEndOfInput, 3, "1:1: unexpected end of input, expected a value"),
    ("\u{FEFF}[1,]", .unexpectedCharacter, 6, "1:4: expected a value, found ']'"),
    ("\u{FEFF}\u{FEFF}[]", .unexpectedCharacter, 3, "1:1: expected a value, found U+FEFF"),
    ("[\u{FEFF}]", .unexpectedCharacter, 1, "1:2: expected a value, found U+FEFF"),
  ])
  func errorsNameWhatAndWhere(_ text: String, _ kind: JSONParseError.Kind, _ offset: Int, _ description: String) {
    let e = Self.error(text)
    #expect(e?.kind == kind)
    #expect(e?.byteOffset == offset)
    #expect(e?.description == description)
  }

  @Test func lineAndColumnAreConsistentWithDescription() throws {
    let e = try #require(Self.error("{\n  \"a\": tru\n}"))
    #expect(e.line == 2)
    #expect(e.column == 11)
    #expect(e.message == "expected 'true', found '\\n'".replacingOccurrences(of: "'\\n'", with: "a line break"))
    #expect(e.description == "2:11: \(e.message)")
  }

  @Test func columnsCountUnicodeScalars() throws {
    // "é" is 2 bytes, "😀" 4, "\r\n" one line break.
    let e = try #require(Self.error("\r\n[\"é😀\", x]"))
    #expect(e.byteOffset == 13)
    #expect(e.line == 2)
    #expect(e.column == 8)
  }

  @Test(
    arguments: [
      ([0x5B, 0xFF, 0x5D], JSONParseError.Kind.invalidUTF8, 1, "1:2: invalid UTF-8 byte 0xFF"),
      ([0x22, 0xFF, 0x22], .invalidUTF8, 1, "1:2: invalid UTF-8 byte 0xFF in string"),
      ([0x22, 0x61, 0xC3, 0x22], .invalidUTF8, 2, "1:3: invalid UTF-8 byte 0xC3 in string"),
      (
        [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], .invalidUTF8, 0,
        "1:1: invalid UTF-8 byte 0xFF (the text looks like UTF-16LE; JSON text is read as UTF-8)"
      ),
      ([0xEF, 0xBB], .invalidUTF8, 0, "1:1: invalid UTF-8 byte 0xEF"),  // incomplete BOM
    ] as [([UInt8], JSONParseError.Kind, Int, String)])
  func invalidUTF8IsNamed(_ bytes: [UInt8], _ kind: JSONParseError.Kind, _ offset: Int, _ description: String) {
    let e = Self.error(bytes)
    #expect(e?.kind == kind)
    #expect(e?.byteOffset == offset)
    #expect(e?.description == description)
  }

  /// Text in UTF-16 or UTF-32 fails in its first bytes; the message says which encoding it looks like.
  @Test(
    arguments: [
      ([0x00, 0x5B, 0x00, 0x5D], "UTF-16BE"), ([0x7B, 0x00, 0x7D, 0x00], "UTF-16LE"),
      ([0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D], "UTF-32BE"),
      ([0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00], "UTF-32LE"),
      ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "UTF-16BE"),
    ] as [([UInt8], String)])
  func otherUnicodeEncodingsAreNamed(_ bytes: [UInt8], _ encoding: String) throws {
    let e = try #require(Self.error(bytes))
    #expect(e.message.hasSuffix("(the text looks like \(encoding); JSON text is read as UTF-8)"), "\(e)")
    #expect(Self.error("[1, \u{0}]")?.message.contains("looks like") == false)
  }

  @Test func errorIsAnErrorWithPublicFields() {
    let e = JSONParseError(kind: .duplicateKey, message: "m", byteOffset: 3, line: 1, column: 4)
    #expect(e.description == "1:4: m")
    #expect(e == JSONParseError(kind: .duplicateKey, message: "m", byteOffset: 3, line: 1, column: 4))
  }
}
