/// A JSON Merge Patch (RFC 7396): a partial document that says what to change.
///
/// Members of an object patch replace the target's members, recursively for objects; a `null` member removes
/// the target's member; any patch that is not an object replaces the whole target.
///
/// ```swift
/// let target: JSON = ["title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"]]
/// let patch: JSON = ["title": "Hello!", "author": ["familyName": nil]]
/// JSONMergePatch.apply(patch, to: target)  // → {"title":"Hello!","author":{"givenName":"John"}}
/// JSONMergePatch.diff(from: target, to: ["title": "Hello!"])  // → {"author":null,"title":"Hello!"}
/// ```
///
/// > Important: A merge patch cannot set a member to `null` (a `null` in the patch means "remove"), and it
/// > replaces arrays wholesale. ``diff(from:to:)`` therefore cannot express a target whose objects have `null`
/// > members outside arrays; see its discussion. Use ``JSONPatch`` when that matters.
public struct JSONMergePatch: Sendable, Hashable {
  /// The patch document.
  public var json: JSON

  /// Wraps a patch document.
  ///
  /// - Parameter json: The patch; any JSON value is a valid merge patch.
  public init(_ json: JSON) {
    self.json = json
  }

  /// Applies this patch to `target`.
  ///
  /// - Parameter target: The document to patch.
  /// - Returns: The patched document.
  public func apply(to target: JSON) -> JSON { JSONMergePatch.apply(json, to: target) }

  /// Applies a merge patch to a document (RFC 7396 section 2).
  ///
  /// - Parameters:
  ///   - patch: The merge patch. A non-object patch replaces `target`; an object patch is merged into `target`
  ///     (into an empty object when `target` is not an object).
  ///   - target: The document to patch.
  /// - Returns: The patched document.
  /// - Complexity: O(*p*) in the size of `patch` (member lookups in `target` are O(1) on average), plus copying
  ///   the target objects that change.
  public static func apply(_ patch: JSON, to target: JSON) -> JSON {
    // No depth limit: the merge is iterative, so it cannot fail.
    merge(patch, into: target, nullsRemoveMembers: true, maximumDepth: .max)!
  }

  /// The one deep merge, behind ``apply(_:to:)`` (RFC 7396) and `JSONModel.update(from:nullsRemoveMembers:)`, which
  /// may instead set a member to `null`.
  /// - Parameters:
  ///   - nullsRemoveMembers: Whether a `null` member of the patch removes the target's member (RFC 7396) or is set
  ///     as its value.
  ///   - maximumDepth: The most objects the patch may nest.
  /// - Returns: The merged document, or `nil` when the patch nests objects deeper than `maximumDepth`.
  static func merge(_ patch: JSON, into target: JSON, nullsRemoveMembers: Bool, maximumDepth: Int) -> JSON? {
    guard case .object = patch else { return patch }
    guard maximumDepth > 0 else { return nil }
    // Iterative, with a heap stack of the objects being merged, so patches of any depth apply on any thread.
    struct Frame {
      var result: JSONObject
      var patch: JSONObject
      var next = 0
    }
    func frame(_ patch: JSON, _ target: JSON) -> Frame {
      guard case .object(let patchObject) = patch else { preconditionFailure("only object patches are merged") }
      if case .object(let object) = target { return Frame(result: object, patch: patchObject) }
      return Frame(result: JSONObject(), patch: patchObject)
    }
    var stack = [frame(patch, target)]
    while true {
      let top = stack.count - 1
      if stack[top].next < stack[top].patch.count {
        let member = stack[top].patch._members[stack[top].next]
        stack[top].next += 1
        if nullsRemoveMembers, case .null = member.value {
          stack[top].result.removeValue(forKey: member.key)
        } else if case .object = member.value {
          guard stack.count < maximumDepth else { return nil }
          let existing = stack[top].result[member.key] ?? .null
          stack[top].result[member.key] = .null  // release our reference so the nested object can be edited in place
          stack.append(frame(member.value, existing))
        } else {
          stack[top].result[member.key] = member.value
        }
        continue
      }
      let merged = JSON.object(stack.removeLast().result)
      guard let parent = stack.indices.last else { return merged }
      stack[parent].result[stack[parent].patch._members[stack[parent].next - 1].key] = merged
    }
  }

  /// Computes a merge patch that turns `source` into `target`.
  ///
  /// When both are objects, the patch holds `null` for each member only in `source`, the new value for each
  /// member added or changed (a recursive patch when both values are objects), and nothing for unchanged members.
  /// Otherwise the patch is `target` itself, which replaces `source` wholesale; arrays are always replaced whole.
  ///
  /// A merge patch cannot express a `null` member in an object of `target` (outside arrays): `null` in a patch
  /// means "remove". Such members are emitted as `null` and so are removed when the patch is applied; no merge
  /// patch can produce them, and replacing the parent would not help because an object patch is merged, not
  /// assigned. `apply(diff(from: a, to: b), to: a)` equals `b` whenever `b` has no `null` object members outside
  /// arrays; otherwise it can lack some of them (those `a` did not already hold as `null`), and equals `b` once
  /// `null` members are removed from both. Use ``JSONPatch/diff(from:to:)`` for exact results.
  ///
  /// ```swift
  /// JSONMergePatch.diff(from: ["a": "b", "c": ["d": "e", "f": "g"]], to: ["a": "z", "c": ["d": "e"]])
  /// // → {"a":"z","c":{"f":null}}
  /// ```
  ///
  /// - Parameters:
  ///   - source: The document before.
  ///   - target: The document after.
  /// - Returns: The merge patch; `{}` when nothing changes between two objects.
  /// - Complexity: O(*n*) in the size of the two documents.
  public static func diff(from source: JSON, to target: JSON) -> JSON {
    guard case .object = source, case .object = target else { return target }
    // Iterative, with a heap stack of the object pairs being compared, so documents of any depth diff on any thread.
    struct Frame {
      var old: JSONObject
      var new: JSONObject
      var patch = JSONObject()
      var next = 0
    }
    func frame(_ source: JSON, _ target: JSON) -> Frame {
      guard case .object(let old) = source, case .object(let new) = target else {
        preconditionFailure("only pairs of objects are diffed member by member")
      }
      var frame = Frame(old: old, new: new)
      for member in old.members where new[member.key] == nil {
        frame.patch[member.key] = .null
      }
      return frame
    }
    var stack = [frame(source, target)]
    while true {
      let top = stack.count - 1
      if stack[top].next < stack[top].new.count {
        let member = stack[top].new._members[stack[top].next]
        stack[top].next += 1
        guard let previous = stack[top].old[member.key] else {
          stack[top].patch[member.key] = member.value
          continue
        }
        if case .object = previous, case .object = member.value {
          stack.append(frame(previous, member.value))
        } else if previous != member.value {
          stack[top].patch[member.key] = member.value
        }
        continue
      }
      let changes = stack.removeLast().patch
      guard let parent = stack.indices.last else { return .object(changes) }
      if !changes.isEmpty {
        stack[parent].patch[stack[parent].new._members[stack[parent].next - 1].key] = .object(changes)
      }
    }
  }
}
