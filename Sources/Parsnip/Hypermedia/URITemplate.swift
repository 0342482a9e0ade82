/// A URI Template (RFC 6570, levels 1 to 4), compiled once and expanded many times.
///
/// Every operator is supported — simple `{var}`, reserved `{+var}`, fragment `{#var}`, label `{.var}`, path
/// `{/var}`, path parameter `{;var}`, query `{?var}` and continuation `{&var}` — with the prefix modifier
/// (`{var:3}`) and explode (`{var*}`) on strings, lists (JSON arrays) and associative arrays (JSON objects, in their
/// member order). Numbers and Booleans expand as their JSON text; `null`, a missing variable, an empty list and an
/// empty object are undefined and expand to nothing. Values are percent-encoded as the RFC says: UTF-8, uppercase
/// hexadecimal, reserved characters and existing `%XX` triplets kept only by `+` and `#`.
///
/// ```swift
/// let template = try URITemplate("http://example.com/search{?q,lang}")
/// try template.expand(["q": "café au lait", "lang": "fr"])
/// // → "http://example.com/search?q=caf%C3%A9%20au%20lait&lang=fr"
/// ```
///
/// Budget: an expansion longer than ``defaultMaximumLength`` bytes (or the limit passed to
/// ``expand(_:maximumLength:)-(JSON,_)``) stops with ``URITemplateError/Kind/outputTooLong(limit:)``, so a short
/// template repeating a long variable cannot grow without bound.
public struct URITemplate: Sendable, Hashable, CustomStringConvertible {
  /// The template text as given.
  public let text: String
  /// Literal runs (already encoded for the URI) and expressions, in order.
  let parts: [Part]

  /// The default budget of one expansion, in bytes: 1 MiB.
  public static var defaultMaximumLength: Int { 1 << 20 }

  /// One piece of a compiled template.
  enum Part: Sendable, Hashable {
    /// Bytes copied to the output as they are.
    case literal([UInt8])
    /// `{...}`.
    case expression(Expression)
  }

  /// An expression: its operator and variables.
  struct Expression: Sendable, Hashable {
    var operation: Operator
    var variables: [VariableSpec]
  }

  /// One variable of an expression, with its modifier and its offset in the template.
  struct VariableSpec: Sendable, Hashable {
    var name: String
    var prefixLength: Int?
    var explodes: Bool
    var offset: Int
  }

  /// The eight expression types of RFC 6570 section 3.2 (the table of appendix A).
  enum Operator: UInt8, Sendable, Hashable {
    case simple = 0
    case reserved = 43  // +
    case fragment = 35  // #
    case label = 46  // .
    case path = 47  // /
    case parameter = 59  // ;
    case query = 63  // ?
    case continuation = 38  // &

    /// What starts the expansion when at least one variable is defined.
    var first: [UInt8] { self == .simple || self == .reserved ? [] : [rawValue] }
    /// What separates the expansions of two defined variables.
    var separator: UInt8 {
      switch self {
      case .simple, .reserved, .fragment: .comma
      case .query: UInt8(ascii: "&")
      default: rawValue
      }
    }
    /// Whether values are written as `name=value`.
    var isNamed: Bool { self == .parameter || self == .query || self == .continuation }
    /// What follows the name of an empty value (`;x` but `?x=`).
    var ifEmpty: [UInt8] { self == .query || self == .continuation ? [UInt8(ascii: "=")] : [] }
    /// Whether reserved characters and `%XX` triplets pass through unencoded.
    var allowsReserved: Bool { self == .reserved || self == .fragment }
  }

  /// Compiles a template.
  /// - Parameter text: The template.
  /// - Throws: ``URITemplateError`` for a syntax error, at its byte offset.
  public init(_ text: String) throws(URITemplateError) {
    self.text = text
    self.parts = try Self.compile(Array(text.utf8))
  }

  /// The names of the template's variables, in order of first appearance.
  ///
  /// - Complexity: O(*n*) in the number of variables.
  public var variableNames: [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for case .expression(let expression) in parts {
      for variable in expression.variables where seen.insert(variable.name).inserted { names.append(variable.name) }
    }
    return names
  }

  /// The template text.
  public var description: String { text }

  public static func == (lhs: URITemplate, rhs: URITemplate) -> Bool { lhs.text == rhs.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
