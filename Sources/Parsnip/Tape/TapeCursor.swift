import Foundation

/// The one reader of a tape's nodes: every bit of the layout documented on ``Tape`` is decoded here and nowhere else.
///
/// A cursor is three pointers (the tape's two arrays and the source text the offsets refer to), so it is trivially
/// copyable and costs nothing to pass or keep in a hot loop; its methods are `@inline(__always)` and compile to the
/// same loads and masks as reading the arrays by hand. It does not keep the tape or the text alive: its owner does
/// (`JSONDocument.Storage`, `DecodingState`, the tree builder's caller).
///
/// Readers built on it: the tree builder (`TreeBuilder`, `ScalarReader`), the Codable decoder (`TapeView`), and the
/// node layer's ``TapeNode`` (`Node/`), through which every other reader goes (paths, JSONPath, the pipeline,
/// JSON:API, `JSONDocument.Value`). A new reader of values reads ``TapeNode``s; `TapeBuilder` writes nodes with
/// ``word(offset:aux:)``.
struct TapeCursor {
  let kinds: UnsafeMutablePointer<UInt8>
  let words: UnsafeMutablePointer<UInt64>
  /// The first byte of the text the tape's offsets refer to.
  let base: UnsafePointer<UInt8>

  /// A cursor over `tape`, whose offsets refer to `source`.
  @inline(__always)
  init(tape: Tape, source: UnsafeRawBufferPointer) {
    kinds = tape.kinds
    words = tape.words
    base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? TapeCursor.emptyBase
  }

