/// Finding object members by name on the tape.
///
/// Names are compared as raw UTF-8 against the source bytes; only keys written with escapes are decoded first.
/// A search starts after the member found last in the same object (a hint kept per object), so types that read
/// their members in document order find each one on the first compare. When an object has the same key twice, the
/// first one wins (Foundation's choice); objects are checked for duplicates once, when a keyed container is opened
/// on them. Under `.convertFromSnakeCase` that check also flags names that may meet after conversion (`fooBar` and
/// `foo_bar`), whose lookups then take Foundation's rule: the first member whose converted name is the key.
extension TapeView {
  /// The key node of the member named `name` in `object`, or -1.
  @inline(__always)
  func findMember(_ name: UnsafeBufferPointer<UInt8>, in object: Int, end: Int, hasDuplicates: Bool) -> Int {
    let slot = object & (TapeView.hintSlots - 1)
    var start = object + 1
    if hintObjects[slot] == object {
      start = hintKeys[slot]
      if start >= end { start = object + 1 }
    }
    let key = nodes.key(name, inObjectAt: object, end: end, from: start)
    return key < 0 ? -1 : found(key, in: object, end: end, slot: slot, hasDuplicates: hasDuplicates)
  }

  @inline(__always)
  private func found(_ key: Int, in object: Int, end: Int, slot: Int, hasDuplicates: Bool) -> Int {
    var key = key
    if hasDuplicates { key = Self.firstOccurrence(of: key, in: object, nodes: nodes) }
    hintObjects[slot] = object
    hintKeys[slot] = next(key &+ 1)
    return key
  }

  /// The first key node of the object with the same name as `key`.
  ///
  /// Static, given the cursor alone: a method would take the whole view, and every lookup that inlines `found` would
  /// then copy the view's fourteen words to the stack for this rare call.
  @inline(never)
  static func firstOccurrence(of key: Int, in object: Int, nodes: TapeCursor) -> Int {
    var name = nodes.string(key)
    return name.withUTF8 { name in
      var other = object + 1
      while other < key {
        if nodes.keyEquals(other, name) { return other }
        other = nodes.next(other + 1)
      }
      return key
    }
  }

