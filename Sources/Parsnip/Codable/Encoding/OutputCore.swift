import Foundation

/// An open array or object in the output.
struct OutputFrame {
  /// Identifies the frame, so a container handle can tell that its frame was closed.
  var id: Int
  /// The value slot the frame fills, so an encoder asked for its container twice gets the same frame.
  var slot: Int
  var isObject: Bool
  var count: Int
  /// This frame's key in its parent, for coding paths.
  var key: PathComponent
  /// Where this frame's member records start in `OutputCore.members`.
  var memberStart: Int
  /// A 64-bit Bloom filter of the keys written, to make duplicate-key checks cheap (kept once `keyOwner` is
  /// ``OutputFrame/hashedKeys``).
  var keyFilter: UInt64
  /// How this object's keys are checked for repeats: ``unclaimedKeys`` before its first checked member,
  /// ``hashedKeys`` by hash (`keyFilter`, then the member records), or the address of the one name table (see
  /// `StreamEncoderState+KeyedContainerCache`) that every member so far came from, whose key bytes below 64 then
  /// identify names exactly (`keyBytes`).
  var keyOwner: UInt = OutputFrame.unclaimedKeys
  /// The key bytes written while `keyOwner` is a name table, one bit each.
  var keyBytes: UInt64 = 0

  static var unclaimedKeys: UInt { 0 }
  static var hashedKeys: UInt { 1 }
}

/// A member written into an open object: where it starts (its key's opening quote) and its escaped key length.
struct MemberRecord {
  var start: Int
  var keyLength: Int
  var hash: UInt64
}

/// The byte output and the stack of open containers: the part of streaming encoding that knows JSON syntax.
///
/// The JSON text is written forward as values arrive. Object members are recorded so that duplicate keys can be
/// detected and, with sorted keys, reordered in place when the object closes.
struct OutputCore {
  var out: OutputBuffer
  var frames = UnsafeStack<OutputFrame>(capacity: 16)
  var members = UnsafeStack<MemberRecord>(capacity: 64)
  var nextID = 1
  let pretty: Bool
  let sortsKeys: Bool
  let escapesSlashes: Bool
  /// Set when an object received the same key twice; the streaming encoder then re-encodes through a tree.
  var sawDuplicateKey = false
  /// Key hashes of open objects with many members, by frame id.
  var largeObjectHashes: [Int: Set<UInt64>] = [:]

  init(options: EncoderOptions, capacity: Int = 256) {
    pretty = options.isPretty
    sortsKeys = options.sortsKeys
    escapesSlashes = options.escapesSlashes
    out = OutputBuffer(capacity: capacity)
  }

