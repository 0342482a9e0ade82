/// Coding paths of ``ParsnipDecoder``: derived from the tape when an error or a report needs one, never tracked while
/// decoding.
///
/// Every value the decoder reads is a node of the tape, and the tape's structure (each container knows where it
/// ends) gives the chain of members and elements from the root to any node in O(depth × siblings). So containers
/// carry only their node index, decoding a nested value pushes nothing, and the `[CodingKey]` array is built only
/// when someone asks for `codingPath` or an error is thrown. This is cheaper than the linked list Foundation keeps,
/// and it cannot go stale when a type keeps several nested containers open at once.
///
/// Keys on a derived path are the member names as the key strategy presents them: as written with
/// `.useDefaultKeys`, camelCased (Foundation's conversion) with `.convertFromSnakeCase`, and converted by the closure
/// with `.custom`. Indices are keys whose `intValue` is the index and whose `stringValue` is `"Index n"`, as in
/// Foundation.
enum CodingPathComponent: Sendable, Hashable {
  /// A member name.
  case key(String)
  /// An array position.
  case index(Int)

  /// The component of a coding key: an index when the key is Foundation's or Parsnip's index key.
  init(_ key: any CodingKey) {
    if let index = key.intValue, key.stringValue == "Index \(index)" {
      self = .index(index)
    } else {
      self = .key(key.stringValue)
    }
  }

  /// The component as a coding key.
  var codingKey: PathCodingKey {
    switch self {
    case .key(let name): PathCodingKey(stringValue: name)
    case .index(let index): PathCodingKey(index: index)
    }
  }
}

/// The one coding key Parsnip makes itself, for any member name or array index: on the decoder's derived paths and
/// member lookups, the encoders' keys, and the model layer's.
struct PathCodingKey: CodingKey, Sendable, Hashable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init?(intValue: Int) {
    self.stringValue = "\(intValue)"
    self.intValue = intValue
  }

  /// An array position, spelled as Foundation spells it.
  init(index: Int) {
    self.stringValue = "Index \(index)"
    self.intValue = index
  }

  /// The key Foundation uses for `superDecoder()`.
  static let `super` = PathCodingKey(stringValue: "super")
}

/// The one dotted rendering of a path, in the grammar of ``JSONKeyPath`` (`users[3].email`, `a["x.y"]`, `[""]`):
/// ``JSONKeyPath/description`` (and so every ``JSONKeyPathError`` and ``JSONDecodingError``), the decoder's
/// `DecodingError` messages and ``ParsnipDecoder/Report`` paths, and the encoders' and the model layer's messages all
/// write paths with it, so a path printed anywhere reads back with `JSONKeyPath(_:)` (except where ``message(_:)``
/// elides a very long one). The other two renderings are the standard ones: ``JSONPointer`` and RFC 9535 normalized
/// paths (``JSONPath/NormalizedPath``, ``JSONWritingError/path``).
enum CodingPathRendering {
  /// A coding path as key-path text: `users[3].email`, with `["odd.key"]` for names that cannot stand bare.
  static func render(_ path: [any CodingKey]) -> String {
    render(path.map(CodingPathComponent.init))
  }

  /// A path as key-path text: `users[3].email`.
  static func render(_ path: [CodingPathComponent]) -> String {
    var out = ""
    for component in path { append(component, to: &out) }
    return out
  }

  /// Appends one component to a rendered path.
  static func append(_ component: CodingPathComponent, to out: inout String) {
    switch component {
    case .index(let index): appendIndex(index, to: &out)
    case .key(let name): appendKey(name, to: &out)
    }
  }

  /// Appends an array position: `[3]`.
  static func appendIndex(_ index: Int, to out: inout String) {
    out += "[\(index)]"
  }

