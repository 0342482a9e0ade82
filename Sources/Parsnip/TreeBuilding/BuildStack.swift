/// The tree builder's scratch memory: finished values waiting for their container to end, the keys of open
/// objects, and one frame per open container.
///
/// Three ``UnsafeStack``s, so that values are moved, never copied, from the stack into their container: no
/// reference counting and no uniqueness checks per element. Must be freed with `deallocate()`, which also destroys
/// whatever an error left on the stack.
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

  private var valueStack = UnsafeStack<JSON>(capacity: 64)
  private var keyStack = UnsafeStack<String>(capacity: 64)
  private var frames = UnsafeStack<Frame>(capacity: 16)

  var valueCount: Int { valueStack.count }
  var keyCount: Int { keyStack.count }
  var frameCount: Int { frames.count }
  /// The keys of the open objects, innermost last.
  var keys: UnsafeMutablePointer<String> { keyStack.base }

  mutating func deallocate() {
    valueStack.release()
    keyStack.release()
    frames.release()
  }

  @inline(__always)
  mutating func push(_ value: __owned JSON) { valueStack.append(value) }

  @inline(__always)
  mutating func pop() -> JSON { valueStack.removeLast() }

  @inline(__always)
  mutating func pushKey(_ key: __owned String) { keyStack.append(key) }

  @inline(__always)
  mutating func pushFrame(_ frame: Frame) { frames.append(frame) }

  /// The innermost open container, if any.
  @inline(__always)
  var topFrame: UnsafeMutablePointer<Frame>? { frames.top }

  /// Ends the innermost frame, an array: its elements become one `JSON.array` on the stack.
  @inline(__always)
  mutating func closeArray() {
    let valueBase = frames.removeLast().valueBase
    let elements = Array(MovingElements(base: valueStack.base + valueBase, count: valueCount &- valueBase))
    valueStack.forgetAll(movedFrom: valueBase)
    push(.array(elements))
  }

  /// Ends the innermost frame, an object: its keys and values become one `JSON.object` on the stack.
  @inline(__always)
  mutating func closeObject(hasDuplicates: Bool) {
    let frame = frames.removeLast()
    let (valueBase, keyBase) = (frame.valueBase, frame.keyBase)
    var members = Array(
      MovingMembers(keys: keys + keyBase, values: valueStack.base + valueBase, count: valueCount &- valueBase))
    valueStack.forgetAll(movedFrom: valueBase)
    keyStack.forgetAll(movedFrom: keyBase)
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
