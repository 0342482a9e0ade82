import Foundation

/// Why a value could not be read, found on the hot path without building any text; the container that asked turns
/// it into a `DecodingError` with the coding path, only when it is thrown.
struct ValueFailure: Error {
  enum Reason {
    /// The value has another JSON type (`valueNotFound` when it is `null`).
    case mismatch
    /// The value has the right JSON type but does not fit (a number out of range, a malformed date...).
    case corrupted(String)
  }

  var reason: Reason
  /// The type that was asked for (`[String: Any]` / `[Any]` for containers, as in Foundation).
  var expected: Any.Type
  var node: Int

  static func mismatch(_ expected: Any.Type, _ node: Int) -> ValueFailure {
    ValueFailure(reason: .mismatch, expected: expected, node: node)
  }

  static func corrupted(_ message: String, _ expected: Any.Type, _ node: Int) -> ValueFailure {
    ValueFailure(reason: .corrupted(message), expected: expected, node: node)
  }
}

extension DecodingState {
  /// A context whose description reads `PATH: MESSAGE (line L, column C)`.
  func context(
    codingPath: [any CodingKey], node: Int?, message: String, underlyingError: (any Error)? = nil
  ) -> DecodingError.Context {
    var text = ""
    let rendered = CodingPathRendering.render(codingPath)
    if !rendered.isEmpty { text = rendered + ": " }
    text += message
    if let node, node < documentEnd, isOpen, parent == nil {
      let (line, column) = SourceLocation.lineAndColumn(of: view.pointee.sourceOffset(of: node), in: source)
      text += " (line \(line), column \(column))"
    }
    return DecodingError.Context(codingPath: codingPath, debugDescription: text, underlyingError: underlyingError)
  }

  /// The `DecodingError` for a failure, on the path to its node (or on `path` for a decoder over a missing member).
  @inline(never)
  func decodingError(_ failure: ValueFailure) -> DecodingError {
    let node = failure.node
    let codingPath = codingPath(to: node)
    let location: Int? = parent == nil ? node : nil
    switch failure.reason {
    case .mismatch:
      let message = "expected \(Self.describe(type: failure.expected)), found \(describe(node: node))"
      let context = self.context(codingPath: codingPath, node: location, message: message)
      return rawKind(node) == Tape.Kind.null.rawValue
        ? DecodingError.valueNotFound(failure.expected, context) : DecodingError.typeMismatch(failure.expected, context)
    case .corrupted(let message):
      return DecodingError.dataCorrupted(context(codingPath: codingPath, node: location, message: message))
    }
  }

  /// `keyNotFound` for a member missing from `object`.
  @inline(never)
  func keyNotFound(_ key: any CodingKey, in object: Int, lookedUpAs converted: String? = nil) -> DecodingError {
    var message = "key \"\(key.stringValue)\" not found"
    if let converted, converted != key.stringValue { message += " (looked for \"\(converted)\")" }
    return DecodingError.keyNotFound(key, context(codingPath: codingPath(to: object), node: object, message: message))
  }

  /// `valueNotFound` for reading past the end of an array.
  @inline(never)
  func atEnd(_ type: Any.Type, array: Int, index: Int) -> DecodingError {
    DecodingError.valueNotFound(
      type,
      context(
        codingPath: codingPath(to: array) + [PathCodingKey(index: index)], node: array,
        message: "Unkeyed container is at end: expected \(Self.describe(type: type)) at index \(index), "
          + "but the array has \(index) elements"))
  }

  /// The error for a container or decoder used after its decode call returned.
  /// A JSON value for a message: `null`, `true`, `a number (12.5)`, `a string ("abc")`, `an array`, `an object`.
  func describe(node: Int) -> String {
    let view = self.view.pointee
    switch tape.kind(node) {
    case .null: return "null"
    case .true: return "true"
    case .false: return "false"
    case .number:
      return "a number (\(view.numberText(node)))"
    case .string:
      var text = string(ofKey: node)
      if text.count > 24 { text = String(text.prefix(21)) + "..." }
      return "a string (\"\(text)\")"
    case .array: return "an array"
    case .object: return "an object"
    case .end: return "the end of a container"
    }
  }

  /// A Swift type for a message: `an Int`, `a String`, `an object` for keyed containers, `an array` for unkeyed ones.
  static func describe(type: Any.Type) -> String {
    if type == [String: Any].self { return "an object" }
    if type == [Any].self { return "an array" }
    let name = String(describing: type)
    let article = name.first.map { "AEIOaeio".contains($0) } == true ? "an" : "a"
    return "\(article) \(name)"
  }

}
