import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writer's byte buffer: raw `malloc` memory written through pointers, with no per-byte bookkeeping beyond
/// one capacity check per token.
///
/// Two modes:
/// - growing (no `drain`): capacity doubles with `realloc` (which remaps large blocks instead of copying them);
///   the result is taken out once at the end, as `[UInt8]`, `Data` (without a copy) or `String`;
/// - streaming (`drain` set): when the buffer fills, its bytes are handed to `drain` and the buffer starts over,
///   so memory stays at the fixed capacity however long the output is.
///
/// A plain struct rather than a class, so the hot fields live in registers; the owner calls ``release()``.
struct OutputBuffer: JSONOutput {
  /// Largest single reservation the writer makes; streaming buffers are never smaller.
  static let largestReservation = 256
  /// Capacity of streaming buffers.
  static let streamingCapacity = 64 * 1024

  private(set) var base: UnsafeMutablePointer<UInt8>
  var count: Int
  private(set) var capacity: Int
  /// Receives the filled part of the buffer when it is full (streaming mode); `nil` means grow instead.
  private let drain: ((UnsafeRawBufferPointer) -> Void)?

  /// The largest buffer kept for the next write (see ``init(reusing:)``).
  static let maximumSpareBytes = 16 << 20
  /// The memory of one released buffer, kept for the next (see `SpareMemory`).
  private static let spare = SpareMemory()

  /// Creates a growing buffer.
  init(capacity: Int) {
    self.init(capacity: Swift.max(capacity, Self.largestReservation), drain: nil)
  }

  /// Creates a growing buffer whose bytes will be copied out (``bytes()``, ``string()``), starting from the memory
  /// a released buffer left when that holds at least `capacity` bytes. A program that writes documents of a few
  /// hundred kilobytes over and over then neither grows a buffer nor faults its pages in again each time; at most
  /// one buffer of up to ``maximumSpareBytes`` stays allocated between writes.
  init(reusing capacity: Int) {
    let wanted = Swift.max(capacity, Self.largestReservation)
    if let (memory, spareCapacity) = Self.spare.take(where: { $0 >= wanted }) {
      self.init(memory: memory, capacity: spareCapacity, drain: nil)
    } else {
      self.init(capacity: wanted, drain: nil)
    }
  }

  /// Creates a streaming buffer that hands each full chunk to `drain`.
  init(streamingTo drain: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.init(capacity: Self.streamingCapacity, drain: drain)
  }

  private init(capacity: Int, drain: ((UnsafeRawBufferPointer) -> Void)?) {
    guard let memory = malloc(capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
    if capacity >= TapeMemory.hugeBlockBytes { TapeMemory.adviseHugePages(memory, byteCount: capacity) }
    self.init(memory: memory, capacity: capacity, drain: drain)
  }

  private init(memory: UnsafeMutableRawPointer, capacity: Int, drain: ((UnsafeRawBufferPointer) -> Void)?) {
    base = memory.assumingMemoryBound(to: UInt8.self)
    count = 0
    self.capacity = capacity
    self.drain = drain
  }

  /// Keeps the memory for the next buffer made with ``init(reusing:)``, or frees it (unless it was handed to a
  /// `Data`).
  func release() {
    guard capacity <= Self.maximumSpareBytes else { return free(base) }
    Self.spare.keep(UnsafeMutableRawPointer(base), capacity: capacity) { free($0) }
  }

  /// Room for `n` bytes at the returned position (`n ≤ largestReservation` when streaming); advance ``count`` by
  /// what was written.
  @inline(__always)
  @discardableResult
  mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
    if _slowPath(capacity &- count < n) { makeRoom(n) }
    return base + count
  }

