extension JSONPath {
  /// One node of a query result: a value and where it is in the queried value.
  public struct Node: Sendable, Hashable, CustomStringConvertible {
    /// The node's value.
    public var value: JSON
    /// The node's location, such as `$['store']['book'][0]`.
    public var path: NormalizedPath

    /// Creates a node.
    /// - Parameters:
    ///   - value: The value.
    ///   - path: The location.
    public init(value: JSON, path: NormalizedPath) {
      self.value = value
      self.path = path
    }

    /// `PATH: VALUE`, for example `$['a'][0]: 1`.
    public var description: String { "\(path): \(value)" }
  }
}
