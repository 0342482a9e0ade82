/// The bytes written for recently seen object keys (quoted, escaped, and what follows a key), so that a key repeated
/// across an array of similar objects is copied instead of escaped again: one tree write's cache.
///
/// Keys are matched by their in-memory representation, the two words of a `String` on 64-bit platforms
/// (`String.storageWords(at:)`, StandardLibraryLayout.swift). Equal words mean the same text as long as the strings
/// are alive, and every key seen stays alive until the write returns (the value being written holds it), so a match
/// is never wrong; equal text in different storage only misses. The parser gives repeated keys one storage, so
/// parsed documents hit for long keys too. Elsewhere (32-bit platforms), or with
/// `JSONWriter.Configuration.cachesKeys` off, the cache stays off.
struct WrittenKeyCache {
  /// One remembered key: its words, and up to 32 output bytes (`length` 0: empty slot).
  struct Slot {
    var words: (UInt64, UInt64) = (0, 0)
    var length = 0
    var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  }

  /// Two-way sets of slots: 512 in all (28 KiB) hold the keys of most documents' objects.
  static let slotCount = 512
  /// Keys written before the cache is allocated: small values do not pay for it.
  static let keysBeforeCaching = 64
  /// Whether the cache may be used at all: `false` where the layout check fails, or to test the writer without it.
  private let isAvailable: Bool

  private var slots: UnsafeMutablePointer<Slot>?
  private var keysSeen = 0

  init(isAvailable: Bool) { self.isAvailable = isAvailable && String.hasTwoWordLayout }

  /// Frees the slots.
  func release() { slots?.deallocate() }

  /// The slot holding `words`, else the slot to remember them in (the set's newer one, moved over the older one
  /// first); `nil` while the cache is not yet in use.
  @inline(__always)
  mutating func slot(for words: (UInt64, UInt64)) -> UnsafeMutablePointer<Slot>? {
    guard let slots else {
      keysSeen &+= 1
      if isAvailable, keysSeen > Self.keysBeforeCaching {
        let allocated = UnsafeMutablePointer<Slot>.allocate(capacity: Self.slotCount)
        allocated.initialize(repeating: Slot(), count: Self.slotCount)
        self.slots = allocated
      }
      return nil
    }
    let hash = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    let first = slots + Int(truncatingIfNeeded: hash &>> 56) &* 2
    if first.pointee.words == words { return first }
    let second = first + 1
    if second.pointee.words == words { return second }
    second.pointee = first.pointee
    return first
  }
}

extension JSONWriter {
  /// Writes an object member's key and what follows it, copying the bytes last written for the same key when the
  /// cache has them (see ``WrittenKeyCache``).
  ///
  /// The key is passed by address and its words are read as plain bytes, so a key found in the cache is never
  /// retained: a `String` read out of memory the writer cannot prove unchanged would be.
  @inline(__always)
  mutating func writeKey(at key: UnsafePointer<String>, cache: inout WrittenKeyCache) {
    let words = String.storageWords(at: key)
    guard let slot = cache.slot(for: words) else { return writeKeyUncached(key) }
    if slot.pointee.words == words, slot.pointee.length != 0 {
      let p = out.reserve(32)
      UnsafeMutableRawPointer(p).storeBytes(of: slot.pointee.bytes, as: (UInt64, UInt64, UInt64, UInt64).self)
      out.advance(by: slot.pointee.length)
      return
    }
    writeAndRemember(key, words: words, in: slot)
  }

  /// Writes a key before the cache is set up; out of line, like a miss, so that the hit above stays small.
  @inline(never)
  private mutating func writeKeyUncached(_ key: UnsafePointer<String>) {
    writeKey(at: key)
  }

  /// Writes a key the cache does not have, and remembers its bytes in `slot`; out of line, so that the hit above
  /// stays small enough to be inlined into the writer's loop.
  @inline(never)
  private mutating func writeAndRemember(
    _ key: UnsafePointer<String>, words: (UInt64, UInt64), in slot: UnsafeMutablePointer<WrittenKeyCache.Slot>
  ) {
    // A streaming buffer may hand its bytes on in the middle of the key: remember keys of growing buffers only.
    let start = out.count
    writeKey(at: key)
    let length = out.count &- start
    guard !out.isStreaming, length <= 32 else { return }
    slot.pointee.words = words
    slot.pointee.length = length
    _ = out.reserve(32 &- length)  // the 32 bytes read below are the buffer's, whatever the key's length
    slot.pointee.bytes = UnsafeRawPointer(out.base + start).loadUnaligned(as: (UInt64, UInt64, UInt64, UInt64).self)
  }
}
