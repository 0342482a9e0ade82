#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
      return JSONDocument.Value(storage: storage, index: index).json()
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
