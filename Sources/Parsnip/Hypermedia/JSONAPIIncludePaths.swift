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
public struct JSONAPIIncludePaths: Sendable, Hashable {
  /// The relationships to resolve at this level, each with what to resolve below it.
  private var children: [String: JSONAPIIncludePaths] = [:]

  /// Parses an include list.
  /// - Parameter text: The list, as in `?include=`.
  /// - Throws: ``JSONAPIError`` (``JSONAPIError/Kind/invalidIncludePath(_:)``) for an empty path or name.
  public init(_ text: String) throws(JSONAPIError) {
    for path in text.split(separator: ",", omittingEmptySubsequences: false) {
      let names = path.split(separator: ".", omittingEmptySubsequences: false)
      guard !names.contains(where: \.isEmpty) else { throw JSONAPIError(.invalidIncludePath(text), at: .root) }
      insert(names.map(String.init)[...])
    }
  }

  private init() {}

  private mutating func insert(_ names: ArraySlice<String>) {
    guard let first = names.first else { return }
    children[first, default: JSONAPIIncludePaths()].insert(names.dropFirst())
  }

  /// The relationship names resolved at this level, sorted.
  public var names: [String] { children.keys.sorted() }

  /// What to resolve below the relationship `name`, or `nil` when `name` is not resolved.
  public subscript(name: String) -> JSONAPIIncludePaths? { children[name] }
}
