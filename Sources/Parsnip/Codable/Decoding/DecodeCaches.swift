/// What one decode leaves to the next: its lifetime slot, its lookup memory (``LookupWorkspace``, the key lookup
/// hints), per key type the member names it cached and the container box nothing else holds (see
/// `DecodingState+KeyedContainerCache`), and which types take the collection fast paths.
///
/// A decode of a small document set all of it up afresh: allocating and clearing the buffers, registering each key
/// type, converting each member name it read and making a container box per key type. For the lines of a JSON Lines
/// file (4.7 KB statuses) that was a quarter of each decode's instructions; a whole twitter.json pays it once for its
/// 100 statuses (see "Decode caches kept between decodes" in `Benchmarks/archive/RESULTS.md`). Names depend only on the
/// key type and the key mode, and a type's metadata never moves, so they stay valid from one decode to the next; a kept
/// box is retargeted at the decode that hands it out; what refers to a document's tape (hints, the shapes found
/// distinct) is cleared when a decode takes the caches.
///
/// Each thread keeps one set (``ThreadSlot``, freed when the thread ends): a decode takes its thread's set, or makes
/// one when the thread has none (another decode on the thread holds it), and gives it back when its state ends if the
/// thread's slot is free by then. Kept per thread rather than in one shared pool, a set stays in the cache of the core
/// that uses it, and decodes on several threads share no lock. Sets that grew past ``keptLimits`` are freed
/// rather than kept.
///
/// Why `@unchecked Sendable` holds: a set is used by one decode's state at a time, which alone holds it while it
/// runs; a state that outlives its decode may end (and give the set back) on another thread.
final class DecodeCaches: @unchecked Sendable {  // One decode's state uses a set at a time (see above).
  /// The lifetime slot of the decode that holds the caches (see `DecodeLifetime`).
  let lifetimeSlot: UnsafeMutablePointer<UInt64>
  let workspace: UnsafeMutablePointer<LookupWorkspace>
  let hintObjects: UnsafeMutablePointer<Int>
  let hintKeys: UnsafeMutablePointer<Int>
  /// The key mode the cached names were made for.
  private var keyMode: TapeView.KeyMode
  /// The per-key-type caches, moved into a state while it runs (see ``takeKeyTypes()``).
  private var keyTypes: KeyTypes
  /// Results of the conformance checks for the collection fast paths, by type (`DecodingState.arrayFastPath(for:)`
  /// and `dictionaryFastPath(for:)`); a type's conformances never change, whatever the key mode.
  @exclusivity(unchecked) var arrayTypes = CastCache<any _ParsnipArrayDecodable.Type>()
  @exclusivity(unchecked) var dictionaryTypes = CastCache<any _ParsnipStringDictionaryDecodable.Type>()
  /// Decodes on this thread until the next look at `DetachedDecodes`, whose shared lock a decode would otherwise take
  /// at its end: parallel JSON Lines decodes one line per call on every core (see ``detachedCheckInterval``).
  private var callsUntilDetachedCheck = 0

  /// One decode in this many on a thread looks at `DetachedDecodes`: kept containers are let go of at most that many
  /// calls (per thread) later, and the shared lock is taken once per that many calls.
  static var detachedCheckInterval: Int { 32 }

  /// Whether this decode (the one holding the caches) should look at `DetachedDecodes` as it ends.
  @inline(__always)
  func takesDetachedTurn() -> Bool {
    callsUntilDetachedCheck -= 1
    guard callsUntilDetachedCheck <= 0 else { return false }
    callsUntilDetachedCheck = Self.detachedCheckInterval
    return true
  }

  /// Per key type: cached names and the reusable container box, and the ways to find a type's entry.
  struct KeyTypes {
    var entries: [DecodeKeyTypeEntry] = []
    var indexes: [ObjectIdentifier: Int] = [:]
    var tags = [UInt](repeating: 0, count: 64)
    var slots = [Int](repeating: 0, count: 64)
  }