  /// Whether the key at `key` is `name` (the tape cursor's comparison).
  @inline(__always)
  func keyEquals(_ key: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool { nodes.keyEquals(key, name) }

  // MARK: Snake case

  /// The key node for a property under `.convertFromSnakeCase`: the member named by the property name in snake
  /// case, else (Foundation's rule) the first member whose camelCased name is the property name. -1 when neither.
  /// In an object whose names may meet after conversion (`hasDuplicates`), Foundation's rule comes first.
  func findSnakeCaseMember(_ name: UnsafeBufferPointer<UInt8>, in object: Int, end: Int, hasDuplicates: Bool) -> Int {
    if hasDuplicates {
      let match = findCamelCasedMember(name, in: object, end: end)
      if match >= 0 { return match }
    }
    let found: Int
    if KeyConversion.takesASCIISnakeCasePath(name) {
      let buffer = workspace.pointee.reserveScratch(2 * name.count + 1)
      let count = KeyConversion.snakeCaseASCII(name, into: buffer)
      found = findMember(
        UnsafeBufferPointer(start: buffer, count: count), in: object, end: end, hasDuplicates: hasDuplicates)
    } else {
      var converted = KeyConversion.convertToSnakeCase(String(decoding: name, as: UTF8.self))
      found = converted.withUTF8 { findMember($0, in: object, end: end, hasDuplicates: hasDuplicates) }
    }
    if found >= 0 || hasDuplicates { return found }
    return findCamelCasedMember(name, in: object, end: end)
  }

  /// The first member whose name, converted the way Foundation's `convertFromSnakeCase` converts it, is `name`.
  @inline(never)
  func findCamelCasedMember(_ name: UnsafeBufferPointer<UInt8>, in object: Int, end: Int) -> Int {
    var match = -1
    var key = object + 1
    while key < end {
      let length = self.length(key)
      let start = base + offset(key)
      if nodes.tag(key) & (Tape.Flag.hasEscapes | Tape.Flag.nonASCII) == 0 {
        // ASCII camelCasing never lengthens a name.
        if length >= name.count {
          let buffer = workspace.pointee.reserveScratch(length + 1)
          if let count = KeyConversion.camelCaseASCII(UnsafeBufferPointer(start: start, count: length), into: buffer) {
            if count == name.count, count == 0 || TapeCursor.sameBytes(buffer, name.baseAddress!, count) { match = key }
          } else if camelCasedEquals(key, name) {
            match = key
          }
        }
      } else if camelCasedEquals(key, name) {
        match = key
      }
      if match >= 0 { return match }
      key = next(key + 1)
    }
    return match
  }

  private func camelCasedEquals(_ key: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    var converted = KeyConversion.convertFromSnakeCase(string(ofKey: key))
    return converted.withUTF8 { $0.elementsEqual(name) }
  }

  // MARK: Duplicates

  /// Whether an object has the same member name twice. Small objects compare names pairwise; larger ones hash them.
  /// Names written with escapes are not compared: such an object is treated as having duplicates, which only makes
  /// its lookups take the careful path.
  func hasDuplicateKeys(object: Int, end: Int) -> Bool {
    let count = self.count(object)
    if count < 2 { return false }
    if keyMode == .snakeCase, !hasOnlyPlainSnakeCaseKeys(object: object, end: end) {
      return hasSnakeCaseCollisions(object: object, end: end, count: count)
    }
    // Names written with escapes count as repeats (`nil`): their bytes are not their names.
    if count <= 8 { return DuplicateKeyFinder.pairwiseMeeting(inObjectAt: object, nodes: nodes) ?? true }
    let slot = count & (LookupWorkspace.distinctObjectSlots - 1)
    if hasKeysOfDistinctObject(workspace.pointee.distinctObjects[slot], object: object, end: end, count: count) {
      return false
    }
    if hashedDuplicateCheck(object: object, end: end, count: count) { return true }
    workspace.pointee.distinctObjects[slot] = object
    return false
  }

  /// Whether the object's keys are, in order and byte for byte, those of `last`, an earlier object of as many members
  /// whose keys the table found distinct, which makes them distinct too: the objects of one type in a document mostly
  /// are (hashing every key of twitter.json's users and statuses was 4.7% of decoding it). An object with escaped
  /// keys is never found distinct.
  private func hasKeysOfDistinctObject(_ last: Int, object: Int, end: Int, count: Int) -> Bool {
    guard last >= 0, self.count(last) == count else { return false }
    var key = object + 1
    var other = last + 1
    while key < end {
      let word = nodes.word(key)
      let otherWord = nodes.word(other)
      let length = TapeCursor.aux(word)
      guard TapeCursor.aux(otherWord) == length,
        TapeCursor.sameBytes(base + TapeCursor.offset(word), base + TapeCursor.offset(otherWord), length)
      else { return false }
      key = next(key + 1)
      other = next(other + 1)
    }
    return true
  }

  private func hashedDuplicateCheck(object: Int, end: Int, count: Int) -> Bool {
    hasMeetingKeys(object: object, end: end, count: count, hash: keyHash) { a, aLength, b, bLength in
      aLength == bLength && TapeCursor.sameBytes(a, b, aLength)
    }
  }

  /// Whether two keys of the object meet under `same`, hashed by `hash`: the one detector's pass
  /// (``DuplicateKeyFinder/hashedMeeting(inObjectAt:nodes:table:capacity:stamp:hash:same:)``) over this decode's
  /// table. Names with escapes, and crowded slots, count as a meeting: lookups then take the careful path.
  @inline(__always)
  private func hasMeetingKeys(
    object: Int, end: Int, count: Int, hash: (UnsafePointer<UInt8>, Int) -> UInt64,
    same: (UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int) -> Bool
  ) -> Bool {
    var size = 32
    while size < 2 * count { size <<= 1 }
    let table = workspace.pointee.reserveTable(size)
    return DuplicateKeyFinder.hashedMeeting(
      inObjectAt: object, nodes: nodes, table: table, capacity: size, stamp: workspace.pointee.generation,
      hash: hash, same: same) ?? true
  }

  // MARK: Names that meet after snake case conversion

  /// Whether every key is plain snake case: ASCII lowercase letters, digits and underscores, and every underscore
  /// followed by a letter (leading ones excepted). Conversion is one-to-one on such names (each capital it makes
  /// marks an underscore), so two of them never meet; this is the common case, checked eight bytes at a time.
  @inline(__always)
  func hasOnlyPlainSnakeCaseKeys(object: Int, end: Int) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // Per byte below 0x80, the high bit of `w + (0x80 - lo)` says `b >= lo`, of `w + (0x7F - hi)` says `b > hi`.
    @inline(__always) func inRange(_ w: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
      (w &+ (0x80 &- lo) &* ones) & ~(w &+ (0x7F &- hi) &* ones) & high
    }
    var key = object + 1
    while key < end {
      if nodes.tag(key) & (Tape.Flag.hasEscapes | Tape.Flag.nonASCII) != 0 { return false }
      let word = nodes.word(key)
      let start = base + TapeCursor.offset(word)
      let length = TapeCursor.aux(word)
      var i = 0
      var atStart = true  // leading underscores may be followed by anything plain
      var carry: UInt64 = 0  // the underscore bit of the previous word's last byte, moved to byte 0
      while i < length {
        var w: UInt64 = 0
        let n = Swift.min(8, length &- i)
        if n == 8 {
          w = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
        } else {
          // The missing bytes read as `a`, which is plain.
          w = 0x6161_6161_6161_6161 &<< UInt64(n &* 8)
          for k in 0..<n { w |= UInt64(start[i &+ k]) &<< UInt64(k &* 8) }
        }
        let underscores = inRange(w, 0x5F, 0x5F)
        let plain = inRange(w, 0x61, 0x7A) | inRange(w, 0x30, 0x39) | underscores
        if plain != high { return false }
        var leading: UInt64 = 0
        if atStart {
          // The run of underscores at the start of the name, as a mask of high bits.
          let run = (~underscores & high).trailingZeroBitCount &>> 3
          leading = run >= 8 ? high : high & ((1 &<< UInt64(run &* 8)) &- 1)
          atStart = run >= 8
        }
        let followers = ((underscores & ~leading) &<< 8) | carry
        if followers & (inRange(w, 0x30, 0x39) | underscores) != 0 { return false }
        carry = n == 8 ? (underscores & ~leading) &>> 56 : 0
        i &+= 8
      }
      key = next(key &+ 1)
    }
    return true
  }

