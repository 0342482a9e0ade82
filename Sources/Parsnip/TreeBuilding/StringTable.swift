#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Interns the strings of one document while its tree is built, and finds repeated keys in an object on the way.
///
/// Documents repeat their keys and many of their values (`"en"`, URLs, type names). Building a `String` copies its
/// bytes (and allocates past 15 bytes); finding the earlier copy costs a hash and one comparison.
/// Entries are keyed by the raw source bytes between the quotes, so a string with escapes is interned too (equal
/// raw bytes decode to equal strings).
///
/// - Strings of up to 16 bytes are keyed by their bytes as two words: no loop, no memory comparison.
/// - Longer strings are hashed from their first and last 16 bytes, a word from the middle and their length, and
///   compared in full. Long values are interned only while that pays: when fewer than 1 in 4 of them repeat (log
///   lines, descriptions), the table stops looking them up.
/// - Crafted input could pile strings onto one slot: the hash is seeded per process, and a probe sequence longer
///   than `maximumProbes` ends the search (the string is then built without interning).
///
/// Duplicate keys: while the tree builder reads the keys of object `o` (all of them, before any value), it passes a
/// stamp unique to `o`. An entry already stamped with `o` is a key seen earlier in the same object. Entries are never
/// evicted, so a repeated key always finds its entry. The check is exact only for keys without escapes that made it
/// into the table (`"a"` and `"\u0061"` are different raw bytes); for other keys the lookup reports `uncertain` and
/// the builder falls back to `DuplicateKeyFinder`.
///
/// The table is open addressing with linear probing, allocated on first use and grown to at most `maximumCapacity`
/// slots; once full, new strings are built without interning. It must be freed with `deallocate()`.
struct StringTable {
  struct Entry {
    /// The first 16 bytes of the raw contents (zero past the end), compared before anything else.
    var prefix0: UInt64
    var prefix1: UInt64
    var offset: UInt32
    /// `UInt32.max` marks an empty slot (whose `string` is uninitialized).
    var length: UInt32
    var hash: UInt32
    /// Object node index + 1 of the last key pass that looked this key up; 0 when none.
    var stamp: UInt32
    var string: String
  }

  /// Lookup results, as bits of `status`.
  enum Status {
    /// The key was already seen in the object being stamped.
    static let duplicate: UInt8 = 1
    /// The key's duplicate status is unknown (escapes, too long, or the table was full).
    static let uncertain: UInt8 = 2
  }

  /// Strings longer than this are not interned: rarely repeated, and expensive to compare.
  static let maximumLength = 1 << 16
  /// 64 Ki slots of 48 bytes (3 MiB) at most; half of them used.
  static let maximumCapacity = 1 << 16
  /// Documents shorter than this (in bytes) are not interned.
  static let minimumSourceCount = 1 << 10
  /// Past this many probes a string is not interned (see the type's discussion).
  static let maximumProbes = 32
  /// Per process, so that colliding strings cannot be prepared in advance. Drawn from the standard library's
  /// per-process hash seed, so that `SWIFT_DETERMINISTIC_HASHING=1` fixes it too: a few seeds in twenty cost 2–9%
  /// more probing on citm_catalog.json, which would hide any change under callgrind (scripts/callgrind-matrix.sh).
  static let seed: UInt64 = {
    func draw(_ tag: UInt64) -> UInt64 {
      var hasher = Hasher()
      hasher.combine(tag)
      return UInt64(UInt(bitPattern: hasher.finalize()))  // 32 bits on 32-bit platforms: two draws
    }
    return (draw(1) << 32 ^ draw(2)) | 1
  }()

  private let base: UnsafePointer<UInt8>
  private let sourceCount: Int
  private let seed: UInt64
  private var entries: UnsafeMutablePointer<Entry>?
  private var mask = -1
  private var used = 0
  /// Insert while `used < limit` (half the capacity); -1 once the table is full.
  private var limit = 0
  /// Value strings past 16 bytes looked up, and found, in the current window of 256.
  private var longLookups = 0
  private var longHits = 0
  private var internsLongValues = true

