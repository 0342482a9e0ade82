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
  /// A 64-bit Bloom filter of the keys written, to make duplicate-key checks cheap.
  var keyFilter: UInt64
}

/// A member written into an open object: where it starts (its key's opening quote) and its escaped key length.
struct MemberRecord {
  var start: Int
  var keyLength: Int
}

/// The byte output and the stack of open containers: the part of streaming encoding that knows JSON syntax.
///
/// The JSON text is written forward as values arrive. Object members are recorded so that duplicate keys can be
/// detected and, with sorted keys, reordered in place when the object closes.
struct OutputCore {
  var out: [UInt8] = []
  var frames: [OutputFrame] = []
  var members: [MemberRecord] = []
  var nextID = 1
  let pretty: Bool
  let sortsKeys: Bool
  let escapesSlashes: Bool
  /// Set when an object received the same key twice; the streaming encoder then re-encodes through a tree.
  var sawDuplicateKey = false

  init(options: EncoderOptions, capacity: Int = 256) {
    pretty = options.isPretty
    sortsKeys = options.sortsKeys
    escapesSlashes = options.escapesSlashes
    out.reserveCapacity(capacity)
    frames.reserveCapacity(16)
    members.reserveCapacity(64)
  }

  @inline(__always) mutating func makeID() -> Int {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Containers

  /// Opens an array or object; returns its frame id.
  @inline(__always)
  mutating func open(isObject: Bool, slot: Int, key: PathComponent) -> Int {
    out.append(isObject ? .openBrace : .openBracket)
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
    members.removeSubrange(frame.memberStart...)
    if pretty && frame.count > 0 { newline(indent: frames.count) }
    out.append(frame.isObject ? .closeBrace : .closeBracket)
  }

  @inline(__always) mutating func newline(indent level: Int) {
    out.append(.newline)
    for _ in 0..<level { out.append(.space); out.append(.space) }
  }

  /// Writes what goes before an array element in the top frame.
  @inline(__always)
  mutating func beginElement() {
    let top = frames.count - 1
    if frames[top].count > 0 { out.append(.comma) }
    if pretty { newline(indent: frames.count) }
    frames[top].count &+= 1
  }

  /// Writes what goes before a member value in the top frame: separator, the quoted key and the colon.
  ///
  /// The key is written verbatim (already converted); duplicates are detected here.
  @inline(__always)
  mutating func beginMember(key: String) {
    let top = frames.count - 1
    if frames[top].count > 0 { out.append(.comma) }
    if pretty { newline(indent: frames.count) }
    frames[top].count &+= 1
    let start = out.count
    appendString(key)
    recordMember(start: start, top: top)
    out.append(.colon)
    if pretty { out.append(.space) }
  }

  /// Like ``beginMember(key:)`` for a key whose quoted, escaped bytes are already known (cached conversions).
  @inline(__always)
  mutating func beginMember(quotedKey: [UInt8]) {
    let top = frames.count - 1
    if frames[top].count > 0 { out.append(.comma) }
    if pretty { newline(indent: frames.count) }
    frames[top].count &+= 1
    let start = out.count
    out.append(contentsOf: quotedKey)
    recordMember(start: start, top: top)
    out.append(.colon)
    if pretty { out.append(.space) }
  }

  @inline(__always)
  private mutating func recordMember(start: Int, top: Int) {
    let keyLength = out.count - start - 2
    let bit: UInt64 = out.withUnsafeBufferPointer { buffer in
      // Length and the first and last bytes of the key pick one of 64 filter bits.
      let first = UInt64(buffer[start &+ 1])
      let last = UInt64(buffer[out.count &- 2])
      let hash = (UInt64(truncatingIfNeeded: keyLength) &* 0x9E37_79B9_7F4A_7C15) ^ (first &<< 8) ^ last
      return 1 &<< ((hash &* 0xFF51_AFD7_ED55_8CCD) &>> 58)
    }
    if frames[top].keyFilter & bit != 0 && isDuplicate(start: start, keyLength: keyLength, top: top) {
      sawDuplicateKey = true
    }
    frames[top].keyFilter |= bit
    members.append(MemberRecord(start: start, keyLength: keyLength))
  }

  private func isDuplicate(start: Int, keyLength: Int, top: Int) -> Bool {
    out.withUnsafeBufferPointer { buffer in
      for record in members[frames[top].memberStart...] where record.keyLength == keyLength {
        if memcmp(buffer.baseAddress! + record.start, buffer.baseAddress! + start, keyLength &+ 2) == 0 {
          return true
        }
      }
      return false
    }
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
      let escaped = out[(record.start + 1)..<(record.start + 1 + record.keyLength)]
      spans.append((Self.unescapedKey(escaped), record.start..<end))
    }
    let sorted = spans.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    if zip(sorted, spans).allSatisfy({ $0.range == $1.range }) { return }
    let separator = Array(out[(records[1].start - separatorLength)..<records[1].start])
    var region: [UInt8] = []
    region.reserveCapacity(out.count - records[0].start)
    for (n, span) in sorted.enumerated() {
      if n > 0 { region.append(contentsOf: separator) }
      region.append(contentsOf: out[span.range])
    }
    out.replaceSubrange(records[0].start..<out.count, with: region)
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

  @inline(__always) mutating func appendNull() { out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

  @inline(__always) mutating func appendBool(_ value: Bool) {
    if value {
      out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    } else {
      out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    }
  }

  @inline(__always) mutating func appendInteger(_ value: Int64) {
    if value >= 0 && value < 10 {
      out.append(UInt8(truncatingIfNeeded: value) &+ .zero)
    } else {
      NumberFormatting.appendInteger(value, to: &out)
    }
  }

  @inline(__always) mutating func appendUnsigned(_ value: UInt64) {
    NumberFormatting.appendUnsigned(value, isNegative: false, to: &out)
  }

  /// Appends a finite double in shortest round-trip form.
  @inline(__always) mutating func appendFiniteDouble(_ value: Double) {
    NumberFormatting.appendShortest(value, to: &out)
  }

  /// Appends a finite float with the shortest digits that identify it as a `Float` (`0.1`, not `0.10000000149`).
  mutating func appendFiniteFloat(_ value: Float) {
    // A Float's shortest digits (at most 9) name a double whose own shortest digits are the same.
    NumberFormatting.appendShortest(Double(value.description) ?? Double(value), to: &out)
  }

  @inline(__always) mutating func appendNumber(_ number: JSONNumber) {
    NumberFormatting.append(number, to: &out)
  }

  /// Appends a quoted, escaped string.
  @inline(__always)
  mutating func appendString(_ string: String) {
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
    if done == nil {
      var copy = string
      copy.withUTF8 { appendEscaped($0) }
    }
  }

  /// Escapes `"`, `\`, control characters and (unless disabled) `/`; copies everything else in runs.
  mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    out.append(.quote)
    guard let base = bytes.baseAddress else {
      out.append(.quote)
      return
    }
    let count = bytes.count
    let slashes = escapesSlashes
    var runStart = 0
    var i = 0
    while i < count {
      if i &+ 8 <= count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
        var mask = SWAR.escapeOrQuoteBytes(word)
        if slashes { mask |= SWAR.zeroBytes(word ^ SWAR.broadcast(.slash)) }
        if mask == 0 {
          i &+= 8
          continue
        }
        i &+= mask.trailingZeroBitCount &>> 3
      }
      let byte = base[i]
      if byte == .quote || byte == .backslash || byte < 0x20 || (slashes && byte == .slash) {
        if runStart < i { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i &- runStart)) }
        appendEscape(byte)
        runStart = i &+ 1
      }
      i &+= 1
    }
    if runStart < count { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count &- runStart)) }
    out.append(.quote)
  }

  private mutating func appendEscape(_ byte: UInt8) {
    out.append(.backslash)
    switch byte {
    case .quote, .backslash, .slash: out.append(byte)
    case .newline: out.append(UInt8(ascii: "n"))
    case .carriageReturn: out.append(UInt8(ascii: "r"))
    case .tab: out.append(UInt8(ascii: "t"))
    case 0x08: out.append(UInt8(ascii: "b"))
    case 0x0C: out.append(UInt8(ascii: "f"))
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      out.append(contentsOf: [UInt8(ascii: "u"), .zero, .zero, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }

  /// The quoted, escaped bytes of a key, for caching converted keys.
  func quotedBytes(_ key: String) -> [UInt8] {
    var scratch = OutputCore(pretty: false, sortsKeys: false, escapesSlashes: escapesSlashes)
    scratch.appendString(key)
    return scratch.out
  }

  private init(pretty: Bool, sortsKeys: Bool, escapesSlashes: Bool) {
    self.pretty = pretty
    self.sortsKeys = sortsKeys
    self.escapesSlashes = escapesSlashes
  }
}
