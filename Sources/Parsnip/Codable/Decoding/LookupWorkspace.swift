import Foundation

/// Mutable scratch memory of a decode, reached through a pointer so that using it touches no class.
struct LookupWorkspace {
  var scratch: UnsafeMutablePointer<UInt8>
  var scratchCapacity: Int
  /// Open-addressing table for the duplicate-key check: generation << 32 | key node. Slots of an older generation
  /// are empty, so the table is never cleared.
  var table: UnsafeMutablePointer<UInt64>
  var tableCapacity: Int
  var generation: UInt64 = 0
  /// Per member count (modulo `distinctObjectSlots`), the last object of more than eight members whose keys the
  /// table found distinct, or -1.
  var distinctObjects: UnsafeMutablePointer<Int>
  static var distinctObjectSlots: Int { 64 }
  /// Cached member names (see `DecodingState.cacheName`), back to back, and where each one is.
  var nameBytes: UnsafeMutablePointer<UInt8>
  var nameCount = 0
  var nameCapacity: Int
  var nameEntries: UnsafeMutablePointer<(start: Int32, count: Int32)>
  var entryCount = 0
  var entryCapacity: Int

  init() {
    scratchCapacity = 256
    scratch = .allocate(capacity: scratchCapacity)
    tableCapacity = 128
    table = .allocate(capacity: tableCapacity)
    table.initialize(repeating: 0, count: tableCapacity)
    nameCapacity = 1024
    nameBytes = .allocate(capacity: nameCapacity)
    entryCapacity = 64
    nameEntries = .allocate(capacity: entryCapacity)
    distinctObjects = .allocate(capacity: Self.distinctObjectSlots)
    distinctObjects.initialize(repeating: -1, count: Self.distinctObjectSlots)
  }

  func deallocate() {
    scratch.deallocate()
    table.deallocate()
    nameBytes.deallocate()
    nameEntries.deallocate()
    distinctObjects.deallocate()
  }

  /// Clears what refers to the last document's tape, for the next decode (see `DecodeCaches`).
  mutating func forgetDocument() {
    distinctObjects.update(repeating: -1, count: Self.distinctObjectSlots)
  }

  /// Drops the cached member names.
  mutating func forgetNames() {
    nameCount = 0
    entryCount = 0
  }

  /// Room for `count` scratch bytes.
  @inline(__always) mutating func reserveScratch(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    if count > scratchCapacity {
      scratch.deallocate()
      scratchCapacity = Swift.max(count, scratchCapacity * 2)
      scratch = .allocate(capacity: scratchCapacity)
    }
    return scratch
  }

  /// Room for a duplicate-check table of `count` slots, in a new generation.
  @inline(__always) mutating func reserveTable(_ count: Int) -> UnsafeMutablePointer<UInt64> {
    if count > tableCapacity {
      table.deallocate()
      tableCapacity = count
      table = .allocate(capacity: count)
      table.initialize(repeating: 0, count: count)
    }
    // A slot holds the generation in its upper 32 bits: before they would wrap to an empty slot's 0 (workspaces are
    // kept from decode to decode), start over from a cleared table.
    if generation == UInt64(UInt32.max) {
      table.update(repeating: 0, count: tableCapacity)
      generation = 0
    }
    generation &+= 1
    return table
  }
}
