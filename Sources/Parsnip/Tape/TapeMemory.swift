#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Node storage for tapes, with one block kept for the next document.
///
/// A tape is allocated and freed once per document. Past a few hundred kilobytes the allocator maps fresh pages for
/// it and hands them back on free (or trims the heap), so every parse paid one page fault per 4 KiB of tape: for 1 MB
/// documents more time went into the kernel than into scanning. Hence:
/// - the most recently freed block of up to `maximumSpareBytes` (the larger one, when two compete) is kept and reused
///   by the next tape it suits;
/// - larger blocks are not kept; on Linux they are asked to use transparent huge pages, so that touching them costs
///   one fault per 2 MiB instead of one per 4 KiB (`allocateLarge`, also used for a document's copy of its text).
///
/// A block holds the `words` (8 bytes per node) followed by the `kinds` (1 byte per node), behind a header that
/// records its capacity.
enum TapeMemory {
  struct Block {
    let words: UnsafeMutablePointer<UInt64>
    let kinds: UnsafeMutablePointer<UInt8>
    let capacity: Int
  }

  /// The largest block kept for reuse (about 1.9 M nodes, documents of roughly 20 MB).
  static let maximumSpareBytes = 16 << 20
  /// Blocks from this size on are aligned for, and advised to use, huge pages.
  static let hugeBlockBytes = 4 << 20
  private static let hugePageSize = 2 << 20
  private static let headerSize = 16
  private static let spare = SpareMemory()

  private static func byteCount(capacity: Int) -> Int { headerSize &+ capacity &* 9 }

  /// A block for at least `capacity` nodes: the kept one when it is large enough and not much larger (a document
  /// holds its tape for as long as it lives).
  static func allocate(capacity: Int) -> Block {
    let taken = spare.take(where: { $0 >= capacity && $0 <= Swift.max(capacity &* 8, 1 << 16) })
    if let (memory, spareCapacity) = taken { return block(at: memory, capacity: spareCapacity) }
    let memory = allocateLarge(byteCount: byteCount(capacity: capacity))
    memory.storeBytes(of: capacity, as: Int.self)
    return block(at: memory, capacity: capacity)
  }

  /// Allocates memory that will be written through once, such as a tape or a document's copy of its text (free it
  /// with `deallocate()`). From `hugeBlockBytes` on it is aligned to, and advised to use, huge pages.
  static func allocateLarge(byteCount bytes: Int) -> UnsafeMutableRawPointer {
    let huge = bytes >= hugeBlockBytes
    let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: huge ? hugePageSize : 16)
    if huge { adviseHugePages(memory, byteCount: (bytes &+ hugePageSize &- 1) & ~(hugePageSize &- 1)) }
    return memory
  }

  /// Asks (on Linux) that the whole huge pages inside `memory ..< memory + byteCount`, not yet touched, be backed
  /// by transparent huge pages when first written; elsewhere does nothing. Also used for the writer's large buffers.
  static func adviseHugePages(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
      let start = (UInt(bitPattern: memory) &+ UInt(hugePageSize) &- 1) & ~UInt(hugePageSize &- 1)
      let end = (UInt(bitPattern: memory) &+ UInt(byteCount)) & ~UInt(hugePageSize &- 1)
      guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(aligned, Int(end &- start), MADV_HUGEPAGE)
    #endif
  }

  /// Returns a block: kept for the next tape when it is small enough, freed otherwise.
  static func release(_ block: Block) {
    let memory = UnsafeMutableRawPointer(block.words) - headerSize
    guard byteCount(capacity: block.capacity) <= maximumSpareBytes else { return memory.deallocate() }
    spare.keep(memory, capacity: block.capacity) { $0.deallocate() }
  }

  private static func block(at memory: UnsafeMutableRawPointer, capacity: Int) -> Block {
    let words = (memory + headerSize).bindMemory(to: UInt64.self, capacity: capacity)
    let kinds = (memory + headerSize + capacity &* 8).bindMemory(to: UInt8.self, capacity: capacity)
    return Block(words: words, kinds: kinds, capacity: capacity)
  }
}
