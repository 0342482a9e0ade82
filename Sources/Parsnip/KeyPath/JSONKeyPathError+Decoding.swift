extension JSONKeyPathError {
  /// The key-path error for a failed decode of the value at `keyPath`, whose node is `found`: the decoder's coding
  /// path is appended to `keyPath`, and a type mismatch names the kind of value found there.
  static func decoding<Node: JSONNode>(_ error: any Error, at keyPath: JSONKeyPath, in found: Node) -> JSONKeyPathError
  {
    guard let decodingError = error as? DecodingError else {
      if let error = error as? JSONKeyPathError { return error.rerooted(at: keyPath) }
      return JSONKeyPathError(.dataCorrupted(String(describing: error)), keyPath: keyPath, underlyingError: error)
    }
    func path(_ codingPath: [any CodingKey]) -> JSONKeyPath {
      JSONKeyPath(
        components: codingPath.map { key in
          switch CodingPathComponent(key) {
          case .key(let name): .key(name)
          case .index(let index): .index(index)
          }
        })
    }
    let relative: JSONKeyPathError
    switch decodingError {
    case .keyNotFound(let key, let context):
      relative = JSONKeyPathError(
        .noValueForKey(key.stringValue), keyPath: path(context.codingPath), underlyingError: decodingError)
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let inner = path(context.codingPath)
      do {
        let kind = try PathWalker.walk(inner, from: found).pathKind()
        relative = JSONKeyPathError(
          .typeMismatch(expected: "\(type)", found: kind), keyPath: inner, underlyingError: decodingError)
      } catch {
        // The path ends past the last element of an unkeyed container.
        var mapped = inner.error(for: error)
        mapped.underlyingError = decodingError
        relative = mapped
      }
    case .dataCorrupted(let context):
      // The key path says where; the decoder's message starts with the same place.
      var message = Substring(context.debugDescription)
      let place = CodingPathRendering.messagePrefix(context.codingPath)
      if !place.isEmpty, message.hasPrefix(place) { message = message.dropFirst(place.count) }
      relative = JSONKeyPathError(
        .dataCorrupted(String(message)), keyPath: path(context.codingPath), underlyingError: decodingError)
    @unknown default:
      relative = JSONKeyPathError(.dataCorrupted(String(describing: error)), underlyingError: error)
    }
    return relative.rerooted(at: keyPath)
  }
}
