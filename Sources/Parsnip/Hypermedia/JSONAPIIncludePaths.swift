/// An include list in JSON:API's own syntax: comma-separated dotted relationship paths, `author,comments.author`.
///
/// A path names the relationships to resolve from the primary resources, then from the resources reached, and so
/// on; `comments.author` also resolves `comments`.
///
/// ```swift
/// let include = try JSONAPIIncludePaths("author,comments.author")
/// include.names                        // → ["author", "comments"]
/// include["comments"]?.names           // → ["author"]
/// ```
///
/// The paths are kept as one flat table of levels shared by every level reached through the subscript, so
/// parsing, comparing and releasing a list take no stack per dot: a path of 100 000 names is as safe as a short
/// one.
public struct JSONAPIIncludePaths: Sendable, Hashable {
  /// Every level of the list: for each, the relationship names resolved there and the level below each. Level 0
  /// is the whole list. Never changed once built.
  private final class Levels: Sendable {
    let children: [[String: Int]]
    init(_ children: [[String: Int]]) { self.children = children }
  }

  private let levels: Levels
  /// This level's index in `levels`.
  private let level: Int

  /// Parses an include list.
  /// - Parameter text: The list, as in `?include=`.
  /// - Throws: ``JSONAPIError`` (``JSONAPIError/Kind/invalidIncludePath(_:)``) for an empty path or name.
  public init(_ text: String) throws(JSONAPIError) {
    var children: [[String: Int]] = [[:]]
    // Split by scalars, not Characters: a combining mark after ',' or '.' must not hide it.
    for path in text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false) {
      var level = 0
      for scalars in path.split(separator: ".", omittingEmptySubsequences: false) {
        guard !scalars.isEmpty else { throw JSONAPIError(.invalidIncludePath(text), at: .root) }
        let name = String(String.UnicodeScalarView(scalars))
        if let below = children[level][name] {
          level = below
        } else {
          children[level][name] = children.count
          level = children.count
          children.append([:])
        }
      }
    }
    levels = Levels(children)
    level = 0
  }

  private init(_ levels: Levels, level: Int) {
    self.levels = levels
    self.level = level
  }

  /// The relationship names resolved at this level, sorted.
  public var names: [String] { levels.children[level].keys.sorted() }

  /// What to resolve below the relationship `name`, or `nil` when `name` is not resolved.
  public subscript(name: String) -> JSONAPIIncludePaths? {
    levels.children[level][name].map { JSONAPIIncludePaths(levels, level: $0) }
  }

  /// Calls `body` with the names of this level and of every level below it, depth first in name order, and `nil`
  /// after each level's last name: the same sequence for equal lists. Walked with a stack of its own.
  private func forEachToken(_ body: (String?) -> Bool) -> Bool {
    var pending: [(names: [String], next: Int, level: Int)] = [(names, 0, level)]
    while let top = pending.indices.last {
      let (names, next, level) = pending[top]
      guard next < names.count else {
        pending.removeLast()
        if !body(nil) { return false }
        continue
      }
      pending[top].next += 1
      if !body(names[next]) { return false }
      let below = levels.children[level][names[next]]!
      pending.append((levels.children[below].keys.sorted(), 0, below))
    }
    return true
  }

  /// Whether two lists name the same paths.
  public static func == (lhs: JSONAPIIncludePaths, rhs: JSONAPIIncludePaths) -> Bool {
    if lhs.levels === rhs.levels, lhs.level == rhs.level { return true }
    var tokens: [String?] = []
    _ = lhs.forEachToken {
      tokens.append($0)
      return true
    }
    var k = 0
    let same = rhs.forEachToken { token in
      guard k < tokens.count, tokens[k] == token else { return false }
      k += 1
      return true
    }
    return same && k == tokens.count
  }

  /// Hashes the paths named (equal lists hash alike).
  public func hash(into hasher: inout Hasher) {
    _ = forEachToken {
      hasher.combine($0)
      return true
    }
  }
}
