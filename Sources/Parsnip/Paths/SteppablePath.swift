/// A path that the path engine can follow: ``JSONKeyPath`` and ``JSONPointer``.
///
/// A path says how each of its steps addresses a container of a given kind; it knows nothing of trees or tapes,
/// so every reader (``PathWalker`` over any ``SteppableNode``, and ``PathEditing``) applies the same rules.
protocol SteppablePath {
  var stepCount: Int { get }
  /// How step `index` addresses a member of a container of kind `kind`; throws when the kind does not fit.
  func step(_ index: Int, in kind: JSON.Kind) throws(PathFailure) -> PathStep
  /// Step `index` as written: a pointer token, a key, or an index's digits (for messages).
  func stepText(_ index: Int) -> String
  /// The empty container to create for step `index` when `createIntermediates` is on and the value is missing.
  func newContainer(for index: Int) -> JSON

  /// The public error type of this kind of path.
  associatedtype PathError: Error
  /// The public error for a failure while following this path.
  func error(for failure: PathFailure) -> PathError
}

extension JSONPointer: SteppablePath {
  var stepCount: Int { tokens.count }

  func stepText(_ index: Int) -> String { tokens[index] }

  func step(_ index: Int, in kind: JSON.Kind) throws(PathFailure) -> PathStep {
    switch kind {
    case .object:
      return .member(tokens[index])
    case .array:
      switch ArrayIndex.token(tokens[index]) {
      case .index(let position): return .element(position)
      case .end: return .end
      case .tooLarge, .invalid: throw PathFailure(reason: .invalidIndex(tokens[index]), step: index)
      }
    default:
      throw PathFailure(reason: .notAContainer(expected: nil, found: kind), step: index)
    }
  }

  func newContainer(for index: Int) -> JSON {
    tokens[index] == "-" || tokens[index] == "0" ? .array([]) : .object(JSONObject())
  }

  /// The public error for a failure while following this pointer.
  func error(for failure: PathFailure) -> JSONPointerError {
    let kind: JSONPointerError.Kind
    switch failure.reason {
    case .keyNotFound(let key): kind = .keyNotFound(key)
    case .indexOutOfRange(let index, let count): kind = .indexOutOfRange(index: index, count: count)
    case .invalidIndex(let token): kind = .invalidArrayIndex(token)
    case .pastTheEnd(let count): kind = .pastTheEnd(count: count)
    case .notAContainer(_, let found): kind = .notAContainer(found)
    case .cannotRemoveRoot: return JSONPointerError(.cannotRemoveRoot, text: description)
    case .nestingTooDeep(let limit): kind = .nestingTooDeep(limit: limit)
    case .malformed: preconditionFailure("malformed text is reported as JSONParseError, not as a path error")
    }
    return JSONPointerError(kind, text: description, tokenIndex: failure.step)
  }
}

extension JSONKeyPath: SteppablePath {
  var stepCount: Int { components.count }

  func stepText(_ index: Int) -> String {
    switch components[index] {
    case .key(let key): key
    case .index(let position): String(position)
    }
  }

  func step(_ index: Int, in kind: JSON.Kind) throws(PathFailure) -> PathStep {
    switch (components[index], kind) {
    case (.key(let key), .object): return .member(key)
    case (.index(let position), .array): return .element(position)
    case (.key, _): throw PathFailure(reason: .notAContainer(expected: .object, found: kind), step: index)
    case (.index, _): throw PathFailure(reason: .notAContainer(expected: .array, found: kind), step: index)
    }
  }

  func newContainer(for index: Int) -> JSON {
    if case .index = components[index] { return .array([]) }
    return .object(JSONObject())
  }

  /// The public error for a failure while following this path.
  func error(for failure: PathFailure) -> JSONKeyPathError {
    let prefix = JSONKeyPath(components: Array(components.prefix(failure.step)))
    switch failure.reason {
    case .keyNotFound(let key), .invalidIndex(let key):
      return JSONKeyPathError(.noValueForKey(key), keyPath: prefix)
    case .indexOutOfRange(let index, let count):
      return JSONKeyPathError(.indexOutOfRange(index: index, count: count), keyPath: prefix)
    case .pastTheEnd(let count):
      return JSONKeyPathError(.indexOutOfRange(index: count, count: count), keyPath: prefix)
    case .notAContainer(let expected, let found):
      return JSONKeyPathError(
        .typeMismatch(expected: expected?.description ?? "array or object", found: found), keyPath: prefix)
    case .cannotRemoveRoot:
      return JSONKeyPathError(.cannotRemoveRoot)
    case .nestingTooDeep(let limit):
      return JSONKeyPathError(.nestingTooDeep(limit: limit), keyPath: prefix)
    case .malformed(let error):
      return JSONKeyPathError(.dataCorrupted(error.description), keyPath: prefix, underlyingError: error)
    }
  }
}
