import Foundation
import Testing
@testable import Parsnip

/// JSON5 input (`allowsJSON5`): every feature of https://spec.json5.org, the rewrite to strict JSON, errors at
/// positions of the original text, and strict mode rejecting each feature.
@Suite struct JSON5Tests {
  static let json5 = JSON.ParsingOptions(allowsJSON5: true)

  func parse(_ text: String) throws(JSONParseError) -> JSON { try JSON(parsing: text, options: Self.json5) }

  func normalized(_ text: String) throws(JSONParseError) -> String {
    var bytes = Array(text.utf8)
    let result: Result<[UInt8], JSONParseError> = bytes.withUnsafeMutableBytes { buffer in
      Result { () throws(JSONParseError) -> [UInt8] in
        try JSON5.normalize(UnsafeRawBufferPointer(buffer), maximumDepth: 512)
      }
    }
    return String(decoding: try result.get(), as: UTF8.self)
  }

  func error(_ text: String, options: JSON.ParsingOptions = JSON5Tests.json5) -> JSONParseError? {
    do {
      _ = try JSON(parsing: text, options: options)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Spec examples

  @Test func shortExampleFromTheSpec() throws {
    let text = """
      {
        // comments
        unquoted: 'and you can quote me on that',
        singleQuotes: 'I can use "double quotes" here',
        lineBreaks: "Look, Mom! \\
      No \\\\n's!",
        hexadecimal: 0xdecaf,
        leadingDecimalPoint: .8675309, andTrailing: 8675309.,
        positiveSign: +1,
        trailingComma: 'in objects', andIn: ['arrays',],
        "backwardsCompatible": "with JSON",
      }
      """
    let json = try parse(text)
    #expect(json["unquoted"] == "and you can quote me on that")
    #expect(json["singleQuotes"] == #"I can use "double quotes" here"#)
    #expect(json["lineBreaks"] == #"Look, Mom! No \n's!"#)
    #expect(json["hexadecimal"] == 912_559)
    #expect(json["leadingDecimalPoint"].doubleValue == 0.8675309)
    #expect(json["andTrailing"] == 8_675_309)
    #expect(json["positiveSign"] == 1)
    #expect(json["andIn"] == ["arrays"])
    #expect(json["backwardsCompatible"] == "with JSON")
    #expect(json.objectValue?.keys.first == "unquoted")
    #expect(json.objectValue?.count == 10)
  }

  @Test func objectExampleFromTheSpec() throws {
    let json = try parse(
      """
      {
        image: {
          width: 1920,
          height: 1080,
          'aspect-ratio': '16:9',
        }
      }
      """)
    #expect(json == ["image": ["width": 1920, "height": 1080, "aspect-ratio": "16:9"]])
  }

  @Test func arrayExamplesFromTheSpec() throws {
    #expect(try parse("[ 1, true, 'three', ]") == [1, true, "three"])
    #expect(try parse("[\n  [1, true, 'three'],\n  [4, \"five\", 0x6],\n]") == [[1, true, "three"], [4, "five", 6]])
  }

  @Test func stringExamplesFromTheSpec() throws {
    #expect(
      try parse("'Lorem ipsum dolor sit amet, \\\nconsectetur adipiscing elit.'")
        == "Lorem ipsum dolor sit amet, consectetur adipiscing elit.")
    #expect(try parse(#"'\A\C\/\D\C'"#) == "AC/DC")
    #expect(try parse(#"'I can\'t wait'"#) == "I can't wait")
  }

  @Test func numberExamplesFromTheSpec() throws {
    let json = try parse("[123, -123, 123.456, .456, 123., +123, 0xC8, -0xC8, 1e3, Infinity, -Infinity, NaN]")
    let doubles = json.arrayValue!.map { $0.numberValue!.doubleValue }
    #expect(Array(doubles[0..<10]) == [123, -123, 123.456, 0.456, 123, 123, 200, -200, 1000, .infinity])
    #expect(doubles[10] == -.infinity)
    #expect(doubles[11].isNaN)
  }

  // MARK: Features, one by one

  @Test(arguments: [
    ("// line\n[1, // after\n 2] // end", "[1,2]"),
    ("/* block */[/* inside */1/**/,2/* a\n multi-line * / comment */]", "[1,2]"),
    ("[1 //no newline at end]\n]", "[1]"),
    ("{a: 1, // é ü\r b: 2}", #"{"a":1,"b":2}"#),
    ("1 /* trailing */", "1"),
  ])
  func commentsAreDropped(_ text: String, _ expected: String) throws {
    #expect(try normalized(text) == expected)
  }

  @Test(arguments: [
    ("[1,]", "[1]"), ("[1, 2 ,\n]", "[1,2]"), ("{a: 1,}", #"{"a":1}"#), ("[[],{},]", "[[],{}]"),
    ("{ a: [1,], }", #"{"a":[1]}"#),
  ])
  func trailingCommasAreDropped(_ text: String, _ expected: String) throws {
    #expect(try normalized(text) == expected)
  }

  @Test(arguments: ["[,]", "[1,,]", "{,}", "{a:1,,}", "[,1]"])
  func onlyOneTrailingCommaAfterAnElement(_ text: String) {
    #expect(error(text)?.kind == .unexpectedCharacter)
  }

  @Test(arguments: [
    (#"'single'"#, #""single""#),
    (#"'with "double" quotes'"#, #""with \"double\" quotes""#),
    (#"'it\'s'"#, #""it's""#),
    (#""it\'s""#, #""it's""#),
    (#"'tab\there'"#, #""tab\there""#),
    ("'raw\ttab'", #""raw\u0009tab""#),
    (#"'\v\0\x41\x7e\xE9\x22\x5C'"#, #""\u000B\u0000A~é\"\\""#),
    (#"'\a\q\$\/ \é'"#, #""aq$/ é""#),
    ("'line \\\ncontinued, \\\r\nCRLF, \\\rCR, \\\u{2028}LS'", #""line continued, CRLF, CR, LS""#),
    ("'raw \u{2028} and \u{2029} are allowed'", "\"raw \u{2028} and \u{2029} are allowed\""),
    (#"'\u00e9\uD83D\uDE00'"#, #""é😀""#),
  ])
  func stringsBecomeStrictJSON(_ text: String, _ expected: String) throws {
    #expect(try normalized(text) == expected)
  }

  @Test func stringValuesDecodeEveryEscape() throws {
    #expect(try parse(#"'\v\0\x41\b\f\n\r\t\"\'\\\/'"#) == "\u{0B}\u{00}A\u{08}\u{0C}\n\r\t\"'\\/")
    #expect(try parse("'a\\\nb'") == "ab")
    #expect(try parse(#"['\uD83D\uDE00', "😀"]"#) == ["😀", "😀"])
  }

  @Test(arguments: [
    ("{unquoted: 1}", #"{"unquoted":1}"#),
    ("{$dollar_under: 1, _: 2, a1: 3}", #"{"$dollar_under":1,"_":2,"a1":3}"#),
    ("{ünïcödé: 1, 名前: 2, ǅ: 3, Ⅻ: 4}", #"{"ünïcödé":1,"名前":2,"ǅ":3,"Ⅻ":4}"#),
    (#"{\u0061b: 1, a\u0062: 2}"#, #"{"ab":1,"ab":2}"#),
    ("{a\u{0301}\u{200C}\u{203F}x: 1}", "{\"a\u{0301}\u{200C}\u{203F}x\":1}"),
    ("{null: 1, true: 2, Infinity: 3, NaN: 4}", #"{"null":1,"true":2,"Infinity":3,"NaN":4}"#),
    ("{a :1, b\n:\n2}", #"{"a":1,"b":2}"#),
  ])
  func identifierKeysBecomeStrings(_ text: String, _ expected: String) throws {
    #expect(try normalized(text) == expected)
  }

  @Test(arguments: [
    ("{1a: 1}", JSONParseError.Kind.unexpectedCharacter, 1),
    ("{a-b: 1}", .unexpectedCharacter, 2),
    ("{-a: 1}", .unexpectedCharacter, 1),
    (#"{\u0031: 1}"#, .invalidEscape, 1),
    (#"{a\x41: 1}"#, .invalidEscape, 2),
    (#"{a\u00: 1}"#, .invalidEscape, 6),
    ("{a b: 1}", .unexpectedCharacter, 3),
    ("{a: 1 b: 2}", .unexpectedCharacter, 6),
  ])
  func badIdentifierKeys(_ text: String, _ kind: JSONParseError.Kind, _ offset: Int) {
    let e = error(text)
    #expect(e?.kind == kind)
    #expect(e?.byteOffset == offset)
  }

  @Test(arguments: [
    ("0x1F", "31"), ("0X1f", "31"), ("-0x1F", "-31"), ("+0x1F", "31"), ("0x0", "0"), ("-0x0", "-0"),
    ("0x000000000000000000FF", "255"),
    ("0xFFFFFFFFFFFFFFFF", "18446744073709551615"),
    ("0x10000000000000000", "18446744073709551616"),
    ("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "340282366920938463463374607431768211455"),
    ("-0x1000000000000000000000000000000000000000", "-91343852333181432387730302044767688728495783936"),
    (".5", "0.5"), ("-.5", "-0.5"), ("+.5e1", "0.5e1"), ("5.", "5.0"), ("5.e-3", "5.0e-3"), ("+1", "1"),
    ("-0", "-0"), ("1E+2", "1e+2"), ("0.000", "0.000"),
    ("Infinity", "Infinity"), ("+Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("NaN", "NaN"),
    ("-NaN", "NaN"), ("+NaN", "NaN"),
  ])
  func numbersBecomeStrictJSON(_ text: String, _ expected: String) throws {
    #expect(try normalized(text) == expected)
  }

  @Test func hexadecimalNumbersKeepExactValues() throws {
    let json = try parse("[0xFFFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF, -0x8000000000000000, 0x123456789ABCDEF0123456789]")
    #expect(json[0].numberValue?.uint64Value == UInt64.max)
    #expect(json[1].numberValue?.int64Value == Int64.max)
    #expect(json[2].numberValue?.int64Value == Int64.min)
    #expect(json[3].numberValue?.description == "90144042682896311822508713865")
  }

  @Test func longHexadecimalNumbersConvertExactly() throws {
    // 2^4096 - 1 has 1024 hex digits; compare with a reference computed by repeated doubling of decimal digits.
    let hex = "0x" + String(repeating: "F", count: 1024)
    var decimal: [UInt8] = [1]  // little-endian decimal digits of 2^4096
    for _ in 0..<4096 {
      var carry: UInt8 = 0
      for k in decimal.indices {
        let d = decimal[k] * 2 + carry
        decimal[k] = d % 10
        carry = d / 10
      }
      if carry > 0 { decimal.append(carry) }
    }
    decimal[0] -= 1  // 2^4096 ends in 6, so no borrow
    let expected = String(decimal.reversed().map { Character(String($0)) })
    #expect(try normalized(hex) == expected)
    let tooLong = error("0x1" + String(repeating: "0", count: 1024))
    #expect(tooLong?.kind == .invalidNumber)
    #expect(tooLong?.byteOffset == 0)
    #expect(try normalized("0x" + String(repeating: "0", count: 2000) + "1") == "1")
  }

  @Test func nonFiniteNumbersAreDoubles() throws {
    let json = try parse("{a: Infinity, b: -Infinity, c: NaN, d: [+Infinity]}")
    #expect(json["a"].numberValue?.doubleValue == .infinity)
    #expect(json["b"].numberValue?.doubleValue == -.infinity)
    #expect(json["c"].numberValue?.doubleValue.isNaN == true)
    #expect(json["d"][0].numberValue?.doubleValue == .infinity)
    #expect(json.description == #"{"a":Infinity,"b":-Infinity,"c":NaN,"d":[Infinity]}"#)
  }

  @Test(arguments: [
    ("01", JSONParseError.Kind.invalidNumber, 1), ("-01", .invalidNumber, 2), ("0x", .invalidNumber, 2),
    ("0xG", .invalidNumber, 2), (".", .invalidNumber, 1), ("+", .invalidNumber, 1), ("-.e1", .invalidNumber, 2),
    ("1e", .invalidNumber, 2), ("1e+", .invalidNumber, 3), ("+-1", .invalidNumber, 1),
    ("Infinit", .unexpectedEndOfInput, 7),
    ("infinity", .unexpectedCharacter, 0), ("NAN", .unexpectedCharacter, 1), ("0x1.5", .trailingContent, 3),
    ("1.5.5", .trailingContent, 3), ("[Infinityx]", .unexpectedCharacter, 9), ("[0x1g]", .unexpectedCharacter, 4),
  ])
  func badNumbers(_ text: String, _ kind: JSONParseError.Kind, _ offset: Int) {
    let e = error(text)
    #expect(e?.kind == kind)
    #expect(e?.byteOffset == offset)
  }

  @Test(arguments: [
    "\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{1680}", "\u{2000}", "\u{200A}",
    "\u{202F}", "\u{205F}", "\u{3000}", " \t\r\n",
  ])
  func additionalWhiteSpace(_ space: String) throws {
    #expect(try parse("\(space)[\(space)1\(space),\(space)2\(space)]\(space)") == [1, 2])
    #expect(error("[1\(space)2]") != nil)
  }

  @Test(arguments: ["\u{200B}", "\u{85}", "\u{180E}"])
  func otherFormatCharactersAreNotWhiteSpace(_ notSpace: String) {
    #expect(error("[\(notSpace)1]")?.kind == .unexpectedCharacter)
  }

  @Test func strictJSONParsesTheSameInJSON5Mode() throws {
    let text = #"{"a": [1, -2.5e-3, "x\n\u00e9\/", true, false, null, {}], "b": 12345678901234567890123456789}"#
    #expect(try parse(text) == (try JSON(parsing: text)))
    #expect(try parse(text).description == (try JSON(parsing: text)).description)
  }

  // MARK: Errors

  @Test(arguments: [
    (
      "{a: 1,\n  b: 'x\ny'}", JSONParseError.Kind.unescapedControlCharacter,
      "2:8: unescaped line break in string (write '\\n', or a backslash before the line break to continue the string)"
    ),
    ("[1, /* open", .unexpectedEndOfInput, "1:5: unterminated block comment"),
    ("// only a comment", .unexpectedEndOfInput, "1:18: unexpected end of input, expected a value"),
    ("{a: 1\n  b: 2}", .unexpectedCharacter, "2:3: expected ',' or '}' after an object member, found 'b'"),
    ("['\\1']", .invalidEscape, "1:3: invalid escape sequence '\\1' (octal escapes are not allowed)"),
    (
      "['\\01']", .invalidEscape,
      "1:3: invalid escape sequence '\\0' followed by a digit (octal escapes are not allowed)"
    ),
    ("'\\x4'", .invalidEscape, "1:5: expected two hexadecimal digits after '\\x'"),
    ("'\\uD800'", .invalidEscape, "1:2: lone surrogate \\uD800 is not a Unicode scalar"),
    ("'\\uDC00\\uD800'", .invalidEscape, "1:2: lone surrogate \\uDC00 is not a Unicode scalar"),
    ("'abc", .unexpectedEndOfInput, "1:1: unterminated string"),
    ("'é' x", .trailingContent, "1:5: unexpected 'x' after the top-level value"),
    ("[1] \u{200B}", .trailingContent, "1:5: unexpected U+200B after the top-level value"),
    ("{é: 1, \u{2460}: 2}", .unexpectedCharacter, "1:8: expected a key, found U+2460"),
    ("[1 / 2]", .unexpectedCharacter, "1:4: expected ',' or ']' after an array element, found '/'"),
    ("{'a' 1}", .unexpectedCharacter, "1:6: expected ':' after an object key, found '1'"),
    ("[undefined]", .unexpectedCharacter, "1:2: expected a value, found 'u'"),
  ])
  func errorsPointIntoTheOriginalText(_ text: String, _ kind: JSONParseError.Kind, _ description: String) {
    let e = error(text)
    #expect(e?.kind == kind)
    #expect(e?.description == description)
  }

  @Test func invalidUTF8IsRejectedEverywhere() {
    for bytes: [UInt8] in [
      [0x27, 0xC3, 0x27],  // truncated in a single-quoted string
      [0x2F, 0x2F, 0xFF, 0x0A, 0x31],  // in a line comment
      [0x2F, 0x2A, 0xED, 0xA0, 0x80, 0x2A, 0x2F, 0x31],  // surrogate in a block comment
      [0x7B, 0xC0, 0xAF, 0x3A, 0x31, 0x7D],  // overlong in a key
      [0x5B, 0x31, 0x80, 0x5D],  // stray continuation byte
      [0x27, 0x5C, 0xF8, 0x27],  // after a backslash
    ] {
      #expect(throws: JSONParseError.self) { try JSON(parsing: bytes, options: Self.json5) }
      do {
        _ = try JSON(parsing: bytes, options: Self.json5)
      } catch {
        #expect(error.kind == .invalidUTF8, "\(bytes): \(error)")
      }
    }
  }

  @Test func depthIsLimited() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(error(deep)?.kind == .nestingTooDeep)
    #expect(error(deep)?.byteOffset == 512)
    let options = JSON.ParsingOptions(maximumDepth: 3, allowsJSON5: true)
    #expect((try? JSON(parsing: "[[[1]]]", options: options)) == [[[1]]])
    #expect(error("[[[[1]]]]", options: options)?.kind == .nestingTooDeep)
    #expect(error("{a:{b:{c:{}}}}", options: options)?.byteOffset == 9)
  }

  @Test func duplicateKeysFollowTheOptions() {
    #expect((try? parse("{a: 1, 'a': 2, \"b\": 3}")) == ["a": 2, "b": 3])
    let reject = JSON.ParsingOptions(allowsJSON5: true, duplicateKeys: .reject)
    #expect(error("{a: 1, 'a': 2}", options: reject)?.kind == .duplicateKey)
  }

  @Test(arguments: [
    "// c\n1", "/* c */1", "[1,]", "{\"a\":1,}", "'s'", "{a:1}", "0x1F", ".5", "5.", "+1", "Infinity", "-Infinity",
    "NaN", #""\x41""#, #""\v""#, #""\'""#, "\"a\\\nb\"", "\u{A0}1", "\u{FEFF}\u{FEFF}1", "\u{2028}1", "[1\u{0B}]",
    "\"\t\"",
  ])
  func strictModeRejectsEveryJSON5Feature(_ text: String) {
    #expect(error(text, options: .default) != nil, "\(text.debugDescription) parsed in strict mode")
    #expect(error(text) == nil, "\(text.debugDescription) failed in JSON5 mode")
  }
}
