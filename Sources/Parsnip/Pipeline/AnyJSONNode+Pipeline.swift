import Foundation

/// What the decode pipeline adds to the node layer: member lookups that resume where the last one in the same
/// object ended, paths with the pipeline's errors, and how a value reads in an error message. Every decoder in
/// `Pipeline/` reads its input through ``AnyJSONNode`` (text and documents as tape nodes, trees as themselves).
extension AnyJSONNode {
  /// The member `key`, or `nil` when this object lacks it; fails when this is not an object. In a document, the
  /// search compares `key`'s UTF-8 bytes and starts where `session`'s last search in this object ended.
  @usableFromInline func memberOfObject(
    _ key: PipelineKey, _ session: DecodingSession
  ) throws(JSONDecodingError) -> AnyJSONNode? {
    switch self {
    case .tape(let node):
      let nodes = node.nodes
      guard nodes.kind(node.index) == .object else { throw .mismatch("an object", self) }
      guard let found = session.member(key.utf8, inObjectAt: node.index, nodes: nodes, of: node.unmanagedOwner) else {
        return nil
      }
      return .tape(node.at(found))
    case .tree:
      guard kind == .object else { throw .mismatch("an object", self) }
      return member(key.name)
    }
  }

  /// ``forEachElement(_:)`` for the pipeline's error, specialized here: the `@inlinable` combinators would otherwise
  /// call the generic one unspecialized from the client's module, with error buffers sized at run time on the
  /// stack of every level of a recursive decoder (issue 42, N3).
  @usableFromInline func eachElement(
    _ body: (Int, AnyJSONNode) throws(JSONDecodingError) -> Void
  ) throws(JSONDecodingError) {
    try forEachElement(body)
  }

  /// ``forEachMember(_:)`` for the pipeline's error, specialized here (see ``eachElement(_:)``).
  @usableFromInline func eachMember(
    _ body: (String, AnyJSONNode) throws(JSONDecodingError) -> Void
  ) throws(JSONDecodingError) {
    try forEachMember(body)
  }

  /// The value at `keyPath`, or why it is not there (the error's key path is relative to this value).
  func resolve(_ keyPath: JSONKeyPath) throws(JSONKeyPathError) -> AnyJSONNode {
    try PathWalker.resolve(keyPath, from: self)
  }

  /// The value at `pointer`, or why it is not there.
  func resolve(_ pointer: JSONPointer) throws(JSONPointerError) -> AnyJSONNode {
    try PathWalker.resolve(pointer, from: self)
  }

  /// The value at `path` through the path engine: `.missing` when a key or an index is not there; a failure when
  /// a step meets a value it cannot enter.
  func lookUp(_ path: PipelinePath) throws(JSONDecodingError) -> PathLookup {
    switch path {
    case .invalid(let message): throw JSONDecodingError(.invalidPath(message), at: self)
    case .keyPath(let keyPath):
      do throws(JSONKeyPathError) { return .found(try resolve(keyPath)) } catch {
        let container = (try? resolve(error.keyPath)) ?? self
        var failure: JSONDecodingError
        switch error.kind {
        case .noValueForKey(let key): failure = JSONDecodingError(.missingKey(key), at: container)
        case .indexOutOfRange(let index, let count):
          failure = JSONDecodingError(.missingIndex(index, count: count), at: container)
        default:
          let step = keyPath.components.dropFirst(error.keyPath.components.count).first
          if case .index = step {
            failure = .mismatch("an array", container)
          } else {
            failure = .mismatch("an object", container)
          }
          throw failure.inside(error.keyPath)
        }
        return .missing(failure.inside(error.keyPath))
      }
    case .pointer(let pointer):
      do throws(JSONPointerError) { return .found(try resolve(pointer)) } catch {
        let reached = error.tokenIndex ?? 0
        let containerPointer = JSONPointer(tokens: Array(pointer.tokens.prefix(reached)))
        let container = (try? resolve(containerPointer)) ?? self
        let at = PipelinePath.pointer(containerPointer).keyPath(in: self)
        let failure: JSONDecodingError
        switch error.kind {
        case .keyNotFound(let key): failure = JSONDecodingError(.missingKey(key), at: container)
        case .indexOutOfRange(let index, let count):
          failure = JSONDecodingError(.missingIndex(index, count: count), at: container)
        case .pastTheEnd(let count): failure = JSONDecodingError(.missingIndex(count, count: count), at: container)
        case .notAContainer: throw JSONDecodingError.mismatch("an object or an array", container).inside(at)
        default: throw JSONDecodingError(.failure(error.description), at: container).inside(at)
        }
        return .missing(failure.inside(at))
      }
    }
  }

  /// How the value reads in an error message: scalars as JSON text (long strings shortened), containers by kind.
  var found: String {
    switch kind {
    case .null: return "null"
    case .bool: return boolValue == true ? "true" : "false"
    case .number: return numberValue.map { Excerpt.abbreviated($0.description) } ?? "a number"
    case .string: return Excerpt.quoted(stringValue ?? "")
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A member name that a decoder looks up, with its UTF-8 bytes kept: made once, when the decoder is, so that each
/// lookup compares bytes without going through the `String`.
@usableFromInline final class PipelineKey: @unchecked Sendable {  // Immutable after `init`; it owns its bytes.
  @usableFromInline let name: String
  /// `name`'s UTF-8, owned by this key (immutable).
  let utf8: UnsafeBufferPointer<UInt8>

  @usableFromInline init(_ name: String) {
    self.name = name
    let bytes = Array(name.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
    _ = buffer.initialize(from: bytes)
    utf8 = UnsafeBufferPointer(start: buffer.baseAddress, count: bytes.count)
  }

  deinit { UnsafeMutablePointer(mutating: utf8.baseAddress!).deallocate() }
}

extension DecodingSession {
  // A pipeline reads an object's members one step at a time, mostly in document order: a search that starts after
  // the member found last finds the next one on the first compare, where a plain search compares every member (it
  // must reach the end anyway, since the last of repeated keys wins). Objects with a repeated key search plainly.

  /// The value node of the member whose key is the UTF-8 `wanted` of the object at node `object` of `storage` (the
  /// last one when the key repeats), or `nil`: what `TapeCursor.member(_:inObjectAt:)` gives, found from this
  /// object's hint.
  func member(
    _ wanted: UnsafeBufferPointer<UInt8>, inObjectAt object: Int, nodes: TapeCursor,
    of owner: Unmanaged<TapeText>
  ) -> Int? {
    // Identity only: the session reads one document, which outlives it.
    let identity = UnsafeRawPointer(owner.toOpaque())
    if hintStorage != identity {
      hintObjects.update(repeating: -1, count: Self.hintSlots)
      hintStorage = identity
    }
    let slot = object & (Self.hintSlots - 1)
    let end = nodes.end(object)
    var start = object &+ 1
    if hintObjects[slot] == object {
      if hintKeys[slot] < end { start = hintKeys[slot] }
    } else {
      hintObjects[slot] = object
      hintKeys[slot] = start
      hintUnique[slot] = !duplicates.hasDuplicates(objectAt: object, nodes: nodes)
    }
    // With a repeated key, the first match need not be the last: search the whole object the plain way.
    guard hintUnique[slot] else { return nodes.member(wanted, inObjectAt: object) }
    let key = nodes.key(wanted, inObjectAt: object, end: end, from: start)
    guard key >= 0 else { return nil }
    hintKeys[slot] = nodes.next(key &+ 1)
    return key &+ 1
  }
}
