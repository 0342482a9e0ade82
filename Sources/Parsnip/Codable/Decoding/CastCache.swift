/// `type as? Target` by type, remembered: a dynamic cast to a protocol is a runtime conformance lookup (hundreds of
/// instructions, and a lookup in a table every thread shares), where finding the answer here is a hash and a compare.
///
/// Open addressing over 128 slots, at most 64 types remembered (casts of further types are answered, not kept).
/// Kept per thread with the `DecodeCaches`, so the table holds the types of every document its thread decoded: it is
/// hashed rather than searched in order, since a list that long cost a scan per object decoded.
struct CastCache<Target> {
  private var ids = [UInt](repeating: 0, count: 128)
  private var results = [Target?](repeating: nil, count: 128)
  private var count = 0

  /// `type as? Target`.
  @inline(__always)
  mutating func cast(_ type: Any.Type) -> Target? {
    let id = UInt(bitPattern: ObjectIdentifier(type))
    // Metadata addresses are aligned: their low bits say nothing.
    var slot = Int(truncatingIfNeeded: (id >> 4) ^ (id >> 11)) & 127
    while ids[slot] != 0 {
      if ids[slot] == id { return results[slot] }
      slot = (slot &+ 1) & 127
    }
    return castAndKeep(type, id: id, in: slot)
  }

  @inline(never)
  private mutating func castAndKeep(_ type: Any.Type, id: UInt, in slot: Int) -> Target? {
    let result = type as? Target
    if count < 64 {
      ids[slot] = id
      results[slot] = result
      count += 1
    }
    return result
  }
}
