#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one duplicate-key check, for every reader: finds repeated keys by comparing raw key bytes, without building
/// strings, and decodes keys only when escapes could hide a repeat.
///
/// Two keys are the same when their decoded Unicode scalars are (`ExactKey`), not when Swift's `String ==` says so:
/// `"\u00e9"` and `"e\u0301"` are canonically equivalent but different keys, as they are to the tree's objects.
struct DuplicateKeyFinder {
  /// Per slot: the stamp of the check that filled it (high 32 bits) and its key node + 1 (low 32 bits). A slot
  /// whose stamp is not the current check's is empty, so no check clears the table after itself.
  private var slots: [UInt64] = []
  private var stamp: UInt64 = 0

  /// Whether the object at node `i` has two keys that decode to the same string.
  mutating func hasDuplicates(objectAt i: Int, nodes: TapeCursor) -> Bool {
    let count = nodes.count(i)
    if count < 2 { return false }
    if count <= 8 {
      return Self.pairwiseMeeting(inObjectAt: i, nodes: nodes) ?? Self.slowCheck(objectAt: i, nodes: nodes)
    }
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    if slots.count < capacity { slots = [UInt64](repeating: 0, count: capacity) }
    stamp &+= 1
    if stamp > UInt64(UInt32.max) {
      // After 2^32 checks, start the stamps again on a clean table.
      stamp = 1
      slots = [UInt64](repeating: 0, count: slots.count)
    }
    let stamp = stamp
    let found = slots.withUnsafeMutableBufferPointer { table in
      Self.hashedMeeting(
        inObjectAt: i, nodes: nodes, table: table.baseAddress!, capacity: capacity, stamp: stamp, hash: Self.hash
      ) { a, aLength, b, bLength in aLength == bLength && TapeCursor.sameBytes(a, b, aLength) }
    }
    // `nil`: escapes, or too many keys in one slot.
    return found ?? Self.slowCheck(objectAt: i, nodes: nodes)
  }

  /// Whether the object at node `i` has two keys that decode to the same string, for a reader that checks now and
  /// then (a tape node): the table lives on the stack, where objects up to 512 members fit, so a check costs no
  /// allocation and keeps no state.
  static func hasDuplicates(objectAt i: Int, nodes: TapeCursor) -> Bool {
    let count = nodes.count(i)
    if count < 2 { return false }
    if count <= 8 { return pairwiseMeeting(inObjectAt: i, nodes: nodes) ?? Self.slowCheck(objectAt: i, nodes: nodes) }
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    guard capacity <= 1024 else {
      var finder = DuplicateKeyFinder()
      return finder.hasDuplicates(objectAt: i, nodes: nodes)
    }
    let found = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { table in
      table.initialize(repeating: 0)
      return hashedMeeting(
        inObjectAt: i, nodes: nodes, table: table.baseAddress!, capacity: capacity, stamp: 1, hash: hash
      ) { a, aLength, b, bLength in aLength == bLength && TapeCursor.sameBytes(a, b, aLength) }
    }
    return found ?? Self.slowCheck(objectAt: i, nodes: nodes)
  }

  // The one detector's two passes, shared with the decoder (whose keys may also meet after snake-case conversion:
  // it passes its own hash and equality).

  /// Whether two keys of a small object have the same bytes, comparing each pair; `nil` when a key is written with
  /// escapes (its bytes are not its name).
  @inline(__always)
  static func pairwiseMeeting(inObjectAt object: Int, nodes: TapeCursor) -> Bool? {
    let end = nodes.end(object)
    return anyKey(inObjectAt: object, nodes: nodes) { a, start, length in
      var b = nodes.next(a &+ 1)
      while b < end {
        let other = nodes.word(b)
        if TapeCursor.aux(other) == length, TapeCursor.sameBytes(start, nodes.base + TapeCursor.offset(other), length) {
          return true
        }
        b = nodes.next(b &+ 1)
      }
      return false
    }
  }

