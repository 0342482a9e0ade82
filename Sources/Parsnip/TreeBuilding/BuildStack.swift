/// The tree builder's scratch memory: finished values waiting for their container to end, the keys of open
/// objects, and one frame per open container.
///
/// Manually managed (growable unsafe buffers) so that values are moved, never copied, from the stack into their
/// container: no reference counting and no uniqueness checks per element. Must be freed with `deallocate()`, which
/// also destroys whatever an error left on the stack.
struct BuildStack {
  struct Frame {
    /// The container's `end` node.
    var end: Int
    /// Stack position of the container's first element.
    var valueBase: Int
    /// Key stack position of an object's first key; -1 for an array.
    var keyBase: Int
    /// -1: no repeated keys; `Int.max`: repeated keys, last value wins; otherwise the key node to reject.
    var rejectAt: Int
  }

  private(set) var values: UnsafeMutablePointer<JSON>
  private(set) var valueCount = 0
  private var valueCapacity = 64
  private(set) var keys: UnsafeMutablePointer<String>
  private(set) var keyCount = 0
  private var keyCapacity = 64
  private var frames: UnsafeMutablePointer<Frame>
  private(set) var frameCount = 0
  private var frameCapacity = 16

  init() {
    values = .allocate(capacity: valueCapacity)
    keys = .allocate(capacity: keyCapacity)
    frames = .allocate(capacity: frameCapacity)
  }

  mutating func deallocate() {
    values.deinitialize(count: valueCount)
    values.deallocate()
    keys.deinitialize(count: keyCount)
    keys.deallocate()
    frames.deallocate()
  }

  @inline(__always)
  mutating func push(_ value: __owned JSON) {
    Self.append(value, to: &values, count: &valueCount, capacity: &valueCapacity)
  }

  @inline(__always)
  mutating func pop() -> JSON {
    valueCount &-= 1
    return (values + valueCount).move()
  }

  @inline(__always)
  mutating func pushKey(_ key: __owned String) {
    Self.append(key, to: &keys, count: &keyCount, capacity: &keyCapacity)
  }

  @inline(__always)
  private static func append<Element>(
    _ element: __owned Element, to storage: inout UnsafeMutablePointer<Element>, count: inout Int, capacity: inout Int
  ) {
    if count == capacity { storage = storage.movedToDoubleCapacity(count: count, capacity: &capacity) }
    (storage + count).initialize(to: element)
    count &+= 1
  }

  @inline(__always)
  mutating func pushFrame(_ frame: Frame) {
    if frameCount == frameCapacity {
      frames = frames.movedToDoubleCapacity(count: frameCount, capacity: &frameCapacity)
    }
    (frames + frameCount).initialize(to: frame)
    frameCount &+= 1
  }

  /// The innermost open container, if any.
  @inline(__always)
  var topFrame: UnsafeMutablePointer<Frame>? { frameCount == 0 ? nil : frames + (frameCount &- 1) }

  /// Ends the innermost frame, an array: its elements become one `JSON.array` on the stack.
  @inline(__always)
  mutating func closeArray() {
    frameCount &-= 1
    let valueBase = frames[frameCount].valueBase
    let elements = Array(MovingElements(base: values + valueBase, count: valueCount &- valueBase))
    valueCount = valueBase
    push(.array(elements))
  }

  /// Ends the innermost frame, an object: its keys and values become one `JSON.object` on the stack.
  @inline(__always)
  mutating func closeObject(hasDuplicates: Bool) {
    frameCount &-= 1
    let valueBase = frames[frameCount].valueBase
    let keyBase = frames[frameCount].keyBase
    var members = Array(MovingMembers(keys: keys + keyBase, values: values + valueBase, count: valueCount &- valueBase))
    valueCount = valueBase
    keyCount = keyBase
    if hasDuplicates { members = Self.lastValuesAtFirstPositions(members) }
    push(.object(JSONObject(uniqueMembers: members)))
  }

  /// Merges repeated keys: the last value, at the position of the first occurrence.
  @inline(never)
  static func lastValuesAtFirstPositions(_ members: [JSONObject.Member]) -> [JSONObject.Member] {
    var unique: [JSONObject.Member] = []
    var positions: [ExactKey: Int] = [:]
    for member in members {
      if let position = positions[ExactKey(member.key)] {
        unique[position].value = member.value
      } else {
        positions[ExactKey(member.key)] = unique.count
        unique.append(member)
      }
    }
    return unique
  }
}

extension UnsafeMutablePointer {
  /// Moves the first `count` elements into a new buffer of twice `capacity` (which is updated) and frees this one:
  /// the growth step of the parser's scratch stacks and the writer's frames.
  @inline(never)
  func movedToDoubleCapacity(count: Int, capacity: inout Int) -> UnsafeMutablePointer<Pointee> {
    capacity &*= 2
    let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: capacity)
    grown.moveInitialize(from: self, count: count)
    deallocate()
    return grown
  }
}
