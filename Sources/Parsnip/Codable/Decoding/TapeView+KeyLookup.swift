/// Finding object members by name on the tape.
///
/// Names are compared as raw UTF-8 against the source bytes; only keys written with escapes are decoded first.
/// A search starts after the member found last in the same object (a hint kept per object), so types that read
/// their members in document order find each one on the first compare. When an object has the same key twice, the
/// last one wins; objects are checked for duplicates once, when a keyed container is opened on them.
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
    var key = start
    while key < end {
      if keyEquals(key, name) { return found(key, in: object, end: end, slot: slot, hasDuplicates: hasDuplicates) }
      key = next(key &+ 1)
    }
    key = object + 1
    while key < start {
      if keyEquals(key, name) { return found(key, in: object, end: end, slot: slot, hasDuplicates: hasDuplicates) }
      key = next(key &+ 1)
    }
    return -1
  }

  @inline(__always)
  private func found(_ key: Int, in object: Int, end: Int, slot: Int, hasDuplicates: Bool) -> Int {
    var key = key
    if hasDuplicates { key = lastOccurrence(of: key, end: end) }
    hintObjects[slot] = object
    hintKeys[slot] = next(key &+ 1)
    return key
  }

  /// The last key node in the rest of the object with the same name as `key`.
  @inline(never)
  func lastOccurrence(of key: Int, end: Int) -> Int {
    var name = string(ofKey: key)
    return name.withUTF8 { name in
      var last = key
      var other = next(key + 1)
      while other < end {
        if keyEquals(other, name) { last = other }
        other = next(other + 1)
      }
      return last
    }
  }

  /// Whether the key at `key` is `name`.
  @inline(__always)
  func keyEquals(_ key: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let word = nodes.word(key)
    let length = TapeCursor.aux(word)
    let count = name.count
    if length == count {
      // An escape always takes more bytes than the character it stands for, so equal lengths mean no escapes.
      guard nodes.flags(key) & Tape.Flag.hasEscapes == 0 else { return false }
      guard count > 0 else { return true }
      return Self.bytesEqual(base + TapeCursor.offset(word), name.baseAddress!, count)
    }
    if length > count, nodes.flags(key) & Tape.Flag.hasEscapes != 0 { return escapedKeyEquals(key, name) }
    return false
  }

  @inline(never)
  func escapedKeyEquals(_ key: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    var decoded = string(ofKey: key)
    return decoded.withUTF8 { $0.elementsEqual(name) }
  }

  /// Compares `count` bytes, eight at a time when there are at least eight.
  @inline(__always)
  static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    if count >= 8 {
      var i = 0
      while i &+ 8 < count {
        if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
          != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
        {
          return false
        }
        i &+= 8
      }
      return UnsafeRawPointer(a + count - 8).loadUnaligned(as: UInt64.self)
        == UnsafeRawPointer(b + count - 8).loadUnaligned(as: UInt64.self)
    }
    var i = 0
    while i < count {
      if a[i] != b[i] { return false }
      i &+= 1
    }
    return true
  }

  // MARK: Snake case

  /// The key node for a property under `.convertFromSnakeCase`: the member named by the property name in snake
  /// case, else (Foundation's rule) the last member whose camelCased name is the property name. -1 when neither.
  func findSnakeCaseMember(_ name: UnsafeBufferPointer<UInt8>, in object: Int, end: Int, hasDuplicates: Bool) -> Int {
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
    if found >= 0 { return found }
    return findCamelCasedMember(name, in: object, end: end)
  }

  /// The last member whose name, converted the way Foundation's `convertFromSnakeCase` converts it, is `name`.
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
            if count == name.count, count == 0 || Self.bytesEqual(buffer, name.baseAddress!, count) { match = key }
          } else if camelCasedEquals(key, name) {
            match = key
          }
        }
      } else if camelCasedEquals(key, name) {
        match = key
      }
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
    if count <= 8 {
      var key = object + 1
      while key < end {
        if nodes.tag(key) & Tape.Flag.hasEscapes != 0 { return true }
        let word = nodes.word(key)
        let start = base + TapeCursor.offset(word)
        let length = TapeCursor.aux(word)
        var other = next(key + 1)
        while other < end {
          let otherWord = nodes.word(other)
          if TapeCursor.aux(otherWord) == length,
            Self.bytesEqual(start, base + TapeCursor.offset(otherWord), length)
          {
            return true
          }
          other = next(other + 1)
        }
        key = next(key + 1)
      }
      return false
    }
    return hashedDuplicateCheck(object: object, end: end, count: count)
  }

  private func hashedDuplicateCheck(object: Int, end: Int, count: Int) -> Bool {
    var size = 32
    while size < 2 * count { size <<= 1 }
    let mask = size - 1
    let table = workspace.pointee.reserveTable(size)
    let generation = workspace.pointee.generation << 32
    var key = object + 1
    while key < end {
      if nodes.tag(key) & Tape.Flag.hasEscapes != 0 { return true }
      let word = nodes.word(key)
      let start = base + TapeCursor.offset(word)
      let length = TapeCursor.aux(word)
      var slot = Int(truncatingIfNeeded: keyHash(start, length)) & mask
      while true {
        let entry = table[slot]
        if entry & 0xFFFF_FFFF_0000_0000 != generation {
          table[slot] = generation | UInt64(truncatingIfNeeded: key)
          break
        }
        let otherWord = nodes.word(TapeCursor.offset(entry))
        if TapeCursor.aux(otherWord) == length,
          Self.bytesEqual(start, base + TapeCursor.offset(otherWord), length)
        {
          return true
        }
        slot = (slot &+ 1) & mask
      }
      key = next(key &+ 1)
    }
    return false
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
