/// An invalid URI template (RFC 6570), or a template that cannot expand with the variables given.
///
/// Every error names the byte offset in the template's UTF-8 text where it was found: the character at fault for
/// syntax errors, the start of the variable for expansion errors.
///
/// ```swift
/// do { _ = try URITemplate("/users/{id") } catch {
///   print(error)         // → offset 7: '{' is never closed by '}'
///   error.kind           // → .unclosedExpression
/// }
/// ```
public struct URITemplateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A `{` without its `}`.
    case unclosedExpression
    /// An operator RFC 6570 reserves for future use: `=`, `,`, `!`, `@` or `|`.
    case reservedOperator(Character)
    /// A variable name that is empty or not `varchar *( ["."] varchar )` (letters, digits, `_`, `%XX`).
    case invalidVariableName
    /// A prefix modifier that is not `:` followed by 1 to 9999 without a leading zero.
    case invalidPrefixLength
    /// A character where an expression expects `,`, `}` or a modifier.
    case unexpectedCharacter(Character)
    /// A character that may not appear outside expressions (a space, `"`, `<`, `>`, `\`, `^`, a backquote, `|`, `}`,
    /// a control character).
    case invalidLiteral(Character)
    /// A `%` not followed by two hexadecimal digits.
    case invalidPercentEncoding
    /// A prefix modifier (`{var:3}`) applied to a list or an object, which RFC 6570 section 2.4.1 rules out.
    case prefixOfCompositeValue(variable: String)
    /// A variable whose value cannot expand: a list or object member that is itself a list or object.
    case unsupportedValue(variable: String, found: JSON.Kind)
    /// The expansion grew past its budget of bytes.
    case outputTooLong(limit: Int)
  }

  /// What went wrong.
  public var kind: Kind
  /// The byte offset in the template's UTF-8 text.
  public var byteOffset: Int

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - byteOffset: Where, as a byte offset in the template.
  public init(_ kind: Kind, byteOffset: Int) {
    self.kind = kind
    self.byteOffset = byteOffset
  }

  /// Whether the template itself is invalid, as opposed to valid but not expandable with these variables.
  public var isSyntaxError: Bool {
    switch kind {
    case .prefixOfCompositeValue, .unsupportedValue, .outputTooLong: false
    default: true
    }
  }

  /// `offset N: MESSAGE`.
  public var description: String { "offset \(byteOffset): \(message)" }

  /// The message without the offset.
  public var message: String {
    switch kind {
    case .unclosedExpression: "'{' is never closed by '}'"
    case .reservedOperator(let c): "operator '\(c)' is reserved by RFC 6570"
    case .invalidVariableName: "invalid variable name (letters, digits, '_', '%XX', joined by single '.')"
    case .invalidPrefixLength: "invalid prefix length (':' then 1 to 9999)"
    case .unexpectedCharacter(let c):
      "unexpected '\(Excerpt.abbreviated(String(c)))' in an expression (expected ',' or '}')"
    case .invalidLiteral(let c):
      "'\(c.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())' cannot appear outside an expression"
    case .invalidPercentEncoding: "'%' must be followed by two hexadecimal digits"
    case .prefixOfCompositeValue(let name):
      "prefix modifier on '\(Excerpt.abbreviated(name))', whose value is a list or an object"
    case .unsupportedValue(let name, let found):
      "'\(Excerpt.abbreviated(name))' holds a nested \(found); lists and objects expand scalars only"
    case .outputTooLong(let limit): "expansion longer than \(limit) bytes"
    }
  }
}
