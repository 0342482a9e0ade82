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
    guard case .object(let patchObject) = patch else { return patch }
    var result: JSONObject
    if case .object(let object) = target { result = object } else { result = JSONObject() }
    // Recursion follows the patch's nesting, which parsing bounds (`ParsingOptions.maximumDepth`).
    for member in patchObject.members {
      if case .null = member.value {
        result.removeValue(forKey: member.key)
      } else if case .object = member.value {
        let existing = result[member.key] ?? .null
        result[member.key] = .null  // release our reference so the nested object can be edited in place
        result[member.key] = apply(member.value, to: existing)
      } else {
        result[member.key] = member.value
      }
    }
    return .object(result)
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
    guard case .object(let old) = source, case .object(let new) = target else { return target }
    var patch = JSONObject()
    for member in old.members where new[member.key] == nil {
      patch[member.key] = .null
    }
    for member in new.members {
      guard let previous = old[member.key] else {
        patch[member.key] = member.value
        continue
      }
      if case .object = previous, case .object = member.value {
        let nested = diff(from: previous, to: member.value)
        if case .object(let changes) = nested, changes.isEmpty { continue }
        patch[member.key] = nested
      } else if previous != member.value {
        patch[member.key] = member.value
      }
    }
    return .object(patch)
  }
}
