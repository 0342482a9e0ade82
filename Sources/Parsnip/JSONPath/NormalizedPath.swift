extension JSONPath {
  /// The location of one node in a JSON value, as an RFC 9535 normalized path such as `$['store']['book'][0]`.
  ///
  /// A normalized path names exactly one node: a sequence of member names and non-negative array indices that
  /// lead from the root to the node. Its ``description`` uses the canonical syntax of RFC 9535 section 2.7
  /// (single-quoted names, minimal escaping), which is itself a valid JSONPath query selecting that node.
  ///
  /// The paths of a query result share one compact table that stores each step once, with a link to its parent,
  /// so a query does not build a string or an array per result; the text and the ``elements`` are produced when
  /// you ask for them.
  ///
  /// ```swift
  /// let path = JSONPath.NormalizedPath([.name("store"), .name("book"), .index(0)])
  /// path.description  // → "$['store']['book'][0]"
  /// ```
  public struct NormalizedPath: Sendable {
    /// One step of a normalized path.
    public enum Element: Sendable, Hashable, CustomStringConvertible {
      /// An object member, by name.
      case name(String)
      /// An array element, by zero-based index.
      case index(Int)

      /// The step as a normalized path segment: `['name']` or `[0]`.
      public var description: String {
        var out: [UInt8] = []
        NormalizedPath.append(self, to: &out)
        return String(decoding: out, as: UTF8.self)
      }
    }

    /// The shared step table, or `nil` for the root.
    let table: PathTable?
    /// The last step's row in `table`.
    let row: Int

    init(table: PathTable?, row: Int) {
      self.table = row < 0 ? nil : table
      self.row = row < 0 ? -1 : row
    }

    /// Creates a path from its steps.
    /// - Parameter elements: The member names and array indices from the root to the node, outermost first.
    public init(_ elements: [Element]) {
      if elements.isEmpty {
        self.init(table: nil, row: -1)
      } else {
        self.init(
          table: PathTable(parents: Array(-1..<(elements.count - 1)), elements: elements),
          row: elements.count - 1)
      }
    }

    /// The path of the root node, `$`.
    public static var root: NormalizedPath { NormalizedPath(table: nil, row: -1) }

    /// The steps from the root to the node, outermost first; empty for the root.
    /// - Complexity: O(*d*), where *d* is the depth of the node.
    public var elements: [Element] {
      guard let table else { return [] }
      var result: [Element] = []
      var row = self.row
      while row >= 0 {
        result.append(table.elements[row])
        row = table.parents[row]
      }
      result.reverse()
      return result
    }

    /// The number of steps from the root to the node; `0` for the root.
    public var depth: Int {
      guard let table else { return 0 }
      var count = 0
      var row = self.row
      while row >= 0 {
        count += 1
        row = table.parents[row]
      }
      return count
    }

    /// Appends the RFC 9535 text of one step (written by `NormalizedPathText`, which the writer's errors share).
    static func append(_ element: Element, to out: inout [UInt8]) {
      switch element {
      case .index(let index): NormalizedPathText.appendIndex(index, to: &out)
      case .name(let name): NormalizedPathText.appendName(name, to: &out)
      }
    }
  }
}

extension JSONPath.NormalizedPath: CustomStringConvertible {
  /// The normalized path text, for example `$['a'][0]`; `$` for the root.
  ///
  /// Names are written in single quotes; `'`, `\` and control characters are escaped as RFC 9535 section 2.7
  /// requires (`\'`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, otherwise `\u00XX` in lowercase hex).
  /// - Complexity: O(*d* + *n*), where *d* is the depth and *n* the length of the names.
  public var description: String {
    guard let table else { return "$" }
    var rows: [Int] = []
    var row = self.row
    while row >= 0 {
      rows.append(row)
      row = table.parents[row]
    }
    var out: [UInt8] = [UInt8(ascii: "$")]
    out.reserveCapacity(rows.count * 8 + 1)
    for row in rows.reversed() { Self.append(table.elements[row], to: &out) }
    return String(decoding: out, as: UTF8.self)
  }
}

extension JSONPath.NormalizedPath: Hashable {
  /// Paths are equal when they have the same steps.
  /// - Parameters:
  ///   - lhs: A path.
  ///   - rhs: Another path.
  /// - Returns: Whether both name the same location.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.table === rhs.table && lhs.row == rhs.row { return true }
    var left = lhs.row
    var right = rhs.row
    // Walk both parent chains from the leaf; equal paths have equal steps at every level.
    while left >= 0 && right >= 0 {
      guard let leftTable = lhs.table, let rightTable = rhs.table else { return false }
      if leftTable === rightTable && left == right { return true }
      guard leftTable.elements[left] == rightTable.elements[right] else { return false }
      left = leftTable.parents[left]
      right = rightTable.parents[right]
    }
    return left < 0 && right < 0
  }

  /// Hashes the steps.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    guard let table else {
      hasher.combine(0)
      return
    }
    var row = self.row
    var count = 0
    while row >= 0 {
      hasher.combine(table.elements[row])
      count += 1
      row = table.parents[row]
    }
    hasher.combine(count)
  }
}

/// The steps of every path of one query result: row *i* is a step whose parent step is row `parents[i]`
/// (`-1` for a child of the root). Immutable once built, so results can share it across threads.
final class PathTable: Sendable {
  let parents: [Int]
  let elements: [JSONPath.NormalizedPath.Element]

  init(parents: [Int], elements: [JSONPath.NormalizedPath.Element]) {
    self.parents = parents
    self.elements = elements
  }
}
