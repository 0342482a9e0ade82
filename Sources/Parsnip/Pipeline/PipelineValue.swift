import Foundation

/// The one place the decode pipeline reads JSON: a value of a parsed document (read through the structural index,
/// with nothing decoded that a decoder does not ask for) or of a `JSON` tree (read directly).
///
/// Every decoder in `Pipeline/` reads through these members only, so moving to another cursor changes this file.
@usableFromInline enum PipelineValue {
  case document(DocumentNode)
  case tree(JSON)

  /// A value of a parsed document: its node, and the document's storage unretained. `decodeJSON` holds the
  /// document for the whole decode and no decoder keeps a `PipelineValue` past its run (errors keep byte offsets,
  /// `.json` builds a tree), so moving through a document costs no reference counting. Frequent reads go through
  /// the tape cursor; the rest through a `JSONDocument.Value` made for the read.
  @usableFromInline struct DocumentNode {
    let storage: Unmanaged<JSONDocument.Storage>
    let index: Int

    init(storage: Unmanaged<JSONDocument.Storage>, index: Int) {
      self.storage = storage
      self.index = index
    }

    init(_ value: JSONDocument.Value) { self.init(storage: .passUnretained(value.storage), index: value.index) }

    var nodes: TapeCursor { storage._withUnsafeGuaranteedRef { $0.nodes } }
    /// The cursor's value at this node (it holds the storage).
    var value: JSONDocument.Value { JSONDocument.Value(storage: storage.takeUnretainedValue(), index: index) }
    /// Another node of the same document.
    func at(_ index: Int) -> PipelineValue { .document(DocumentNode(storage: storage, index: index)) }
  }

  @usableFromInline var kind: JSON.Kind {
    switch self {
    case .document(let node): node.nodes.jsonKind(node.index)
    case .tree(let json): json.kind
    }
  }

  @usableFromInline var isNull: Bool {
    switch self {
    case .document(let node): node.nodes.kind(node.index) == .null
    case .tree(let json): json.isNull
    }
  }

  /// Where the value starts in the document's text; `nil` for a tree.
  var byteOffset: Int? {
    switch self {
    case .document(let node): node.value.byteOffset
    case .tree: nil
    }
  }

  /// The member named `key` (the last one when it is repeated), or `nil` when this is not an object or lacks it.
  func member(_ key: String) -> PipelineValue? {
    switch self {
    case .document(let node): node.value[key].map { .document(DocumentNode($0)) }
    case .tree(let json):
      if case .object(let object) = json, let member = object[key] { .tree(member) } else { nil }
    }
  }

  /// The element at `position`, or `nil` when this is not an array or the position is out of range.
  func element(_ position: Int) -> PipelineValue? {
    switch self {
    case .document(let node): node.value[position].map { .document(DocumentNode($0)) }
    case .tree(let json):
      if case .array(let elements) = json, elements.indices.contains(position) {
        .tree(elements[position])
      } else {
        nil
      }
    }
  }

  /// The number of elements or members; `0` for a scalar.
  @usableFromInline var count: Int {
    switch self {
    case .document(let node):
      switch node.nodes.kind(node.index) {
      case .array, .object: node.nodes.count(node.index)
      default: 0
      }
    case .tree(let json): json.count
    }
  }

  @usableFromInline var string: String? {
    switch self {
    case .document(let node):
      let nodes = node.nodes
      return nodes.kind(node.index) == .string ? nodes.string(node.index) : nil
    case .tree(let json): return json.stringValue
    }
  }

  @usableFromInline var bool: Bool? {
    switch self {
    case .document(let node):
      switch node.nodes.kind(node.index) {
      case .true: return true
      case .false: return false
      default: return nil
      }
    case .tree(let json): return json.boolValue
    }
  }

  var number: JSONNumber? {
    switch self {
    case .document(let node): node.value.numberValue
    case .tree(let json): json.numberValue
    }
  }

  @usableFromInline var double: Double? {
    switch self {
    case .document(let node): node.value.doubleValue
    case .tree(let json): json.doubleValue
    }
  }

  /// The exact integer value, or `nil` when this is not a whole number in `T`'s range (never through `Double`).
  @usableFromInline func integer<T: FixedWidthInteger>() -> T? {
    if case .document(let node) = self, let (magnitude, isNegative) = node.nodes.smallInteger(node.index) {
      return NumberParser.exactInteger(T.self, magnitude: magnitude, isNegative: isNegative)
    }
    return number.flatMap(T.readingExactly)
  }

