extension JSON {
  /// Performs `edit` at `path`, failing with the path's public error; returns the value replaced or removed.
  @discardableResult
  mutating func editing<P: SteppablePath>(
    _ edit: PathEditing.Edit, at path: P, createIntermediates: Bool = false
  ) throws(P.PathError) -> JSON? {
    do { return try PathEditing.perform(edit, in: &self, path: path, createIntermediates: createIntermediates) } catch {
      throw path.error(for: error)
    }
  }
}

/// Reads and edits values along a path without recursion and without copying untouched containers.
///
/// Edits move each container on the path out of its parent (leaving `null` behind) so that it stays uniquely
/// referenced and is mutated in place, then put everything back from the innermost level outwards. On failure,
/// containers created for `createIntermediates` are taken out again, so a failed edit leaves the value unchanged.
enum PathEditing {
  /// What to do at the last step.
  enum Edit {
    /// Add or replace an object member; replace an element or append at `count`/`-`.
    case set(JSON)
    /// Add or replace an object member; insert an element at `0...count` or append at `-` (RFC 6902 `add`).
    case insert(JSON)
    /// Replace an existing member or element (RFC 6902 `replace`).
    case replace(JSON)
    /// Remove an existing member or element.
    case remove
  }

  private enum Origin {
    /// The child existed and is put back.
    case existing
    /// The child was created as a new member or appended element; removed again on failure.
    case added
    /// The child replaced a `null`; `null` is put back on failure.
    case replacedNull
  }

  /// A container on the path, with its child taken out (left as `null`) while the edit goes on below it.
  private struct Frame {
    var container: JSON
    var step: PathStep
    var origin: Origin
  }

  /// Performs `edit` at `path` inside `root`.
  ///
  /// - Returns: The value that was replaced or removed, if any.
  @discardableResult
  static func perform<P: SteppablePath>(
    _ edit: Edit, in root: inout JSON, path: P, createIntermediates: Bool
  ) throws(PathFailure) -> JSON? {
    let count = path.stepCount
    guard count > 0 else {
      switch edit {
      case .set(let value), .insert(let value), .replace(let value):
        let old = root
        root = value
        return old
      case .remove:
        throw PathFailure(reason: .cannotRemoveRoot, step: 0)
      }
    }

    // Created containers nest one level per step: a path that could build more than a parse may is refused, since
    // releasing such a value recurses (see `JSON.maximumSupportedDepth`).
    if createIntermediates, count > JSON.maximumSupportedDepth {
      throw PathFailure(reason: .nestingTooDeep(limit: JSON.maximumSupportedDepth), step: JSON.maximumSupportedDepth)
    }
    var current = root
    root = .null  // keep `current` uniquely referenced
    var rootCreated = false
    if createIntermediates, current.isNull {
      current = path.newContainer(for: 0)
      rootCreated = true
    }
    var frames: [Frame] = []
    var failure: PathFailure?
    var result: JSON?

    var index = 0
    while index < count - 1 {
      let step: PathStep
      do { step = try path.step(index, in: current.kind) } catch {
        failure = error
        break
      }
      // `step(_:in:)` succeeded, so `current` is the container kind the step needs.
      let child: JSON
      let origin: Origin
      var storedStep = step
      if var object = current.movingOutObject() {
        guard case .member(let key) = step else { preconditionFailure("object steps are members") }
        if let existing = object[key], !(createIntermediates && existing.isNull) {
          child = existing
          origin = .existing
        } else if createIntermediates {
          child = path.newContainer(for: index + 1)
          origin = object[key] == nil ? .added : .replacedNull
        } else {
          current = .object(object)
          failure = PathFailure(reason: .keyNotFound(key), step: index)
          break
        }
        object[key] = .null  // drop the parent's reference to the child
        current = .object(object)
      } else if var array = current.movingOutArray() {
        let position: Int
        switch step {
        case .element(let value): position = value
        case .end: position = array.count
        case .member: preconditionFailure("array steps are elements")
        }
        storedStep = .element(position)
        if position >= 0, position < array.count {
          if createIntermediates, array[position].isNull {
            child = path.newContainer(for: index + 1)
            origin = .replacedNull
          } else {
            child = array[position]
            origin = .existing
          }
          array[position] = .null
        } else if createIntermediates, position == array.count {
          child = path.newContainer(for: index + 1)
          origin = .added
          array.append(.null)
        } else {
          let reason: PathFailure.Reason =
            step == .end ? .pastTheEnd(count: array.count) : .indexOutOfRange(position, count: array.count)
          current = .array(array)
          failure = PathFailure(reason: reason, step: index)
          break
        }
        current = .array(array)
      } else {
        preconditionFailure("step(_:in:) only succeeds on containers")
      }
      frames.append(Frame(container: current, step: storedStep, origin: origin))
      current = child
      index += 1
    }

    if failure == nil {
      do {
        let step = try path.step(count - 1, in: current.kind)
        result = try performLast(edit, on: &current, step: step, stepIndex: count - 1)
      } catch {
        failure = error
      }
    }

    // Put the containers back, innermost first. Payloads are taken out of their enum before mutation
    // (never bound in a `switch`, which would keep a second reference and force a copy).
    let failed = failure != nil
    while var frame = frames.popLast() {
      if var object = frame.container.movingOutObject() {
        guard case .member(let key) = frame.step else { preconditionFailure("object frames hold members") }
        switch (failed, frame.origin) {
        case (true, .added): object.removeValue(forKey: key)
        case (true, .replacedNull): object[key] = .null
        default: object[key] = current
        }
        current = .object(object)
      } else if var array = frame.container.movingOutArray() {
        guard case .element(let position) = frame.step else { preconditionFailure("array frames hold elements") }
        switch (failed, frame.origin) {
        case (true, .added): array.removeLast()
        case (true, .replacedNull): array[position] = .null
        default: array[position] = current
        }
        current = .array(array)
      }
    }
    root = failed && rootCreated ? .null : current
    if let failure { throw failure }
    return result
  }

