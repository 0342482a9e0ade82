#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a JSON:API flatten reads: a ``JSON`` tree, or a ``JSONDocument``'s tape (`JSONAPITapeNode`: text read
/// through the tape, so no input tree is built). One flattener serves both.
protocol JSONAPINode {
  var kind: JSON.Kind { get }
  /// The member `key` of an object (the last when a key repeats); `nil` when absent or not an object.
  func member(_ key: String) -> Self?
  /// Each member of an object in order, as the tree keeps them (a repeated key once, at its first position, with
  /// its last value); nothing for other kinds.
  func forEachMember<E: Error>(_ body: (String, Self) throws(E) -> Void) throws(E)
  /// Each element of an array in order (nothing for other kinds).
  func forEachElement<E: Error>(_ body: (Int, Self) throws(E) -> Void) throws(E)
  /// The string, when this is a string.
  var stringValue: String? { get }
  /// The number of elements or members of a container (a repeated key counted each time); 0 for other kinds.
  var count: Int { get }
  /// This value and everything in it as a tree, for the output.
  var tree: JSON { get }
  /// Each member's key as UTF-8 bytes, the key's length in bytes and the member's position for ``field(_:)``, in
  /// order (nothing for other kinds).
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void)
  /// The value at a position found by ``resourceFields`` or ``relationshipFields``.
  func field(_ position: Int) -> Self
}

extension JSONAPINode {
  // One pass over the members for all the names a flatten reads, keys compared by their bytes (as lookups do).

  /// Where the members of a resource object or identifier that the flatten reads are (none for other kinds).
  var resourceFields: JSONAPIResourceFields {
    var fields = JSONAPIResourceFields()
    forEachKey { key, count, position in fields.note(key, count: count, at: position) }
    return fields
  }

  /// Where the members of a relationship object are (none for other kinds).
  var relationshipFields: JSONAPIRelationshipFields {
    var fields = JSONAPIRelationshipFields()
    forEachKey { key, count, position in fields.note(key, count: count, at: position) }
    return fields
  }
}

/// Where the members of a resource object or an identifier that a flatten reads are, found in one pass (the last
/// of a repeated key, as ``JSONAPINode/member(_:)``): positions for ``JSONAPINode/field(_:)``, plain integers, so
/// that keeping and copying them costs nothing.
struct JSONAPIResourceFields {
  var type: Int?
  var id: Int?
  var lid: Int?
  var attributes: Int?
  var relationships: Int?
  var meta: Int?
  var links: Int?

  /// Notes member `key` (UTF-8, `count` bytes) at `position` if it is one of these.
  @inline(__always)
  mutating func note(_ key: UnsafePointer<UInt8>, count: Int, at position: Int) {
    switch count {
    case 2: if JSONAPIFieldName.equal(key, "id") { id = position }
    case 3: if JSONAPIFieldName.equal(key, "lid") { lid = position }
    case 4:
      if JSONAPIFieldName.equal(key, "type") {
        type = position
      } else if JSONAPIFieldName.equal(key, "meta") {
        meta = position
      }
    case 5: if JSONAPIFieldName.equal(key, "links") { links = position }
    case 10: if JSONAPIFieldName.equal(key, "attributes") { attributes = position }
    case 13: if JSONAPIFieldName.equal(key, "relationships") { relationships = position }
    default: break
    }
  }
}

/// Where the members of a relationship object are.
struct JSONAPIRelationshipFields {
  var data: Int?
  var links: Int?
  var meta: Int?

  @inline(__always)
  mutating func note(_ key: UnsafePointer<UInt8>, count: Int, at position: Int) {
    switch count {
    case 4:
      if JSONAPIFieldName.equal(key, "data") {
        data = position
      } else if JSONAPIFieldName.equal(key, "meta") {
        meta = position
      }
    case 5: if JSONAPIFieldName.equal(key, "links") { links = position }
    default: break
    }
  }
}

enum JSONAPIFieldName {
  /// Whether the key's bytes (the caller checked their count) are `name`'s.
  @inline(__always)
  static func equal(_ key: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
    memcmp(key, name.utf8Start, name.utf8CodeUnitCount) == 0
  }
}

extension JSONAPINode {
  var isObject: Bool { kind == .object }

  /// The value at a position, if there is one.
  @inline(__always)
  func field(_ position: Int?) -> Self? { position.map(field) }
}

extension JSON: JSONAPINode {
  // `member(_:)` is the path engine's (`PathNode`).

  func forEachMember<E: Error>(_ body: (String, JSON) throws(E) -> Void) throws(E) {
    guard case .object(let object) = self else { return }
    for member in object.members { try body(member.key, member.value) }
  }

  func forEachElement<E: Error>(_ body: (Int, JSON) throws(E) -> Void) throws(E) {
    guard case .array(let elements) = self else { return }
    for (k, element) in elements.enumerated() { try body(k, element) }
  }

