import Foundation

extension JSONPatch {
  /// Reads a patch from its JSON form: an array of operation objects.
  ///
  /// Members other than `op`, `path`, `from` and `value` are ignored (RFC 6902 section 4). Reading stops at the
  /// first invalid operation.
  ///
  /// - Parameter json: The patch document.
  /// - Throws: ``JSONPatchError`` with ``JSONPatchError/isMalformed`` set, naming the operation index and what is
  ///   wrong: not an array, an operation that is not an object, a missing `op`, `path`, `from` (move, copy) or
  ///   `value` (add, replace, test), a member of the wrong type, an unknown `op`, an invalid pointer.
  /// - Complexity: O(*n*) in the number of operations plus the length of their pointers.
  public init(_ json: JSON) throws(JSONPatchError) {
    guard case .array(let elements) = json else { throw JSONPatchError(.notAnArray(found: json.kind)) }
    var operations: [Operation] = []
    operations.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      operations.append(try Operation(element, index: index))
    }
    self.init(operations: operations)
  }

  /// Parses patch text, rejecting repeated member names as RFC 6902 section 4 requires (appendix A.13).
  ///
  /// ```swift
  /// try JSONPatch(parsing: #"[{"op": "add", "path": "/baz", "value": "qux", "op": "remove"}]"#)
  /// // throws: invalid JSON Patch text: 1:48: duplicate key "op" in object
  /// ```
  ///
  /// - Parameter text: JSON text of a patch document.
  /// - Throws: ``JSONPatchError`` of kind ``JSONPatchError/Kind-swift.enum/invalidText(_:)`` when the text is not
  ///   JSON or repeats a member name; otherwise as ``init(_:)``.
  public init(parsing text: some StringProtocol) throws(JSONPatchError) {
    let json: JSON
    do { json = try JSON(parsing: text, options: JSON.ParsingOptions(duplicateKeys: .reject)) } catch {
      throw JSONPatchError(.invalidText(error))
    }
    try self.init(json)
  }

  /// Parses patch text from bytes, rejecting repeated member names as RFC 6902 section 4 requires.
  ///
  /// - Parameter bytes: UTF-8 JSON text of a patch document.
  /// - Throws: ``JSONPatchError`` as for ``init(parsing:)-(StringProtocol)``.
  public init(parsing bytes: some ContiguousBytes) throws(JSONPatchError) {
    let json: JSON
    do { json = try JSON(parsing: bytes, options: JSON.ParsingOptions(duplicateKeys: .reject)) } catch {
      throw JSONPatchError(.invalidText(error))
    }
    try self.init(json)
  }

  /// The patch in its JSON form: an array of objects with members `op`, then `from` and `path`, then `value`.
  public var json: JSON {
    .array(operations.map(\.json))
  }
}

extension JSONPatch.Operation {
  /// Reads one operation object.
  ///
  /// - Parameters:
  ///   - json: The operation object.
  ///   - index: Its position in the patch, for errors.
  /// - Throws: ``JSONPatchError`` with ``JSONPatchError/isMalformed`` set when the object is not a valid operation.
  public init(_ json: JSON, index: Int = 0) throws(JSONPatchError) {
    guard case .object(let object) = json else {
      throw JSONPatchError(.operationNotAnObject(found: json.kind), operationIndex: index)
    }
    guard let op = object["op"] else { throw JSONPatchError(.missingMember("op"), operationIndex: index) }
    guard case .string(let name) = op else {
      throw JSONPatchError(.memberNotAString("op", found: op.kind), operationIndex: index)
    }
    func fail(_ kind: JSONPatchError.Kind) -> JSONPatchError {
      JSONPatchError(kind, operationIndex: index, operationName: name)
    }
    func pointer(_ member: String) throws(JSONPatchError) -> JSONPointer {
      guard let value = object[member] else { throw fail(.missingMember(member)) }
      guard case .string(let text) = value else { throw fail(.memberNotAString(member, found: value.kind)) }
      do { return try JSONPointer(text) } catch { throw fail(.invalidPointer(member: member, error)) }
    }
    func value() throws(JSONPatchError) -> JSON {
      guard let value = object["value"] else { throw fail(.missingMember("value")) }
      return value
    }
    switch name {
    case "add": self = .add(path: try pointer("path"), value: try value())
    case "remove": self = .remove(path: try pointer("path"))
    case "replace": self = .replace(path: try pointer("path"), value: try value())
    case "move":
      let path = try pointer("path")
      self = .move(from: try pointer("from"), path: path)
    case "copy":
      let path = try pointer("path")
      self = .copy(from: try pointer("from"), path: path)
    case "test": self = .test(path: try pointer("path"), value: try value())
    default: throw JSONPatchError(.unknownOperation(name), operationIndex: index)
    }
  }

  /// The operation as a JSON object, for example `{"op":"move","from":"/a","path":"/b"}`.
  public var json: JSON {
    var object: JSONObject = ["op": .string(name)]
    if let from { object["from"] = .string(from.description) }
    object["path"] = .string(path.description)
    if let value { object["value"] = value }
    return .object(object)
  }
}
