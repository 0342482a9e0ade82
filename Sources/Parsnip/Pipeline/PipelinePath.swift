/// Where `requiredAt` and `optionalAt` look: a key path or a JSON Pointer, walked by the path engine, or text that
/// did not parse (reported when the decoder runs, so that building a pipeline never throws).
enum PipelinePath: Sendable {
  case keyPath(JSONKeyPath)
  case pointer(JSONPointer)
  case invalid(String)

  /// Key-path text (``JSONKeyPath``'s grammar).
  init(parsing text: String) {
    do throws(JSONKeyPathError) { self = .keyPath(try JSONKeyPath(text)) } catch { self = .invalid(error.description) }
  }

  /// The path from the value looked in to the value found, for errors below it.
  func keyPath(in value: AnyJSONNode) -> JSONKeyPath {
    switch self {
    case .keyPath(let keyPath): return keyPath
    case .invalid: return .root
    case .pointer(let pointer):
      // A token is an index where it steps into an array.
      var at = JSONKeyPath.root
      for (position, token) in pointer.tokens.enumerated() {
        let parent = try? value.resolve(JSONPointer(tokens: Array(pointer.tokens.prefix(position))))
        at = at.appending(parent?.kind == .array ? .index(Int(token) ?? 0) : .key(token))
      }
      return at
    }
  }
}

/// What a path lookup found.
enum PathLookup {
  case found(AnyJSONNode)
  /// Not there; the error says which key or index is missing, where.
  case missing(JSONDecodingError)
}
