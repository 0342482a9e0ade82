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

/// The coding key the decoder puts on derived paths, and uses to look members up by name.
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

enum CodingPathRendering {
  /// A path as a reader writes it: `users[3].email`, with `["odd key"]` for names that are not identifiers.
  static func render(_ path: [any CodingKey]) -> String {
    render(path.map(CodingPathComponent.init))
  }

  /// A path as a reader writes it: `users[3].email`.
  static func render(_ path: [CodingPathComponent]) -> String {
    var out = ""
    for component in path {
      switch component {
      case .index(let index):
        out += "[\(index)]"
      case .key(let name):
        if isIdentifier(name) {
          if !out.isEmpty { out += "." }
          out += name
        } else {
          out += "[\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\"]"
        }
      }
    }
    return out
  }

  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !(first.properties.numericType != nil) else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }
}

extension DecodingState {
  /// The chain of members and elements from the root to `target`: each member as its key node, each element as its
  /// index. A key node as `target` ends the chain with that key.
  func pathNodes(to target: Int) -> [(keyNode: Int, index: Int)] {
    var result: [(keyNode: Int, index: Int)] = []
    var node = 0
    guard target >= 0, target < documentEnd else { return result }
    while node < target {
      let kind = tape.rawKind(node)
      if kind == Tape.Kind.array.rawValue {
        let end = end(node)
        guard target < end else { break }
        var child = node + 1
        var index = 0
        while next(child) <= target {
          child = next(child)
          index += 1
        }
        result.append((-1, index))
        node = child
      } else if kind == Tape.Kind.object.rawValue {
        let end = end(node)
        guard target < end else { break }
        var key = node + 1
        while next(key + 1) <= target { key = next(key + 1) }
        result.append((key, 0))
        if key == target { break }
        node = key + 1
      } else {
        break
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
        path.append(presentedKey(keyNode: step.keyNode, parentPath: path))
      }
    }
    return path
  }

  /// A member name as the key strategy shows it on coding paths.
  func presentedKey(keyNode: Int, parentPath: [any CodingKey]) -> any CodingKey {
    let name = string(ofKey: keyNode)
    switch options.keyDecodingStrategy {
    case .useDefaultKeys: return PathCodingKey(stringValue: name)
    case .convertFromSnakeCase: return PathCodingKey(stringValue: KeyConversion.convertFromSnakeCase(name))
    case .custom(let convert): return convert(parentPath + [PathCodingKey(stringValue: name)])
    }
  }
}
