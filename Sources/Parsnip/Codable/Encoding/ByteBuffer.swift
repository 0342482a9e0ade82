import Foundation

extension ByteBuffer: JSONOutput {
  @inline(__always) mutating func writeByte(_ byte: UInt8) { append(byte) }
  @inline(__always) mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
    if let start = bytes.baseAddress { append(start.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
  }
}

/// A growable byte buffer written through a raw pointer: no uniqueness or bounds checks on the hot path.
///
/// The memory comes from `malloc`, so that growing is a `realloc` (often in place, and without copying for large
/// buffers) and the finished output can become `Data` without a copy. Owned by whoever created it, which calls
/// ``release()`` or ``takeData()`` exactly once.
struct ByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 16)
    base = Self.allocate(self.capacity)
  }

  private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
    guard let memory = malloc(capacity) else { fatalError("ParsnipEncoder: out of memory (\(capacity) bytes)") }
    return memory.assumingMemoryBound(to: UInt8.self)
  }

  func release() { free(base) }

  /// The bytes as `Data` that takes over the memory (trimmed to size); the buffer must not be used afterwards.
  func takeData() -> Data {
    guard count > 0, let trimmed = realloc(base, count) else {
      defer { release() }
      return Data(bytes: base, count: count)
    }
    return Data(bytesNoCopy: trimmed, count: count, deallocator: .free)
  }

  @inline(__always) mutating func reserve(_ extra: Int) {
    if _slowPath(count &+ extra > capacity) { grow(to: count &+ extra) }
  }

  @inline(never) private mutating func grow(to needed: Int) {
    var newCapacity = capacity &* 2
    while newCapacity < needed { newCapacity &*= 2 }
    guard let grown = realloc(base, newCapacity) else {
      fatalError("ParsnipEncoder: out of memory (\(newCapacity) bytes)")
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }

  @inline(__always) mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  /// Appends a byte when capacity was reserved.
  @inline(__always) mutating func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count &+= 1
  }

  @inline(__always) mutating func append(_ bytes: UnsafePointer<UInt8>, count n: Int) {
    reserve(n)
    (base + count).update(from: bytes, count: n)
    count &+= n
  }

  @inline(__always) mutating func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      if let start = buffer.baseAddress { append(start, count: buffer.count) }
    }
  }

  /// Appends `n` bytes copied eight at a time: `source` must be readable up to the next multiple of eight.
  @inline(__always) mutating func appendWords(_ source: UnsafePointer<UInt8>, count n: Int) {
    reserve(n &+ 8)
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(base + count)
    var i = 0
    repeat {
      to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
      i &+= 8
    } while i < n
    count &+= n
  }

  /// Appends a short ASCII literal given as an integer, low byte first (up to 8 bytes).
  @inline(__always) mutating func append(literal word: UInt64, count n: Int) {
    reserve(8)
    UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
    count &+= n
  }

  @inline(__always) subscript(position: Int) -> UInt8 { base[position] }

  func bytes(in range: Range<Int>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  var array: [UInt8] { bytes(in: 0..<count) }

  /// Replaces everything from `start` to the end.
  mutating func replaceTail(from start: Int, with bytes: [UInt8]) {
    count = start
    append(contentsOf: bytes)
  }

  mutating func removeAll() { count = 0 }

  var isEmpty: Bool { count == 0 }

  /// Counts `n` bytes written directly at `base + count` after reserving them.
  @inline(__always) mutating func advance(by n: Int) { count &+= n }
}

/// A growable stack in manually managed memory: element access and mutation in place, without the
/// copy-on-write checks of `Array` (the encoder's open containers and object members are touched per value).
///
/// Copies share the storage; the owner calls ``release()`` exactly once.
struct UnsafeStack<Element>: RandomAccessCollection, MutableCollection {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 4)
    base = .allocate(capacity: self.capacity)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  @inline(__always)
  subscript(position: Int) -> Element {
    unsafeAddress {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "UnsafeStack index out of range")
      return UnsafePointer(base + position)
    }
    nonmutating unsafeMutableAddress {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "UnsafeStack index out of range")
      return base + position
    }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if _slowPath(count == capacity) { grow() }
    (base + count).initialize(to: element)
    count &+= 1
  }

  @inline(never)
  private mutating func grow() {
    let newCapacity = capacity &* 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  @discardableResult
  mutating func removeLast() -> Element {
    precondition(count > 0, "UnsafeStack is empty")
    count &-= 1
    return (base + count).move()
  }

  /// Removes the elements from `start` to the end.
  @inline(__always)
  mutating func removeAll(from start: Int) {
    guard start < count else { return }
    (base + start).deinitialize(count: count &- start)
    count = start
  }

  /// Frees the storage and its elements.
  func release() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