  /// The thread's kept set.
  private static let threadSlot = ThreadSlot<DecodeCaches>()

  /// A set is not kept when it holds more key types, or more scratch, table or name memory, than these.
  static var keptLimits: (keyTypes: Int, memory: Int) { (256, 1 << 16) }

  private init(keyMode: TapeView.KeyMode) {
    self.keyMode = keyMode
    lifetimeSlot = DecodeLifetime.takeSlot()
    workspace = .allocate(capacity: 1)
    workspace.initialize(to: LookupWorkspace())
    hintObjects = .allocate(capacity: TapeView.hintSlots)
    hintObjects.initialize(repeating: -1, count: TapeView.hintSlots)
    hintKeys = .allocate(capacity: TapeView.hintSlots)
    hintKeys.initialize(repeating: 0, count: TapeView.hintSlots)
    keyTypes = KeyTypes()
  }

  deinit {
    DecodeLifetime.giveBack(lifetimeSlot)
    Self.freeNames(keyTypes.entries)
    workspace.pointee.deallocate()
    workspace.deinitialize(count: 1)
    workspace.deallocate()
    hintObjects.deallocate()
    hintKeys.deallocate()
  }

  /// Caches for a decode in `keyMode`: a kept one, with what referred to its last document cleared (and its names
  /// dropped when they were made for another key mode), or new ones.
  static func take(keyMode: TapeView.KeyMode) -> DecodeCaches {
    guard let caches = threadSlot.take() else { return DecodeCaches(keyMode: keyMode) }
    caches.hintObjects.update(repeating: -1, count: TapeView.hintSlots)
    caches.workspace.pointee.forgetDocument()
    if caches.keyMode != keyMode {
      freeNames(caches.keyTypes.entries)
      caches.keyTypes = KeyTypes()
      caches.workspace.pointee.forgetNames()
      caches.keyMode = keyMode
    }
    return caches
  }

  /// Moves the per-key-type caches out, for a state to use while it runs.
  func takeKeyTypes() -> KeyTypes {
    defer { keyTypes = KeyTypes(entries: [], indexes: [:], tags: [], slots: []) }
    return keyTypes
  }

  /// Takes the per-key-type caches back from a state that ended, with the container boxes only they hold, and keeps
  /// the set for the thread's next decode when `keepsForThread`, it is within ``keptLimits`` and the thread keeps
  /// none yet.
  /// - Parameter keepsForThread: Whether the state was a decode's own; a state nested in one (the `null` of a
  ///   missing member) ends before it and would otherwise leave its nearly empty set in the decode's place.
  func giveBack(_ keyTypes: KeyTypes, keepsForThread: Bool) {
    self.keyTypes = keyTypes
    let limits = Self.keptLimits
    let space = workspace.pointee
    guard keepsForThread, keyTypes.entries.count <= limits.keyTypes, space.scratchCapacity <= limits.memory,
      space.tableCapacity <= limits.memory, space.nameCapacity <= limits.memory
    else { return }
    Self.threadSlot.keep(self)
  }

  #if DEBUG
    /// Checks the thread's kept set, if any (invariant 4 of `DecodingState`): every cached box is held by the set
    /// alone and has its target, and the set is not in a decode's hands.
    static func _checkKeptInvariants() {
      guard let caches = threadSlot.take() else { return }
      defer { threadSlot.keep(caches) }
      for index in caches.keyTypes.entries.indices {
        let hasBox = caches.keyTypes.entries[index].box != nil
        precondition(hasBox == (caches.keyTypes.entries[index].target != nil), "a kept box without its target")
        if hasBox {
          precondition(isKnownUniquelyReferenced(&caches.keyTypes.entries[index].box), "a kept box is still held")
        }
      }
    }
  #endif

  /// Frees the entries' names and the targets of their boxes (which only the entries hold).
  private static func freeNames(_ entries: [DecodeKeyTypeEntry]) {
    for entry in entries {
      entry.names?.deallocate()
      entry.target?.deallocate()
    }
  }
}
