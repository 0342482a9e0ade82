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
  let tape: Tape
  let source: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  private let kinds: UnsafeMutablePointer<UInt8>
  private let words: UnsafeMutablePointer<UInt64>
  let rejectDuplicates: Bool
  private var duplicates = DuplicateKeyFinder()
  private var strings: StringTable

  init(tape: Tape, source: UnsafeRawBufferPointer, options: JSON.ParsingOptions) {
    self.tape = tape
    self.source = source
    self.base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    self.kinds = tape.kinds
    self.words = tape.words
    self.rejectDuplicates = options.duplicateKeys == .reject
    self.strings = StringTable(base: base, sourceCount: source.count)
  }

  @inline(__always) private func offset(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] & 0xFFFF_FFFF) }
  @inline(__always) private func aux(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] >> 32) }
  @inline(__always) private func hasEscapes(_ i: Int) -> Bool { kinds[i] & Tape.Flag.hasEscapes != 0 }

  /// Index of the node after the value at `i`.
  @inline(__always) private func next(_ i: Int) -> Int {
    let k = kinds[i] & 0x07
    return k == Tape.Kind.array.rawValue || k == Tape.Kind.object.rawValue ? aux(i) &+ 1 : i &+ 1
  }

  func string(at i: Int) -> String {
    StringDecoding.string(base, from: offset(i), count: aux(i), hasEscapes: hasEscapes(i))
  }

  func number(at i: Int) -> JSONNumber { Self.number(at: i, tape: tape, base: base) }

  /// Static, so that calling it from a mutating method does not copy the builder.
  static func number(at i: Int, tape: Tape, base: UnsafePointer<UInt8>) -> JSONNumber {
    let start = tape.offset(i)
    if tape.flags(i) & Tape.Flag.json5 != 0 {
      return JSONNumber(NumberParser.nonFiniteLiteral(base, from: start, count: tape.aux(i)))
    }
    // The scanner validated the grammar; rescanning the few bytes is cheaper than storing the result.
    let scanned = (try? NumberParser.scan(base, from: start, end: start + tape.aux(i))) ?? ScannedNumber(end: start)
    if tape.flags(i) & Tape.Flag.isBigInteger != 0, !scanned.isNegative,
      let v = UInt64(String(decoding: UnsafeBufferPointer(start: base + start, count: tape.aux(i)), as: UTF8.self))
    {
      return JSONNumber(storage: .uint(v))
    }
    return NumberParser.number(base, from: start, scanned)
  }

  /// Builds the value at node `i` and everything inside it.
  /// - Throws: ``JSONParseError/Kind-swift.enum/duplicateKey`` in `.reject` mode.
  mutating func value(at i: Int) throws(JSONParseError) -> JSON {
    var stack = BuildStack()
    defer {
      stack.deallocate()
      strings.deallocate()
    }
    return try build(at: i, stack: &stack)
  }

  private mutating func build(at root: Int, stack: inout BuildStack) throws(JSONParseError) -> JSON {
    var i = root
    while true {
      // The value at node `i`.
      switch kinds[i] & 0x07 {
      case Tape.Kind.string.rawValue:
        var status: UInt8 = 0
        let string = strings.string(offset: offset(i), count: aux(i), hasEscapes: hasEscapes(i), stamp: 0, status: &status)
        stack.push(.string(string))
        i &+= 1
      case Tape.Kind.number.rawValue:
        stack.push(.number(Self.number(at: i, tape: tape, base: base)))
        i &+= 1
      case Tape.Kind.object.rawValue:
        let end = aux(i)
        if end == i &+ 1 {
          stack.push(.object(JSONObject()))
          i = end &+ 1
        } else {
          try openObject(at: i, end: end, stack: &stack)
          i &+= 2  // the first key's value
          continue
        }
      case Tape.Kind.array.rawValue:
        let end = aux(i)
        if end == i &+ 1 {
          stack.push(.array([]))
          i = end &+ 1
        } else {
          stack.pushFrame(BuildStack.Frame(end: end, valueBase: stack.valueCount, keyBase: -1, rejectAt: -1))
          i &+= 1
          continue
        }
      case Tape.Kind.null.rawValue:
        stack.push(.null)
        i &+= 1
      case Tape.Kind.false.rawValue:
        stack.push(.bool(false))
        i &+= 1
      case Tape.Kind.true.rawValue:
        stack.push(.bool(true))
        i &+= 1
      default:
        preconditionFailure("value(at:) called on an end node")
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

  /// Reads the keys of the object at node `i` onto the stack and opens its frame.
  private mutating func openObject(at i: Int, end: Int, stack: inout BuildStack) throws(JSONParseError) {
    let keyBase = stack.keyCount
    // A stamp unique to this object; objects of one member cannot repeat a key.
    let stamp = aux(end) >= 2 ? UInt32(truncatingIfNeeded: i &+ 1) : 0
    var status: UInt8 = 0
    var j = i &+ 1
    while j < end {
      stack.pushKey(
        strings.string(offset: offset(j), count: aux(j), hasEscapes: hasEscapes(j), stamp: stamp, status: &status))
      j = next(j &+ 1)
    }
    var rejectAt = -1  // no duplicates
    if status & StringTable.Status.duplicate != 0
      || (status & StringTable.Status.uncertain != 0 && stamp != 0
        && duplicates.hasDuplicates(objectAt: i, tape: tape, base: base))
    {
      rejectAt = rejectDuplicates ? firstRepeatedKey(objectAt: i, end: end, keys: stack.keys + keyBase) : Int.max
    }
    stack.pushFrame(BuildStack.Frame(end: end, valueBase: stack.valueCount, keyBase: keyBase, rejectAt: rejectAt))
  }

  /// The node of the first key that repeats an earlier key of the object (the scan found one).
  @inline(never)
  private func firstRepeatedKey(objectAt i: Int, end: Int, keys: UnsafeMutablePointer<String>) -> Int {
    var seen = Set<ExactKey>()
    var j = i &+ 1
    var k = 0
    while j < end {
      if !seen.insert(ExactKey(keys[k])).inserted { return j }
      k &+= 1
      j = next(j &+ 1)
    }
    return Int.max
  }

  @inline(never)
  private func duplicateKeyError(at j: Int) -> JSONParseError {
    JSONParseError(.duplicateKey, "duplicate key \"\(string(at: j))\" in object", at: offset(j) - 1, in: source)
  }
}