  /// Whether `body`, called with each key of the object (its node, bytes and length) in order, answers true for
  /// one; `nil` at the first key written with escapes (its bytes are not its name).
  @inline(__always)
  static func anyKey(
    inObjectAt object: Int, nodes: TapeCursor, _ body: (Int, UnsafePointer<UInt8>, Int) -> Bool
  ) -> Bool? {
    let end = nodes.end(object)
    var a = object &+ 1
    while a < end {
      if nodes.flags(a) & Tape.Flag.hasEscapes != 0 { return nil }
      let word = nodes.word(a)
      if body(a, nodes.base + TapeCursor.offset(word), TapeCursor.aux(word)) { return true }
      a = nodes.next(a &+ 1)
    }
    return false
  }

  /// Whether two keys of the object meet under `same`, through one pass over the keys into `table` (the caller's:
  /// `capacity` slots, a power of two at least twice the member count; a slot whose upper 32 bits are not `stamp`
  /// is empty, so no pass clears the table after itself), hashed by `hash` (equal keys must hash equally).
  /// `nil` when a key is written with escapes, or when more than 32 keys probe one run of slots (the hashes are
  /// not seeded, so keys can be crafted to collide): the caller then checks the slow way.
  @inline(__always)
  static func hashedMeeting(
    inObjectAt object: Int, nodes: TapeCursor, table: UnsafeMutablePointer<UInt64>, capacity: Int, stamp: UInt64,
    hash: (UnsafePointer<UInt8>, Int) -> UInt64,
    same: (UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int) -> Bool
  ) -> Bool? {
    let current = stamp << 32
    let mask = capacity &- 1
    var crowded = false
    let met = anyKey(inObjectAt: object, nodes: nodes) { a, start, length in
      var h = Int(truncatingIfNeeded: hash(start, length)) & mask
      var probes = 0
      while true {
        let entry = table[h]
        if entry & 0xFFFF_FFFF_0000_0000 != current {
          table[h] = current | UInt64(truncatingIfNeeded: a)
          return false
        }
        let other = nodes.word(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF))
        if same(start, length, nodes.base + TapeCursor.offset(other), TapeCursor.aux(other)) { return true }
        h = (h &+ 1) & mask
        probes &+= 1
        if probes > 32 {
          crowded = true
          return true
        }
      }
    }
    return crowded ? nil : met
  }

  @inline(__always)
  fileprivate static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(n)
    var k = 0
    while k + 8 <= n {
      h = (h ^ UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)) &* 0x100_0000_01b3
      h ^= h >> 29
      k += 8
    }
    while k < n {
      h = (h ^ UInt64(p[k])) &* 0x100_0000_01b3
      k += 1
    }
    return h ^ h >> 32
  }

  /// Keys with escapes can be equal after decoding while their bytes differ: compare decoded strings.
  private static func slowCheck(objectAt i: Int, nodes: TapeCursor) -> Bool {
    var seen = Set<ExactKey>()
    var j = i + 1
    let endNode = nodes.end(i)
    while j < endNode {
      if !seen.insert(ExactKey(nodes.string(j))).inserted { return true }
      j = nodes.next(j + 1)
    }
    return false
  }

  /// The node of the first key of the object at node `i` that repeats an earlier key, or `Int.max`;
  /// `key(ordinal, node)` is the decoded key of the member at that ordinal and key node.
  static func firstRepeatedKey(objectAt i: Int, tape: Tape, key: (Int, Int) -> String) -> Int {
    var seen = Set<ExactKey>()
    let end = tape.aux(i)
    var j = i &+ 1
    var k = 0
    while j < end {
      if !seen.insert(ExactKey(key(k, j))).inserted { return j }
      k &+= 1
      j = tape.next(j &+ 1)
    }
    return Int.max
  }

  /// The first key node, in text order, that repeats an earlier key of its object within the value at node
  /// `value` (the whole text by default), or `nil`: the key that the tree builder reports, so that every reader
  /// names the same one.
  mutating func firstRepeatedKey(in tape: Tape, nodes: TapeCursor, inValueAt value: Int = 0) -> Int? {
    var found = Int.max
    var i = value
    let end = value == 0 ? tape.count : nodes.next(value)
    while i < Swift.min(end, found) {
      if tape.rawKind(i) == Tape.Kind.object.rawValue, hasDuplicates(objectAt: i, nodes: nodes) {
        let repeated = Self.firstRepeatedKey(objectAt: i, tape: tape) { _, j in nodes.string(j) }
        found = Swift.min(found, repeated)
      }
      i &+= 1
    }
    return found == Int.max ? nil : found
  }
}
