#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One object kept per thread (thread-specific data) and released when the thread ends: what a decode or an encode
/// leaves to the next one on its thread (`DecodeCaches`, `EncodeCaches`).
///
/// A user takes the object out while it works, so that an operation nested in another on the same thread (a decode
/// inside an `init(from:)`, an encode inside an `encode(to:)`) finds the slot empty and makes its own, and puts it
/// back when it ends; the first one back keeps its object, later ones let theirs go. Kept per thread rather than in
/// one shared pool, an object stays in the cache of the core that uses it, and threads share no lock.
struct ThreadSlot<Kept: AnyObject>: Sendable {
  /// `nil` when the process has no thread-specific key left to give: nothing is kept then.
  private let key: pthread_key_t?

  init() {
    var key = pthread_key_t()
    self.key = pthread_key_create(&key, releaseThreadKeptObject) == 0 ? key : nil
  }

  /// The thread's kept object, taken out (the slot is empty until ``keep(_:)``), or `nil`.
  func take() -> Kept? {
    guard let key, let kept = pthread_getspecific(key) else { return nil }
    pthread_setspecific(key, nil)
    return Unmanaged<Kept>.fromOpaque(kept).takeRetainedValue()
  }

  /// Keeps `object` for the thread's next user, unless the slot holds one already.
  func keep(_ object: Kept) {
    guard let key, pthread_getspecific(key) == nil else { return }
    pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
  }
}

/// Releases what a thread kept in a ``ThreadSlot`` when the thread ends (a release needs no type).
#if canImport(Darwin)
  private func releaseThreadKeptObject(_ kept: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(kept).release()
  }
#else
  private func releaseThreadKeptObject(_ kept: UnsafeMutableRawPointer?) {
    if let kept { Unmanaged<AnyObject>.fromOpaque(kept).release() }
  }
#endif
