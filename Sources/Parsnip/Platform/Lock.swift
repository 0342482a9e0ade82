#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value that one thread at a time reads or changes: the library's one lock (`Synchronization.Mutex` needs macOS 15
/// and iOS 18, above the package's floor).
///
/// Invariants:
/// - The lock word is `os_unfair_lock` on Apple platforms and a default `pthread_mutex_t` elsewhere. It sits with
///   the state in one heap object (a `ManagedBuffer`'s header and element), so its address never changes while it
///   is used: neither kind of lock may be moved or copied once initialized. Copies of a `Lock` share that object.
/// - The state is reached only inside `withLock(_:)`, which holds the lock for the whole body. The lock is not
///   recursive: a body must not take the same lock again (Darwin traps, glibc deadlocks).
/// - The mutex is initialized before the object is published and destroyed in its `deinit`, when no thread can hold
///   it any more.
///
/// A lock taken and released with no other thread waiting costs a call into the C library each way; hot paths that
/// would take it per value (rather than per call) keep a thread's own copy instead (`ThreadSlot`).
struct Lock<State>: @unchecked Sendable {  // The state is reached only under the lock, by one thread at a time.
  private let buffer: ManagedBuffer<State, LockWord>

  /// A lock guarding `initialState`.
  init(_ initialState: State) {
    buffer = LockBuffer<State>.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { LockWord.initialize($0) }
      return initialState
    }
  }

  /// Runs `body` on the state while holding the lock, and returns what it returns.
  ///
  /// Unlike `Mutex`, the body's state and result are not checked for `sending`: a state that is not `Sendable` (a
  /// cache of formatters, of decoders) must not leave the body. `rethrows` rather than typed throws: Swift 6.0's
  /// `ManagedBuffer` has only the `rethrows` form.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, word in
      LockWord.lock(word)
      defer { LockWord.unlock(word) }
      return try body(&state.pointee)
    }
  }
}

/// The lock word and its C calls.
#if canImport(Darwin)
  typealias LockWord = os_unfair_lock
#else
  typealias LockWord = pthread_mutex_t
#endif

extension LockWord {
  @inline(__always)
  fileprivate static func initialize(_ word: UnsafeMutablePointer<LockWord>) {
    #if canImport(Darwin)
      word.initialize(to: os_unfair_lock())
    #else
      word.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(word, nil)
      precondition(status == 0, "pthread_mutex_init failed: \(status)")
    #endif
  }

  @inline(__always)
  fileprivate static func lock(_ word: UnsafeMutablePointer<LockWord>) {
    #if canImport(Darwin)
      os_unfair_lock_lock(word)
    #else
      pthread_mutex_lock(word)
    #endif
  }

  @inline(__always)
  fileprivate static func unlock(_ word: UnsafeMutablePointer<LockWord>) {
    #if canImport(Darwin)
      os_unfair_lock_unlock(word)
    #else
      pthread_mutex_unlock(word)
    #endif
  }

  @inline(__always)
  fileprivate static func destroy(_ word: UnsafeMutablePointer<LockWord>) {
    #if !canImport(Darwin)
      pthread_mutex_destroy(word)
    #endif
    word.deinitialize(count: 1)
  }
}

/// The heap object of a `Lock`: the state in the header (which `ManagedBuffer` destroys), the lock word as the one
/// element (which its subclass must).
private final class LockBuffer<State>: ManagedBuffer<State, LockWord> {
  deinit { withUnsafeMutablePointerToElements { LockWord.destroy($0) } }
}
