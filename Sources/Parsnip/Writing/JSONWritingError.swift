/// A value that cannot be written as JSON text: what is wrong and where it is.
///
/// The description names the offending value with a path from the root, `$` followed by `.key` or `['odd key']`
/// for members and `[index]` for elements:
///
/// ```swift
/// let json: JSON = ["a": [1, 2, 3, .number(JSONNumber(Double.nan))]]
/// do {
///   _ = try json.bytes()
/// } catch {
///   error.path         // → "$.a[3]"
///   error.description  // → "$.a[3]: cannot write NaN: JSON has no representation for NaN or infinity"
/// }
/// ```
public struct JSONWritingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a writing error.
  public enum Kind: Sendable, Hashable {
    /// A NaN or infinite double, which JSON text cannot represent.
    case nonFiniteNumber
    /// In canonical mode, a number whose magnitude is beyond the double range (such as `1e400`): RFC 8785 writes
    /// numbers as IEEE 754 doubles.
    case numberOutOfRange
    /// Arrays and objects nested deeper than ``JSON/WritingOptions/maximumDepth``.
    case nestingTooDeep
  }

  /// One step of the path from the root to the offending value.
  public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
    /// An object member.
    case key(String)
    /// An array element (zero-based).
    case index(Int)

    /// `.name` for identifier-like keys, `['key']` (with `\'` and `\\` escaped) for others, `[index]` for elements.
    public var description: String {
      switch self {
      case .index(let index): return "[\(index)]"
      case .key(let key):
        if Self.isIdentifier(key) { return "." + key }
        var quoted = "['"
        for scalar in key.unicodeScalars {
          switch scalar {
          case "'": quoted += "\\'"
          case "\\": quoted += "\\\\"
          default: quoted.unicodeScalars.append(scalar)
          }
        }
        return quoted + "']"
      }
    }

    private static func isIdentifier(_ key: String) -> Bool {
      guard let first = key.utf8.first, first == UInt8(ascii: "_") || (first | 0x20) &- UInt8(ascii: "a") < 26 else {
        return false
      }
      return key.utf8.allSatisfy { b in
        b == UInt8(ascii: "_") || b.isDigit || (b | 0x20) &- UInt8(ascii: "a") < 26
      }
    }
  }

  /// What went wrong.
  public var kind: Kind
  /// A sentence describing the problem, without the path.
  public var message: String
  /// The steps from the root to the offending value; empty when it is the root.
  public var pathComponents: [PathComponent]

  /// Creates an error.
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The explanation.
  ///   - pathComponents: Where the offending value is.
  public init(kind: Kind, message: String, pathComponents: [PathComponent]) {
    self.kind = kind
    self.message = message
    self.pathComponents = pathComponents
  }

  /// The path of the offending value, such as `$.a[3]` or `$['first name']`.
  public var path: String { "$" + pathComponents.map(\.description).joined() }

  /// `PATH: MESSAGE`.
  public var description: String { "\(path): \(message)" }
}