  var tree: JSON { self }

  func field(_ position: Int) -> JSON {
    guard case .object(let object) = self else { preconditionFailure("fields are members of objects") }
    return object._members[position].value
  }

  /// Each member's key as UTF-8 bytes and its position.
  @inline(__always)
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void) {
    guard case .object(let object) = self else { return }
    object._members.withUnsafeBufferPointer { members in
      for k in members.indices {
        var key = members[k].key
        key.withUTF8 { body($0.baseAddress ?? TapeCursor.emptyBase, $0.count, k) }
      }
    }
  }
}

/// A value of a ``JSONDocument`` as the flatten reads it: a node of the tape. It does not retain the document
/// (copies of it are made for every member read, and retaining would be a good part of the cost): whoever flattens
/// keeps the document alive until the flatten is done.
struct JSONAPITapeNode: JSONAPINode {
  unowned(unsafe) let storage: JSONDocument.Storage
  let index: Int

  /// The root of `document`, which the caller keeps alive while the node is used.
  init(rootOf document: JSONDocument) {
    storage = document.storage
    index = 0
  }

  private init(_ storage: JSONDocument.Storage, _ index: Int) {
    self.storage = storage
    self.index = index
  }

  var nodes: TapeCursor { storage.nodes }

  var kind: JSON.Kind { nodes.jsonKind(index) }

  var count: Int {
    let nodes = nodes
    return TapeCursor.isContainer(nodes.rawKind(index)) ? nodes.count(index) : 0
  }

  var stringValue: String? {
    let nodes = nodes
    guard nodes.kind(index) == .string else { return nil }
    return nodes.string(index)
  }

  func member(_ key: String) -> JSONAPITapeNode? {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return nil }
    return nodes.member(key, inObjectAt: index).map { JSONAPITapeNode(storage, $0) }
  }

  /// As the tree's members: a key repeated in the text once, at its first position, with its last value.
  func forEachMember<E: Error>(_ body: (String, JSONAPITapeNode) throws(E) -> Void) throws(E) {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return }
    if nodes.count(index) > 1 {
      var finder = DuplicateKeyFinder()
      if finder.hasDuplicates(objectAt: index, tape: storage.tape, base: nodes.base) {
        return try forEachDistinctMember(body)
      }
    }
    var j = index + 1
    let end = nodes.end(index)
    while j < end {
      try body(nodes.string(j), JSONAPITapeNode(storage, j + 1))
      j = nodes.next(j + 1)
    }
  }

  private func forEachDistinctMember<E: Error>(_ body: (String, JSONAPITapeNode) throws(E) -> Void) throws(E) {
    let nodes = nodes
    var members: [(key: String, value: Int)] = []
    var positions: [ExactKey: Int] = [:]
    var j = index + 1
    let end = nodes.end(index)
    while j < end {
      let key = nodes.string(j)
      if let k = positions[ExactKey(key)] {
        members[k].value = j + 1
      } else {
        positions[ExactKey(key)] = members.count
        members.append((key, j + 1))
      }
      j = nodes.next(j + 1)
    }
    for member in members { try body(member.key, JSONAPITapeNode(storage, member.value)) }
  }

  func forEachElement<E: Error>(_ body: (Int, JSONAPITapeNode) throws(E) -> Void) throws(E) {
    let nodes = nodes
    guard nodes.kind(index) == .array else { return }
    var j = index + 1
    var k = 0
    let end = nodes.end(index)
    while j < end {
      try body(k, JSONAPITapeNode(storage, j))
      j = nodes.next(j)
      k += 1
    }
  }

  var tree: JSON {
    // Scalars directly: the tree builder's set-up (string table, stack) costs more than a short string.
    let nodes = nodes
    switch nodes.kind(index) {
    case .string: return .string(nodes.string(index))
    case .number: return .number(nodes.number(index))
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .null: return .null
    default:
      // A document's text was checked when it was parsed, and its options are the builder's: nothing can throw.
      return (try? JSONDocument.Value(storage: storage, index: index).json()) ?? .null
    }
  }

  /// The node at a position: the tape index of a member's value.
  func field(_ position: Int) -> JSONAPITapeNode { JSONAPITapeNode(storage, position) }

  /// Each member's key as UTF-8 bytes (decoded when written with escapes) and its value's tape index, in order.
  @inline(__always)
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void) {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return }
    var j = index + 1
    let end = nodes.end(index)
    while j < end {
      if nodes.flags(j) & (Tape.Flag.hasEscapes | Tape.Flag.json5) == 0 {
        body(nodes.base + nodes.offset(j), nodes.aux(j), j + 1)
      } else {
        var key = nodes.string(j)
        key.withUTF8 { body($0.baseAddress ?? TapeCursor.emptyBase, $0.count, j + 1) }
      }
      j = nodes.next(j + 1)
    }
  }
}