  @inline(__always) mutating func makeID() -> Int {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Containers

  /// Opens an array or object; returns its frame id.
  @inline(__always)
  mutating func open(isObject: Bool, slot: Int, key: consuming PathComponent) -> Int {
    out.writeByte(isObject ? .openBrace : .openBracket)
    let id = makeID()
    frames.append(
      OutputFrame(
        id: id, slot: slot, isObject: isObject, count: 0, key: key, memberStart: members.count, keyFilter: 0))
    return id
  }

  /// Closes the innermost open container, sorting its members first when asked.
  mutating func closeTop() {
    let frame = frames.removeLast()
    if frame.isObject && sortsKeys && frame.count > 1 { sortMembers(of: frame, depth: frames.count) }
    if frame.count > Self.largeObjectThreshold { largeObjectHashes[frame.id] = nil }
    members.removeAll(from: frame.memberStart)
    if pretty {
      // Foundation's layout for an empty container: an empty line between the brackets.
      if frame.count == 0 { out.writeByte(.newline) }
      newline(indent: frames.count)
    }
    out.writeByte(frame.isObject ? .closeBrace : .closeBracket)
  }

  /// Writes `{}` for a value that encoded nothing (Foundation's choice), laid out as an empty object.
  mutating func appendEmptyObject() {
    out.writeByte(.openBrace)
    if pretty {
      out.writeByte(.newline)
      newline(indent: frames.count)
    }
    out.writeByte(.closeBrace)
  }

  /// Writes the colon after a key: ` : ` when pretty printing, as Foundation does.
  @inline(__always) private mutating func appendColon() {
    if pretty {
      out.write(literal: 0x20_3A20, count: 3)
    } else {
      out.writeByte(.colon)
    }
  }

  /// Frees the output buffer and the stacks; called once by the owner.
  func release() {
    out.release()
    releaseStacks()
  }

  /// Frees the stacks only, when the output buffer was handed over (see ``OutputBuffer/takeData()``).
  func releaseStacks() {
    frames.release()
    members.release()
  }

  @inline(__always) mutating func newline(indent level: Int) {
    out.reserve(1 &+ 2 &* level)
    out.writeReserved(.newline)
    for _ in 0..<(2 &* level) { out.writeReserved(.space) }
  }

  /// Writes what goes before an array element in the top frame.
  @inline(__always)
  mutating func beginElement() {
    _ = separateMember()
  }

  /// Writes the separator (and the indentation) before a new element or member of the top frame, counts it, and
  /// returns the frame's index.
  @inline(__always)
  private mutating func separateMember() -> Int {
    let top = frames.count - 1
    if frames[top].count > 0 { out.writeByte(.comma) }
    if pretty { newline(indent: frames.count) }
    frames[top].count &+= 1
    return top
  }

  /// Writes what goes before a member value in the top frame: separator, the quoted key and the colon.
  ///
  /// The key is written verbatim (already converted); duplicates are detected here.
  @inline(__always)
  mutating func beginMember(key: String) {
    let top = separateMember()
    let start = out.count
    appendString(key)
    recordMember(start: start, top: top)
    appendColon()
  }

  /// Like ``beginMember(key:)`` for keys known to be unique (a dictionary's): recorded only for sorting.
  @inline(__always)
  mutating func beginUniqueMember(key: String) {
    _ = separateMember()
    let start = out.count
    appendString(key)
    if sortsKeys { members.append(MemberRecord(start: start, keyLength: out.count &- start &- 2, hash: 0)) }
    appendColon()
  }

  /// Like ``beginMember(key:)`` for a key whose quoted, escaped bytes are already known (cached conversions).
  @inline(__always)
  mutating func beginMember(quotedKey: [UInt8]) {
    let top = separateMember()
    let start = out.count
    quotedKey.withUnsafeBytes { out.writeBytes($0) }
    recordMember(start: start, top: top)
    appendColon()
  }

  /// Like ``beginMember(key:)`` for a cached name: `count` bytes at `name` (readable eight bytes at a time), the
  /// quoted key and, when not pretty printing, its colon; its hash is known.
  ///
  /// `table` is the address of the name table the name came from when that table's names are distinct (else 0), and
  /// `byte` the key's byte in it: while every member of an object comes from one such table, a repeated key is a
  /// repeated byte, found with one bit test instead of by hash.
  @inline(__always)
  mutating func beginMember(cachedName name: UnsafePointer<UInt8>, count: Int, hash: UInt64, table: UInt, byte: Int) {
    let top = frames.count - 1
    let frame = frames.base + top
    let start: Int
    if pretty {
      if frame.pointee.count > 0 { out.writeByte(.comma) }
      newline(indent: frames.count)
      start = out.count
      out.writeWords(name, count: count)
    } else {
      // One reservation for the separator and the name with its colon (copied in words).
      out.reserve(count &+ 9)
      if frame.pointee.count > 0 { out.writeReserved(.comma) }
      start = out.count
      out.writeReservedWords(name, count: count)
    }
    frame.pointee.count &+= 1
    let keyLength = pretty ? count &- 2 : count &- 3
    if frame.pointee.keyOwner == table && table != 0 && byte < 64 {
      let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: byte)
      if frame.pointee.keyBytes & bit != 0 { sawDuplicateKey = true }
      frame.pointee.keyBytes |= bit
      members.append(MemberRecord(start: start, keyLength: keyLength, hash: hash))
    } else if frame.pointee.keyOwner == OutputFrame.unclaimedKeys && table != 0 && byte < 64 {
      frame.pointee.keyOwner = table
      frame.pointee.keyBytes = 1 &<< UInt64(truncatingIfNeeded: byte)
      members.append(MemberRecord(start: start, keyLength: keyLength, hash: hash))
    } else {
      recordMember(start: start, keyLength: keyLength, hash: hash, top: top)
    }
    if pretty { appendColon() }
  }

