import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSON {
  /// How the parser treats input beyond the strict RFC 8259 grammar.
  ///
  /// In every mode the input must be UTF-8. A UTF-8 byte order mark (`EF BB BF`) at the very start is skipped, as
  /// RFC 8259 section 8.1 allows ("parsers MAY ignore the presence of a byte order mark"), because editors on some
  /// platforms add one; it takes no column in error locations. A byte order mark anywhere else, or a second one, is
  /// an error in strict mode (JSON5 counts U+FEFF as white space everywhere).
  public struct ParsingOptions: Sendable, Hashable {
    /// What to do when an object has the same key twice.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
      /// Keep the last value, at the position of the first occurrence (the default, as most parsers do).
      case useLast
      /// Fail with ``JSONParseError/Kind-swift.enum/duplicateKey``.
      case reject
    }

    /// The deepest nesting of arrays and objects accepted; deeper input fails with
    /// ``JSONParseError/Kind-swift.enum/nestingTooDeep``. Default 512.
    public var maximumDepth: Int
    /// Accept JSON5 (https://spec.json5.org): comments, trailing commas, single-quoted strings, unquoted keys,
    /// hexadecimal numbers (exact, up to 1024 significant digits), `.5` and `5.`, a leading `+`, the escapes `\'`,
    /// `\v`, `\0`, `\xHH` and line continuations, more white space, and `Infinity`, `-Infinity` and `NaN`, which
    /// become `Double` values. Errors point into the JSON5 text. Default `false`.
    public var allowsJSON5: Bool
    /// Duplicate key handling. Default ``DuplicateKeyPolicy/useLast``.
    public var duplicateKeys: DuplicateKeyPolicy

    /// Creates options.
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting accepted (default 512).
    ///   - allowsJSON5: Whether JSON5 syntax is accepted (default `false`).
    ///   - duplicateKeys: Duplicate key handling (default ``DuplicateKeyPolicy/useLast``).
    public init(maximumDepth: Int = 512, allowsJSON5: Bool = false, duplicateKeys: DuplicateKeyPolicy = .useLast) {
      self.maximumDepth = maximumDepth
      self.allowsJSON5 = allowsJSON5
      self.duplicateKeys = duplicateKeys
    }

    /// Strict RFC 8259 with the defaults.
    public static var `default`: ParsingOptions { ParsingOptions() }
  }

  /// Parses JSON text from bytes.
  ///
  /// ```swift
  /// let json = try JSON(parsing: Array(#"{"a": [1, 2.5, "x"]}"#.utf8))
  /// json["a"][1].doubleValue  // → 2.5
  /// ```
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing bytes: some ContiguousBytes, options: ParsingOptions = .default) throws(JSONParseError) {
    let result: Result<JSON, JSONParseError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) -> JSON in try JSON(parsing: buffer, options: options) }
    }
    self = try result.get()
  }

  /// Parses JSON text from a string.
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing text: some StringProtocol, options: ParsingOptions = .default) throws(JSONParseError) {
    var string = String(text)
    let result: Result<JSON, JSONParseError> = string.withUTF8 { buffer in
      Result { () throws(JSONParseError) -> JSON in try JSON(parsing: UnsafeRawBufferPointer(buffer), options: options) }
    }
    self = try result.get()
  }

  /// Parses JSON text from raw memory that stays valid for the duration of the call.
  /// - Parameters:
  ///   - buffer: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing buffer: UnsafeRawBufferPointer, options: ParsingOptions = .default) throws(JSONParseError) {
    self = try Document.withTape(buffer, options: options) { tape, source throws(JSONParseError) in
      var builder = TreeBuilder(tape: tape, source: source, options: options)
      return try builder.value(at: 0)
    }
  }
}

/// Entry point shared by every reader of the tape (tree building, decoding, on-demand queries).
enum Document {
  /// Scans `buffer` into a tape and calls `body` with the tape and the bytes that its offsets refer to.
  static func withTape<R>(
    _ buffer: UnsafeRawBufferPointer, options: JSON.ParsingOptions,
    _ body: (Tape, UnsafeRawBufferPointer) throws(JSONParseError) -> R
  ) throws(JSONParseError) -> R {
    if options.allowsJSON5 {
      let (normalized, offsets) = try JSON5.normalizeKeepingOffsets(buffer, maximumDepth: options.maximumDepth)
      let result: Result<R, JSONParseError> = normalized.withUnsafeBytes { source in
        Result { () throws(JSONParseError) -> R in
          var scanner = Scanner(input: source, maxDepth: options.maximumDepth)
          scanner.allowsNonFiniteLiterals = true
          let tape = try scanner.scanDocument()
          return try body(tape, source)
        }
      }
      // Errors found in the normalized text (duplicate keys) are reported at their place in the JSON5 text.
      return try result.mapError { offsets.originalError($0, in: buffer) }.get()
    }
    let tape = try Scanner(input: buffer, maxDepth: options.maximumDepth).scanDocument()
    return try body(tape, buffer)
  }
}

