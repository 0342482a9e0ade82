/// A path to a value inside a JSON document, written with dots and brackets: `first.upperCase[0]`.
///
/// Each step is a ``Component``: an object member by key, or an array element by index. Key paths are the
/// ParSON-style companion to ``JSONPointer``: shorter to write, and explicit about which steps are indices.
///
/// ```swift
/// let json: JSON = ["first": ["name": "Alphabet", "upperCase": ["A", "B", "C"]]]
/// let path = try JSONKeyPath("first.upperCase[0]")
/// path.components        // → [.key("first"), .key("upperCase"), .index(0)]
/// json.value(at: path)  // → "A"
/// ```
///
/// ## Grammar
///
/// ```
/// key-path   = "" / first *( "." name / subscript )
/// first      = name / subscript
/// name       = 1*( any character except  .  [  ]  "  \ )
/// subscript  = "[" ( index / quoted ) "]"
/// index      = "0" / %x31-39 *DIGIT              ; no sign, no leading zeros, at most Int.max
/// quoted     = DQUOTE *( unescaped / "\" DQUOTE / "\\" ) DQUOTE
/// unescaped  = any character except  "  \
/// ```
///
/// - The empty string is the path to the document itself.
/// - A bare name is taken literally, spaces and digits included: `a.0` is the member named `"0"`, and
///   `first name.x` is the member `"first name"`.
/// - Keys that contain `.`, `[`, `]`, `"` or `\`, and the empty key, are written quoted inside brackets:
///   `a["x.y"]`, `a[""]`, `a["say \"hi\""]`, `a["C:\\dir"]`. Only `\"` and `\\` are escapes.
/// - `[0]` is always an index and `["0"]` always a key.
///
/// Parsing failures throw ``JSONKeyPathError`` with kind
/// ``JSONKeyPathError/Kind-swift.enum/invalidKeyPath(text:offset:expected:)``, naming the UTF-8 byte offset and
/// what was expected there, for example `[0` (expected `]`), `2]`, `[]`, `a..b`, `[-1]`, `.a`, `a.` and `[x]`.
public struct JSONKeyPath: Sendable, Hashable {
  /// One step of a key path.
  public enum Component: Sendable, Hashable {
    /// An object member, by key.
    case key(String)
    /// An array element, by zero-based index.
    case index(Int)
  }

  /// The steps from the document to the value, outermost first; empty for the document itself.
  public var components: [Component]

  /// Creates a key path from its steps.
  ///
  /// - Parameter components: The steps, outermost first. Indices should not be negative; a negative index
  ///   never matches an element.
  public init(components: [Component]) {
    self.components = components
  }

  /// The path to the document itself.
  public static var root: JSONKeyPath { JSONKeyPath(components: []) }

  /// Whether this is the path to the document itself.
  public var isRoot: Bool { components.isEmpty }

  /// The path to the container of this path's value, or `nil` for the root.
  public var parent: JSONKeyPath? {
    components.isEmpty ? nil : JSONKeyPath(components: Array(components.dropLast()))
  }

  /// Returns this path followed by `component`.
  ///
  /// - Parameter component: The step to add.
  /// - Returns: The longer path.
  public func appending(_ component: Component) -> JSONKeyPath {
    var copy = self
    copy.components.append(component)
    return copy
  }

  /// Returns this path followed by the member `key`.
  ///
  /// - Parameter key: The member name.
  /// - Returns: The longer path.
  public func appending(key: String) -> JSONKeyPath { appending(.key(key)) }

  /// Returns this path followed by the element at `index`.
  ///
  /// - Parameter index: The element index.
  /// - Returns: The longer path.
  public func appending(index: Int) -> JSONKeyPath { appending(.index(index)) }

  /// Returns this path followed by all the steps of `other`.
  ///
  /// - Parameter other: A path relative to this path's value.
  /// - Returns: The combined path.
  public func appending(_ other: JSONKeyPath) -> JSONKeyPath {
    JSONKeyPath(components: components + other.components)
  }

  /// Whether `other` starts with all of this path's steps, that is, whether `other` is this path's value or a
  /// value inside it.
  ///
  /// - Parameter other: Another path.
  /// - Returns: `true` when this path is a prefix of `other` (every path is a prefix of itself).
  public func isPrefix(of other: JSONKeyPath) -> Bool {
    other.components.count >= components.count && other.components.starts(with: components)
  }
}

extension JSONKeyPath: CustomStringConvertible {
  /// The path in key-path syntax, quoting keys only where needed; parsing it gives back an equal path.
  ///
  /// ```swift
  /// JSONKeyPath(components: [.key("a"), .key("x.y"), .index(2)]).description  // → a["x.y"][2]
  /// ```
  public var description: String {
    var out = ""
    for component in components {
      switch component {
      case .index(let index): CodingPathRendering.appendIndex(index, to: &out)
      case .key(let key): CodingPathRendering.appendKey(key, to: &out)
      }
    }
    return out
  }

  /// Whether `key` can be written without brackets and quotes.
  static func isBareName(_ key: String) -> Bool {
    guard !key.isEmpty else { return false }
    for byte in key.utf8 where isNameTerminator(byte) { return false }
    return true
  }

  @inline(__always) static func isNameTerminator(_ byte: UInt8) -> Bool {
    byte == .period || byte == .openBracket || byte == .closeBracket || byte == .quote || byte == .backslash
  }
}

extension JSONKeyPath.Component: CustomStringConvertible {
  /// The step as key-path text: `name`, `["x.y"]` or `[2]`.
  public var description: String { JSONKeyPath(components: [self]).description }
}