  /// Eight readable zero bytes standing in for empty text, so that no reader needs a special case.
  nonisolated(unsafe) static let emptyBase: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
    p.initialize(repeating: 0, count: 8)
    return UnsafePointer(p)
  }()

  // MARK: Layout of one node

  /// The source offset held in a node's word.
  @inline(__always) static func offset(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }
  /// The auxiliary value (length, end index or count) held in a node's word.
  @inline(__always) static func aux(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word >> 32) }
  /// The word of a node at source offset `offset` with auxiliary value `aux`.
  @inline(__always) static func word(offset: Int, aux: UInt32) -> UInt64 {
    UInt64(UInt32(truncatingIfNeeded: offset)) | UInt64(aux) << 32
  }
  /// The word with its auxiliary value replaced.
  @inline(__always) static func word(_ word: UInt64, replacingAux aux: UInt32) -> UInt64 {
    (word & 0xFFFF_FFFF) | UInt64(aux) << 32
  }
  /// The kind bits of a node's kind byte (a `Tape.Kind` raw value).
  @inline(__always) static func rawKind(_ tag: UInt8) -> UInt8 { tag & 0x07 }
  /// The flag bits of a node's kind byte (`Tape.Flag`).
  @inline(__always) static func flags(_ tag: UInt8) -> UInt8 { tag & 0xF8 }
  /// Whether a raw kind opens an array or an object.
  @inline(__always) static func isContainer(_ rawKind: UInt8) -> Bool {
    rawKind == Tape.Kind.array.rawValue || rawKind == Tape.Kind.object.rawValue
  }

  // MARK: Reading nodes

  /// The whole kind byte of node `i`: kind and flags.
  @inline(__always) func tag(_ i: Int) -> UInt8 { kinds[i] }
  /// The word of node `i`: offset and auxiliary value.
  @inline(__always) func word(_ i: Int) -> UInt64 { words[i] }
  @inline(__always) func rawKind(_ i: Int) -> UInt8 { kinds[i] & 0x07 }
  @inline(__always) func kind(_ i: Int) -> Tape.Kind { Tape.Kind(rawValue: kinds[i] & 0x07).unsafelyUnwrapped }
  @inline(__always) func flags(_ i: Int) -> UInt8 { kinds[i] & 0xF8 }
  @inline(__always) func offset(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] & 0xFFFF_FFFF) }
  /// The auxiliary value: a string's or number's length in bytes, a container's `end` index, an `end`'s count.
  @inline(__always) func aux(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] >> 32) }

  /// The index of the node after the value at `i`: its next sibling, or its parent's `end`.
  @inline(__always) func next(_ i: Int) -> Int {
    let k = kinds[i] & 0x07
    return k == Tape.Kind.array.rawValue || k == Tape.Kind.object.rawValue ? aux(i) &+ 1 : i &+ 1
  }

  /// The `end` node of the container at `i`.
  @inline(__always) func end(_ i: Int) -> Int { aux(i) }

  /// The number of elements or members of the container at `i`.
  @inline(__always) func count(_ i: Int) -> Int { aux(aux(i)) }

  /// The public kind of the value at `i` (an `end` node reads as an object, as it never starts a value).
  @inline(__always) func jsonKind(_ i: Int) -> JSON.Kind {
    switch kind(i) {
    case .null: .null
    case .false, .true: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object, .end: .object
    }
  }

  /// Where the value at `i` starts in the source: the opening quote of a string, the first byte otherwise.
  @inline(__always) func sourceOffset(_ i: Int) -> Int {
    let start = offset(i)
    return rawKind(i) == Tape.Kind.string.rawValue ? start &- 1 : start
  }

  // MARK: Decoding scalars

  /// The decoded text of the string node `i` (a key or a value).
  @inline(__always) func string(_ i: Int) -> String {
    let word = words[i]
    return StringDecoding.string(
      base, from: TapeCursor.offset(word), count: TapeCursor.aux(word), flags: kinds[i])
  }

  /// The source text of the number node `i`, as written.
  func numberText(_ i: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: base + offset(i), count: aux(i)), as: UTF8.self)
  }

  /// The sign and magnitude of the number node `i` when the scanner flagged it a small integer (no flags: integer
  /// syntax, at most 19 digits), else `nil`: the fast path of every integer read.
  @inline(__always) func smallInteger(_ i: Int) -> (magnitude: UInt64, isNegative: Bool)? {
    guard kinds[i] == Tape.Kind.number.rawValue else { return nil }
    return NumberParser.smallInteger(base, from: offset(i), count: aux(i))
  }

  /// The one integer read: the number node `i` as `I` when it is a whole number in `I`'s range (never through
  /// `Double`), else `nil`. Small integers take one pass over the digits; the rest go through the lossless number.
  @inline(__always)
  func integer<I: FixedWidthInteger>(_: I.Type, at i: Int) -> I? {
    if let (magnitude, isNegative) = smallInteger(i) {
      return NumberParser.exactInteger(I.self, magnitude: magnitude, isNegative: isNegative)
    }
    return rawKind(i) == Tape.Kind.number.rawValue ? number(i).exactInteger(I.self) : nil
  }

  /// The lossless number of the number node `i`.
  func number(_ i: Int) -> JSONNumber {
    let start = offset(i)
    let count = aux(i)
    let flags = flags(i)
    if let (magnitude, isNegative) = smallInteger(i) {
      return NumberParser.integer(magnitude: magnitude, isNegative: isNegative)
    }
    if flags & Tape.Flag.json5 != 0 {
      return JSONNumber(NumberParser.nonFiniteLiteral(base, from: start, count: count))
    }
    // The scanner validated the grammar; rescanning the few bytes is cheaper than storing the result.
    let scanned = NumberParser.read(base, from: start, end: start + count)
    if flags & Tape.Flag.isBigInteger != 0, !scanned.isNegative,
      let v = UInt64(String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self))
    {
      return JSONNumber(storage: .uint(v))
    }
    // A decimal whose significant digits all fit: the scan already holds them as written (trailing fraction zeros
    // included), which `NumberParser.number` would read a third time. Zero keeps no positive exponent (see there).
    if scanned.isExact, !scanned.isIntegerSyntax {
      let exponent = scanned.significand == 0 ? Swift.min(scanned.exponent, 0) : scanned.exponent
      return JSONNumber(
        storage: .decimal(
          significand: scanned.significand, exponent: Int32(truncatingIfNeeded: exponent),
          isNegative: scanned.isNegative))
    }
    return NumberParser.number(base, from: start, scanned)
  }

  // MARK: Navigating containers

  /// Whether the key node `j` is `wanted` (UTF-8): raw bytes compared, only keys written with escapes decoded.
  @inline(__always) func keyEquals(_ j: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    let word = words[j]
    let length = TapeCursor.aux(word)
    if length == wanted.count {
      // An escape always takes more bytes than the character it stands for, so equal lengths mean no escapes.
      guard kinds[j] & Tape.Flag.hasEscapes == 0 else { return false }
      return TapeCursor.sameBytes(base + TapeCursor.offset(word), wanted.baseAddress, length)
    }
    if length > wanted.count, kinds[j] & Tape.Flag.hasEscapes != 0 { return escapedKeyEquals(j, wanted) }
    return false
  }

  /// Whether `length` bytes at `a` and `b` are equal, by loads of overlapping words inside both ranges (no call):
  /// the one byte comparison of keys for every reader of the tape.
  @inline(__always)
  static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?, _ length: Int) -> Bool {
    guard let other = b else { return length == 0 }
    let a = UnsafeRawPointer(a)
    let b = UnsafeRawPointer(other)
    switch length {
    case 0: return true
    case 1...3:
      // First, middle and last byte cover every length up to 3.
      return a.load(as: UInt8.self) == b.load(as: UInt8.self)
        && a.load(fromByteOffset: length >> 1, as: UInt8.self) == b.load(fromByteOffset: length >> 1, as: UInt8.self)
        && a.load(fromByteOffset: length &- 1, as: UInt8.self) == b.load(fromByteOffset: length &- 1, as: UInt8.self)
    case 4...8:
      return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
        && a.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
          == b.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
    case 9...16:
      return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
        && a.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
          == b.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
    default:
      // Eight bytes at a time, the last word overlapping the one before.
      var i = 0
      while i &+ 8 < length {
        if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
          return false
        }
        i &+= 8
      }
      return a.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
    }
  }

  @inline(never) func escapedKeyEquals(_ j: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    StringDecoding.unescapedEquals(base, from: offset(j), count: aux(j), wanted)
  }

  /// The value node of the member `key` of the object at `i` (the last one when the key repeats), or `nil`.
  func member(_ key: String, inObjectAt i: Int) -> Int? {
    var key = key
    return key.withUTF8 { member($0, inObjectAt: i) }
  }

  /// The value node of the member whose key is the UTF-8 `wanted` of the object at `i` (the last one when the key
  /// repeats), or `nil`.
  func member(_ wanted: UnsafeBufferPointer<UInt8>, inObjectAt i: Int) -> Int? {
    var found: Int?
    var j = i &+ 1
    let end = aux(i)
    while j < end {
      if keyEquals(j, wanted) { found = j &+ 1 }
      j = next(j &+ 1)
    }
    return found
  }

  /// The one hinted member search: the key node named `wanted` (UTF-8) in the object at `object`, whose end node
  /// is `end`, searched from key node `hint` to the end and then from the first key up to `hint`; -1 when none.
  /// Readers that ask for members in document order pass the key after the one found last (a hint kept per
  /// object: the decoder's and the pipeline's), and find each member on the first compare. Which of a repeated
  /// key's members the reader wants is its own rule, applied to the match.
  @inline(__always)
  func key(_ wanted: UnsafeBufferPointer<UInt8>, inObjectAt object: Int, end: Int, from hint: Int) -> Int {
    var j = hint
    while j < end {
      if keyEquals(j, wanted) { return j }
      j = next(j &+ 1)
    }
    j = object &+ 1
    while j < hint {
      if keyEquals(j, wanted) { return j }
      j = next(j &+ 1)
    }
    return -1
  }

  /// The node of element `position` of the array at `i`, or `nil` when out of range.
  func element(_ position: Int, inArrayAt i: Int) -> Int? {
    guard position >= 0, position < count(i) else { return nil }
    var j = i &+ 1
    for _ in 0..<position { j = next(j) }
    return j
  }
}
