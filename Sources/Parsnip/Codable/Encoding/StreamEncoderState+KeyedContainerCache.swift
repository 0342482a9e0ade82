import Foundation

// Two per-key-type caches of a streaming encode, the costs that dominate encoding a struct:
//
// - Member names. A `CodingKeys` enum (or any plain key type of at most one byte) is fully identified by its byte,
//   so its `stringValue`, converted by the key strategy, is the same every time: it is quoted, escaped (with its
//   colon, when compact) and hashed once, and copied from then on, by this encode and the thread's later ones in
//   the same name style (`EncodeCaches`). While a table's names are distinct
//   (synthesized keys always are; snake case can merge two), its byte also identifies the name, so an object whose
//   members all come from one table checks for a repeated key with a bit per byte (`OutputCore`). Other key types,
//   and the `.custom` strategy (whose answer may depend on the coding path), convert every key.
// - Container boxes. `KeyedEncodingContainer` wraps each container in a class instance, and creating one asks the
//   runtime for the generic metadata of the box and of `StreamKeyedContainer<Key>` (two hash lookups) before
//   allocating. The box handed out last for a key type is handed out again, retargeted at the new object, once its
//   user has let go of it (the cache holds the only reference); a container that is still held is never touched.
//   Boxes last one encode: a box holds its encode's state (see "kept per thread" in `Benchmarks/archive/RESULTS.md` for
//   why reading the state through the box's place instead was dropped).

extension StreamEncoderState {
  /// A keyed container for the frame at `frameIndex` with `id`, reusing this key type's last box when it is free.
  @inline(__always)
  func keyedContainer<Key: CodingKey>(_ type: Key.Type, frameIndex: Int, id: Int) -> KeyedEncodingContainer<Key> {
    if _slowPath(core.pointee.finished) {
      // From an encoder kept past its encode: the caches are the thread's next encode's now. The container writes
      // nothing (its frame is gone), so it needs no names.
      return KeyedEncodingContainer(
        StreamKeyedContainer<Key>(
          state: self, target: KeyedContainerTarget(KeyedContainerPlace(frameIndex: frameIndex, id: id, names: nil))))
    }
    let index = keyTypeIndex(type)
    // `KeyedEncodingContainer` is a single reference to its box (StandardLibraryLayout.swift, assumption 4).
    let boxIsReference = reusesBoxes
    if boxIsReference && isKnownUniquelyReferenced(&caches.pointee.keyTypes[index].box),
      let target = caches.pointee.keyTypes[index].target
    {
      target.place.pointee.frameIndex = frameIndex
      target.place.pointee.id = id
      return StandardLibraryLayout.encodingContainer(
        boxedIn: caches.pointee.keyTypes[index].box.unsafelyUnwrapped, as: Key.self)
    }
    let target = KeyedContainerTarget(
      KeyedContainerPlace(frameIndex: frameIndex, id: id, names: caches.pointee.keyTypes[index].names))
    let container = KeyedEncodingContainer(StreamKeyedContainer<Key>(state: self, target: target))
    if boxIsReference {
      caches.pointee.keyTypes[index].box = StandardLibraryLayout.box(of: container)
      caches.pointee.keyTypes[index].target = target
    }
    return container
  }

  /// The index of `type`'s entry in ``StreamCore/keyTypes``, through a direct-mapped cache of metadata addresses.
  @inline(__always)
  private func keyTypeIndex<Key: CodingKey>(_ type: Key.Type) -> Int {
    let tag = UInt(bitPattern: ObjectIdentifier(type))
    let slot = Int(truncatingIfNeeded: (tag &>> 4) & 63)
    if caches.pointee.keyTypeTags[slot] == tag { return caches.pointee.keyTypeSlots[slot] }
    return registerKeyType(type, tag: tag, slot: slot)
  }

  @inline(never)
  private func registerKeyType<Key: CodingKey>(_ type: Key.Type, tag: UInt, slot: Int) -> Int {
    let index: Int
    if let known = caches.pointee.keyTypeIndexes[ObjectIdentifier(type)] {
      index = known
    } else {
      var names: UnsafeMutablePointer<Int32>? = nil
      if cachesKeyNames && _isPOD(Key.self) && MemoryLayout<Key>.size <= 1 {
        // 256 name indexes, then the flag that two bytes share a name, one past the highest byte named, and the 128
        // bits of `mayShareName`'s filter.
        names = .allocate(capacity: Self.nameTableSize)
        names?.initialize(repeating: 0, count: Self.nameTableSize)
      }
      index = caches.pointee.keyTypes.count
      caches.pointee.keyTypes.append(KeyTypeEntry(names: names, box: nil, target: nil))
      caches.pointee.keyTypeIndexes[ObjectIdentifier(type)] = index
    }
    caches.pointee.keyTypeTags[slot] = tag
    caches.pointee.keyTypeSlots[slot] = index
    return index
  }

