import Foundation

/// Everything one decode call shares between its decoders and containers: the tape, the source bytes, the options,
/// and what the rarer paths need (reports, strictness, custom key tables). Owns the memory of its `TapeView`.
///
/// # Lifetime invariants
///
/// The decoder's speed comes from references it does not count; these rules make that sound, and are the one place
/// they are written (`_checkInvariants()` and `_checkInvariantsBetweenDecodes()` check them in debug builds, and the
/// tests call both).
///
/// 1. Uncounted pointers. Keyed containers refer to their `ContainerTarget`, and through it to the state's `view`
///    and the decode's lifetime `slot`, without counting. ``decoders`` holds every decoder of the call, so that
///    what a target's decoder refers to lives until ``finish(_:)``.
/// 2. Generations. A decode owns its caches' lifetime `slot` while it runs; ``generation`` is the slot's value when
///    it began, and ``isOpen`` (`slot == generation`) is true exactly while the call runs. `finish(_:)` ends the
///    call by advancing the slot (`DecodeLifetime.end`), after which every container of the call sees it closed. A
///    `null` state (``parent`` set) shares its parent's slot and generation, and never advances the slot itself.
/// 3. One owner per target. Each `ContainerTarget` allocation belongs to exactly one of: a key type entry of
///    ``keyTypes`` (with its cached box; an entry has a box exactly when it has a target), ``boxes`` (a replaced box
///    still held), or ``ownedTargets`` (freed with the state). No target is in two of them.
/// 4. Reused boxes. A cached box is handed out again only while the cache holds its only reference
///    (`isKnownUniquelyReferenced`), and only by the call's own state while it caches boxes (``cachesBoxes``: the
///    call's own state, until it detaches) and keyed containers are one reference to their box (``reusesBoxes``).
///    Between decodes, the thread's kept caches hold boxes that nothing else holds, each with its target.
/// 5. Detached decodes. When a decoder or container outlives the call, the state copies the text
///    (``isDetached``), stops caching boxes, and lives on with what holds it; `DetachedDecodes` holds the decoders
///    of kept keyed containers until their boxes are let go of. A detached state no longer owns the caches' slot
///    advance: it advances it once, when it ends.
final class DecodingState {
  /// The tape, its bytes and the way back to the user's text (JSON5), for error locations.
  private(set) var text: ScannedText
  let tape: Tape
  private(set) var source: UnsafeRawBufferPointer
  let options: ParsnipDecoder.Options
  let view: UnsafeMutablePointer<TapeView>
  let slot: UnsafeMutablePointer<UInt64>
  let generation: UInt64
  /// The coding path of node 0: empty for a document, the member's path for the `null` of a missing member.
  let rootPath: [any CodingKey]
  /// Whether the source is the user's text (a tree's `TreeTape` is not), so that errors can give lines and columns.
  let hasText: Bool
  /// The state a `null` state was made for, which collects its report entries and owns the lifetime slot.
  let parent: DecodingState?

  /// Objects opened with a keyed container since the innermost `init(from:)` began (`rejectsUnknownKeys`).
  @exclusivity(unchecked) var openedObjects: [Int] = []
  let tracksKeys: Bool

  /// Objects being decoded as `[String: Value]` under a converting key strategy, whose keys coding paths show as
  /// written (see `presentedKey`); innermost last.
  @exclusivity(unchecked) var verbatimObjects: [Int] = []

  /// For `.custom` key strategies: per object, converted name → key node.
  @exclusivity(unchecked) var customNames: [Int: [String: Int]] = [:]

  /// How many `init(from:)` calls of this state's decoders are running (see `TapeDecoder.unboxWithInit`), and the
  /// guard that stops them before the thread's stack ends, whatever depth the parser allowed. A level is about
  /// 1 KB in a release build (4–5 KB in a debug one): 64 KB kept free hold 8 levels and the error's unwinding.
  @exclusivity(unchecked) var callDepth = 0
  @exclusivity(unchecked) var stack = StackGuard(startDepth: 32, margin: 64 << 10)

