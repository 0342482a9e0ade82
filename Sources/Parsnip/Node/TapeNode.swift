/// The tape, its bytes and the way back to the user's text, owned by whoever scanned it: what a ``TapeNode``
/// reads. `JSONDocument`'s storage is one; a decode that walks a path makes one for the walk.
@usableFromInline class TapeText: @unchecked Sendable {  // Immutable; its owner keeps the memory alive.
  final let text: ScannedText
  /// The tape's nodes, read through the one cursor.
  final let nodes: TapeCursor

  init(_ text: ScannedText) {
    self.text = text
    self.nodes = TapeCursor(tape: text.tape, source: text.source)
  }
}

/// A value of a scanned text: the one tape node type of the node layer (see ``JSONNode``).
///
/// Two words, and it does not retain its text (copies are made at every step, and retaining would be a good part
/// of the cost): whoever makes nodes keeps the ``TapeText`` alive while they are read (`JSONDocument.Value` holds
/// its storage; a decode holds its document or text for the call).
@usableFromInline struct TapeNode: JSONNode {
  /// Unmanaged, so that moving between nodes and reading them retains nothing (`unowned(unsafe)` still costs a
  /// retain where a node's text is passed on).
  let unmanagedOwner: Unmanaged<TapeText>
  let index: Int

  @inline(__always)
  init(_ owner: TapeText, _ index: Int) {
    self.init(.passUnretained(owner), index)
  }

  @inline(__always)
  init(_ owner: Unmanaged<TapeText>, _ index: Int) {
    self.unmanagedOwner = owner
    self.index = index
  }

  /// What this node reads (the caller keeps it alive).
  var owner: TapeText { unmanagedOwner.takeUnretainedValue() }

  /// Another node of the same text.
  @inline(__always)
  func at(_ index: Int) -> TapeNode { TapeNode(unmanagedOwner, index) }

  @inline(__always) var nodes: TapeCursor { unmanagedOwner._withUnsafeGuaranteedRef { $0.nodes } }

  var kind: JSON.Kind { nodes.jsonKind(index) }

  var stringValue: String? {
    let nodes = nodes
    return nodes.kind(index) == .string ? nodes.string(index) : nil
  }

  var boolValue: Bool? {
    switch nodes.kind(index) {
    case .true: true
    case .false: false
    default: nil
    }
  }

  var numberValue: JSONNumber? {
    let nodes = nodes
    return nodes.kind(index) == .number ? nodes.number(index) : nil
  }

  var doubleValue: Double? {
    let nodes = nodes
    guard nodes.kind(index) == .number else { return nil }
    // JSON5's `Infinity` and `NaN` are not number text: the lossless value reads them.
    guard nodes.flags(index) & Tape.Flag.json5 == 0 else { return nodes.number(index).doubleValue }
    let start = nodes.offset(index)
    let scanned = NumberParser.read(nodes.base, from: start, end: start + nodes.aux(index))
    return NumberParser.double(nodes.base, from: start, scanned)
  }

  @inline(__always)
  func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? { nodes.integer(T.self, at: index) }

  var count: Int {
    let nodes = nodes
    switch nodes.kind(index) {
    case .array: return nodes.count(index)
    case .object:
      let count = nodes.count(index)
      return count > 1 && hasRepeatedKeys ? distinctMembers().count : count
    default: return 0
    }
  }

  /// Whether this object has a key twice: the one repeated-key detector (``DuplicateKeyFinder``), with no state
  /// (a tape node is two words): pairwise for small objects, a table on the stack for larger ones.
  var hasRepeatedKeys: Bool { DuplicateKeyFinder.hasDuplicates(objectAt: index, nodes: nodes) }

  @inline(__always)
  func member(_ key: String) -> TapeNode? {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return nil }
    return nodes.member(key, inObjectAt: index).map(at)
  }

  func element(_ position: Int) -> TapeNode? {
    let nodes = nodes
    guard nodes.kind(index) == .array else { return nil }
    return nodes.element(position, inArrayAt: index).map(at)
  }

  @inline(__always)
  func forEachElement<E: Error>(_ body: (Int, TapeNode) throws(E) -> Void) throws(E) {
    let nodes = nodes
    guard nodes.kind(index) == .array else { return }
    var position = 0
    var j = index &+ 1
    let end = nodes.end(index)
    while j < end {
      try body(position, at(j))
      position &+= 1
      j = nodes.next(j)
    }
  }

  func forEachMember<E: Error>(_ body: (String, TapeNode) throws(E) -> Void) throws(E) {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return }
    if nodes.count(index) > 1, hasRepeatedKeys {
      for member in distinctMembers() { try body(member.key, at(member.value)) }
      return
    }
    var j = index &+ 1
    let end = nodes.end(index)
    while j < end {
      try body(nodes.string(j), at(j &+ 1))
      j = nodes.next(j &+ 1)
    }
  }

  /// The members as the tree keeps them: one per distinct key, at its first position, with its last value node.
  private func distinctMembers() -> [(key: String, value: Int)] {
    let nodes = nodes
    var members: [(key: String, value: Int)] = []
    var positions: [ExactKey: Int] = [:]
    var j = index &+ 1
    let end = nodes.end(index)
    while j < end {
      let key = nodes.string(j)
      if let k = positions[ExactKey(key)] {
        members[k].value = j &+ 1
      } else {
        positions[ExactKey(key)] = members.count
        members.append((key, j &+ 1))
      }
      j = nodes.next(j &+ 1)
    }
    return members
  }

  /// Each key's UTF-8 bytes (decoded when written with escapes) and its value's node, in order.
  @inline(__always)
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void) {
    let nodes = nodes
    guard nodes.kind(index) == .object else { return }
    var j = index &+ 1
    let end = nodes.end(index)
    while j < end {
      if nodes.flags(j) & (Tape.Flag.hasEscapes | Tape.Flag.json5) == 0 {
        body(nodes.base + nodes.offset(j), nodes.aux(j), j &+ 1)
      } else {
        var key = nodes.string(j)
        key.withUTF8 { body($0.baseAddress ?? TapeCursor.emptyBase, $0.count, j &+ 1) }
      }
      j = nodes.next(j &+ 1)
    }
  }

  /// The node at a position: the tape index of a member's value.
  @inline(__always)
  func field(_ position: Int) -> TapeNode { at(position) }

  func json() -> JSON {
    // Scalars directly: the tree builder's set-up (string table, stack) costs more than a short string.
    let nodes = nodes
    switch nodes.kind(index) {
    case .string: return .string(nodes.string(index))
    case .number: return .number(nodes.number(index))
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .null: return .null
    default:
      // The text was checked when it was scanned; the tree builder fails only on a repeated key under `.reject`,
      // and it builds with the default options here.
      var builder = TreeBuilder(text: owner.text, options: .default)
      do { return try builder.value(at: index) } catch {
        preconditionFailure("building a tree from a scanned text failed: \(error)")
      }
    }
  }

  var treeCost: Int { nodes.next(index) &- index }

  var byteOffset: Int? { owner.text.inputOffset(ofNode: index) }
}
