/// Builds a `JSON` tree from a tape, without recursion.
///
/// Values are built in document order onto a scratch stack (`BuildStack`); when a container ends, its elements are
/// moved off the stack into an array allocated at its final size. Nesting depth therefore costs heap, not call stack.
///
/// An object's keys are read when the object starts, before any of its values: they are interned (see
/// `StringTable`), which also tells whether a key repeats, so duplicate detection costs no extra pass. With
/// repeated keys the last value wins, at the position of the first occurrence; in `.reject` mode the first key
/// that repeats an earlier one, in text order, is reported (errors inside values that come before it first).
///
/// One builder builds one tree: ``value(at:)`` frees its scratch memory when it returns.
struct TreeBuilder {
  let text: ScannedText
  var tape: Tape { text.tape }
  var source: UnsafeRawBufferPointer { text.source }
  /// The tape's nodes, read through the one cursor.
  let nodes: TapeCursor
  let rejectDuplicates: Bool
  private var duplicates = DuplicateKeyFinder()

  init(tape: Tape, source: UnsafeRawBufferPointer, options: JSON.ParsingOptions) {
    self.init(text: ScannedText(tape: tape, source: source), options: options)
  }

  /// A builder whose errors point into the user's text.
  init(text: ScannedText, options: JSON.ParsingOptions) {
    self.text = text
    self.nodes = TapeCursor(tape: text.tape, source: text.source)
    self.rejectDuplicates = options.duplicateKeys == .reject
  }

  var base: UnsafePointer<UInt8> { nodes.base }

  /// Builds the value at node `i` and everything inside it.
  /// - Throws: ``JSONParseError/Kind-swift.enum/duplicateKey`` in `.reject` mode.
  mutating func value(at i: Int) throws(JSONParseError) -> JSON {
    var table = StringTable(base: base, sourceCount: source.count)
    var stack = BuildStack()
    defer {
      stack.deallocate()
      table.deallocate()
    }
    return try withUnsafeMutablePointer(to: &table) { strings throws(JSONParseError) in
      let reader = ScalarReader(nodes: nodes, strings: strings)
      return try build(at: i, stack: &stack, reader: reader)
    }
  }

  private mutating func build(
    at root: Int, stack: inout BuildStack, reader: ScalarReader
  ) throws(JSONParseError) -> JSON {
    var i = root
    while true {
      // The value at node `i`.
      let kind = nodes.rawKind(i)
      if kind == Tape.Kind.array.rawValue {
        let end = nodes.aux(i)
        let count = nodes.aux(end)
        if end &- i &- 1 == count {
          // No nested containers (each scalar is one node): build the elements in place.
          stack.push(.array(count == 0 ? [] : Array(ScalarElements(reader: reader, first: i &+ 1, count: count))))
          i = end &+ 1
        } else {
          stack.pushFrame(BuildStack.Frame(end: end, valueBase: stack.valueCount, keyBase: -1, rejectAt: -1))
          i &+= 1
          continue
        }
      } else if kind == Tape.Kind.object.rawValue {
        let end = nodes.aux(i)
        let count = nodes.aux(end)
        if end &- i &- 1 == count &* 2 {
          stack.push(.object(count == 0 ? JSONObject() : try scalarObject(at: i, count: count, reader: reader)))
          i = end &+ 1
        } else {
          try openObject(at: i, end: end, stack: &stack, reader: reader)
          i &+= 2  // the first key's value
          continue
        }
      } else {
        precondition(kind != Tape.Kind.end.rawValue, "value(at:) called on an end node")
        stack.push(reader.scalar(at: i))
        i &+= 1
      }
      // Close the containers that end here; in an object, step over the next key to its value.
      while let frame = stack.topFrame {
        if i == frame.pointee.end {
          if frame.pointee.keyBase < 0 {
            stack.closeArray()
          } else {
            stack.closeObject(hasDuplicates: frame.pointee.rejectAt != -1)
          }
          i &+= 1
          continue
        }
        if frame.pointee.keyBase >= 0 {
          if i == frame.pointee.rejectAt { throw duplicateKeyError(at: i) }
          i &+= 1
        }
        break
      }
      if stack.frameCount == 0 { return stack.pop() }
    }
  }

  /// An object whose values are all scalars, built in one pass.
  private mutating func scalarObject(at i: Int, count: Int, reader: ScalarReader) throws(JSONParseError) -> JSONObject {
    var status: UInt8 = 0
    let stamp = count >= 2 ? UInt32(truncatingIfNeeded: i &+ 1) : 0
    let members = withUnsafeMutablePointer(to: &status) { status in
      Array(ScalarMembers(reader: reader, first: i &+ 1, count: count, stamp: stamp, status: status))
    }
    if status & StringTable.Status.duplicate != 0
      || (status & StringTable.Status.uncertain != 0 && stamp != 0
        && duplicates.hasDuplicates(objectAt: i, nodes: nodes))
    {
      if rejectDuplicates {
        let repeated = members.withUnsafeBufferPointer { buffer in
          firstRepeatedKey(objectAt: i, end: nodes.aux(i)) { buffer[$0].key }
        }
        if repeated != Int.max { throw duplicateKeyError(at: repeated) }
      }
      return JSONObject(uniqueMembers: BuildStack.lastValuesAtFirstPositions(members))
    }
    return JSONObject(uniqueMembers: members)
  }

  /// Reads the keys of the object at node `i` onto the stack and opens its frame.
  private mutating func openObject(
    at i: Int, end: Int, stack: inout BuildStack, reader: ScalarReader
  ) throws(JSONParseError) {
    let keyBase = stack.keyCount
    // A stamp unique to this object; objects of one member cannot repeat a key.
    let stamp = nodes.aux(end) >= 2 ? UInt32(truncatingIfNeeded: i &+ 1) : 0
    var status: UInt8 = 0
    var j = i &+ 1
    while j < end {
      stack.pushKey(reader.string(at: j, stamp: stamp, status: &status))
      j = nodes.next(j &+ 1)
    }
    var rejectAt = -1  // no duplicates
    if status & StringTable.Status.duplicate != 0
      || (status & StringTable.Status.uncertain != 0 && stamp != 0
        && duplicates.hasDuplicates(objectAt: i, nodes: nodes))
    {
      let keys = stack.keys + keyBase
      rejectAt = rejectDuplicates ? firstRepeatedKey(objectAt: i, end: end) { keys[$0] } : Int.max
    }
    stack.pushFrame(BuildStack.Frame(end: end, valueBase: stack.valueCount, keyBase: keyBase, rejectAt: rejectAt))
  }

  /// The node of the first key that repeats an earlier key of the object (the scan found one).
  @inline(never)
  private func firstRepeatedKey(objectAt i: Int, end: Int, key: (Int) -> String) -> Int {
    DuplicateKeyFinder.firstRepeatedKey(objectAt: i, tape: tape) { k, _ in key(k) }
  }

  @inline(never)
  private func duplicateKeyError(at j: Int) -> JSONParseError { text.duplicateKeyError(at: j) }
}
