import Foundation

/// Everything one decode call shares between its decoders and containers: the tape, the source bytes, the options,
/// and the small caches that make key lookups fast.
final class DecodingState {
  let tape: Tape
  let kinds: UnsafeMutablePointer<UInt8>
  let words: UnsafeMutablePointer<UInt64>
  let source: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  let options: ParsnipDecoder.Options
  /// One past the last node of the document.
  let documentEnd: Int
  /// The coding path of node 0: empty for a document, the member's path for the `null` of a missing member.
  let rootPath: [any CodingKey]
  /// The state a `null` state was made for, which collects its report entries.
  let parent: DecodingState?

  /// `false` once the decode call has returned: the source bytes are gone, so any container a type kept fails
  /// cleanly instead of reading freed memory.
  @exclusivity(unchecked) private(set) var isOpen = true

  let keyMode: KeyMode
  enum KeyMode {
    case plain, snakeCase, custom
  }

  // Lookup hints: a direct-mapped cache from an object's node to the key node after the last one found, so
  // members read in document order are found on the first compare.
  static let hintSlots = 256
  let hintObjects: UnsafeMutablePointer<Int>
  let hintKeys: UnsafeMutablePointer<Int>

  /// Scratch bytes for converted key names.
  @exclusivity(unchecked) private(set) var scratch: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private(set) var scratchCapacity: Int

  /// Open-addressing table for the duplicate-key check of larger objects.
  @exclusivity(unchecked) private var duplicateTable: UnsafeMutablePointer<UInt32>
  @exclusivity(unchecked) private var duplicateTableCapacity: Int

  /// Per-node marks for `rejectsUnknownKeys`: objects that had a keyed container, and key nodes that were read.
  let tracksKeys: Bool
  let marks: UnsafeMutablePointer<UInt8>?
  /// Objects opened with a keyed container since the innermost `init(from:)` began.
  @exclusivity(unchecked) var openedObjects: [Int] = []

  let collectsReport: Bool
  @exclusivity(unchecked) var reportEntries: [ParsnipDecoder.Report.Entry] = []

  /// Types known not to be `[String: Value]`, so the dictionary fast-path check is skipped for them.
  @exclusivity(unchecked) var nonDictionaryTypes: [ObjectIdentifier] = []

  lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

  init(
    tape: Tape, source: UnsafeRawBufferPointer, options: ParsnipDecoder.Options, collectsReport: Bool,
    rootPath: [any CodingKey] = [], parent: DecodingState? = nil
  ) {
    self.tape = tape
    self.rootPath = rootPath
    self.parent = parent
    self.source = source
    self.base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? DecodingState.emptyBase
    self.options = options
    self.documentEnd = tape.count
    self.kinds = tape.kinds
    self.words = tape.words
    switch options.keyDecodingStrategy {
    case .useDefaultKeys: keyMode = .plain
    case .convertFromSnakeCase: keyMode = .snakeCase
    case .custom: keyMode = .custom
    }
    hintObjects = .allocate(capacity: Self.hintSlots)
    hintObjects.initialize(repeating: -1, count: Self.hintSlots)
    hintKeys = .allocate(capacity: Self.hintSlots)
    hintKeys.initialize(repeating: 0, count: Self.hintSlots)
    scratchCapacity = 256
    scratch = .allocate(capacity: scratchCapacity)
    duplicateTableCapacity = 64
    duplicateTable = .allocate(capacity: duplicateTableCapacity)
    tracksKeys = options.strictness.contains(.rejectsUnknownKeys)
    if tracksKeys {
      let marks = UnsafeMutablePointer<UInt8>.allocate(capacity: tape.count)
      marks.initialize(repeating: 0, count: tape.count)
      self.marks = marks
    } else {
      marks = nil
    }
    self.collectsReport = collectsReport
  }

  deinit {
    hintObjects.deallocate()
    hintKeys.deallocate()
    scratch.deallocate()
    duplicateTable.deallocate()
    marks?.deallocate()
  }

