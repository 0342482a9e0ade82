/// How one step of a path addresses a member of a container.
enum PathStep: Equatable {
  /// An object member.
  case member(String)
  /// An array element, possibly one past the end.
  case element(Int)
  /// The position after the last element (JSON Pointer's `-`).
  case end
}

/// Why a path could not be followed or an edit could not be made, and at which step (0-based).
struct PathFailure: Error, Equatable {
  enum Reason: Equatable {
    case keyNotFound(String)
    case indexOutOfRange(Int, count: Int)
    /// A pointer token that is not an array index (leading zero, sign, letters, too large).
    case invalidIndex(String)
    /// `-` used where an existing element is needed.
    case pastTheEnd(count: Int)
    /// The step needs a container of kind `expected` (or any container when `nil`) and found `found`.
    case notAContainer(expected: JSON.Kind?, found: JSON.Kind)
    case cannotRemoveRoot
  }

  var reason: Reason
  var step: Int
}

/// A path that the engine below can follow: key paths and JSON pointers.
protocol SteppablePath {
  var stepCount: Int { get }
  /// How step `index` addresses a member of `container`; throws when the container kind does not fit.
  func step(_ index: Int, in container: JSON) throws(PathFailure) -> PathStep
  /// The empty container to create for step `index` when `createIntermediates` is on and the value is missing.
  func newContainer(for index: Int) -> JSON
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

  /// The value at `path`.
  static func read<P: SteppablePath>(_ root: JSON, path: P) throws(PathFailure) -> JSON {
    var current = root
    for index in 0..<path.stepCount {
      switch try path.step(index, in: current) {
      case .member(let key):
        guard case .object(let object) = current, let value = object[key] else {
          throw PathFailure(reason: .keyNotFound(key), step: index)
        }
        current = value
      case .element(let position):
        guard case .array(let array) = current, position >= 0, position < array.count else {
          throw PathFailure(reason: .indexOutOfRange(position, count: current.count), step: index)
        }
        current = array[position]
      case .end:
        throw PathFailure(reason: .pastTheEnd(count: current.count), step: index)
      }
    }
    return current
  }

  private enum Origin {
    /// The child existed and is put back.
    case existing
    /// The child was created as a new member or appended element; removed again on failure.
    case added
    /// The child replaced a `null`; `null` is put back on failure.
    case replacedNull
  }

  private enum Frame {
    case object(JSONObject, key: String, origin: Origin)
    case array([JSON], index: Int, origin: Origin)
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
    descent: while index < count - 1 {
      let step: PathStep
      do { step = try path.step(index, in: current) } catch {
        failure = error
        break
      }
      switch current {
      case .object(var object):
        guard case .member(let key) = step else { preconditionFailure("object steps are members") }
        current = .null
        let child: JSON
        let origin: Origin
        if let existing = object[key], !(createIntermediates && existing.isNull) {
          child = existing
          origin = .existing
        } else if createIntermediates {
          child = path.newContainer(for: index + 1)
          origin = object[key] == nil ? .added : .replacedNull
        } else {
          current = .object(object)
          failure = PathFailure(reason: .keyNotFound(key), step: index)
          break descent
        }
        object[key] = .null  // drop the parent's reference to the child
        frames.append(.object(object, key: key, origin: origin))
        current = child
      case .array(var array):
        current = .null
        let position: Int
        switch step {
        case .element(let value): position = value
        case .end: position = array.count
        case .member: preconditionFailure("array steps are elements")
        }
        let child: JSON
        let origin: Origin
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
          break descent
        }
        frames.append(.array(array, index: position, origin: origin))
        current = child
      default:
        preconditionFailure("step(_:in:) only succeeds on containers")
      }
      index += 1
    }

    if failure == nil {
      do {
        let step = try path.step(count - 1, in: current)
        result = try performLast(edit, on: &current, step: step, stepIndex: count - 1)
      } catch {
        failure = error
      }
    }

    // Put the containers back, innermost first.
    let failed = failure != nil
    while let frame = frames.popLast() {
      switch frame {
      case .object(var object, let key, let origin):
        switch (failed, origin) {
        case (true, .added): object.removeValue(forKey: key)
        case (true, .replacedNull): object[key] = .null
        default: object[key] = current
        }
        current = .object(object)
      case .array(var array, let position, let origin):
        switch (failed, origin) {
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
    switch current {
    case .object(var object):
      guard case .member(let key) = step else { preconditionFailure("object steps are members") }
      let old = object[key]
      switch edit {
      case .set(let value), .insert(let value):
        current = .null
        object[key] = value
      case .replace(let value):
        guard old != nil else { throw PathFailure(reason: .keyNotFound(key), step: stepIndex) }
        current = .null
        object[key] = value
      case .remove:
        guard old != nil else { throw PathFailure(reason: .keyNotFound(key), step: stepIndex) }
        current = .null
        object.removeValue(forKey: key)
      }
      current = .object(object)
      return old
    case .array(var array):
      let count = array.count
      let position: Int
      switch step {
      case .element(let value): position = value
      case .end:
        switch edit {
        case .set, .insert: position = count
        case .replace, .remove: throw PathFailure(reason: .pastTheEnd(count: count), step: stepIndex)
        }
      case .member: preconditionFailure("array steps are elements")
      }
      let outOfRange = PathFailure(reason: .indexOutOfRange(position, count: count), step: stepIndex)
      var old: JSON?
      switch edit {
      case .set(let value):
        guard position >= 0, position <= count else { throw outOfRange }
        current = .null
        if position == count { array.append(value) } else { old = array[position]; array[position] = value }
      case .insert(let value):
        guard position >= 0, position <= count else { throw outOfRange }
        current = .null
        array.insert(value, at: position)
      case .replace(let value):
        guard position >= 0, position < count else { throw outOfRange }
        current = .null
        old = array[position]
        array[position] = value
      case .remove:
        guard position >= 0, position < count else { throw outOfRange }
        current = .null
        old = array.remove(at: position)
      }
      current = .array(array)
      return old
    default:
      preconditionFailure("step(_:in:) only succeeds on containers")
    }
  }
}