  let collectsReport: Bool
  @exclusivity(unchecked) var reportEntries: [ParsnipDecoder.Report.Entry] = []

  /// `T` as an array type that decodes by walking the tape, or `nil`.
  @inline(__always) func arrayFastPath<T>(for type: T.Type) -> (any _ParsnipArrayDecodable.Type)? {
    caches.arrayTypes.cast(type)
  }

  /// `T` as a `[String: Value]` type that decodes by walking the tape, or `nil`.
  @inline(__always) func dictionaryFastPath<T>(for type: T.Type) -> (any _ParsnipStringDictionaryDecodable.Type)? {
    caches.dictionaryTypes.cast(type)
  }

  /// Every decoder of the call (the `null` states' too), so that keyed containers, which refer to theirs without
  /// counting, can rely on it until the call ends (see `finish(_:)`).
  @exclusivity(unchecked) var decoders: [TapeDecoder] = []

  /// Every container box that was still held when the cache replaced it, with its target (see `finish(_:)`); pruned
  /// as it grows.
  /// (Optional: `isKnownUniquelyReferenced` on a non-optional `AnyObject` element answered false for a unique box.)
  @exclusivity(unchecked) var boxes: [(box: AnyObject?, target: UnsafeMutablePointer<ContainerTarget>)] = []
  @exclusivity(unchecked) var boxesToPruneAt = 64
  /// Whether keyed container boxes are reused and listed: during the call, by the call's own state (the `null`
  /// states of missing members hand out no keyed containers).
  @exclusivity(unchecked) private(set) var cachesBoxes: Bool
  /// Whether a keyed container is one reference to its box, which the cache may keep (assumption 4 of
  /// StandardLibraryLayout.swift, unless the options turn it off); otherwise every container gets a new box.
  let reusesBoxes: Bool

  /// The copy of the text made when something outlived the decode call (see `finish(_:)`), freed with the state.
  private var detachedText: UnsafeMutableRawBufferPointer?
  /// Whether the decode call has returned with containers or decoders still held.
  var isDetached: Bool { detachedText != nil }

  /// Type names for messages, by type.
  @exclusivity(unchecked) var typeNames: [ObjectIdentifier: String] = [:]
  /// Where line and column counting stopped last (see `location(of:)`).
  @exclusivity(unchecked) var locationCache: SourceLocation?
  /// Where the last path derivation found the child of a container, to resume from (see `pathNodes(to:)`):
  /// direct-mapped by container node, 64 slots. Made on the first derivation: most decodes derive none.
  @exclusivity(unchecked) var pathCache: [(container: Int, child: Int, index: Int)] = []
  /// The coding path and text of each container on the path of the last error (see `site(of:)`).
  @exclusivity(unchecked) var pathPrefixes: [(container: Int, codingPath: [any CodingKey], rendered: String)] = []
  /// The site of the last error (see `site(of:)`).
  @exclusivity(unchecked) var lastErrorSite: ErrorSite?

  /// Lookup memory and cached names, kept from decode to decode; the key type caches are moved out of it while the
  /// state runs.
  private let caches: DecodeCaches
  /// Per key type: cached names and the reusable container box (see `DecodingState+KeyedContainerCache`).
  @exclusivity(unchecked) var keyTypes: [DecodeKeyTypeEntry]
  @exclusivity(unchecked) var keyTypeIndexes: [ObjectIdentifier: Int]
  @exclusivity(unchecked) var keyTypeTags: [UInt]
  @exclusivity(unchecked) var keyTypeSlots: [Int]
  /// The targets of container boxes that are neither cached nor listed in ``boxes``, freed with the state.
  @exclusivity(unchecked) var ownedTargets: [UnsafeMutablePointer<ContainerTarget>] = []

  lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

