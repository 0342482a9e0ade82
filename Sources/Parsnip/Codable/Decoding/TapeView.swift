import Foundation

/// The read-only view of a decode's tape that containers use on every call.
///
/// It is trivially copyable (pointers and integers only), so reading it through a pointer copies nothing.
///
/// Containers keep a pointer to this view (owned by the `DecodingState`, which their decoder holds), and a lifetime
/// slot and generation that say whether the decode is still running: a state that outlives its decode call keeps its
/// slot open (see `DecodingState.finish(_:)`).
struct TapeView {
  /// The tape's nodes, read through the one cursor.
  let nodes: TapeCursor
  let source: UnsafeRawBufferPointer
  unowned(unsafe) let tape: Tape
  /// One past the last node of the document.
  let documentEnd: Int
  let keyMode: KeyMode
  /// The strings of `.convertFromString`, when that non-conforming float strategy is set (owned by the state).
  let nonConformingFloats: UnsafeMutablePointer<(positiveInfinity: String, negativeInfinity: String, nan: String)>?

  // Lookup hints: a direct-mapped cache from an object's node to the key node after the last one found, so members
  // read in document order are found on the first compare.
  static let hintSlots = 256
  let hintObjects: UnsafeMutablePointer<Int>
  let hintKeys: UnsafeMutablePointer<Int>
  /// Per-node marks for `rejectsUnknownKeys`: objects that had a keyed container, and key nodes that were read.
  let marks: UnsafeMutablePointer<UInt8>?
  /// Scratch memory for converted names and the duplicate check.
  let workspace: UnsafeMutablePointer<LookupWorkspace>

  enum KeyMode {
    case plain, snakeCase, custom
  }

  /// The same view over a copy of the source (a decode that outlives its call, see `DecodingState.finish(_:)`).
  func reading(_ copy: UnsafeRawBufferPointer) -> TapeView {
    TapeView(
      nodes: TapeCursor(tape: tape, source: copy), source: copy, tape: tape, documentEnd: documentEnd,
      keyMode: keyMode, nonConformingFloats: nonConformingFloats, hintObjects: hintObjects, hintKeys: hintKeys,
      marks: marks, workspace: workspace)
  }

  // MARK: Tape access (through `nodes`)

  @inline(__always) var base: UnsafePointer<UInt8> { nodes.base }
  @inline(__always) func offset(_ node: Int) -> Int { nodes.offset(node) }
  @inline(__always) func length(_ node: Int) -> Int { nodes.aux(node) }
  @inline(__always) func rawKind(_ node: Int) -> UInt8 { nodes.rawKind(node) }
  @inline(__always) func isNull(_ node: Int) -> Bool { nodes.rawKind(node) == Tape.Kind.null.rawValue }
  @inline(__always) func next(_ node: Int) -> Int { nodes.next(node) }
  @inline(__always) func end(_ node: Int) -> Int { nodes.end(node) }
  @inline(__always) func count(_ node: Int) -> Int { nodes.count(node) }
  @inline(__always) func string(ofKey node: Int) -> String { nodes.string(node) }
  func sourceOffset(of node: Int) -> Int { nodes.sourceOffset(node) }
  func numberText(_ node: Int) -> String { nodes.numberText(node) }
}

/// Lifetime slots: one word per running decode whose value changes when the decode returns. Slots are never freed
/// (they are reused), so reading one is always safe, and a container compares the value with the generation it was
/// made in to know whether its decode is still running.
///
/// Each thread's `DecodeCaches` holds a slot, so that a decode begins and ends without a lock: a lock that every
/// decode took twice was shared by the threads of a parallel JSON Lines decode. Slots go back to the pool only with
/// their caches.
enum DecodeLifetime {
  private static let freeSlots = Lock<[UnsafeMutablePointer<UInt64>]>([])

  /// A slot for a new set of caches; its current value is the generation of the next decode that uses it.
  static func takeSlot() -> UnsafeMutablePointer<UInt64> {
    if let slot = freeSlots.withLock({ $0.popLast() }) { return slot }
    let slot = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    slot.initialize(to: 0)
    return slot
  }

  /// Returns the slot of caches that are being freed, for reuse.
  static func giveBack(_ slot: UnsafeMutablePointer<UInt64>) {
    freeSlots.withLock { $0.append(slot) }
  }

  /// Ends the decode that holds `slot`: every container of it now sees a newer generation.
  @inline(__always)
  static func end(_ slot: UnsafeMutablePointer<UInt64>) {
    slot.pointee &+= 1
  }
}

/// The error for a container or decoder used after its decode call returned.
func closedDecoderError() -> DecodingError {
  DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: [],
      debugDescription: "ParsnipDecoder container used after decode(_:from:) returned; decode inside init(from:)"))
}
