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
  private let slot = Lock<UnsafeMutableRawPointer?>(nil)

  init() {}

  /// The kept block and its capacity, when there is one and `accepts` its capacity; a block refused stays kept.
  func take(where accepts: (Int) -> Bool) -> (memory: UnsafeMutableRawPointer, capacity: Int)? {
    slot.withLock { kept in
      guard let memory = kept else { return nil }
      let capacity = memory.load(as: Int.self)
      guard accepts(capacity) else { return nil }
      kept = nil
      return (memory, capacity)
    }
  }

  /// Keeps `memory` (writing `capacity` into its first word), or deallocates it if a larger block is kept already.
  func keep(_ memory: UnsafeMutableRawPointer, capacity: Int, deallocate: (UnsafeMutableRawPointer) -> Void) {
    memory.storeBytes(of: capacity, as: Int.self)
    // The smaller block is deallocated after the lock.
    let smaller = slot.withLock { kept -> UnsafeMutableRawPointer? in
      if let other = kept, other.load(as: Int.self) > capacity { return memory }
      defer { kept = memory }
      return kept
    }
    if let smaller { deallocate(smaller) }
  }
}