  @inline(__always)
  private mutating func recordMember(start: Int, top: Int) {
    let keyLength = out.count &- start &- 2
    let hash = Self.hash(out.base + (start &+ 1), count: keyLength)
    recordMember(start: start, keyLength: keyLength, hash: hash, top: top)
  }

  @inline(__always)
  private mutating func recordMember(start: Int, keyLength: Int, hash: UInt64, top: Int) {
    if _slowPath(frames[top].keyOwner != OutputFrame.hashedKeys) { checkKeysByHash(top: top) }
    if _slowPath(frames[top].count > Self.largeObjectThreshold) {
      recordMemberOfLargeObject(start: start, keyLength: keyLength, hash: hash, top: top)
      return
    }
    let bit: UInt64 = 1 &<< (hash &>> 58)
    if frames[top].keyFilter & bit != 0 && isDuplicate(start: start, keyLength: keyLength, hash: hash, top: top) {
      sawDuplicateKey = true
    }
    frames[top].keyFilter |= bit
    members.append(MemberRecord(start: start, keyLength: keyLength, hash: hash))
  }

  /// Switches the frame's duplicate checks to hashes: its members so far (all from one name table, if any) enter
  /// the Bloom filter.
  @inline(never)
  private mutating func checkKeysByHash(top: Int) {
    var filter: UInt64 = 0
    for record in members[frames[top].memberStart...] { filter |= 1 &<< (record.hash &>> 58) }
    frames[top].keyFilter = filter
    frames[top].keyOwner = OutputFrame.hashedKeys
  }

  /// Past this many members a Bloom filter is saturated; a set of key hashes keeps duplicate checks O(1).
  static let largeObjectThreshold = 48

  @inline(never)
  private mutating func recordMemberOfLargeObject(start: Int, keyLength: Int, hash: UInt64, top: Int) {
    let id = frames[top].id
    if largeObjectHashes[id] == nil {
      largeObjectHashes[id] = Set(members[frames[top].memberStart...].map(\.hash))
    }
    if !largeObjectHashes[id, default: []].insert(hash).inserted
      && isDuplicate(start: start, keyLength: keyLength, hash: hash, top: top)
    {
      sawDuplicateKey = true
    }
    members.append(MemberRecord(start: start, keyLength: keyLength, hash: hash))
  }

  /// A quick 64-bit hash of a key's bytes, eight at a time.
  @inline(__always)
  static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var i = 0
    while i &+ 8 <= count {
      hash = (hash ^ UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash &>> 29
      i &+= 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < count {
      tail |= UInt64(bytes[i]) &<< shift
      shift &+= 8
      i &+= 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash &>> 32)
  }

  private func isDuplicate(start: Int, keyLength: Int, hash: UInt64, top: Int) -> Bool {
    for record in members[frames[top].memberStart...] where record.hash == hash && record.keyLength == keyLength {
      if memcmp(out.base + record.start, out.base + start, keyLength &+ 2) == 0 { return true }
    }
    return false
  }

  /// Reorders the members of the object that is being closed by key, comparing unescaped UTF-8 bytes
  /// (the order of Unicode scalars, as Foundation's `sortedKeys`).
  private mutating func sortMembers(of frame: OutputFrame, depth: Int) {
    let records = Array(members[frame.memberStart...])
    let separatorLength = pretty ? 2 + 2 * (depth + 1) : 1
    var spans: [(key: [UInt8], range: Range<Int>)] = []
    spans.reserveCapacity(records.count)
    for (n, record) in records.enumerated() {
      let end = n + 1 < records.count ? records[n + 1].start - separatorLength : out.count
      let escaped = out.bytes(in: (record.start + 1)..<(record.start + 1 + record.keyLength))[...]
      spans.append((Self.unescapedKey(escaped), record.start..<end))
    }
    let sorted = spans.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    if zip(sorted, spans).allSatisfy({ $0.range == $1.range }) { return }
    let separator = out.bytes(in: (records[1].start - separatorLength)..<records[1].start)
    var region: [UInt8] = []
    region.reserveCapacity(out.count - records[0].start)
    for (n, span) in sorted.enumerated() {
      if n > 0 { region.append(contentsOf: separator) }
      region.append(contentsOf: out.bytes(in: span.range))
    }
    out.replaceTail(from: records[0].start, with: region)
  }

  /// Undoes the escapes this writer produces, for key comparison.
  private static func unescapedKey(_ escaped: ArraySlice<UInt8>) -> [UInt8] {
    guard escaped.contains(.backslash) else { return Array(escaped) }
    var result: [UInt8] = []
    var i = escaped.startIndex
    while i < escaped.endIndex {
      let byte = escaped[i]
      guard byte == .backslash, i + 1 < escaped.endIndex else {
        result.append(byte)
        i += 1
        continue
      }
      let next = escaped[i + 1]
      switch next {
      case UInt8(ascii: "n"): result.append(.newline)
      case UInt8(ascii: "r"): result.append(.carriageReturn)
      case UInt8(ascii: "t"): result.append(.tab)
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0C)
      case UInt8(ascii: "u") where i + 5 < escaped.endIndex:
        var value: UInt8 = 0
        for k in 2...5 { value = value &* 16 &+ (escaped[i + k].hexValue ?? 0) }
        result.append(value)
        i += 6
        continue
      default: result.append(next)
      }
      i += 2
    }
    return result
  }