  /// Writes the separator and the cached name of `key` for a member of the top frame.
  @inline(__always)
  func beginCachedMember<Key: CodingKey>(_ key: Key, names: UnsafeMutablePointer<Int32>) {
    let byte = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
    var index = Int(names[byte])
    if _slowPath(index == 0) { index = cacheName(of: key, names: names, byte: byte) }
    let name = caches.pointee.names[index &- 1]
    let table = names[256] == 0 ? UInt(bitPattern: names) : 0
    core.pointee.output.beginMember(
      cachedName: UnsafePointer(caches.pointee.nameBytes.base + name.start), count: name.count, hash: name.hash,
      table: table, byte: byte)
  }

  @inline(never)
  private func cacheName<Key: CodingKey>(of key: Key, names: UnsafeMutablePointer<Int32>, byte: Int) -> Int {
    let text = usesDefaultKeys ? key.stringValue : KeyConversion.convertToSnakeCase(key.stringValue)
    let start = caches.pointee.nameBytes.count
    StringEscaping.appendQuoted(text, to: &caches.pointee.nameBytes, escapesSlashes: options.escapesSlashes)
    let keyLength = caches.pointee.nameBytes.count &- start &- 2
    if !options.isPretty { caches.pointee.nameBytes.writeByte(.colon) }
    let count = caches.pointee.nameBytes.count &- start
    // Names are copied eight bytes at a time; the slack keeps the last word inside the buffer.
    caches.pointee.nameBytes.reserve(8)
    let hash = OutputCore.hash(caches.pointee.nameBytes.base + (start &+ 1), count: keyLength)
    let name = CachedName(start: start, count: count, hash: hash)
    if names[256] == 0 && mayShareName(hash: hash, names: names) && sharesName(name, names: names) { names[256] = 1 }
    caches.pointee.names.append(name)
    names[byte] = Int32(caches.pointee.names.count)
    names[257] = Swift.max(names[257], Int32(byte &+ 1))
    return caches.pointee.names.count
  }

  /// The Int32 words of a name table: see `registerKeyType`.
  static var nameTableSize: Int { 262 }

  /// Whether a name of this hash may be in the table already, from a 128-bit filter of the hashes of its names
  /// (words 258–261), which then records it: a key type's names are nearly always distinct, and comparing each new
  /// name with all the table's names was a tenth of encoding a 4.7 KB status on its own.
  @inline(__always)
  private func mayShareName(hash: UInt64, names: UnsafeMutablePointer<Int32>) -> Bool {
    let bit = Int(truncatingIfNeeded: hash >> 57)  // the hash's top bits: its low ones pick hash-table slots
    let word = names + 258 + (bit >> 5)
    let mask = Int32(bitPattern: 1 << UInt32(bit & 31))
    defer { word.pointee |= mask }
    return word.pointee & mask != 0
  }

  /// Whether another byte of the table already has `name`'s text (two keys that snake case maps to one name).
  private func sharesName(_ name: CachedName, names: UnsafeMutablePointer<Int32>) -> Bool {
    let bytes = caches.pointee.nameBytes.base
    for byte in 0..<Int(names[257]) where names[byte] != 0 {
      let other = caches.pointee.names[Int(names[byte]) &- 1]
      if other.hash == name.hash && other.count == name.count
        && memcmp(bytes + other.start, bytes + name.start, name.count) == 0
      {
        return true
      }
    }
    return false
  }

  /// Whether member names are cached per key type: with the default keys and snake case, whose names depend on
  /// the key alone.
  var cachesKeyNames: Bool {
    switch options.keyStrategy {
    case .useDefaultKeys, .convertToSnakeCase: true
    case .custom: false
    }
  }

  /// Ends the encode, once: drops the cached boxes, which hold this state (a cycle), closes every frame, so that a
  /// container kept past the encode writes nothing and never reads the caches again (a later encode may free the
  /// name tables it points at), and leaves the caches to the thread's next encode.
  func finishEncode() {
    for index in caches.pointee.keyTypes.indices {
      caches.pointee.keyTypes[index].box = nil
      caches.pointee.keyTypes[index].target = nil
    }
    core.pointee.output.frames.removeAll(from: 0)
    core.pointee.finished = true
    cacheSet.giveBack()
  }
}