  nonisolated(unsafe) private static let emptyBase: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
    p.initialize(repeating: 0, count: 8)
    return UnsafePointer(p)
  }()

  func close() { isOpen = false }

  /// `null` as a document of its own: the source of decoders over missing members (Foundation's `superDecoder`
  /// semantics). The bytes are static, so such decoders never depend on the caller's buffer.
  nonisolated(unsafe) private static let nullSource: UnsafeRawBufferPointer = {
    let p = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 1)
    p.copyMemory(from: "null", byteCount: 4)
    return UnsafeRawBufferPointer(start: p, count: 4)
  }()

  /// A decoder that reads `null` at `path`, with this state's options.
  func nullDecoder(at path: [any CodingKey]) -> TapeDecoder {
    // Scanning the four bytes `null` cannot fail.
    let tape = (try? Scanner(input: Self.nullSource, maxDepth: 1).scanDocument()) ?? self.tape
    var options = self.options
    options.strictness.remove(.rejectsUnknownKeys)
    let state = DecodingState(
      tape: tape, source: Self.nullSource, options: options, collectsReport: collectsReport, rootPath: path,
      parent: self)
    return TapeDecoder(state: state, index: 0)
  }

  /// Makes room for `count` scratch bytes.
  @inline(__always) func reserveScratch(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    if count > scratchCapacity { growScratch(count) }
    return scratch
  }

  @inline(never) private func growScratch(_ count: Int) {
    scratch.deallocate()
    scratchCapacity = Swift.max(count, scratchCapacity * 2)
    scratch = .allocate(capacity: scratchCapacity)
  }

  /// Makes room for a duplicate-check table of `count` slots.
  @inline(__always) func reserveDuplicateTable(_ count: Int) -> UnsafeMutablePointer<UInt32> {
    if count > duplicateTableCapacity {
      duplicateTable.deallocate()
      duplicateTableCapacity = count
      duplicateTable = .allocate(capacity: count)
    }
    return duplicateTable
  }

  // MARK: Tape access

  @inline(__always) func offset(_ node: Int) -> Int { Int(truncatingIfNeeded: words[node] & 0xFFFF_FFFF) }
  @inline(__always) func length(_ node: Int) -> Int { Int(truncatingIfNeeded: words[node] >> 32) }
  @inline(__always) func rawKind(_ node: Int) -> UInt8 { kinds[node] & 0x07 }
  /// The node after the value at `node` (`Tape.next`, without the class's access checks).
  @inline(__always) func next(_ node: Int) -> Int {
    let kind = kinds[node] & 0x07
    return kind == Tape.Kind.array.rawValue || kind == Tape.Kind.object.rawValue ? length(node) &+ 1 : node &+ 1
  }
  /// The `end` node of the container at `node`.
  @inline(__always) func end(_ node: Int) -> Int { length(node) }
  /// The number of elements or members of the container at `node`.
  @inline(__always) func count(_ node: Int) -> Int { length(length(node)) }

  /// The decoded text of a string node (a key or a value).
  @inline(__always) func string(ofKey node: Int) -> String {
    let word = words[node]
    return StringDecoding.string(
      base, from: Int(truncatingIfNeeded: word & 0xFFFF_FFFF), count: Int(truncatingIfNeeded: word >> 32),
      hasEscapes: kinds[node] & Tape.Flag.hasEscapes != 0)
  }

  /// Where a node starts in the source, for line and column: the quote of a string, the first byte otherwise.
  func sourceOffset(of node: Int) -> Int {
    let start = offset(node)
    return rawKind(node) == Tape.Kind.string.rawValue ? start - 1 : start
  }

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
    guard let marks, marks[object] == 0 else { return }
    marks[object] = 1
    openedObjects.append(object)
  }

  /// Fails on the first member of the objects opened since `mark` that nobody asked for.
  func checkUnknownKeys(since mark: Int, decoding type: Any.Type) throws {
    guard let marks, openedObjects.count > mark else { return }
    for object in openedObjects[mark...] {
      let end = end(object)
      var key = object + 1
      while key < end {
        if marks[key] == 0 {
          let name = string(ofKey: key)
          throw DecodingError.dataCorrupted(
            context(
              codingPath: codingPath(to: key), node: key,
              message: "unknown key \"\(name)\" (not decoded by \(type))"))
        }
        key = next(key + 1)
      }
    }
  }

  /// Fails on the first object in the document that has the same member name twice.
  func rejectDuplicateKeys() throws {
    var node = 0
    while node < documentEnd {
      if rawKind(node) == Tape.Kind.object.rawValue, count(node) > 1 {
        var seen = Set<String>()
        let end = end(node)
        var key = node + 1
        while key < end {
          let name = string(ofKey: key)
          if !seen.insert(name).inserted {
            let underlying = JSONParseError(
              .duplicateKey, "duplicate key \"\(name)\" in object", at: sourceOffset(of: key), in: source)
            throw DecodingError.dataCorrupted(
              context(
                codingPath: codingPath(to: key), node: key, message: "duplicate key \"\(name)\"",
                underlyingError: underlying))
          }
          key = next(key + 1)
        }
      }
      node += 1
    }
  }
}
