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
  mutating func hasDuplicates(objectAt i: Int, tape: Tape, base: UnsafePointer<UInt8>) -> Bool {
    let count = tape.containerCount(i)
    if count < 2 { return false }
    let endNode = tape.aux(i)
    if count <= 8 {
      var a = i + 1
      while a < endNode {
        if tape.flags(a) & Tape.Flag.hasEscapes != 0 { return slowCheck(objectAt: i, tape: tape, base: base) }
        var b = tape.next(a + 1)
        while b < endNode {
          if Self.sameBytes(a, b, tape, base) { return true }
          b = tape.next(b + 1)
        }
        a = tape.next(a + 1)
      }
      return false
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
    let current = stamp << 32
    let mask = capacity - 1
    // The tape's arrays in locals: the table's stores could otherwise make every read reload them from the tape.
    let kinds = tape.kinds
    let words = tape.words
    let found: Bool? = slots.withUnsafeMutableBufferPointer { table in
      let table = table.baseAddress!
      var a = i + 1
      while a < endNode {
        if TapeCursor.flags(kinds[a]) & Tape.Flag.hasEscapes != 0 { return nil }
        let word = words[a]
        let length = TapeCursor.aux(word)
        let start = base + TapeCursor.offset(word)
        var h = Self.hash(start, length) & mask
        var probes = 0
        while true {
          let s = table[h]
          if s & 0xFFFF_FFFF_0000_0000 != current {
            table[h] = current | UInt64(a + 1)
            break
          }
          let other = words[Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1]
          if TapeCursor.aux(other) == length, TapeCursor.sameBytes(start, base + TapeCursor.offset(other), length) {
            return true
          }
          h = (h + 1) & mask
          probes += 1
          // Crafted keys can share a slot (the hash is not seeded): `Set` hashes with a per-process seed.
          if probes > 32 { return nil }
        }
        // The value after key `a`: a container's end + 1, or the next node.
        let value = a + 1
        a = TapeCursor.isContainer(TapeCursor.rawKind(kinds[value])) ? TapeCursor.aux(words[value]) &+ 1 : value &+ 1
      }
      return false
    }
    // `nil`: escapes, or too many keys in one slot.
    return found ?? slowCheck(objectAt: i, tape: tape, base: base)
  }

  @inline(__always)
  private static func sameBytes(_ a: Int, _ b: Int, _ tape: Tape, _ base: UnsafePointer<UInt8>) -> Bool {
    let n = tape.aux(a)
    return n == tape.aux(b) && TapeCursor.sameBytes(base + tape.offset(a), base + tape.offset(b), n)
  }

  @inline(__always)
  fileprivate static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
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
    h ^= h >> 32
    return Int(truncatingIfNeeded: h)
  }

  /// Keys with escapes can be equal after decoding while their bytes differ: compare decoded strings.
  private func slowCheck(objectAt i: Int, tape: Tape, base: UnsafePointer<UInt8>) -> Bool {
    var seen = Set<ExactKey>()
    var j = i + 1
    let endNode = tape.aux(i)
    while j < endNode {
      let key = StringDecoding.string(
        base, from: tape.offset(j), count: tape.aux(j), flags: tape.flags(j))
      if !seen.insert(ExactKey(key)).inserted { return true }
      j = tape.next(j + 1)
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

  /// The first key node, in text order, that repeats an earlier key of its object, or `nil`: the key that the
  /// tree builder reports, so that every reader names the same one.
  mutating func firstRepeatedKey(in tape: Tape, base: UnsafePointer<UInt8>) -> Int? {
    var found = Int.max
    var i = 0
    while i < Swift.min(tape.count, found) {
      if tape.rawKind(i) == Tape.Kind.object.rawValue, hasDuplicates(objectAt: i, tape: tape, base: base) {
        let repeated = Self.firstRepeatedKey(objectAt: i, tape: tape) { _, j in
          StringDecoding.string(base, from: tape.offset(j), count: tape.aux(j), flags: tape.flags(j))
        }
        found = Swift.min(found, repeated)
      }
      i &+= 1
    }
    return found == Int.max ? nil : found
  }
}