  /// The value as a tree (what `.json` decodes to; a document value builds only its own subtree).
  func json() -> JSON {
    switch self {
    case .document(let node): node.value.json()
    case .tree(let json): json
    }
  }

  /// The member `key`, or `nil` when this object lacks it; fails when this is not an object. In a document, the
  /// search compares `key`'s UTF-8 bytes and starts where `session`'s last search in this object ended.
  @usableFromInline func memberOfObject(
    _ key: PipelineKey, _ session: DecodingSession
  ) throws(JSONDecodingError) -> PipelineValue? {
    switch self {
    case .document(let node):
      let nodes = node.nodes
      guard nodes.kind(node.index) == .object else { throw .mismatch("an object", self) }
      guard let found = session.member(key.utf8, inObjectAt: node.index, nodes: nodes, of: node.storage) else {
        return nil
      }
      return node.at(found)
    case .tree:
      guard kind == .object else { throw .mismatch("an object", self) }
      return member(key.name)
    }
  }

  /// Calls `body` with each element of an array and its position, in order (never for any other value), without
  /// collecting them first.
  @usableFromInline func forEachElement<E: Error>(_ body: (Int, PipelineValue) throws(E) -> Void) throws(E) {
    switch self {
    case .document(let node):
      let nodes = node.nodes
      guard nodes.kind(node.index) == .array else { return }
      var position = 0
      var j = node.index &+ 1
      let end = nodes.end(node.index)
      while j < end {
        try body(position, node.at(j))
        position &+= 1
        j = nodes.next(j)
      }
    case .tree(let json):
      guard case .array(let elements) = json else { return }
      for (position, element) in elements.enumerated() { try body(position, .tree(element)) }
    }
  }

  /// Calls `body` with each member of an object (never for any other value): in document order, repeated keys
  /// included, for a document; in the object's order for a tree.
  @usableFromInline func forEachMember<E: Error>(_ body: (String, PipelineValue) throws(E) -> Void) throws(E) {
    switch self {
    case .document(let node):
      let nodes = node.nodes
      guard nodes.kind(node.index) == .object else { return }
      var j = node.index &+ 1
      let end = nodes.end(node.index)
      while j < end {
        try body(nodes.string(j), node.at(j &+ 1))
        j = nodes.next(j &+ 1)
      }
    case .tree(let json):
      guard case .object(let object) = json else { return }
      for (key, member) in object { try body(key, .tree(member)) }
    }
  }

  /// The value at `keyPath`, or why it is not there (the error's key path is relative to this value).
  func resolve(_ keyPath: JSONKeyPath) throws(JSONKeyPathError) -> PipelineValue {
    switch self {
    case .document(let node): .document(DocumentNode(try node.value.resolve(keyPath)))
    case .tree(let json): .tree(try json.resolve(keyPath))
    }
  }

  /// The value at `pointer`, or why it is not there.
  func resolve(_ pointer: JSONPointer) throws(JSONPointerError) -> PipelineValue {
    switch self {
    case .document(let node): .document(DocumentNode(try node.value.resolve(pointer)))
    case .tree(let json): .tree(try json.resolve(pointer))
    }
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
    case .bool: return bool == true ? "true" : "false"
    case .number: return number.map { Excerpt.abbreviated($0.description) } ?? "a number"
    case .string: return Excerpt.quoted(string ?? "")
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
    of storage: Unmanaged<JSONDocument.Storage>
  ) -> Int? {
    // Identity only: the session reads one document, which outlives it.
    let identity = UnsafeRawPointer(storage.toOpaque())
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
      hintUnique[slot] = !storage._withUnsafeGuaranteedRef {
        duplicates.hasDuplicates(objectAt: object, tape: $0.tape, base: nodes.base)
      }
    }
    // With a repeated key, the first match need not be the last: search the whole object the plain way.
    guard hintUnique[slot] else { return nodes.member(wanted, inObjectAt: object) }
    var j = start
    while j < end {
      if nodes.keyEquals(j, wanted) {
        hintKeys[slot] = nodes.next(j &+ 1)
        return j &+ 1
      }
      j = nodes.next(j &+ 1)
    }
    j = object &+ 1
    while j < start {
      if nodes.keyEquals(j, wanted) {
        hintKeys[slot] = nodes.next(j &+ 1)
        return j &+ 1
      }
      j = nodes.next(j &+ 1)
    }
    return nil
  }
}
