/// Parses RFC 9535 (JSONPath) normalized paths such as `$['store']['book'][0]` into key-path components.
///
/// There is one implementation of normalized paths: ``JSONPath/NormalizedPath`` formats them (also for
/// ``JSONKeyPath/normalizedPath``), and this parser reads names with the JSONPath parser's string literals, so it
/// accepts the normalized form and, for convenience, any JSONPath string literal in either quote style with the
/// escapes RFC 9535 allows (`\/`, `\uXXXX` with surrogate pairs, the other quote escaped). Indices have the
/// key-path index syntax: non-negative, no leading zeros, at most `Int.max`.
enum NormalizedPathSyntax {
  static func parse(_ text: String) throws(PathSyntaxFailure) -> [JSONKeyPath.Component] {
    var parser = JSONPathParser(text)
    guard parser.peek() == UInt8(ascii: "$") else { throw PathSyntaxFailure(offset: 0, expected: "'$'") }
    parser.position = 1
    var components: [JSONKeyPath.Component] = []
    while let byte = parser.peek() {
      guard byte == .openBracket else { throw PathSyntaxFailure(offset: parser.position, expected: "'['") }
      parser.position += 1
      switch parser.peek() {
      case let first? where first.isDigit:
        components.append(.index(try KeyPathParser.index(in: parser.bytes, at: &parser.position)))
      case UInt8(ascii: "'"), .quote:
        do { components.append(.key(try parser.parseStringLiteral())) } catch {
          throw PathSyntaxFailure(offset: error.byteOffset, expected: "a valid quoted name (\(error.message))")
        }
      default:
        throw PathSyntaxFailure(offset: parser.position, expected: "an index or a quoted name")
      }
      guard parser.peek() == .closeBracket else { throw PathSyntaxFailure(offset: parser.position, expected: "']'") }
      parser.position += 1
    }
    return components
  }
}

extension JSONPath.NormalizedPath.Element {
  /// The normalized-path step for a key-path component.
  init(_ component: JSONKeyPath.Component) {
    switch component {
    case .key(let key): self = .name(key)
    case .index(let index): self = .index(index)
    }
  }
}

extension JSONKeyPath.Component {
  /// The key-path component for a normalized-path step.
  init(_ element: JSONPath.NormalizedPath.Element) {
    switch element {
    case .name(let name): self = .key(name)
    case .index(let index): self = .index(index)
    }
  }
}