/// Builds a `JSON` tree from a tape.
struct TreeBuilder {
  let tape: Tape
  let source: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  let rejectDuplicates: Bool
  var duplicates = DuplicateKeyFinder()
  var keyCache: KeyCache

  init(tape: Tape, source: UnsafeRawBufferPointer, options: JSON.ParsingOptions) {
    self.tape = tape
    self.source = source
    self.base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    self.rejectDuplicates = options.duplicateKeys == .reject
    self.keyCache = KeyCache(enabled: source.count > 4096)
  }

  func string(at i: Int) -> String {
    StringDecoding.string(
      base, from: tape.offset(i), count: tape.aux(i), hasEscapes: tape.flags(i) & Tape.Flag.hasEscapes != 0)
  }

  func number(at i: Int) -> JSONNumber {
    let start = tape.offset(i)
    if tape.flags(i) & Tape.Flag.json5 != 0 {
      return JSONNumber(NumberParser.nonFiniteLiteral(base, from: start, count: tape.aux(i)))
    }
    // The scanner validated the grammar; rescanning the few bytes is cheaper than storing the result.
    let scanned = (try? NumberParser.scan(base, from: start, end: start + tape.aux(i))) ?? ScannedNumber(end: start)
    if tape.flags(i) & Tape.Flag.isBigInteger != 0, !scanned.isNegative,
      let v = UInt64(String(decoding: UnsafeBufferPointer(start: base + start, count: tape.aux(i)), as: UTF8.self))
    {
      return JSONNumber(storage: .uint(v))
    }
    return NumberParser.number(base, from: start, scanned)
  }

  mutating func value(at i: Int) throws(JSONParseError) -> JSON {
    switch tape.kind(i) {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return .number(number(at: i))
    case .string: return .string(string(at: i))
    case .array:
      var elements: [JSON] = []
      elements.reserveCapacity(tape.containerCount(i))
      var j = i + 1
      let endNode = tape.aux(i)
      while j < endNode {
        elements.append(try value(at: j))
        j = tape.next(j)
      }
      return .array(elements)
    case .object:
      let count = tape.containerCount(i)
      let endNode = tape.aux(i)
      if rejectDuplicates || duplicates.hasDuplicates(objectAt: i, tape: tape, base: base) {
        return .object(try objectWithDuplicates(at: i))
      }
      var members: [JSONObject.Member] = []
      members.reserveCapacity(count)
      var j = i + 1
      while j < endNode {
        let key = tape.flags(j) == 0 ? keyCache.key(at: j, tape: tape, base: base) : string(at: j)
        members.append(JSONObject.Member(key: key, value: try value(at: j + 1)))
        j = tape.next(j + 1)
      }
      return .object(JSONObject(uniqueMembers: members))
    case .end:
      preconditionFailure("value(at:) called on an end node")
    }
  }

  /// The rare path: an object with a repeated key (last value wins at the first position) or reject mode.
  @inline(never)
  mutating func objectWithDuplicates(at i: Int) throws(JSONParseError) -> JSONObject {
    var members: [JSONObject.Member] = []
    // Keyed by UTF-8 bytes, not `String`: RFC 8259 names are equal when their code points are, and `String` equality
    // would also merge canonically equivalent keys ("é" and "e\u{301}"), unlike the byte comparison of the fast path.
    var positions: [[UInt8]: Int] = [:]
    var j = i + 1
    let endNode = tape.aux(i)
    while j < endNode {
      let key = string(at: j)
      let value = try value(at: j + 1)
      if let existing = positions[Array(key.utf8)] {
        if rejectDuplicates {
          throw JSONParseError(.duplicateKey, "duplicate key \"\(key)\" in object", at: tape.offset(j) - 1, in: source)
        }
        members[existing].value = value
      } else {
        positions[Array(key.utf8)] = members.count
        members.append(JSONObject.Member(key: key, value: value))
      }
      j = tape.next(j + 1)
    }
    return JSONObject(uniqueMembers: members)
  }
}