  @inline(__always)
  mutating func writeByte(_ byte: UInt8) {
    if _slowPath(count == capacity) { makeRoom(1) }
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
    let n = bytes.count
    guard n > 0 else { return }
    if _fastPath(capacity &- count >= n) {
      UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: n)
      count &+= n
    } else {
      writeBytesSlowly(bytes)
    }
  }

  /// Appends a byte after ``reserve(_:)`` made room for it.
  @inline(__always)
  mutating func writeReserved(_ byte: UInt8) {
    base[count] = byte
    count &+= 1
  }

  /// Appends a short ASCII literal given as an integer, low byte first (up to 8 bytes).
  @inline(__always)
  mutating func write(literal word: UInt64, count n: Int) {
    let p = reserve(8)
    UnsafeMutableRawPointer(p).storeBytes(of: word.littleEndian, as: UInt64.self)
    count &+= n
  }

  /// Appends `n` bytes copied eight at a time: `source` must be readable up to the next multiple of eight.
  @inline(__always)
  mutating func writeWords(_ source: UnsafePointer<UInt8>, count n: Int) {
    reserve(n &+ 8)
    writeReservedWords(source, count: n)
  }

  /// Like ``writeWords(_:count:)`` after ``reserve(_:)`` made room for `n + 8` bytes.
  @inline(__always)
  mutating func writeReservedWords(_ source: UnsafePointer<UInt8>, count n: Int) {
    let to = UnsafeMutableRawPointer(base + count)
    let from = UnsafeRawPointer(source)
    var i = 0
    repeat {
      to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
      i &+= 8
    } while i < n
    count &+= n
  }

  /// Counts `n` bytes written directly at `base + count` after reserving them.
  @inline(__always)
  mutating func advance(by n: Int) { count &+= n }

  var isEmpty: Bool { count == 0 }

  /// Whether full chunks are handed to a drain (reservations of at most ``largestReservation``).
  @inline(__always) var isStreaming: Bool { drain != nil }

  /// The bytes written at `range` (a growing buffer only: a streaming one may have handed them on).
  func bytes(in range: Range<Int>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  /// Replaces everything from `start` to the end (a growing buffer only).
  mutating func replaceTail(from start: Int, with bytes: [UInt8]) {
    count = start
    bytes.withUnsafeBytes { writeBytes($0) }
  }

  /// Appends `n` bytes already in the buffer, from offset `start` (a growing buffer only: a streaming one may have
  /// handed them on).
  @inline(__always)
  mutating func appendCopy(from start: Int, count n: Int) {
    precondition(drain == nil && start >= 0 && start + n <= count, "copy within a growing buffer's bytes")
    if _slowPath(capacity &- count < n) { grow(toAtLeast: count + n) }
    // The source ends at or before the destination starts: the ranges never overlap.
    (base + count).update(from: base + start, count: n)
    count &+= n
  }

  /// Appends `n` copies of `byte` (indentation), in chunks when streaming.
  @inline(__always)
  mutating func writeRepeated(_ byte: UInt8, count n: Int) {
    var remaining = n
    while remaining > 0 {
      let chunk = Swift.min(remaining, Self.largestReservation)
      let p = reserve(chunk)
      p.initialize(repeating: byte, count: chunk)
      count &+= chunk
      remaining &-= chunk
    }
  }

  @inline(never)
  private mutating func writeBytesSlowly(_ bytes: UnsafeRawBufferPointer) {
    guard drain != nil else {
      grow(toAtLeast: count + bytes.count)
      UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
      count += bytes.count
      return
    }
    var offset = 0
    while offset < bytes.count {
      if count == capacity { flush() }
      let n = Swift.min(capacity - count, bytes.count - offset)
      UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
      count += n
      offset += n
    }
  }

  @inline(never)
  private mutating func makeRoom(_ n: Int) {
    if drain != nil {
      flush()
      precondition(n <= capacity, "reservation larger than the streaming buffer")
    } else {
      grow(toAtLeast: count + n)
    }
  }

  private mutating func grow(toAtLeast minimum: Int) {
    var newCapacity = Swift.max(capacity, 256)
    while newCapacity < minimum { newCapacity = newCapacity.multipliedReportingOverflow(by: 2).partialValue }
    precondition(newCapacity >= minimum, "output too large")
    guard let memory = realloc(base, newCapacity) else { fatalError("out of memory allocating \(newCapacity) bytes") }
    // Large outputs are written once, front to back: one page fault per 2 MiB instead of per 4 KiB.
    if newCapacity >= TapeMemory.hugeBlockBytes {
      TapeMemory.adviseHugePages(memory + count, byteCount: newCapacity &- count)
    }
    base = memory.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }

  /// Hands the buffered bytes to `drain` (streaming mode) and empties the buffer.
  mutating func flush() {
    guard let drain, count > 0 else { return }
    drain(UnsafeRawBufferPointer(start: base, count: count))
    count = 0
  }

  /// The written bytes as a new array.
  func bytes() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if count > 0 { buffer.baseAddress!.initialize(from: base, count: count) }
      initialized = count
    }
  }

  /// The written bytes as a string (the writer only writes valid UTF-8).
  func string() -> String {
    String(unsafeUninitializedCapacity: count) { buffer in
      if count > 0 { buffer.baseAddress!.initialize(from: base, count: count) }
      return count
    }
  }

  /// Moves the memory into a `Data` without copying; the buffer must not be used or released afterwards.
  consuming func takeData() -> Data {
    // Give back the unused tail first; shrinking in place is cheap.
    let memory = realloc(base, Swift.max(count, 1)) ?? UnsafeMutableRawPointer(base)
    return Data(bytesNoCopy: memory, count: count, deallocator: .free)
  }
}