extension JSONKeyPath {
  /// The path as an RFC 9535 normalized path, the form JSONPath query results use: `$['first']['upperCase'][0]`.
  ///
  /// The text is the same as ``JSONPath/NormalizedPath/description`` for the same steps.
  public var normalizedPath: String {
    var out: [UInt8] = [UInt8(ascii: "$")]
    for component in components { JSONPath.NormalizedPath.append(.init(component), to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// Creates the key path with the steps of a JSONPath result's normalized path.
  ///
  /// ```swift
  /// let node = try JSONPath("$.a[1]").nodes(in: ["a": [10, 20]])[0]
  /// JSONKeyPath(node.path).description  // → a[1]
  /// ```
  ///
  /// - Parameter normalizedPath: The path, for example ``JSONPath/Node/path``.
  public init(_ normalizedPath: JSONPath.NormalizedPath) {
    self.init(components: normalizedPath.elements.map(Component.init))
  }

  /// Parses an RFC 9535 normalized path such as `$['a'][0]`.
  ///
  /// Names may also be double-quoted and use any JSONPath string escape (`\uXXXX`, `\/`); indices must be
  /// non-negative integers without leading zeros, as in normalized paths.
  ///
  /// ```swift
  /// try JSONKeyPath(normalizedPath: "$['managers']['racheal']").description  // → managers.racheal
  /// ```
  ///
  /// - Parameter normalizedPath: The path text, starting with `$`.
  /// - Throws: ``JSONKeyPathError`` with kind
  ///   ``JSONKeyPathError/Kind-swift.enum/invalidKeyPath(text:offset:expected:)``.
  public init(normalizedPath: String) throws(JSONKeyPathError) {
    do {
      self.init(components: try NormalizedPathSyntax.parse(normalizedPath))
    } catch {
      throw JSONKeyPathError(.invalidKeyPath(text: normalizedPath, offset: error.offset, expected: error.expected))
    }
  }

  /// Creates the key path with the same steps as a JSON Pointer, reading tokens that are array indices in RFC 6901
  /// form (`0`, `12`; not `01`) as indices and all others as keys.
  ///
  /// A pointer alone cannot say whether `/a/0` means element 0 or the member `"0"`; when that matters, use
  /// ``init(_:in:)``, which asks the document.
  ///
  /// - Parameter pointer: The pointer.
  public init(_ pointer: JSONPointer) {
    self.init(
      components: pointer.tokens.map { token in
        if case .index(let index) = ArrayIndex.token(token) { return .index(index) }
        return .key(token)
      })
  }

  /// Creates the key path that follows the same values as a JSON Pointer in `document`: a token is an index
  /// where the value reached is an array (`-` being the index one past the end) and a key where it is an object.
  ///
  /// The last token's value need not exist, so the pointer of a JSON Patch `add` converts too.
  ///
  /// - Parameters:
  ///   - pointer: The pointer.
  ///   - document: The document the pointer applies to.
  /// - Throws: ``JSONPointerError`` when a token before the last cannot be followed, or a token applied to an
  ///   array is not an index.
  public init(_ pointer: JSONPointer, in document: JSON) throws(JSONPointerError) {
    var components: [Component] = []
    components.reserveCapacity(pointer.tokens.count)
    var current = document
    for index in pointer.tokens.indices {
      let step: PathStep
      do { step = try pointer.step(index, in: current.kind) } catch { throw pointer.error(for: error) }
      switch step {
      case .member(let key): components.append(.key(key))
      case .element(let position): components.append(.index(position))
      case .end: components.append(.index(current.count))
      }
      if index < pointer.tokens.count - 1 {
        do { current = try PathWalker.walk(JSONKeyPath(components: [components[index]]), from: current) } catch {
          var failure = error
          failure.step = index
          throw pointer.error(for: failure)
        }
      }
    }
    self.init(components: components)
  }
}

extension JSONPointer {
  /// Creates the pointer with the same steps as a key path: keys and indices become tokens.
  ///
  /// ```swift
  /// JSONPointer(try JSONKeyPath(#"a["x/y"][0]"#)).description  // → /a/x~1y/0
  /// ```
  ///
  /// - Parameter keyPath: The key path.
  public init(_ keyPath: JSONKeyPath) {
    self.init(
      tokens: keyPath.components.map { component in
        switch component {
        case .key(let key): key
        case .index(let index): String(index)
        }
      })
  }

  /// Creates the pointer to a JSONPath result: names and indices become tokens.
  ///
  /// ```swift
  /// let node = try JSONPath("$.a[1]").nodes(in: ["a": [10, 20]])[0]
  /// JSONPointer(node.path).description  // → /a/1
  /// ```
  ///
  /// - Parameter normalizedPath: The path, for example ``JSONPath/Node/path``.
  public init(_ normalizedPath: JSONPath.NormalizedPath) {
    self.init(JSONKeyPath(normalizedPath))
  }

  /// Parses an RFC 9535 normalized path such as `$['a'][0]` into a pointer (`/a/0`).
  ///
  /// - Parameter normalizedPath: The path text, starting with `$` (see ``JSONKeyPath/init(normalizedPath:)``).
  /// - Throws: ``JSONPointerError`` with kind ``JSONPointerError/Kind-swift.enum/invalidNormalizedPath(expected:)``
  ///   and the byte offset of the problem.
  public init(normalizedPath: String) throws(JSONPointerError) {
    do {
      self.init(JSONKeyPath(components: try NormalizedPathSyntax.parse(normalizedPath)))
    } catch {
      throw JSONPointerError(
        .invalidNormalizedPath(expected: error.expected), text: normalizedPath,
        byteOffset: error.offset)
    }
  }

  /// The RFC 9535 normalized path of this pointer's target in `document`: `$['foo'][0]` for `/foo/0` when `foo` is
  /// an array, `$['foo']['0']` when it is an object.
  ///
  /// - Parameter document: The document that decides which tokens are indices.
  /// - Returns: The normalized path text.
  /// - Throws: ``JSONPointerError`` as for ``JSONKeyPath/init(_:in:)``.
  public func normalizedPath(in document: JSON) throws(JSONPointerError) -> String {
    try JSONKeyPath(self, in: document).normalizedPath
  }
}
