#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the current thread's stack still has room: recursion that user code drives (`encode(to:)` calling the
/// encoder, which calls `encode(to:)` again; `init(from:)` calling the decoder; recursive decode pipelines) stops
/// with an error before it overflows the stack, whatever depth limit was set (`maximumDepth` may be `.max`).
///
/// Callers check every ``interval`` levels once they are ``startDepth`` deep (a recursion whose levels are large,
/// such as a decode pipeline's in a debug build, or a hypermedia resource resolving its relationships through several
/// large frames, starts earlier and checks more often). The stack's bounds are looked up once per thread,
/// the first time they are needed. Where the platform cannot say, only the depth limit applies.
struct StackGuard {
  /// Below this depth no check is made: shallow values, nearly all of them, pay nothing (the encoders' and the
  /// decoder's default).
  static let startDepth = 64
  /// Levels between checks (a power of two).
  static let interval = 8
  /// Room kept free below the deepest check, enough for `interval` levels of the largest frames seen (debug
  /// builds included) and for the error's own unwinding (the encoders' and pipelines' default).
  static let margin = 160 << 10

  /// The depth of the first check.
  private let start: Int
  /// `interval - 1`, for the levels between checks.
  private let mask: Int
  /// The room kept free.
  private let room: Int
  /// The lowest safe stack address, or 0 when unknown; looked up on first use.
  private var floor: UInt?

  /// A guard that checks every `interval` levels (a power of two) from `startDepth` on, and keeps `margin` bytes
  /// of the stack free.
  init(startDepth: Int = StackGuard.startDepth, interval: Int = StackGuard.interval, margin: Int = StackGuard.margin) {
    precondition(interval > 0 && interval & (interval - 1) == 0, "the interval is a power of two")
    start = startDepth
    mask = interval - 1
    room = margin
  }

  /// Whether a call at `depth` may go deeper without running out of stack.
  @inline(__always)
  mutating func hasRoom(atDepth depth: Int) -> Bool {
    guard depth >= start, depth & mask == 0 else { return true }
    return hasRoomNow()
  }

  @inline(never)
  private mutating func hasRoomNow() -> Bool {
    if floor == nil {
      let bottom = Self.threadBottom()
      floor = bottom == 0 ? 0 : bottom + UInt(room)
    }
    guard let floor, floor != 0 else { return true }
    var marker: UInt8 = 0
    let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    return here > floor
  }

  /// Where each thread's stack bottom is kept once found (a thread's stack does not move).
  private static let bottomKey: pthread_key_t? = {
    var key = pthread_key_t()
    return pthread_key_create(&key, nil) == 0 ? key : nil
  }()

  /// The current thread's stack bottom (see ``stackBottom()``), looked up once per thread.
  private static func threadBottom() -> UInt {
    guard let key = bottomKey else { return stackBottom() }
    if let kept = pthread_getspecific(key) {
      let value = UInt(bitPattern: kept)
      return value == 1 ? 0 : value  // 1 stands for "unknown"
    }
    let bottom = stackBottom()
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: bottom == 0 ? 1 : bottom))
    return bottom
  }

  /// The current thread's lowest stack address (stacks grow down on every supported platform), or 0.
  private static func stackBottom() -> UInt {
    #if canImport(Darwin)
      let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
      let size = UInt(pthread_get_stacksize_np(pthread_self()))
      return top > size ? top - size : 0
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
      return UInt(bitPattern: base)
    #else
      return 0
    #endif
  }
}
