/// The library's one growable stack in manually managed memory: element access and mutation in place, without the
/// copy-on-write and uniqueness checks of `Array`, and elements moved (never copied) in and out. The scanner's open
/// containers, the tree builder's values, keys and frames, the writer's frames and the encoder's open containers
/// and members all live on one.
///
/// Copies share the storage; the owner calls ``release()`` exactly once, which also destroys whatever an error left
/// on the stack.
///
/// Invariants, which its callers keep (debug builds check them; release builds do not, as the hand-written buffers
/// this replaced did not, since the scanner and the tree builder push and pop once per container):
/// - an index is below ``count``;
/// - ``removeLast()`` is called only on a stack that holds an element.
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
      assert(UInt(bitPattern: position) < UInt(bitPattern: count), "UnsafeStack index out of range")
      return UnsafePointer(base + position)
    }
    nonmutating unsafeMutableAddress {
      assert(UInt(bitPattern: position) < UInt(bitPattern: count), "UnsafeStack index out of range")
      return base + position
    }
  }

  /// The address of the top element, or `nil` when the stack is empty; valid until the next push.
  @inline(__always)
  var top: UnsafeMutablePointer<Element>? { count == 0 ? nil : base + (count &- 1) }

  @inline(__always)
  mutating func append(_ element: __owned Element) {
    if _slowPath(count == capacity) { (base, capacity) = Self.grown(base, count: count, capacity: capacity) }
    (base + count).initialize(to: element)
    count &+= 1
  }

  /// The storage moved into a buffer of twice the capacity. Static, taking and returning values: a `mutating`
  /// call would hand the stack's address to a function that is not inlined, and keep its count in memory instead
  /// of a register in every loop that pushes (+2% on the scanner's instructions).
  @inline(never)
  private static func grown(
    _ base: UnsafeMutablePointer<Element>, count: Int, capacity: Int
  ) -> (UnsafeMutablePointer<Element>, Int) {
    let newCapacity = capacity &* 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    return (newBase, newCapacity)
  }

  @inline(__always)
  @discardableResult
  mutating func removeLast() -> Element {
    assert(count > 0, "UnsafeStack is empty")
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

  /// Forgets the elements from `start` to the end, which the caller has moved out (through ``base``) already.
  @inline(__always)
  mutating func forgetAll(movedFrom start: Int) {
    assert(start <= count, "UnsafeStack position out of range")
    count = start
  }

  /// Frees the storage and its elements.
  func release() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
