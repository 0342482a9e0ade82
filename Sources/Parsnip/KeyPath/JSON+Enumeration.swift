extension JSON {
  /// The elements of an array or the members of an object, in document order, each with its key-path component.
  ///
  /// Elements of an array come with ``JSONKeyPath/Component/index(_:)``, members of an object with
  /// ``JSONKeyPath/Component/key(_:)``, so `path.appending(element.key)` is the path of each element.
  ///
  /// ```swift
  /// let json: JSON = ["employees": ["jim", "barb", "sam"]]
  /// for (key, element) in try json.elements(at: "employees") {
  ///   print("element: \(element) at \(key)")  // → element: "jim" at [0] …
  /// }
  /// ```
  public struct Elements: RandomAccessCollection, Sendable {
    /// One element with its position: `(key: .index(0), value: "jim")` or `(key: .key("gavin"), value: …)`.
    public typealias Element = (key: JSONKeyPath.Component, value: JSON)

    private enum Storage: Sendable {
      case array([JSON])
      case object(JSONObject)
    }

    private let storage: Storage

    init?(_ json: JSON) {
      switch json {
      case .array(let elements): storage = .array(elements)
      case .object(let object): storage = .object(object)
      default: return nil
      }
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }

    /// The position after the last element.
    public var endIndex: Int {
      switch storage {
      case .array(let elements): elements.count
      case .object(let object): object.count
      }
    }

    /// The element at `position` with its key-path component.
    ///
    /// - Parameter position: A valid position.
    public subscript(position: Int) -> Element {
      switch storage {
      case .array(let elements): (.index(position), elements[position])
      case .object(let object): (.key(object[position].key), object[position].value)
      }
    }
  }

  /// The elements of the array or members of the object at a key path, in document order.
  ///
  /// - Parameter keyPath: Key-path text (see ``JSONKeyPath``).
  /// - Returns: A collection of `(key, value)` pairs, keys being indices for arrays and names for objects.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere, or
  ///   ``JSONKeyPathError/Kind-swift.enum/typeMismatch(expected:found:)`` when the value there is not a container.
  /// - Complexity: O(*k*) for a path of *k* components; the elements are not copied.
  public func elements(at keyPath: String) throws(JSONKeyPathError) -> Elements {
    try elements(at: JSONKeyPath(keyPath))
  }

  /// The elements of the array or members of the object at a key path, in document order.
  ///
  /// - Parameter keyPath: The path.
  /// - Returns: A collection of `(key, value)` pairs, keys being indices for arrays and names for objects.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or the value there is not a container.
  public func elements(at keyPath: JSONKeyPath) throws(JSONKeyPathError) -> Elements {
    let container = try resolve(keyPath)
    guard let elements = Elements(container) else {
      throw JSONKeyPathError(.typeMismatch(expected: "array or object", found: container.kind), keyPath: keyPath)
    }
    return elements
  }

  /// Calls `body` with each element of the array, or each member of the object, at a key path, in document order.
  ///
  /// ```swift
  /// let json: JSON = ["managers": ["racheal": ["dept": "HR", "salary": 123], "gavin": ["dept": "RND", "salary": 122]]]
  /// try json.enumerate(at: "managers") { key, element in
  ///   print("element: \(element) for key \(key)")
  /// }
  /// // element: {"dept":"HR","salary":123} for key racheal
  /// // element: {"dept":"RND","salary":122} for key gavin
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - body: Called with `.index(i)` and the element for arrays, `.key(name)` and the value for objects.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or not to a container; any error `body` throws,
  ///   which stops the enumeration.
  public func enumerate(
    at keyPath: String, _ body: (_ key: JSONKeyPath.Component, _ element: JSON) throws -> Void
  ) throws {
    for (key, element) in try elements(at: keyPath) { try body(key, element) }
  }

  /// Calls `body` with each element of the array, or each member of the object, at a key path, in document order.
  ///
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - body: Called with `.index(i)` and the element for arrays, `.key(name)` and the value for objects.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or not to a container; any error `body` throws,
  ///   which stops the enumeration.
  public func enumerate(
    at keyPath: JSONKeyPath, _ body: (_ key: JSONKeyPath.Component, _ element: JSON) throws -> Void
  ) throws {
    for (key, element) in try elements(at: keyPath) { try body(key, element) }
  }
}
