/// What one streaming encode leaves to the next on its thread: per key type the member names it quoted and escaped
/// and its name table, the snake case names of other key types, and what each one-word type turned out to be.
///
/// An encode of a small value set all of it up afresh: registering each key type, converting, escaping and hashing
/// each member name it wrote, and asking the runtime about each array, dictionary and class type it met. For a 4.7 KB
/// status that was about 40% of its instructions; a whole twitter.json pays it once for its 100 statuses (see
/// "`ParsnipEncoder` on small values" in `Benchmarks/archive/RESULTS.md`). Names depend only on the key type and the
/// name style (key strategy, slash escaping, layout), and a type's metadata never moves, so they stay valid from
/// one encode to the next. Container boxes are not kept: a box holds its encode's state.
///
/// Each thread keeps one set (``ThreadSlot``), as `DecodeCaches` does for the decoder: an encode takes its thread's
/// set, or makes one when the thread has none (an encode nested in another's `encode(to:)` finds the slot empty), and
/// gives it back when it ends if the slot is free by then. A later encode may then drop the set's names (another
/// style) and free the name tables that containers of the earlier encode still point at, so an encode closes its
/// frames when it ends: a container kept past it writes nothing and never reads the set again, and one made later
/// from a kept `Encoder` gets no names (see `StreamEncoderState.finishEncode()` and `keyedContainer`).
///
/// Why `@unchecked Sendable` holds: a set is used by one encode at a time, which alone holds it while it runs; a
/// state that outlives its encode may be freed (and release the set) on another thread.
final class EncodeCaches: @unchecked Sendable {  // One encode uses a set at a time (see above).
  /// The caches, behind a pointer so that the encoder's hot paths are plain memory accesses.
  let contents: UnsafeMutablePointer<Contents>
  /// The style the names were made in.
  private var style: NameStyle

  struct Contents {
    /// Snake case names of key types whose names are not cached per byte, quoted and escaped.
    var keyCache: [String: [UInt8]] = [:]
    /// A two-way cache of what one-word types are (metadata address → kind; see `StreamEncoderState.kind(of:)`),
    /// since asking the runtime about protocol conformances costs more than the rest of encoding a small value.
    var kindKeys = [UInt](repeating: 0, count: 64)
    var kinds = [OneWordKind](repeating: .plain, count: 64)
    /// Per key type: cached member names and the reusable container box (see
    /// `StreamEncoderState+KeyedContainerCache`).
    var keyTypes: [KeyTypeEntry] = []
    var keyTypeIndexes: [ObjectIdentifier: Int] = [:]
    /// A direct-mapped cache in front of `keyTypeIndexes`: metadata address → index.
    var keyTypeTags = [UInt](repeating: 0, count: 64)
    var keyTypeSlots = [Int](repeating: 0, count: 64)
    /// Member names of cached key types, quoted and escaped, back to back (with eight bytes of slack at the end).
    var nameBytes = OutputBuffer(capacity: 1024)
    var names: [CachedName] = []

    /// Drops what depends on the name style, keeping what types are.
    mutating func forgetNames() {
      for entry in keyTypes { entry.names?.deallocate() }
      keyTypes = []
      keyTypeIndexes = [:]
      keyTypeTags.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      keyCache = [:]
      nameBytes.count = 0
      names = []
    }
  }

  /// What member names depend on besides the key type.
  struct NameStyle: Equatable {
    enum Keys { case defaultKeys, snakeCase, custom }
    /// The key strategy, without a `.custom` one's closure (nothing is cached per key type then).
    var keys: Keys
    var escapesSlashes: Bool
    var isPretty: Bool

    init(_ options: EncoderOptions) {
      switch options.keyStrategy {
      case .useDefaultKeys: keys = .defaultKeys
      case .convertToSnakeCase: keys = .snakeCase
      case .custom: keys = .custom
      }
      escapesSlashes = options.escapesSlashes
      isPretty = options.isPretty
    }
  }

  /// A set is not kept when it holds more key types, or more name bytes or snake case names, than these.
  static var keptLimits: (keyTypes: Int, nameBytes: Int, convertedNames: Int) { (256, 1 << 16, 1024) }

  /// The thread's kept set.
  private static let threadSlot = ThreadSlot<EncodeCaches>()

  private init(style: NameStyle) {
    self.style = style
    contents = .allocate(capacity: 1)
    contents.initialize(to: Contents())
  }

  deinit {
    for entry in contents.pointee.keyTypes { entry.names?.deallocate() }
    contents.pointee.nameBytes.release()
    contents.deinitialize(count: 1)
    contents.deallocate()
  }

  /// Caches for an encode with `options`: the thread's kept set (its names dropped when they were made in another
  /// style), or a new one.
  static func take(for options: EncoderOptions) -> EncodeCaches {
    let style = NameStyle(options)
    guard let caches = threadSlot.take() else { return EncodeCaches(style: style) }
    if caches.style != style {
      caches.contents.pointee.forgetNames()
      caches.style = style
    }
    return caches
  }

  /// Keeps the set for the thread's next encode when it is within ``keptLimits`` and the thread keeps none yet.
  /// The encode's container boxes must be dropped first (they hold its state).
  func giveBack() {
    let limits = Self.keptLimits
    guard contents.pointee.keyTypes.count <= limits.keyTypes, contents.pointee.nameBytes.count <= limits.nameBytes,
      contents.pointee.keyCache.count <= limits.convertedNames
    else { return }
    Self.threadSlot.keep(self)
  }
}
