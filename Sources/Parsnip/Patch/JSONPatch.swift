/// A JSON Patch (RFC 6902): a list of operations that change a JSON document.
///
/// Read a patch from its JSON form with ``init(_:)`` (or from text with ``init(parsing:)-(StringProtocol)``), apply it with
/// ``apply(to:options:)``, compute one with ``diff(from:to:)``, and write it back with ``json``.
///
/// ```swift
/// let patch = try JSONPatch(JSON(parsing: #"""
///   [{"op": "add", "path": "/baz", "value": "qux"}, {"op": "remove", "path": "/foo/0"}]
///   """#))
/// try patch.apply(to: ["foo": ["bar", "x"]])  // → {"foo":["x"],"baz":"qux"}
/// JSONPatch.diff(from: ["a": 1], to: ["a": 2]).json  // → [{"op":"replace","path":"/a","value":2}]
/// ```
public struct JSONPatch: Sendable, Hashable {
  /// One JSON Patch operation (RFC 6902 section 4).
  public enum Operation: Sendable, Hashable {
    /// Adds `value` at `path`: a new or replaced object member, or an element inserted into an array
    /// (`-` appends). The parent of `path` must exist.
    case add(path: JSONPointer, value: JSON)
    /// Removes the value at `path`, which must exist.
    case remove(path: JSONPointer)
    /// Replaces the value at `path`, which must exist.
    case replace(path: JSONPointer, value: JSON)
    /// Removes the value at `from` and adds it at `path`; `from` must not be a proper prefix of `path`.
    case move(from: JSONPointer, path: JSONPointer)
    /// Adds a copy of the value at `from` at `path`.
    case copy(from: JSONPointer, path: JSONPointer)
    /// Checks that the value at `path` equals `value` (numbers by value, objects regardless of member order).
    case test(path: JSONPointer, value: JSON)

    /// The `op` name: `add`, `remove`, `replace`, `move`, `copy` or `test`.
    public var name: String {
      switch self {
      case .add: "add"
      case .remove: "remove"
      case .replace: "replace"
      case .move: "move"
      case .copy: "copy"
      case .test: "test"
      }
    }

    /// The target location.
    public var path: JSONPointer {
      switch self {
      case .add(let path, _), .remove(let path), .replace(let path, _), .move(_, let path), .copy(_, let path),
        .test(let path, _):
        path
      }
    }

    /// The source location of `move` and `copy`; `nil` for the others.
    public var from: JSONPointer? {
      switch self {
      case .move(let from, _), .copy(let from, _): from
      default: nil
      }
    }

    /// The value of `add`, `replace` and `test`; `nil` for the others.
    public var value: JSON? {
      switch self {
      case .add(_, let value), .replace(_, let value), .test(_, let value): value
      default: nil
      }
    }
  }

  /// The operations, applied in order.
  public var operations: [Operation]

  /// Creates a patch from operations.
  ///
  /// - Parameter operations: The operations, applied in order.
  public init(operations: [Operation]) {
    self.operations = operations
  }

  /// Whether the patch has no operations.
  public var isEmpty: Bool { operations.isEmpty }
}

extension JSONPatch: ExpressibleByArrayLiteral {
  /// Creates a patch from a literal list of operations.
  ///
  /// - Parameter elements: The operations.
  public init(arrayLiteral elements: Operation...) { self.init(operations: elements) }
}

extension JSONPatch: CustomStringConvertible {
  /// The patch as compact JSON text.
  public var description: String { json.description }
}
