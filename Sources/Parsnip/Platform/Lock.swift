#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value that one thread at a time reads or changes: the library's one lock (`Synchronization.Mutex` needs macOS 15
/// and iOS 18, above the package's floor), with a condition to wait on for the threads that need one.
///
/// Invariants:
/// - The lock words are a default `pthread_mutex_t` and `pthread_cond_t` on every platform (`os_unfair_lock` has no
///   condition to wait on). They sit with the state in one heap object (a `ManagedBuffer`'s header and element), so
///   their addresses never change while they are used: neither may be moved or copied once initialized. Copies of a
///   `Lock` share that object.
/// - The state is reached only inside `withLock(_:)` or `withLock(when:_:)`, which hold the lock for the whole body.
///   The lock is not recursive: a body must not take the same lock again (Darwin traps, glibc deadlocks).
/// - A thread waiting in `withLock(when:_:)` is woken by ``wakeOne()`` or ``wakeAll()``, called after the state
///   that makes its condition true was changed under the lock; it checks the condition again before its body runs.
/// - The words are initialized before the object is published and destroyed in its `deinit`, when no thread can
///   hold or wait on them any more.
///
/// A lock taken and released with no other thread waiting costs a call into the C library each way; hot paths that
/// would take it per value (rather than per call) keep a thread's own copy instead (`ThreadSlot`).
struct Lock<State>: @unchecked Sendable {  // The state is reached only under the lock, by one thread at a time.
  private let buffer: ManagedBuffer<State, LockWords>

  /// A lock guarding `initialState`.
  init(_ initialState: State) {
    buffer = LockBuffer<State>.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { LockWords.initialize($0) }
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
    try buffer.withUnsafeMutablePointers { state, words in
      LockWords.lock(words)
      defer { LockWords.unlock(words) }
      return try body(&state.pointee)
    }
  }

  /// Waits until `isReady` holds for the state (woken by ``wakeOne()`` or ``wakeAll()``), then runs `body` on it,
  /// holding the lock from the check through the body.
  func withLock<Result>(
    when isReady: (State) -> Bool, _ body: (inout State) throws -> Result
  ) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, words in
      LockWords.lock(words)
      defer { LockWords.unlock(words) }
      while !isReady(state.pointee) { LockWords.wait(words) }
      return try body(&state.pointee)
    }
  }

  /// Wakes one thread waiting in ``withLock(when:_:)``, if any.
  func wakeOne() { buffer.withUnsafeMutablePointerToElements { LockWords.signal($0, all: false) } }

  /// Wakes every thread waiting in ``withLock(when:_:)``.
  func wakeAll() { buffer.withUnsafeMutablePointerToElements { LockWords.signal($0, all: true) } }
}

/// The lock's mutex and condition, and their C calls.
struct LockWords {
  var mutex = pthread_mutex_t()
  var condition = pthread_cond_t()

  private static func mutex(_ words: UnsafeMutablePointer<LockWords>) -> UnsafeMutablePointer<pthread_mutex_t> {
    UnsafeMutableRawPointer(words).assumingMemoryBound(to: pthread_mutex_t.self)
  }

  private static func condition(_ words: UnsafeMutablePointer<LockWords>) -> UnsafeMutablePointer<pthread_cond_t> {
    (UnsafeMutableRawPointer(words) + MemoryLayout<LockWords>.offset(of: \.condition)!)
      .assumingMemoryBound(to: pthread_cond_t.self)
  }

  fileprivate static func initialize(_ words: UnsafeMutablePointer<LockWords>) {
    words.initialize(to: LockWords())
    let status = pthread_mutex_init(mutex(words), nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    let conditionStatus = pthread_cond_init(condition(words), nil)
    precondition(conditionStatus == 0, "pthread_cond_init failed: \(conditionStatus)")
  }

  @inline(__always)
  fileprivate static func lock(_ words: UnsafeMutablePointer<LockWords>) { pthread_mutex_lock(mutex(words)) }

  @inline(__always)
  fileprivate static func unlock(_ words: UnsafeMutablePointer<LockWords>) { pthread_mutex_unlock(mutex(words)) }

  fileprivate static func wait(_ words: UnsafeMutablePointer<LockWords>) {
    pthread_cond_wait(condition(words), mutex(words))
  }

  fileprivate static func signal(_ words: UnsafeMutablePointer<LockWords>, all: Bool) {
    if all { pthread_cond_broadcast(condition(words)) } else { pthread_cond_signal(condition(words)) }
  }

  fileprivate static func destroy(_ words: UnsafeMutablePointer<LockWords>) {
    pthread_cond_destroy(condition(words))
    pthread_mutex_destroy(mutex(words))
    words.deinitialize(count: 1)
  }
}

/// The heap object of a `Lock`: the state in the header (which `ManagedBuffer` destroys), the lock words as the one
/// element (which its subclass must).
private final class LockBuffer<State>: ManagedBuffer<State, LockWords> {
  deinit { withUnsafeMutablePointerToElements { LockWords.destroy($0) } }
}