/// Finds repeated keys in an object by comparing raw key bytes, without building strings.
struct DuplicateKeyFinder {
  private var slots: [UInt32] = []  // node index + 1, or 0 when empty
  private var used: [Int] = []

  /// Whether the object at node `i` has two keys that decode to the same string.
  mutating func hasDuplicates(objectAt i: Int, tape: Tape, base: UnsafePointer<UInt8>) -> Bool {
    let count = tape.containerCount(i)
    if count < 2 { return false }
    let endNode = tape.aux(i)
    if count <= 8 {
      var a = i + 1
      while a < endNode {
        if tape.flags(a) & Tape.Flag.hasEscapes != 0 { return slowCheck(objectAt: i, tape: tape, base: base) }
        var b = tape.next(a + 1)
        while b < endNode {
          if sameBytes(a, b, tape, base) { return true }
          b = tape.next(b + 1)
        }
        a = tape.next(a + 1)
      }
      return false
    }
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    if slots.count < capacity { slots = [UInt32](repeating: 0, count: capacity) }
    let mask = capacity - 1
    defer {
      for u in used { slots[u] = 0 }
      used.removeAll(keepingCapacity: true)
    }
    var a = i + 1
    while a < endNode {
      if tape.flags(a) & Tape.Flag.hasEscapes != 0 { return slowCheck(objectAt: i, tape: tape, base: base) }
      var h = Self.hash(base + tape.offset(a), tape.aux(a)) & mask
      while true {
        let s = slots[h]
        if s == 0 {
          slots[h] = UInt32(a + 1)
          used.append(h)
          break
        }
        if sameBytes(Int(s) - 1, a, tape, base) { return true }
        h = (h + 1) & mask
      }
      a = tape.next(a + 1)
    }
    return false
  }

  @inline(__always)
  private func sameBytes(_ a: Int, _ b: Int, _ tape: Tape, _ base: UnsafePointer<UInt8>) -> Bool {
    let n = tape.aux(a)
    return n == tape.aux(b) && memcmp(base + tape.offset(a), base + tape.offset(b), n) == 0
  }

  @inline(__always)
  fileprivate static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(n)
    var k = 0
    while k + 8 <= n {
      h = (h ^ UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)) &* 0x100_0000_01b3
      h ^= h >> 29
      k += 8
    }
    while k < n {
      h = (h ^ UInt64(p[k])) &* 0x100_0000_01b3
      k += 1
    }
    h ^= h >> 32
    return Int(truncatingIfNeeded: h)
  }

  /// Keys with escapes can be equal after decoding while their bytes differ: compare decoded strings.
  private func slowCheck(objectAt i: Int, tape: Tape, base: UnsafePointer<UInt8>) -> Bool {
    var seen = Set<[UInt8]>()
    var j = i + 1
    let endNode = tape.aux(i)
    while j < endNode {
      let key = StringDecoding.string(
        base, from: tape.offset(j), count: tape.aux(j), hasEscapes: tape.flags(j) & Tape.Flag.hasEscapes != 0)
      if !seen.insert(Array(key.utf8)).inserted { return true }
      j = tape.next(j + 1)
    }
    return false
  }
}

/// Reuses the `String` of a key already seen in this document: documents repeat their keys, and a hash plus a
/// byte comparison is cheaper than validating and building the string again.
struct KeyCache {
  private static let size = 512
  private var offsets: [UInt32] = []
  private var lengths: [UInt32] = []
  private var strings: [String] = []
  private var isEnabled = false

  /// A cache only pays off past a few kilobytes of text.
  init(enabled: Bool = false) {
    guard enabled else { return }
    isEnabled = true
    offsets = [UInt32](repeating: 0, count: Self.size)
    lengths = [UInt32](repeating: UInt32.max, count: Self.size)
    strings = [String](repeating: "", count: Self.size)
  }

  /// The key at string node `j` (without escapes).
  @inline(__always)
  mutating func key(at j: Int, tape: Tape, base: UnsafePointer<UInt8>) -> String {
    let offset = tape.offset(j)
    let length = tape.aux(j)
    guard isEnabled, length <= 64 else { return StringDecoding.string(base, from: offset, count: length, hasEscapes: false) }
    let slot = DuplicateKeyFinder.hash(base + offset, length) & (Self.size - 1)
    if lengths[slot] == UInt32(length), memcmp(base + Int(offsets[slot]), base + offset, length) == 0 {
      return strings[slot]
    }
    let string = StringDecoding.string(base, from: offset, count: length, hasEscapes: false)
    offsets[slot] = UInt32(offset)
    lengths[slot] = UInt32(length)
    strings[slot] = string
    return string
  }
}