  /// Applies `edit` to the container `current` at its member or element `step`.
  private static func performLast(
    _ edit: Edit, on current: inout JSON, step: PathStep, stepIndex: Int
  ) throws(PathFailure) -> JSON? {
    if case .object(let object) = current {
      guard case .member(let key) = step else { preconditionFailure("object steps are members") }
      let old = object[key]
      switch edit {
      case .set, .insert: break
      case .replace, .remove:
        guard old != nil else { throw PathFailure(reason: .keyNotFound(key), step: stepIndex) }
      }
    } else if case .array(let array) = current {
      let count = array.count
      let position: Int
      switch (step, edit) {
      case (.element(let value), _): position = value
      case (.end, .set), (.end, .insert): position = count
      case (.end, .replace), (.end, .remove): throw PathFailure(reason: .pastTheEnd(count: count), step: stepIndex)
      case (.member, _): preconditionFailure("array steps are elements")
      }
      let valid: Bool
      switch edit {
      case .set, .insert: valid = position >= 0 && position <= count
      case .replace, .remove: valid = position >= 0 && position < count
      }
      guard valid else { throw PathFailure(reason: .indexOutOfRange(position, count: count), step: stepIndex) }
    }

    // Checks passed: take the container out so that it is uniquely referenced, then edit it in place.
    if var object = current.movingOutObject() {
      guard case .member(let key) = step else { preconditionFailure("object steps are members") }
      let old: JSON?
      switch edit {
      case .set(let value), .insert(let value), .replace(let value):
        old = object[key]
        object[key] = value
      case .remove:
        old = object.removeValue(forKey: key)
      }
      current = .object(object)
      return old
    }
    guard var array = current.movingOutArray() else { preconditionFailure("step(_:in:) only succeeds on containers") }
    let position: Int
    if case .element(let value) = step { position = value } else { position = array.count }
    var old: JSON?
    switch edit {
    case .set(let value):
      if position == array.count {
        array.append(value)
      } else {
        old = array[position]
        array[position] = value
      }
    case .insert(let value):
      array.insert(value, at: position)
    case .replace(let value):
      old = array[position]
      array[position] = value
    case .remove:
      old = array.remove(at: position)
    }
    current = .array(array)
    return old
  }
}

extension JSON {
  /// Moves the members out of an object value, leaving `null`, so that they are uniquely referenced.
  ///
  /// Binding the payload in a `switch` would keep the enum's reference alive for the whole `switch` and make the
  /// next mutation copy the container; `if case` followed by reassignment does not.
  mutating func movingOutObject() -> JSONObject? {
    guard case .object(let object) = self else { return nil }
    self = .null
    return object
  }

  /// Moves the elements out of an array value, leaving `null`; see ``movingOutObject()``.
  mutating func movingOutArray() -> [JSON]? {
    guard case .array(let array) = self else { return nil }
    self = .null
    return array
  }
}