  init(
    text: ScannedText, options: ParsnipDecoder.Options, collectsReport: Bool,
    rootPath: [any CodingKey] = [], parent: DecodingState? = nil, hasText: Bool = true
  ) {
    self.hasText = hasText
    self.text = text
    self.tape = text.tape
    self.source = text.source
    self.options = options
    self.rootPath = rootPath
    self.parent = parent
    self.collectsReport = collectsReport
    self.cachesBoxes = parent == nil
    self.reusesBoxes = options.reusesContainerBoxes
    tracksKeys = options.strictness.contains(.rejectsUnknownKeys)
    var marks: UnsafeMutablePointer<UInt8>?
    if tracksKeys {
      marks = .allocate(capacity: tape.count)
      marks!.initialize(repeating: 0, count: tape.count)
    }
    let keyMode: TapeView.KeyMode =
      switch options.keyDecodingStrategy {
      case .useDefaultKeys: .plain
      case .convertFromSnakeCase: .snakeCase
      case .custom: .custom
      }
    var nonConformingFloats: UnsafeMutablePointer<(positiveInfinity: String, negativeInfinity: String, nan: String)>?
    if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
      options.nonConformingFloatDecodingStrategy
    {
      nonConformingFloats = .allocate(capacity: 1)
      nonConformingFloats!.initialize(to: (positiveInfinity, negativeInfinity, nan))
    }
    caches = DecodeCaches.take(keyMode: keyMode)
    if let parent {
      slot = parent.slot
      generation = parent.generation
    } else {
      // The caches' slot: no other decode holds them until this one ends (`deinit`).
      slot = caches.lifetimeSlot
      generation = slot.pointee
    }
    let keyTypes = caches.takeKeyTypes()
    (self.keyTypes, keyTypeIndexes, keyTypeTags, keyTypeSlots) =
      (keyTypes.entries, keyTypes.indexes, keyTypes.tags, keyTypes.slots)
    view = .allocate(capacity: 1)
    view.initialize(
      to: TapeView(
        nodes: TapeCursor(tape: tape, source: source), source: source,
        tape: tape, documentEnd: tape.count, keyMode: keyMode, nonConformingFloats: nonConformingFloats,
        hintObjects: caches.hintObjects, hintKeys: caches.hintKeys, marks: marks, workspace: caches.workspace))
  }

  deinit {
    if let detachedText {
      detachedText.deallocate()
      if parent == nil { DecodeLifetime.end(slot) }
    }
    for target in ownedTargets { target.deallocate() }
    for entry in boxes { entry.target.deallocate() }
    caches.giveBack(
      DecodeCaches.KeyTypes(entries: keyTypes, indexes: keyTypeIndexes, tags: keyTypeTags, slots: keyTypeSlots),
      keepsForThread: parent == nil)
    let view = self.view.pointee
    view.marks?.deallocate()
    if let strings = view.nonConformingFloats {
      strings.deinitialize(count: 1)
      strings.deallocate()
    }
    self.view.deinitialize(count: 1)
    self.view.deallocate()
  }

  /// Whether the decode is still running.
  @inline(__always) var isOpen: Bool { slot.pointee == generation }

  /// Runs one decode call over `text` and then ends it (see `finish(_:)`).
  static func withDecode<R, Failure: Error>(
    text: ScannedText, options: ParsnipDecoder.Options, collectsReport: Bool, hasText: Bool = true,
    _ body: (DecodingState) throws(Failure) -> R
  ) throws(Failure) -> R {
    var state = DecodingState(text: text, options: options, collectsReport: collectsReport, hasText: hasText)
    defer { finish(&state) }
    return try body(state)
  }

