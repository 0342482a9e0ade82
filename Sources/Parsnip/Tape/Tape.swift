/// The structural index of a parsed document: one node per value (and per object key), in document order.
///
/// Layout (struct of arrays, 9 bytes per node; `TapeCursor` is the one reader of it):
/// - `kinds[i]`: the node kind in the low 3 bits, flags above (see `Tape.Kind`, `Tape.Flag`).
/// - `words[i]`: the source byte offset in the low 32 bits and an auxiliary value in the high 32 bits:
///   - string: offset of the first content byte (after the quote), aux = raw content length in bytes;
///   - number: offset of the first byte, aux = text length;
///   - null/true/false: offset of the literal, aux unused;
///   - array/object start: offset of `[`/`{`, aux = index of the matching `end` node;
///   - end: offset of `]`/`}`, aux = number of elements (array) or members (object).
/// An object's members are pairs of nodes: a string key, then the value. The node after a container's `end` is its
/// next sibling, so skipping a value is O(1). Strings and numbers are only validated here; they are decoded when read.
final class Tape: @unchecked Sendable {  // Written only while scanning, before it is shared; read-only after.
  enum Kind: UInt8 {
    case null = 0, `false`, `true`, number, string, array, object, end
  }

  enum Flag {
    /// string: contains at least one escape sequence.
    static let hasEscapes: UInt8 = 0x08
    /// string: contains at least one byte of 0x80 or above (multi-byte UTF-8), so `String` must not be told it is ASCII.
    static let nonASCII: UInt8 = 0x10
    /// number: has a fraction or an exponent.
    static let isFloat: UInt8 = 0x08
    /// number: integer syntax whose value does not fit `Int64`/`UInt64`.
    static let isBigInteger: UInt8 = 0x10
    /// string or number: the source is JSON5 text (single quotes, hex, `Infinity`...) and needs JSON5 decoding.
    static let json5: UInt8 = 0x40
  }

  let kinds: UnsafeMutablePointer<UInt8>
  let words: UnsafeMutablePointer<UInt64>
  let count: Int
  private let block: TapeMemory.Block

  /// Takes ownership of the builder's block. Fields are constants, so reads need no exclusivity checks.
  fileprivate init(block: TapeMemory.Block, count: Int) {
    self.kinds = block.kinds
    self.words = block.words
    self.count = count
    self.block = block
  }

  deinit { TapeMemory.release(block) }

  // The layout is decoded by `TapeCursor`; these read one node without a source, for scanning-side checks.
  @inline(__always) func kind(_ i: Int) -> Kind { Kind(rawValue: TapeCursor.rawKind(kinds[i])).unsafelyUnwrapped }
  @inline(__always) func rawKind(_ i: Int) -> UInt8 { TapeCursor.rawKind(kinds[i]) }
  @inline(__always) func flags(_ i: Int) -> UInt8 { TapeCursor.flags(kinds[i]) }
  @inline(__always) func offset(_ i: Int) -> Int { TapeCursor.offset(words[i]) }
  @inline(__always) func aux(_ i: Int) -> Int { TapeCursor.aux(words[i]) }

  /// Index of the node after the value at `i` (its next sibling, or its parent's `end`).
  @inline(__always) func next(_ i: Int) -> Int { TapeCursor.isContainer(rawKind(i)) ? aux(i) &+ 1 : i &+ 1 }

  /// Number of elements (array) or members (object) of the container starting at `i`.
  @inline(__always) func containerCount(_ i: Int) -> Int { aux(aux(i)) }
}

/// Appends nodes while scanning; a struct so the hot loop touches no class state.
struct TapeBuilder {
  private var kinds: UnsafeMutablePointer<UInt8>
  private var words: UnsafeMutablePointer<UInt64>
  private(set) var count = 0
  private var block: TapeMemory.Block

  init(capacity: Int) {
    block = TapeMemory.allocate(capacity: Swift.max(capacity, 16))
    kinds = block.kinds
    words = block.words
  }

  /// Hands the block to an immutable `Tape`; the builder must not be used afterwards.
  func finish() -> Tape { Tape(block: block, count: count) }

  /// Returns the block after a failed scan.
  func discard() { TapeMemory.release(block) }

  @inline(never) private mutating func grow() {
    let grown = TapeMemory.allocate(capacity: block.capacity &* 2)
    grown.kinds.update(from: kinds, count: count)
    grown.words.update(from: words, count: count)
    TapeMemory.release(block)
    block = grown
    kinds = grown.kinds
    words = grown.words
  }

  /// Appends a node and returns its index.
  @inline(__always) @discardableResult
  mutating func append(_ kind: UInt8, offset: Int, aux: UInt32) -> Int {
    if count == block.capacity { grow() }
    let i = count
    kinds[i] = kind
    words[i] = TapeCursor.word(offset: offset, aux: aux)
    count = i &+ 1
    return i
  }

  @inline(__always) func setAux(_ i: Int, _ aux: UInt32) {
    words[i] = TapeCursor.word(words[i], replacingAux: aux)
  }

  @inline(__always) func rawKind(_ i: Int) -> UInt8 { TapeCursor.rawKind(kinds[i]) }
}
