extension JSONKeyPath {
  /// Parses key-path text such as `first.upperCase[0]` or `a["x.y"][2]`.
  ///
  /// The grammar is in the ``JSONKeyPath`` overview. The empty string is the path to the document itself.
  ///
  /// ```swift
  /// try JSONKeyPath("response[0][1]").components  // → [.key("response"), .index(0), .index(1)]
  /// try JSONKeyPath("a..b")  // throws: invalid key path at offset 2: expected a key after '.'
  /// ```
  ///
  /// - Parameter text: The key-path text.
  /// - Throws: ``JSONKeyPathError`` of kind ``JSONKeyPathError/Kind-swift.enum/invalidKeyPath(text:offset:expected:)``
  ///   naming the UTF-8 byte offset of the first problem and what was expected there.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String) throws(JSONKeyPathError) {
    var parser = KeyPathParser(text: text)
    self.init(components: try parser.parse())
  }
}