  /// Whether two keys may be the same name after conversion: keys compared ASCII-case-insensitively without their
  /// underscores, a coarser equality than conversion's (false alarms only cost speed). Names with escapes count as
  /// a meeting, as in ``hasDuplicateKeys(object:end:)``.
  @inline(never)
  func hasSnakeCaseCollisions(object: Int, end: Int, count: Int) -> Bool {
    hasMeetingKeys(object: object, end: end, count: count, hash: Self.foldedHash, same: Self.foldedEqual)
  }

  /// The FNV-1a hash of a name's ASCII-lowercased bytes without underscores.
  private static func foldedHash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for i in 0..<count {
      let byte = p[i]
      if byte == .underscore { continue }
      hash = (hash ^ UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) &* 0x100_0000_01B3
    }
    return hash ^ hash &>> 32
  }

  /// Whether two names are equal ASCII-case-insensitively once their underscores are dropped.
  private static func foldedEqual(
    _ a: UnsafePointer<UInt8>, _ aCount: Int, _ b: UnsafePointer<UInt8>, _ bCount: Int
  ) -> Bool {
    @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    var (i, j) = (0, 0)
    while true {
      while i < aCount, a[i] == .underscore { i &+= 1 }
      while j < bCount, b[j] == .underscore { j &+= 1 }
      if i == aCount || j == bCount { return i == aCount && j == bCount }
      if folded(a[i]) != folded(b[j]) { return false }
      i &+= 1
      j &+= 1
    }
  }

  /// A hash of a key's bytes from at most two eight-byte loads. A key is followed in the source by at least `":`, a
  /// value and `}`, so a load from its start may read past it when the buffer has room; the extra bytes are masked.
  @inline(__always)
  func keyHash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var h: UInt64
    if count >= 8 {
      h = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      let last = UnsafeRawPointer(p + count - 8).loadUnaligned(as: UInt64.self)
      h ^= last << 29 | last >> 35
    } else if p + 8 <= base + source.count {
      // `>>` past the width gives 0, so an empty key hashes as 0.
      h = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) & (UInt64.max >> (64 - 8 * count))
    } else {
      // The same value as the masked little-endian load above.
      h = 0
      for i in 0..<count { h |= UInt64(p[i]) << (8 * i) }
    }
    h = (h ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
    return h ^ (h >> 29)
  }
}
