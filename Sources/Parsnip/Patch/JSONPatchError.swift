/// An error reading a JSON Patch document, or applying one.
///
/// ``isMalformed`` separates a patch that is not a valid RFC 6902 document (not an array, an operation without
/// `path`, an unknown `op`, a bad pointer) from a valid patch that does not apply to the given document (a missing
/// target, a failed `test`). ``operationIndex`` names the zero-based operation at fault.
///
/// ```swift
/// let patch = try JSONPatch(JSON(parsing: #"[{"op": "test", "path": "/baz", "value": "bar"}]"#))
/// do { _ = try patch.apply(to: ["baz": "qux"]) } catch {
///   print(error)  // → operation 0 (test) failed: the value at /baz is "qux", expected "bar"
/// }
/// ```
public struct JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The patch text is not JSON (or repeats a member name, which RFC 6902 section 4 forbids).
    case invalidText(JSONParseError)
    /// The patch document is not an array of operations.
    case notAnArray(found: JSON.Kind)
    /// An operation is not an object.
    case operationNotAnObject(found: JSON.Kind)
    /// An operation lacks a required member: `op`, `path`, `from` (move, copy) or `value` (add, replace, test).
    case missingMember(String)
    /// A member that must be a string (`op`, `path`, `from`) is not one.
    case memberNotAString(String, found: JSON.Kind)
    /// `op` is not one of add, remove, replace, move, copy, test.
    case unknownOperation(String)
    /// `path` or `from` is not a valid JSON Pointer.
    case invalidPointer(member: String, JSONPointerError)
    /// The operation's `path` or `from` does not lead to a place where the operation can happen.
    case unresolvablePointer(member: String, JSONPointerError)
    /// A `test` operation found a different value at `path` (a missing value is
    /// ``unresolvablePointer(member:_:)`` instead).
    case testFailed(path: JSONPointer, expected: JSON, found: JSON)
    /// A `move` whose `from` is a proper prefix of its `path`: a value cannot move into its own child.
    case moveIntoDescendant(from: JSONPointer, path: JSONPointer)
    /// An operation would nest the document deeper than ``JSONPatch/ApplicationOptions/maximumDepth``.
    case nestingTooDeep(maximumDepth: Int)
    /// The operations would insert more than ``JSONPatch/ApplicationOptions/maximumAddedValues`` values.
    case tooManyValues(maximumAddedValues: Int)
    /// The operations would insert values whose text takes more than
    /// ``JSONPatch/ApplicationOptions/maximumAddedBytes`` bytes (estimated, see that option).
    case tooManyBytes(maximumAddedBytes: Int)
  }

  /// What went wrong.
  public var kind: Kind
  /// The zero-based index of the operation at fault, or `nil` when the document as a whole is at fault.
  public var operationIndex: Int?
  /// The operation's `op` name, when known.
  public var operationName: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - operationIndex: The operation at fault.
  ///   - operationName: That operation's `op`.
  public init(_ kind: Kind, operationIndex: Int? = nil, operationName: String? = nil) {
    self.kind = kind
    self.operationIndex = operationIndex
    self.operationName = operationName
  }

  /// Whether the patch document itself is invalid, as opposed to valid but not applicable to this document.
  public var isMalformed: Bool {
    switch kind {
    case .invalidText, .notAnArray, .operationNotAnObject, .missingMember, .memberNotAString, .unknownOperation,
      .invalidPointer:
      true
    case .unresolvablePointer, .testFailed, .moveIntoDescendant, .nestingTooDeep, .tooManyValues, .tooManyBytes:
      false
    }
  }

  /// A one-line explanation starting with the operation, for example
  /// `operation 2 (move): missing "from"`.
  public var description: String {
    var operation = ""
    if let operationIndex {
      operation = "operation \(operationIndex)"
      if let operationName { operation += " (\(Excerpt.abbreviated(operationName)))" }
    }
    let reason: String
    switch kind {
    case .invalidText(let error): return "invalid JSON Patch text: \(error)"
    case .notAnArray(let found): return "a JSON Patch must be an array of operations, found \(found)"
    case .operationNotAnObject(let found): reason = "must be an object, found \(found)"
    case .missingMember(let member): reason = "missing \"\(member)\""
    case .memberNotAString(let member, let found): reason = "\"\(member)\" must be a string, found \(found)"
    case .unknownOperation(let name):
      reason = "unknown op \(Excerpt.quoted(name)) (expected add, remove, replace, move, copy or test)"
    case .invalidPointer(let member, let error):
      reason = "\"\(member)\" is not a JSON pointer: \(error)"
    case .unresolvablePointer(let member, let error):
      reason = "\"\(member)\": \(error)"
    case .testFailed(let path, let expected, let found):
      let place = path.isRoot ? "the document" : "the value at \(Excerpt.abbreviated(path.description))"
      let foundText = Excerpt.abbreviated(found.description)
      let expectedText = Excerpt.abbreviated(expected.description)
      return "\(operation) failed: \(place) is \(foundText), expected \(expectedText)"
    case .moveIntoDescendant(let from, let path):
      reason =
        "cannot move \(Excerpt.abbreviated(from.description)) into its own child "
        + Excerpt.abbreviated(path.description)
    case .nestingTooDeep(let maximumDepth):
      reason = "the result would nest deeper than \(maximumDepth) levels"
    case .tooManyValues(let maximumAddedValues):
      reason = "the patch would add more than \(maximumAddedValues) values"
    case .tooManyBytes(let maximumAddedBytes):
      reason = "the patch would add more than \(maximumAddedBytes) bytes of values"
    }
    return operation.isEmpty ? reason : "\(operation): \(reason)"
  }
}