  init(base: UnsafePointer<UInt8>, sourceCount: Int) {
    self.base = base
    self.sourceCount = sourceCount
    self.seed = Self.seed
  }

  /// Frees the table; the strings it handed out stay valid (they are reference counted).
  mutating func deallocate() {
    guard let entries else { return }
    Self.release(entries, capacity: mask &+ 1)
    self.entries = nil
    mask = -1
    used = 0
    limit = 0
  }

  // MARK: Memory

  /// One emptied table kept for the next document.
  ///
  /// Allocating and freeing a table of hundreds of kilobytes per document makes the allocator return the memory to
  /// the system and fault it back in on the next parse, which costs more than the parse's string lookups. At most one
  /// table of up to `maximumSpareCapacity` slots (768 KiB) stays allocated for the life of the process.
  private static let spare = SpareMemory()
  private static let maximumSpareCapacity = 1 << 14
  /// The table memory starts with a header holding its capacity; the entries follow.
  private static let headerSize = 64

  /// An empty table of at least `capacity` slots: the spare one when it is large enough.
  private static func allocate(capacity: Int) -> (UnsafeMutablePointer<Entry>, capacity: Int) {
    // Not much larger than asked: emptying a table visits every slot.
    if capacity <= maximumSpareCapacity,
      let (memory, spareCapacity) = spare.take(where: { $0 >= capacity && $0 <= capacity &* 4 })
    {
      return ((memory + headerSize).assumingMemoryBound(to: Entry.self), spareCapacity)
    }
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: headerSize + capacity * MemoryLayout<Entry>.stride, alignment: 16)
    memory.storeBytes(of: capacity, as: Int.self)
    let entries = (memory + headerSize).bindMemory(to: Entry.self, capacity: capacity)
    // Only the lengths are initialized: `UInt32.max` marks every slot empty.
    let lengthOffset = MemoryLayout<Entry>.offset(of: \.length)!
    for k in 0..<capacity {
      (UnsafeMutableRawPointer(entries + k) + lengthOffset).storeBytes(of: UInt32.max, as: UInt32.self)
    }
    return (entries, capacity)
  }

  /// Destroys the strings of a table, leaving it empty, and keeps it as the spare or frees it.
  private static func release(_ entries: UnsafeMutablePointer<Entry>, capacity: Int) {
    for k in 0..<capacity where entries[k].length != UInt32.max {
      (entries + k).deinitialize(count: 1)
      (UnsafeMutableRawPointer(entries + k) + MemoryLayout<Entry>.offset(of: \.length)!)
        .storeBytes(of: UInt32.max, as: UInt32.self)
    }
    let memory = UnsafeMutableRawPointer(entries) - headerSize
    guard capacity <= maximumSpareCapacity else { return memory.deallocate() }
    spare.keep(memory, capacity: capacity) { $0.deallocate() }
  }

  /// The decoded string whose raw contents are `count` bytes at `offset`.
  ///
  /// - Parameters:
  ///   - stamp: Non-zero while reading the keys of one object (see the type's discussion); 0 for values.
  ///   - flags: The string node's `Tape.Flag` bits.
  ///   - status: Receives `Status` bits (only ever set, never cleared).
  @inline(__always)
  mutating func string(
    offset: Int, count: Int, flags: UInt8, stamp: UInt32, status: inout UInt8
  ) -> String {
    // Reading the first 16 bytes whole may run past the string (into its closing quote and what follows), which
    // must stay inside the source.
    guard count <= 16, offset &+ 16 <= sourceCount, entries != nil else {
      return slowString(offset: offset, count: count, flags: flags, stamp: stamp, status: &status)
    }
    if flags & Tape.Flag.hasEscapes != 0, stamp != 0 { status |= Status.uncertain }
    let p = base + offset
    let bits = UInt64(truncatingIfNeeded: count) &<< 3
    let prefix0 = count >= 8 ? SWAR.load(p) : SWAR.load(p) & ((1 &<< bits) &- 1)
    let prefix1 = count <= 8 ? 0 : count == 16 ? SWAR.load(p + 8) : SWAR.load(p + 8) & ((1 &<< (bits &- 64)) &- 1)
    let hash = shortHash(prefix0, prefix1, count)
    var slot = Int(truncatingIfNeeded: hash) & mask
    let entries = self.entries.unsafelyUnwrapped
    var probes = 0
    while true {
      let entry = entries + slot
      if entry.pointee.prefix0 == prefix0, entry.pointee.prefix1 == prefix1,
        entry.pointee.length == UInt32(truncatingIfNeeded: count)
      {
        return found(entry, stamp: stamp, status: &status)
      }
      if entry.pointee.length == UInt32.max { break }
      probes &+= 1
      if probes == Self.maximumProbes { break }
      slot = (slot &+ 1) & mask
    }
    return insert(
      at: slot, offset: offset, count: count, flags: flags, prefix0: prefix0, prefix1: prefix1,
      hash: hash, stamp: stamp, status: &status)
  }

  @inline(__always)
  private func shortHash(_ prefix0: UInt64, _ prefix1: UInt64, _ count: Int) -> UInt32 {
    var h = (prefix0 ^ seed) &* 0x9E37_79B9_7F4A_7C15
    h ^= (prefix1 ^ UInt64(truncatingIfNeeded: count)) &* 0xBF58_476D_1CE4_E5B9
    h ^= h >> 29
    return UInt32(truncatingIfNeeded: h ^ (h >> 32))
  }

  @inline(__always)
  private func found(_ entry: UnsafeMutablePointer<Entry>, stamp: UInt32, status: inout UInt8) -> String {
    if stamp != 0 {
      if entry.pointee.stamp == stamp { status |= Status.duplicate }
      entry.pointee.stamp = stamp
    }
    return entry.pointee.string
  }

  /// Builds a string that was not found and adds it at `slot` (the empty slot ending its probe sequence).
  @inline(never)
  private mutating func insert(
    at slot: Int, offset: Int, count: Int, flags: UInt8, prefix0: UInt64, prefix1: UInt64, hash: UInt32,
    stamp: UInt32, status: inout UInt8
  ) -> String {
    let string = StringDecoding.string(base, from: offset, count: count, flags: flags)
    let entry = entries.unsafelyUnwrapped + slot
    guard used < limit, entry.pointee.length == UInt32.max else {
      if stamp != 0 { status |= Status.uncertain }  // not tracked
      return string
    }
    entry.initialize(
      to: Entry(
        prefix0: prefix0, prefix1: prefix1, offset: UInt32(truncatingIfNeeded: offset),
        length: UInt32(truncatingIfNeeded: count), hash: hash, stamp: stamp, string: string))
    used &+= 1
    if used == limit { grow() }
    return string
  }

  /// Strings past 16 bytes, short strings at the very end of the source, and the first lookup.
  @inline(never)
  private mutating func slowString(
    offset: Int, count: Int, flags: UInt8, stamp: UInt32, status: inout UInt8
  ) -> String {
    if entries == nil {
      // A small document repeats too few strings to pay for a table (about 1 300 instructions to set up, fill and
      // empty): its strings are built directly, and its objects' keys checked by `DuplicateKeyFinder`.
      guard sourceCount >= Self.minimumSourceCount else {
        if stamp != 0 { status |= Status.uncertain }
        return StringDecoding.string(base, from: offset, count: count, flags: flags)
      }
      grow()
    }
    guard count <= Self.maximumLength, stamp != 0 || count <= 16 || internsLongValues else {
      if stamp != 0 { status |= Status.uncertain }
      return StringDecoding.string(base, from: offset, count: count, flags: flags)
    }
    if flags & Tape.Flag.hasEscapes != 0, stamp != 0 { status |= Status.uncertain }
    let p = base + offset
    let prefix0: UInt64
    let prefix1: UInt64
    let hash: UInt32
    if count <= 16 {
      // Near the end of the source: gather the bytes one by one.
      var words: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: p, byteCount: count) }
      prefix0 = UInt64(littleEndian: words.0)
      prefix1 = UInt64(littleEndian: words.1)
      hash = shortHash(prefix0, prefix1, count)
    } else {
      // Every read stays within the string.
      prefix0 = SWAR.load(p)
      prefix1 = SWAR.load(p + 8)
      var h = (prefix0 ^ seed) &* 0x9E37_79B9_7F4A_7C15
      h ^= (prefix1 ^ UInt64(truncatingIfNeeded: count)) &* 0xBF58_476D_1CE4_E5B9
      h = (h ^ (h >> 29) ^ SWAR.load(p + count - 16)) &* 0x94D0_49BB_1331_11EB
      h = (h ^ (h >> 29) ^ SWAR.load(p + count - 8)) &* 0x9E37_79B9_7F4A_7C15
      h = (h ^ (h >> 29) ^ SWAR.load(p + (count >> 1) - 4)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 29
      hash = UInt32(truncatingIfNeeded: h ^ (h >> 32))
      if stamp == 0 { countLongValueLookup() }
    }
    var slot = Int(truncatingIfNeeded: hash) & mask
    let entries = self.entries.unsafelyUnwrapped
    var probes = 0
    while true {
      let entry = entries + slot
      if entry.pointee.prefix0 == prefix0, entry.pointee.prefix1 == prefix1,
        entry.pointee.length == UInt32(truncatingIfNeeded: count), entry.pointee.hash == hash,
        count <= 16 || memcmp(base + Int(entry.pointee.offset) + 16, p + 16, count &- 16) == 0
      {
        if count > 16, stamp == 0 { longHits &+= 1 }
        return found(entry, stamp: stamp, status: &status)
      }
      if entry.pointee.length == UInt32.max { break }
      probes &+= 1
      if probes == Self.maximumProbes { break }
      slot = (slot &+ 1) & mask
    }
    return insert(
      at: slot, offset: offset, count: count, flags: flags, prefix0: prefix0, prefix1: prefix1,
      hash: hash, stamp: stamp, status: &status)
  }

  /// Stops interning long values when, over a window of 256 of them, fewer than 1 in 4 repeated: a miss costs a
  /// hash, a probe and a table entry, so github_events.json (1 in 6 repeat) builds 4% fewer instructions without.
  @inline(__always)
  private mutating func countLongValueLookup() {
    longLookups &+= 1
    if longLookups == 256 {
      if longHits &* 4 < longLookups { internsLongValues = false }
      longLookups = 0
      longHits = 0
    }
  }

  /// Doubles the table (or allocates it), up to `maximumCapacity`; at the maximum, stops inserting.
  @inline(never)
  private mutating func grow() {
    let capacity = mask &+ 1
    if capacity >= Self.maximumCapacity {
      limit = -1
      return
    }
    // About one slot per 64 bytes of text to start with: documents repeat most of their strings.
    let wanted =
      capacity == 0 ? Swift.min(Swift.max(sourceCount >> 6, 64).nextPowerOfTwo, 1 << 12) : capacity &* 2
    let (newEntries, newCapacity) = Self.allocate(capacity: wanted)
    let newMask = newCapacity &- 1
    if let old = entries {
      for k in 0..<capacity where old[k].length != UInt32.max {
        var slot = Int(old[k].hash) & newMask
        while newEntries[slot].length != UInt32.max { slot = (slot &+ 1) & newMask }
        (newEntries + slot).moveInitialize(from: old + k, count: 1)
        (UnsafeMutableRawPointer(old + k) + MemoryLayout<Entry>.offset(of: \.length)!)
          .storeBytes(of: UInt32.max, as: UInt32.self)
      }
      Self.release(old, capacity: capacity)
    }
    entries = newEntries
    mask = newMask
    limit = newCapacity / 2
  }
}

extension Int {
  /// The smallest power of two ≥ `self` (for positive values).
  fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
