/// Why a schema could not be compiled: what, and where (a JSON Pointer into the schema, and for schema text its
/// byte offset, line and column).
public struct JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem.
  public enum Kind: Sendable, Hashable {
    /// The schema text is not JSON (``underlyingParseError`` says why).
    case syntax
    /// The schema is not valid against its meta-schema, or a keyword's value is malformed.
    case invalidSchema
    /// A `$ref`, `$dynamicRef` or `$recursiveRef` resolves to nothing in the schema or the registry.
    case unresolvableReference
    /// `$schema` names a meta-schema that is neither a known draft nor in the registry.
    case unknownMetaSchema
    /// The meta-schema requires a vocabulary Parsnip does not know.
    case unsupportedVocabulary
    /// A `pattern` or `patternProperties` key is not a regular expression Parsnip accepts.
    case invalidPattern
    /// The schema exceeds a compile budget (nesting, references, or a pattern's automaton size).
    case tooLarge
  }

  /// What kind of problem.
  public var kind: Kind
  /// What is wrong, in words.
  public var message: String
  /// Where in the root schema (the keyword or the value at fault); the root when the problem is in another document.
  public var pointer: JSONPointer
  /// The absolute URI of the schema location at fault, when known.
  public var schemaLocation: String?
  /// The byte offset of the location in the schema text, when compiled from text.
  public var byteOffset: Int?
  /// The one-based line, when compiled from text.
  public var line: Int?
  /// The one-based column (in Unicode scalars), when compiled from text.
  public var column: Int?
  /// The parse error behind a ``Kind/syntax`` error.
  public var underlyingParseError: JSONParseError?

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What kind.
  ///   - message: What, in words.
  ///   - pointer: Where in the root schema.
  ///   - schemaLocation: The absolute URI of the location, when known.
  public init(_ kind: Kind, _ message: String, at pointer: JSONPointer = .root, schemaLocation: String? = nil) {
    self.kind = kind
    self.message = message
    self.pointer = pointer
    self.schemaLocation = schemaLocation
  }

  init(syntax error: JSONParseError) {
    self.init(.syntax, error.message)
    byteOffset = error.byteOffset
    line = error.line
    column = error.column
    underlyingParseError = error
  }

  /// The error with the text position of its pointer, when the schema came from text.
  func located(in document: JSONDocument?) -> JSONSchemaError {
    guard let document, byteOffset == nil else { return self }
    var located = self
    // The deepest node the pointer reaches: a keyword's value, or its object when the value is missing.
    var node = document.root.node
    for token in pointer.tokens {
      if let next = node.member(token) {
        node = next
      } else if let index = Int(token), let next = node.element(index) {
        node = next
      } else {
        break
      }
    }
    if let offset = node.byteOffset {
      let location = SourceLocation(byteOffset: offset, in: document.storage.input)
      located.byteOffset = offset
      located.line = location.line
      located.column = location.column
    }
    return located
  }

  /// `LINE:COLUMN: MESSAGE (at POINTER)`, or `MESSAGE (at POINTER)` without a text position.
  public var description: String {
    let place = pointer.isRoot ? "" : " (at \(pointer.description))"
    if let line, let column { return "\(line):\(column): \(message)\(place)" }
    return message + place
  }
}