  /// Appends a member name: `.name` (no dot at the start), or `["name"]` with `"` and `\` escaped when the name is
  /// empty or holds a character of the key-path grammar (`.`, `[`, `]`, `"`, `\`).
  static func appendKey(_ name: String, to out: inout String) {
    if JSONKeyPath.isBareName(name) {
      if !out.isEmpty { out += "." }
      out += name
      return
    }
    out += "[\""
    for scalar in name.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
      out.unicodeScalars.append(scalar)
    }
    out += "\"]"
  }

  /// `PATH: ` for the start of a decoding error's message (control characters escaped), or nothing at the root.
  static func messagePrefix(_ path: [any CodingKey]) -> String {
    messagePrefix(rendered: render(path))
  }

  /// `PATH: ` for a path already rendered.
  static func messagePrefix(rendered: String) -> String {
    rendered.isEmpty ? "" : Excerpt.printable(rendered) + ": "
  }

  /// Components shown at each end of a long path in ``message(_:)``; the middle is elided, so a message stays short
  /// however deep the failure (a 100 000-level path would otherwise be a megabyte of message).
  static let shownAtEachEnd = 8
  /// The longest key ``message(_:)`` shows whole.
  static let longestKey = 64

  /// A coding path for an encoding or model error message: `<root>` for the empty path, the middle of a long path
  /// elided (`…(12 more)…`), long keys cut; otherwise ``render(_:)-([any CodingKey])``. A key counts as an array
  /// position when it has an `intValue` and its `stringValue` is the index or `Index n`, as the encoders' keys are.
  static func message(_ path: [any CodingKey]) -> String {
    if path.isEmpty { return "<root>" }
    var text = ""
    let elides = path.count > 2 * shownAtEachEnd
    for (position, key) in path.enumerated() {
      if elides, position >= shownAtEachEnd, position < path.count - shownAtEachEnd {
        if position == shownAtEachEnd { text += "…(\(path.count - 2 * shownAtEachEnd) more)…" }
        continue
      }
      if let index = key.intValue, key.stringValue == String(index) || key.stringValue.hasPrefix("Index ") {
        appendIndex(index, to: &text)
      } else {
        let name = key.stringValue
        appendKey(name.count > longestKey ? name.prefix(longestKey) + "…" : name, to: &text)
      }
    }
    return Excerpt.printable(text)
  }
}

extension DecodingState {
  /// One step of the chain to a node: the container, and the member's key node (-1 for an element) or the index.
  struct TapeStep {
    var container: Int
    var keyNode: Int
    var index: Int
  }

  /// The chain of members and elements from the root to `target`: each member as its key node, each element as its
  /// index. A key node as `target` ends the chain with that key.
  func pathNodes(to target: Int) -> [TapeStep] {
    var result: [TapeStep] = []
    var node = 0
    guard target >= 0, target < documentEnd else { return result }
    while node < target {
      let kind = rawKind(node)
      guard kind == Tape.Kind.array.rawValue || kind == Tape.Kind.object.rawValue, target < end(node) else { break }
      let isArray = kind == Tape.Kind.array.rawValue
      if isArray, end(node) - node - 1 == count(node) {
        // Only scalar elements: the index is the distance from the first element.
        result.append(TapeStep(container: node, keyNode: -1, index: target - node - 1))
        break
      }
      // Walk the children, resuming where the last walk in this container stopped when that is before `target`
      // (errors usually come in document order).
      var child = node + 1
      var index = 0
      let slot = node & 63
      if pathCache.isEmpty { pathCache = Array(repeating: (-1, 0, 0), count: 64) }
      if pathCache[slot].container == node, pathCache[slot].child <= target {
        child = pathCache[slot].child
        index = pathCache[slot].index
      }
      let step = isArray ? 0 : 1  // an object's children are key nodes, followed by their values
      while next(child + step) <= target {
        child = next(child + step)
        index += 1
      }
      pathCache[slot] = (node, child, index)
      if isArray {
        result.append(TapeStep(container: node, keyNode: -1, index: index))
        node = child
      } else {
        result.append(TapeStep(container: node, keyNode: child, index: 0))
        if child == target { break }
        node = child + 1
      }
    }
    return result
  }

  /// The coding path to a node, with member names presented by the key strategy.
  func codingPath(to target: Int) -> [any CodingKey] {
    var path = rootPath
    for step in pathNodes(to: target) {
      if step.keyNode < 0 {
        path.append(PathCodingKey(index: step.index))
      } else {
        path.append(presentedKey(keyNode: step.keyNode, in: step.container, parentPath: path))
      }
    }
    return path
  }

  /// A member name of `container` as the key strategy shows it on coding paths: as written for the keys of a
  /// `[String: Value]` being decoded, which the strategy never converts (Foundation's rule).
  func presentedKey(keyNode: Int, in container: Int, parentPath: [any CodingKey]) -> any CodingKey {
    let name = string(ofKey: keyNode)
    if verbatimObjects.contains(container) { return PathCodingKey(stringValue: name) }
    switch options.keyDecodingStrategy {
    case .useDefaultKeys: return PathCodingKey(stringValue: name)
    case .convertFromSnakeCase: return PathCodingKey(stringValue: KeyConversion.convertFromSnakeCase(name))
    case .custom(let convert): return convert(parentPath + [PathCodingKey(stringValue: name)])
    }
  }
}
