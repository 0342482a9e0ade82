/// A value that cannot be written as JSON text: what is wrong and where it is.
///
/// The description names the offending value by its RFC 9535 normalized path from the root (`$`, then `['key']` for
/// members and `[index]` for elements), the rendering of ``JSONPath/NormalizedPath`` and ``JSONKeyPath/normalizedPath``:
///
/// ```swift
/// let json: JSON = ["a": [1, 2, 3, .number(JSONNumber(Double.nan))]]
/// do {
///   _ = try json.bytes()
/// } catch {
///   error.path         // → "$['a'][3]"
///   error.description  // → "$['a'][3]: cannot write NaN: JSON has no representation for NaN or infinity"
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

    /// The step as a normalized-path segment: `['key']` (with RFC 9535's escapes) for members, `[index]` for
    /// elements.
    public var description: String {
      var out: [UInt8] = []
      append(to: &out)
      return String(decoding: out, as: UTF8.self)
    }

    /// Appends the step's normalized-path text.
    func append(to out: inout [UInt8]) {
      switch self {
      case .key(let key): NormalizedPathText.appendName(key, to: &out)
      case .index(let index): NormalizedPathText.appendIndex(index, to: &out)
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

  /// The normalized path of the offending value, such as `$['a'][3]`; `$` for the root.
  public var path: String {
    var out: [UInt8] = [UInt8(ascii: "$")]
    for component in pathComponents { component.append(to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// `PATH: MESSAGE`.
  public var description: String { "\(path): \(message)" }
}
