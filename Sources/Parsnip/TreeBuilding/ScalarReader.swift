// Collections that `Array.init(_:)` turns into a container's storage.
//
// `Array(_:)` of a collection allocates its storage in specialized code and lets the collection initialize it in
// place (`_copyContents(initializing:)`). The alternatives cost more per container:
// `Array(unsafeUninitializedCapacity:initializingWith:)` allocates through an unspecialized runtime entry point that
// looks up metadata on every call, and `reserveCapacity` plus `append` checks uniqueness per element.
// Each collection is built for one `Array(_:)` call; reading it any other way is not supported.

/// Builds scalar values (null, Booleans, numbers, strings) from tape nodes.
struct ScalarReader {
  let nodes: TapeCursor
  let strings: UnsafeMutablePointer<StringTable>

  /// The string at node `i`, interned; `stamp` and `status` as for `StringTable.string`.
  @inline(__always)
  func string(at i: Int, stamp: UInt32, status: inout UInt8) -> String {
    let word = nodes.word(i)
    return strings.pointee.string(
      offset: TapeCursor.offset(word), count: TapeCursor.aux(word), flags: nodes.tag(i), stamp: stamp, status: &status)
  }

  /// The scalar at node `i` (which must not be a container or an end node).
  @inline(__always)
  func scalar(at i: Int) -> JSON {
    switch nodes.rawKind(i) {
    case Tape.Kind.string.rawValue:
      var status: UInt8 = 0
      return .string(string(at: i, stamp: 0, status: &status))
    case Tape.Kind.number.rawValue: return .number(nodes.number(i))
    case Tape.Kind.null.rawValue: return .null
    case Tape.Kind.false.rawValue: return .bool(false)
    default: return .bool(true)
    }
  }
}

/// The elements of an array whose elements are all scalars, built straight into the array's storage.
struct ScalarElements: RandomAccessCollection {
  let reader: ScalarReader
  /// The first element's node; element `k` is node `first + k`.
  let first: Int
  let count: Int

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> JSON { reader.scalar(at: first &+ position) }

  __consuming func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<JSON>
  ) -> (IndexingIterator<ScalarElements>, Int) {
    let n = Swift.min(count, buffer.count)
    guard let out = buffer.baseAddress else { return (IndexingIterator(_elements: self, _position: 0), 0) }
    for k in 0..<n { (out + k).initialize(to: reader.scalar(at: first &+ k)) }
    return (IndexingIterator(_elements: self, _position: n), n)
  }
}

/// The members of an object whose values are all scalars, built straight into the member array; keys are looked
/// up with `stamp`, and what the lookups find is gathered in `status`.
struct ScalarMembers: RandomAccessCollection {
  let reader: ScalarReader
  /// The first key's node; member `k` is nodes `first + 2k` (key) and `first + 2k + 1` (value).
  let first: Int
  let count: Int
  let stamp: UInt32
  let status: UnsafeMutablePointer<UInt8>

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> JSONObject.Member {
    let j = first &+ 2 &* position
    return JSONObject.Member(
      key: reader.string(at: j, stamp: 0, status: &status.pointee), value: reader.scalar(at: j &+ 1))
  }

  __consuming func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<JSONObject.Member>
  ) -> (IndexingIterator<ScalarMembers>, Int) {
    let n = Swift.min(count, buffer.count)
    guard let out = buffer.baseAddress else { return (IndexingIterator(_elements: self, _position: 0), 0) }
    var j = first
    for k in 0..<n {
      let key = reader.string(at: j, stamp: stamp, status: &status.pointee)
      (out + k).initialize(to: JSONObject.Member(key: key, value: reader.scalar(at: j &+ 1)))
      j &+= 2
    }
    return (IndexingIterator(_elements: self, _position: n), n)
  }
}

/// The elements of a stack region, moved (not copied) into a new array.
struct MovingElements<Element>: RandomAccessCollection {
  let base: UnsafeMutablePointer<Element>
  let count: Int

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> Element { base[position] }

  __consuming func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<Element>
  ) -> (IndexingIterator<MovingElements>, Int) {
    let n = Swift.min(count, buffer.count)
    if n > 0 { buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: base, count: n) }
    return (IndexingIterator(_elements: self, _position: n), n)
  }
}

/// Keys and values of a stack region, moved into a new member array.
struct MovingMembers: RandomAccessCollection {
  let keys: UnsafeMutablePointer<String>
  let values: UnsafeMutablePointer<JSON>
  let count: Int

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> JSONObject.Member { JSONObject.Member(key: keys[position], value: values[position]) }

  __consuming func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<JSONObject.Member>
  ) -> (IndexingIterator<MovingMembers>, Int) {
    let n = Swift.min(count, buffer.count)
    guard let out = buffer.baseAddress else { return (IndexingIterator(_elements: self, _position: 0), 0) }
    for k in 0..<n {
      (out + k).initialize(to: JSONObject.Member(key: (keys + k).move(), value: (values + k).move()))
    }
    return (IndexingIterator(_elements: self, _position: n), n)
  }
}