  /// Ends a decode call. When nothing outlived it, the state goes with the caller's reference. Otherwise a type kept
  /// a container or decoder (Foundation allows that): the state copies the text it reads, which the caller may free
  /// once the call returns, and lives on with what holds it. Decoders and unkeyed containers hold their state; keyed
  /// containers hold nothing (their box copies them for every call), so `DetachedDecodes` holds their decoders until
  /// their boxes are let go of.
  static func finish(_ state: inout DecodingState) {
    state.listCachedBoxes()
    // Alive until the kept boxes' decoders are taken.
    var decoders = state.decoders
    state.decoders = []
    let kept = state.keptBoxes()
    decoders.removeAll()
    if kept.isEmpty && isKnownUniquelyReferenced(&state) || !state.reusesBoxes {
      if state.parent == nil { DecodeLifetime.end(state.slot) }
    } else {
      state.detach()
      if !kept.isEmpty { DetachedDecodes.hold(kept) }
    }
    if state.caches.takesDetachedTurn() { DetachedDecodes.releaseUnheld() }
  }

  /// Keeps `decoder` until the call ends; after it, a decoder is kept by what holds it.
  @inline(__always)
  func register(_ decoder: TapeDecoder) {
    if let parent {
      parent.register(decoder)
    } else if !isDetached {
      decoders.append(decoder)
    }
  }

