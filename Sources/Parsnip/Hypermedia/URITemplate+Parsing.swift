extension URITemplate {
  /// Splits a template into literal runs and expressions, checking RFC 6570 section 2's grammar.
  static func compile(_ bytes: [UInt8]) throws(URITemplateError) -> [Part] {
    var parts: [Part] = []
    var literal: [UInt8] = []
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == .openBrace {
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = []
        let (expression, end) = try parseExpression(bytes, openingAt: i)
        parts.append(.expression(expression))
        i = end + 1
      } else if byte == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, bytes[i + 1].hexValue != nil, bytes[i + 2].hexValue != nil else {
          throw URITemplateError(.invalidPercentEncoding, byteOffset: i)
        }
        literal.append(contentsOf: bytes[i...(i + 2)])
        i += 3
      } else if byte < 0x80 {
        guard isLiteral(byte) else {
          throw URITemplateError(.invalidLiteral(Character(Unicode.Scalar(byte))), byteOffset: i)
        }
        literal.append(byte)
        i += 1
      } else {
        // ucschar / iprivate: allowed in a template, percent-encoded in the URI. C1 controls are not.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] < 0xA0 {
          throw URITemplateError(.invalidLiteral(Character(Unicode.Scalar(bytes[i + 1]))), byteOffset: i)
        }
        for b in bytes[i..<Swift.min(i + length, bytes.count)] { PercentEncoding.appendEscaped(b, to: &literal) }
        i += length
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    return parts
  }

  /// RFC 6570 `literals` among ASCII bytes (the apostrophe too, a sub-delimiter every URI may hold).
  static func isLiteral(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x21, 0x23, 0x24, 0x26...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: true
    default: false
    }
  }

  /// Parses `{...}` starting at the `{`; returns the expression and the offset of its `}`.
  private static func parseExpression(
    _ bytes: [UInt8], openingAt open: Int
  ) throws(URITemplateError) -> (Expression, Int) {
    var i = open + 1
    guard i < bytes.count else { throw URITemplateError(.unclosedExpression, byteOffset: open) }
    var operation = Operator.simple
    switch bytes[i] {
    case UInt8(ascii: "="), .comma, UInt8(ascii: "!"), UInt8(ascii: "@"), UInt8(ascii: "|"):
      throw URITemplateError(.reservedOperator(Character(Unicode.Scalar(bytes[i]))), byteOffset: i)
    default:
      if let found = Operator(rawValue: bytes[i]), found != .simple {
        operation = found
        i += 1
      }
    }
    var variables: [VariableSpec] = []
    while true {
      let start = i
      i = try scanVariableName(bytes, from: i, open: open)
      guard i > start else {
        guard i < bytes.count else { throw URITemplateError(.unclosedExpression, byteOffset: open) }
        throw URITemplateError(.invalidVariableName, byteOffset: i)
      }
      var spec = VariableSpec(
        name: String(decoding: bytes[start..<i], as: UTF8.self), prefixLength: nil, explodes: false, offset: start)
      guard i < bytes.count else { throw URITemplateError(.unclosedExpression, byteOffset: open) }
      if bytes[i] == .colon {
        let colon = i
        i += 1
        var length = 0
        var digits = 0
        while i < bytes.count, bytes[i].isDigit, digits < 5 {
          if digits == 0, bytes[i] == .zero { throw URITemplateError(.invalidPrefixLength, byteOffset: colon) }
          length = length * 10 + Int(bytes[i] &- .zero)
          digits += 1
          i += 1
        }
        guard digits > 0, length <= 9999 else { throw URITemplateError(.invalidPrefixLength, byteOffset: colon) }
        spec.prefixLength = length
      } else if bytes[i] == UInt8(ascii: "*") {
        spec.explodes = true
        i += 1
      }
      variables.append(spec)
      guard i < bytes.count else { throw URITemplateError(.unclosedExpression, byteOffset: open) }
      switch bytes[i] {
      case .closeBrace: return (Expression(operation: operation, variables: variables), i)
      case .comma: i += 1
      default: throw URITemplateError(.unexpectedCharacter(character(in: bytes, at: i)), byteOffset: i)
      }
    }
  }

  /// Scans `varchar *( ["."] varchar )`; returns the offset after the name (`from` when there is none).
  private static func scanVariableName(
    _ bytes: [UInt8], from start: Int, open: Int
  ) throws(URITemplateError) -> Int {
    var i = start
    var afterDot = false
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), .zero ... .nine,
        UInt8(ascii: "_"):
        i += 1
      case UInt8(ascii: "%"):
        guard i + 2 < bytes.count, bytes[i + 1].hexValue != nil, bytes[i + 2].hexValue != nil else {
          throw URITemplateError(.invalidVariableName, byteOffset: i)
        }
        i += 3
      case .period:
        guard i > start, !afterDot else { throw URITemplateError(.invalidVariableName, byteOffset: i) }
        afterDot = true
        i += 1
        continue
      default:
        if afterDot { throw URITemplateError(.invalidVariableName, byteOffset: i) }
        return i
      }
      afterDot = false
    }
    return i
  }

  /// The whole character starting at a byte offset, for messages.
  private static func character(in bytes: [UInt8], at offset: Int) -> Character {
    let text = String(decoding: bytes[offset..<Swift.min(offset + 4, bytes.count)], as: UTF8.self)
    return text.first ?? "?"
  }
}
