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
  /// This value and everything in it as a tree, for the output.
  var tree: JSON { get }
  /// The members of a resource object or identifier that the flatten reads (none for other kinds).
  var resourceFields: JSONAPIResourceFields<Self> { get }
  /// The members of a relationship object (none for other kinds).
  var relationshipFields: JSONAPIRelationshipFields<Self> { get }
}

/// The members of a resource object or an identifier that a flatten reads, found at once (the last of a repeated
/// key, as ``JSONAPINode/member(_:)``).
struct JSONAPIResourceFields<Node> {
  var type: Node?
  var id: Node?
  var lid: Node?
  var attributes: Node?
  var relationships: Node?
  var meta: Node?
  var links: Node?
}

/// The members of a relationship object.
struct JSONAPIRelationshipFields<Node> {
  var data: Node?
  var links: Node?
  var meta: Node?
}

extension JSONAPINode {
  var isObject: Bool { kind == .object }

  var resourceFields: JSONAPIResourceFields<Self> {
    JSONAPIResourceFields(
      type: member("type"), id: member("id"), lid: member("lid"), attributes: member("attributes"),
      relationships: member("relationships"), meta: member("meta"), links: member("links"))
  }

  var relationshipFields: JSONAPIRelationshipFields<Self> {
    JSONAPIRelationshipFields(data: member("data"), links: member("links"), meta: member("meta"))
  }
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

  // One pass over the members for all the names a flatten reads (keys compared by their bytes, as lookups do).

  var resourceFields: JSONAPIResourceFields<JSON> {
    var fields = JSONAPIResourceFields<JSON>()
    guard case .object(let object) = self else { return fields }
    object._members.withUnsafeBufferPointer { members in
      for member in members {
        let key = member.key
        switch key.utf8.count {
        case 2: if ExactKey.equal(key, "id") { fields.id = member.value }
        case 3: if ExactKey.equal(key, "lid") { fields.lid = member.value }
        case 4:
          if ExactKey.equal(key, "type") {
            fields.type = member.value
          } else if ExactKey.equal(key, "meta") {
            fields.meta = member.value
          }
        case 5: if ExactKey.equal(key, "links") { fields.links = member.value }
        case 10: if ExactKey.equal(key, "attributes") { fields.attributes = member.value }
        case 13: if ExactKey.equal(key, "relationships") { fields.relationships = member.value }
        default: break
        }
      }
    }
    return fields
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

  // One pass over the members for all the names a flatten reads, comparing raw key bytes.

  var resourceFields: JSONAPIResourceFields<JSONAPITapeNode> {
    var fields = JSONAPIResourceFields<JSONAPITapeNode>()
    forEachKey { key, count, value in
      switch count {
      case 2: if Self.equal(key, "id") { fields.id = value }
      case 3: if Self.equal(key, "lid") { fields.lid = value }
      case 4:
        if Self.equal(key, "type") {
          fields.type = value
        } else if Self.equal(key, "meta") {
          fields.meta = value
        }
      case 5: if Self.equal(key, "links") { fields.links = value }
      case 10: if Self.equal(key, "attributes") { fields.attributes = value }
      case 13: if Self.equal(key, "relationships") { fields.relationships = value }
      default: break
      }
    }
    return fields
  }

  var relationshipFields: JSONAPIRelationshipFields<JSONAPITapeNode> {
    var fields = JSONAPIRelationshipFields<JSONAPITapeNode>()
    forEachKey { key, count, value in
      switch count {
      case 4:
        if Self.equal(key, "data") {
          fields.data = value
        } else if Self.equal(key, "meta") {
          fields.meta = value
        }
      case 5: if Self.equal(key, "links") { fields.links = value }
      default: break
      }
    }
    return fields
  }

  /// Each member's key as UTF-8 bytes (decoded when written with escapes) and its value, in order.
  @inline(__always)
  private func forEachKey(_ body: (UnsafePointer<UInt8>, Int, JSONAPITapeNode) -> Void) {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return }
    var j = index + 1
    let end = nodes.end(index)
    while j < end {
      let value = JSONAPITapeNode(storage, j + 1)
      if nodes.flags(j) & (Tape.Flag.hasEscapes | Tape.Flag.json5) == 0 {
        body(nodes.base + nodes.offset(j), nodes.aux(j), value)
      } else {
        var key = nodes.string(j)
        key.withUTF8 { body($0.baseAddress ?? TapeCursor.emptyBase, $0.count, value) }
      }
      j = nodes.next(j + 1)
    }
  }

  /// Whether `count` bytes at `key` (the caller checked the count) are `name`.
  @inline(__always)
  private static func equal(_ key: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
    memcmp(key, name.utf8Start, name.utf8CodeUnitCount) == 0
  }
}
