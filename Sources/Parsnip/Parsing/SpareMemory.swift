import Synchronization

/// One block of memory kept between uses of a kind of buffer, process-wide: the tape's, the tree builder's string
/// table's and the writers' output buffers each have one.
///
/// A program that parses or writes documents of the same size over and over would otherwise free and allocate the
/// same large block each time, and glibc gives such memory back to the kernel (trimming the heap or unmapping it) and
/// faults it in again page by page on the next use: a compact write of apache_builds.json (95 KB out) took 1.7 times
/// as long through `JSON.bytes()` as through `JSON.data()` for that reason alone (see `Benchmarks/archive/RESULTS.md`).
///
/// A kept block's first word holds its capacity (the owner writes it when parking the block, or keeps it there as
/// its header). Of two blocks, the larger is kept and the other deallocated, so the slot holds at most one block, of
/// at most what its owner agrees to keep.
struct SpareMemory: ~Copyable {
  private let slot = Atomic<UInt>(0)

  init() {}

  /// The kept block and its capacity, when there is one and `accepts` its capacity; a block refused stays kept.
  func take(
    where accepts: (Int) -> Bool, deallocate: (UnsafeMutableRawPointer) -> Void
  ) -> (memory: UnsafeMutableRawPointer, capacity: Int)? {
    let bits = slot.exchange(0, ordering: .acquiring)
    guard let memory = UnsafeMutableRawPointer(bitPattern: bits) else { return nil }
    let capacity = memory.load(as: Int.self)
    if accepts(capacity) { return (memory, capacity) }
    keep(memory, capacity: capacity, deallocate: deallocate)
    return nil
  }

  /// Keeps `memory` (writing `capacity` into its first word), or deallocates it if a larger block is kept already.
  func keep(_ memory: UnsafeMutableRawPointer, capacity: Int, deallocate: (UnsafeMutableRawPointer) -> Void) {
    memory.storeBytes(of: capacity, as: Int.self)
    // Capacities are read before a block is published: once in the slot, another thread may take and free it.
    var (candidate, candidateCapacity) = (memory, capacity)
    while true {
      let previous = slot.exchange(UInt(bitPattern: candidate), ordering: .acquiringAndReleasing)
      guard let other = UnsafeMutableRawPointer(bitPattern: previous) else { return }
      let otherCapacity = other.load(as: Int.self)
      if otherCapacity <= candidateCapacity { return deallocate(other) }
      // The kept block was larger: put it back, and judge whatever that exchange returns (normally ours).
      (candidate, candidateCapacity) = (other, otherCapacity)
    }
  }
}