  // MARK: Leaves

  /// Appends a quoted, escaped string.
  @inline(__always) mutating func appendString(_ string: String) {
    out.appendQuoted(string, escapesSlashes: escapesSlashes)
  }

  // "null", "true", "false" as little-endian words.
  @inline(__always) mutating func appendNull() { out.write(literal: 0x6C6C_756E, count: 4) }

  @inline(__always) mutating func appendBool(_ value: Bool) {
    if value {
      out.write(literal: 0x6575_7274, count: 4)
    } else {
      out.write(literal: 0x65_736C_6166, count: 5)
    }
  }

  @inline(__always) mutating func appendInteger(_ value: Int64) {
    if value >= 0 {
      appendUnsigned(UInt64(value))
    } else {
      out.writeByte(.minus)
      appendUnsigned(value.magnitude)
    }
  }

  @inline(__always) mutating func appendUnsigned(_ value: UInt64) {
    out.reserve(20)
    out.advance(by: NumberFormatting.writeUnsigned(value, to: out.base + out.count))
  }

  /// Appends a finite double in shortest round-trip form, laid out as Foundation's `JSONEncoder` does.
  @inline(__always) mutating func appendFiniteDouble(_ value: Double) {
    out.reserve(NumberFormatting.maximumInlineLength)
    out.advance(by: NumberFormatting.writeDoubleInSwiftLayout(value, to: out.base + out.count))
  }

  /// Appends a finite float with the shortest digits that identify it as a `Float` (`0.1`, not `0.10000000149`),
  /// laid out as Foundation does: `Float`'s `description` without a `.0` suffix.
  mutating func appendFiniteFloat(_ value: Float) {
    var text = Self.floatText(value)
    text.withUTF8 { out.writeBytes(UnsafeRawBufferPointer($0)) }
  }

  /// The text of a finite float as Foundation writes it (the tree encoder's too).
  static func floatText(_ value: Float) -> String {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  @inline(__always) mutating func appendNumber(_ number: JSONNumber) {
    if case .text(let text) = number.storage {
      var digits = text.value
      digits.withUTF8 { out.writeBytes(UnsafeRawBufferPointer($0)) }
    } else {
      out.reserve(NumberFormatting.maximumInlineLength)
      out.advance(by: NumberFormatting.write(number, to: out.base + out.count))
    }
  }

  /// The quoted, escaped bytes of a key, for caching converted keys.
  func quotedBytes(_ key: String) -> [UInt8] {
    var scratch = OutputCore(pretty: false, sortsKeys: false, escapesSlashes: escapesSlashes)
    defer { scratch.release() }
    scratch.appendString(key)
    return scratch.out.bytes()
  }

  private init(pretty: Bool, sortsKeys: Bool, escapesSlashes: Bool) {
    self.pretty = pretty
    self.sortsKeys = sortsKeys
    self.escapesSlashes = escapesSlashes
    out = OutputBuffer(capacity: 32)
  }
}