  /// Moves the state onto its own copy of the text (the source the tape refers to, and the user's text when that
  /// differs, for error locations).
  private func detach() {
    let sourceLength = source.count
    let inputIsSource = text.input.baseAddress == source.baseAddress && text.input.count == sourceLength
    let inputLength = inputIsSource ? 0 : text.input.count
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: sourceLength + inputLength + 8, alignment: 8)
    copy.initializeMemory(as: UInt8.self, repeating: 0)
    if sourceLength > 0 { copy.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: sourceLength) }
    if inputLength > 0 {
      (copy.baseAddress! + sourceLength).copyMemory(from: text.input.baseAddress!, byteCount: inputLength)
    }
    detachedText = copy
    cachesBoxes = false
    let newSource = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<sourceLength])
    let newInput =
      inputIsSource
      ? newSource
      : UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[sourceLength..<(sourceLength + inputLength)])
    text = ScannedText(tape: tape, source: newSource, input: newInput, offsets: text.offsets)
    source = newSource
    view.pointee = view.pointee.reading(newSource)
  }

  // MARK: Invariants (debug builds)

  #if DEBUG
    /// Checks the lifetime invariants (see the type's discussion) that hold at any point of a decode call; traps on
    /// the first one broken. Debug builds only.
    func _checkInvariants() {
      // 2. Generations.
      if let parent {
        precondition(slot == parent.slot && generation == parent.generation, "a null state has its own lifetime")
        precondition(!cachesBoxes && decoders.isEmpty, "a null state caches boxes or keeps decoders")
      } else if !isDetached {
        precondition(isOpen, "a running decode's lifetime slot was advanced")
      }
      // 4, 5. Box caching only by a running call's own state.
      if isDetached { precondition(!cachesBoxes, "a detached state still caches boxes") }
      // 3. One owner per target.
      var owned = Set<UnsafeMutablePointer<ContainerTarget>>()
      for entry in keyTypes {
        precondition((entry.box == nil) == (entry.target == nil), "a key type entry has a box without a target")
        if let target = entry.target { precondition(owned.insert(target).inserted, "a target has two owners") }
      }
      for entry in boxes { precondition(owned.insert(entry.target).inserted, "a listed box's target has two owners") }
      for target in ownedTargets { precondition(owned.insert(target).inserted, "an owned target has two owners") }
      precondition(boxes.count < boxesToPruneAt, "the list of held boxes was not pruned")
    }

    /// Checks what decodes leave to the thread's next one (invariant 4): the kept caches' boxes are held by nothing
    /// else, each with its target. Debug builds only.
    static func _checkInvariantsBetweenDecodes() {
      DecodeCaches._checkKeptInvariants()
    }
  #endif

  // MARK: Tape access for the rarer paths

  @inline(__always) var documentEnd: Int { view.pointee.documentEnd }
  @inline(__always) func rawKind(_ node: Int) -> UInt8 { view.pointee.rawKind(node) }
  @inline(__always) func next(_ node: Int) -> Int { view.pointee.next(node) }
  @inline(__always) func end(_ node: Int) -> Int { view.pointee.end(node) }
  @inline(__always) func count(_ node: Int) -> Int { view.pointee.count(node) }
  @inline(__always) func string(ofKey node: Int) -> String { view.pointee.string(ofKey: node) }

  // MARK: Decoders over missing members

  /// `null` as a document of its own: the source of decoders over missing members (Foundation's `superDecoder`
  /// semantics). The bytes are static, so such decoders never depend on the caller's buffer.
  nonisolated(unsafe) private static let nullSource: UnsafeRawBufferPointer = {
    let p = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 1)
    p.copyMemory(from: "null", byteCount: 4)
    return UnsafeRawBufferPointer(start: p, count: 4)
  }()

  /// A decoder that reads `null` at `path`, with this state's options, alive until the decode returns.
  func nullDecoder(at path: [any CodingKey]) -> TapeDecoder {
    // Scanning the four bytes `null` cannot fail.
    let tape = (try? Scanner(input: Self.nullSource, maxDepth: 1).scanDocument()) ?? self.tape
    var options = self.options
    options.strictness.remove(.rejectsUnknownKeys)
    let state = DecodingState(
      text: ScannedText(tape: tape, source: Self.nullSource), options: options, collectsReport: collectsReport,
      rootPath: path,
      parent: self)
    return TapeDecoder(state: state, index: 0)
  }

  /// A decoder for the value at `node`.
  func childDecoder(at node: Int) -> TapeDecoder { TapeDecoder(state: self, index: node) }

  // MARK: Report

  func record(_ kind: ParsnipDecoder.Report.Entry.Kind, codingPath: [any CodingKey], reason: String) {
    guard collectsReport else { return }
    if let parent { return parent.record(kind, codingPath: codingPath, reason: reason) }
    reportEntries.append(
      ParsnipDecoder.Report.Entry(kind: kind, components: codingPath.map(CodingPathComponent.init), reason: reason))
  }

  // MARK: Strictness

  /// Notes that `object` was opened with a keyed container, for the unknown-key check.
  @inline(__always) func noteOpened(_ object: Int) {
    guard let marks = view.pointee.marks, marks[object] == 0 else { return }
    marks[object] = 1
    openedObjects.append(object)
  }

  /// Fails on the first member of the objects opened since `mark` that nobody asked for.
  func checkUnknownKeys(since mark: Int, decoding type: Any.Type) throws {
    guard let marks = view.pointee.marks, openedObjects.count > mark else { return }
    for object in openedObjects[mark...] {
      let end = end(object)
      var key = object + 1
      while key < end {
        if marks[key] == 0, !isDuplicateOfReadKey(key, in: object, marks: marks) {
          let name = string(ofKey: key)
          throw DecodingError.dataCorrupted(
            context(
              codingPath: codingPath(to: key), node: key,
              message: "unknown key \(Excerpt.quoted(name)) (not decoded by \(type))"))
        }
        key = next(key + 1)
      }
    }
  }

  /// Whether another member of `object` has the same name as `key` and was read (the first of duplicates wins, so
  /// reading the name reads only that one).
  private func isDuplicateOfReadKey(_ key: Int, in object: Int, marks: UnsafeMutablePointer<UInt8>) -> Bool {
    var name = string(ofKey: key)
    return name.withUTF8 { name in
      let end = end(object)
      var other = object + 1
      while other < end {
        if other != key, marks[other] != 0, view.pointee.keyEquals(other, name) { return true }
        other = next(other + 1)
      }
      return false
    }
  }

  /// Fails on the first repeated key of the document, found by the parser's check (see `DuplicateKeyFinder`).
  func rejectDuplicateKeys(inValueAt value: Int = 0) throws {
    guard let key = text.firstRepeatedKey(inValueAt: value) else { return }
    let name = string(ofKey: key)
    throw DecodingError.dataCorrupted(
      context(
        codingPath: codingPath(to: key), node: key, message: "duplicate key \(Excerpt.quoted(name))",
        underlyingError: text.duplicateKeyError(at: key)))
  }
}
