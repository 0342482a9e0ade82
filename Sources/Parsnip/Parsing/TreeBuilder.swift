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
  let base: UnsafePointer<UInt8>
  private let kinds: UnsafeMutablePointer<UInt8>
  private let words: UnsafeMutablePointer<UInt64>
  let rejectDuplicates: Bool
  private var duplicates = DuplicateKeyFinder()

  init(tape: Tape, source: UnsafeRawBufferPointer, options: JSON.ParsingOptions) {
    self.init(text: ScannedText(tape: tape, source: source), options: options)
  }

  /// A builder whose errors point into the user's text.
  init(text: ScannedText, options: JSON.ParsingOptions) {
    self.text = text
    self.base = ScannedText.base(of: text.source)
    self.kinds = text.tape.kinds
    self.words = text.tape.words
    self.rejectDuplicates = options.duplicateKeys == .reject
  }

  @inline(__always) private func offset(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] & 0xFFFF_FFFF) }
  @inline(__always) private func aux(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] >> 32) }

  /// Index of the node after the value at `i`.
  @inline(__always) private func next(_ i: Int) -> Int {
    let k = kinds[i] & 0x07
    return k == Tape.Kind.array.rawValue || k == Tape.Kind.object.rawValue ? aux(i) &+ 1 : i &+ 1
  }

  func string(at i: Int) -> String {
    StringDecoding.string(base, from: offset(i), count: aux(i), flags: kinds[i])
  }

  func number(at i: Int) -> JSONNumber { Self.number(at: i, kinds: kinds, words: words, base: base) }

  /// Static and free of references, so that calling it neither copies the builder nor retains the tape.
  static func number(
    at i: Int, kinds: UnsafeMutablePointer<UInt8>, words: UnsafeMutablePointer<UInt64>, base: UnsafePointer<UInt8>
  ) -> JSONNumber {
    let start = Int(truncatingIfNeeded: words[i] & 0xFFFF_FFFF)
    let count = Int(truncatingIfNeeded: words[i] >> 32)
    let flags = kinds[i] & 0xF8
    if flags & Tape.Flag.json5 != 0 {
      return JSONNumber(NumberParser.nonFiniteLiteral(base, from: start, count: count))
    }
    // The scanner validated the grammar; rescanning the few bytes is cheaper than storing the result.
    let scanned = (try? NumberParser.scan(base, from: start, end: start + count)) ?? ScannedNumber(end: start)
    if flags & Tape.Flag.isBigInteger != 0, !scanned.isNegative,
      let v = UInt64(String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self))
    {
      return JSONNumber(storage: .uint(v))
    }
    // A decimal whose significant digits all fit: the scan already holds them as written (trailing fraction zeros
    // included), which `NumberParser.number` would read a third time. Zero keeps no positive exponent (see there).
    if scanned.isExact, !scanned.isIntegerSyntax {
      let exponent = scanned.significand == 0 ? Swift.min(scanned.exponent, 0) : scanned.exponent
      return JSONNumber(
        storage: .decimal(
          significand: scanned.significand, exponent: Int32(truncatingIfNeeded: exponent),
          isNegative: scanned.isNegative))
    }
    return NumberParser.number(base, from: start, scanned)
  }

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
      let reader = ScalarReader(kinds: kinds, words: words, base: base, strings: strings)
      return try build(at: i, stack: &stack, reader: reader)
    }
  }

  private mutating func build(at root: Int, stack: inout BuildStack, reader: ScalarReader) throws(JSONParseError) -> JSON {
    var i = root
    while true {
      // The value at node `i`.
      let kind = kinds[i] & 0x07
      if kind == Tape.Kind.array.rawValue {
        let end = aux(i)
        let count = aux(end)
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
        let end = aux(i)
        let count = aux(end)
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
        && duplicates.hasDuplicates(objectAt: i, tape: tape, base: base))
    {
      if rejectDuplicates {
        let repeated = members.withUnsafeBufferPointer { buffer in
          firstRepeatedKey(objectAt: i, end: aux(i)) { buffer[$0].key }
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
    let stamp = aux(end) >= 2 ? UInt32(truncatingIfNeeded: i &+ 1) : 0
    var status: UInt8 = 0
    var j = i &+ 1
    while j < end {
      stack.pushKey(reader.string(at: j, stamp: stamp, status: &status))
      j = next(j &+ 1)
    }
    var rejectAt = -1  // no duplicates
    if status & StringTable.Status.duplicate != 0
      || (status & StringTable.Status.uncertain != 0 && stamp != 0
        && duplicates.hasDuplicates(objectAt: i, tape: tape, base: base))
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
