#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the current thread's stack still has room: recursion that user code drives (`encode(to:)` calling the
/// encoder, which calls `encode(to:)` again) stops with an error before it overflows the stack, whatever depth
/// limit was set (`maximumDepth` may be `.max`).
///
/// Encoders check every ``interval`` levels once they are ``startDepth`` deep; the stack's bounds are looked up
/// once per encode, the first time they are needed. Where the platform cannot say, only the depth limit applies.
struct StackGuard {
  /// Below this depth no check is made: shallow values, nearly all of them, pay nothing.
  static let startDepth = 64
  /// Levels between checks.
  static let interval = 8
  /// Room kept free below the deepest check, enough for `interval` levels of the largest frames seen (debug
  /// builds included) and for the error's own unwinding.
  static let margin = 160 << 10

  /// The lowest safe stack address, or 0 when unknown; looked up on first use.
  private var floor: UInt?

  /// Whether a call at `depth` may go deeper without running out of stack.
  @inline(__always)
  mutating func hasRoom(atDepth depth: Int) -> Bool {
    guard depth >= Self.startDepth, depth % Self.interval == 0 else { return true }
    return hasRoomNow()
  }

  /// Whether a call at `depth` may go deeper, checked at every level from `start` on: for recursions whose every
  /// level takes several large frames (a hypermedia resource resolving its relationships), where ``interval``
  /// levels could outgrow ``margin``.
  @inline(__always)
  mutating func hasRoom(atDepth depth: Int, checkingFrom start: Int) -> Bool {
    guard depth >= start else { return true }
    return hasRoomNow()
  }

  @inline(never)
  private mutating func hasRoomNow() -> Bool {
    if floor == nil { floor = Self.lowestSafeAddress() }
    guard let floor, floor != 0 else { return true }
    var marker: UInt8 = 0
    let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    return here > floor
  }

  /// The current thread's stack bottom plus ``margin`` (stacks grow down on every supported platform), or 0.
  private static func lowestSafeAddress() -> UInt {
    #if canImport(Darwin)
      let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
      let size = UInt(pthread_get_stacksize_np(pthread_self()))
      return top > size + UInt(margin) ? top - size + UInt(margin) : 0
    #elseif canImport(Glibc) || canImport(Musl)
      // `pthread_getattr_np` is a GNU extension the Glibc module does not import; it is looked up by name.
      typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return 0 }
      let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
      var attributes = pthread_attr_t()
      guard getAttributes(pthread_self(), &attributes) == 0 else { return 0 }
      defer { pthread_attr_destroy(&attributes) }
      var base: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return 0 }
      return UInt(bitPattern: base) + UInt(margin)
    #else
      return 0
    #endif
  }
}
