#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a JSON:API flatten of a ``JSONDocument`` as JSON text while it runs, with no tree in or out: the bytes
/// ``JSONWriter`` would write for the tree the same flatten builds (``JSONAPITreeOutput``), in its layout (compact
/// or indented, `escapesSlashes`, `asciiOnly`; stored key order only).
///
/// - Input values are copied from the tape: strings without escapes pass through the writer's escaping from the
///   input bytes (no decoding), integers written as the writer writes them are copied as they are, everything else
///   is decoded and written by ``JSONWriter`` itself.
/// - A resource reused is its earlier bytes copied again, re-indented when it lands at another depth (every line
///   break in indented output is the writer's, followed by the indentation of its level).
///
/// Where the text could differ from writing the tree, it gives up and sets ``needsTree``, and the caller flattens
/// into a tree instead: a key repeated in an object the flatten builds (an attribute named like a relationship, say)
/// or in one it copies, a number the writer refuses (JSON5 `NaN`), or nesting past the writing options' limit. The
/// first is found by comparing each key's text with the earlier keys of its object; the tape keeps repeated keys.
struct JSONAPITextOutput: JSONAPIOutput {
  typealias Input = TapeNode

  struct Mark {
    var start: Int
    var level: Int
    var deepest: Int
    var byteCount: Int
  }

  /// Bytes of the output, the nesting level they start at, and how many levels deeper their deepest container is.
  struct Written {
    var start: Int
    var end: Int
    var level: Int
    var height: Int
    /// Its bytes in compact text.
    var byteCount: Int
  }

  /// An open container the flatten builds.
  private struct Frame {
    var isObject: Bool
    var count = 0
    /// Where this object's keys start in `keys`.
    var firstKey: Int
  }

  private(set) var writer: JSONWriter
  private let indent: Int?
  private var frames: [Frame] = []
  /// The output offset and length of each key of the open objects, innermost last.
  private var keys: [(start: Int, count: Int)] = []
  /// Whether the separator of the next value is already written (by ``mark()``).
  private var separated = false
  /// The deepest level a container was opened at since the innermost mark.
  private var deepest = 0
  /// Open containers of a value being copied: whether each is an object, and whether it has a member yet.
  private var copying: [(isObject: Bool, started: Bool)] = []
  private var duplicates = DuplicateKeyFinder()
  /// Bytes of layout written (line breaks, indentation, the space after a colon): not counted in ``byteCount``.
  private var layout = 0
  /// Set when the text could differ from the tree's: the caller must flatten into a tree instead.
  private(set) var needsTree = false

  /// An output with the layout of `configuration` (stored key order), its buffer sized for `capacity` bytes.
  init(configuration: JSONWriter.Configuration, capacity: Int) {
    writer = JSONWriter(out: OutputBuffer(reusing: capacity), configuration: configuration)
    indent = configuration.indent
  }

  /// The bytes written, less the layout: those of the same text written compactly.
  var byteCount: Int { writer.out.count &- layout }

  /// The text written.
  func bytes() -> [UInt8] { writer.out.bytes() }

  /// Frees the buffer.
  func release() { writer.out.release() }

  // MARK: Structure

  /// A line break and the indentation of `depth`, counted as layout.
  @inline(__always)
  private mutating func newline(indent: Int, depth: Int) {
    let before = writer.out.count
    writer.writeNewline(indent: indent, depth: depth)
    layout &+= writer.out.count &- before
  }

  /// The colon after a key, and its space in indented layout (counted as layout).
  @inline(__always)
  private mutating func colon() {
    let before = writer.out.count
    writer.writeColon()
    layout &+= writer.out.count &- before &- 1
  }

  /// Writes the separator before a value: a comma and line break in an array (a key did that in an object).
  @inline(__always)
  private mutating func beginValue() {
    if separated {
      separated = false
      return
    }
    guard let top = frames.indices.last, !frames[top].isObject else { return }
    if frames[top].count > 0 { writer.out.writeByte(.comma) }
    frames[top].count &+= 1
    if let indent { newline(indent: indent, depth: frames.count) }
  }

  /// Checks the nesting of a container about to open at `level`.
  @inline(__always)
  private mutating func opens(at level: Int) {
    if level >= writer.configuration.maximumDepth { needsTree = true }
    if level > deepest { deepest = level }
  }

  mutating func openObject() {
    beginValue()
    opens(at: frames.count)
    writer.out.writeByte(.openBrace)
    frames.append(Frame(isObject: true, firstKey: keys.count))
  }

  mutating func key(_ name: String) {
    let top = frames.count - 1
    if frames[top].count > 0 { writer.out.writeByte(.comma) }
    frames[top].count &+= 1
    if let indent { newline(indent: indent, depth: frames.count) }
    let start = writer.out.count
    writer.writeString(name)
    let count = writer.out.count - start
    // The same key writes the same text, and different keys different text.
    let base = writer.out.base
    for k in frames[top].firstKey..<keys.count
    where keys[k].count == count && memcmp(base + keys[k].start, base + start, count) == 0 {
      needsTree = true
    }
    keys.append((start, count))
    colon()
  }

  mutating func closeObject() -> Int {
    let frame = frames.removeLast()
    keys.removeSubrange(frame.firstKey...)
    if frame.count > 0, let indent { newline(indent: indent, depth: frames.count) }
    writer.out.writeByte(.closeBrace)
    return frame.count
  }

  mutating func openArray() {
    beginValue()
    opens(at: frames.count)
    writer.out.writeByte(.openBracket)
    frames.append(Frame(isObject: false, firstKey: keys.count))
  }

  mutating func closeArray() {
    let frame = frames.removeLast()
    if frame.count > 0, let indent { newline(indent: indent, depth: frames.count) }
    writer.out.writeByte(.closeBracket)
  }

  mutating func string(_ value: String) {
    beginValue()
    writer.writeString(value)
  }

  mutating func null() {
    beginValue()
    writer.writeASCII("null")
  }

  // MARK: Reuse

  mutating func mark() -> Mark {
    beginValue()
    separated = true
    let mark = Mark(start: writer.out.count, level: frames.count, deepest: deepest, byteCount: byteCount)
    deepest = frames.count
    return mark
  }

  mutating func written(since mark: Mark) -> Written {
    let written = Written(
      start: mark.start, end: writer.out.count, level: mark.level, height: deepest - mark.level,
      byteCount: byteCount - mark.byteCount)
    deepest = Swift.max(deepest, mark.deepest)
    return written
  }

  mutating func reuse(_ value: Written) {
    beginValue()
    let level = frames.count
    opens(at: level + value.height)
    let shift = (indent ?? 0) * (level - value.level)
    // What is not the value's compact text is layout.
    layout &+= value.end - value.start - value.byteCount
    guard shift != 0 else {
      writer.out.appendCopy(from: value.start, count: value.end - value.start)
      return
    }
    // Every line break is followed by its level's indentation, at least `value.level` levels' worth.
    var i = value.start
    while i < value.end {
      let base = writer.out.base
      let found = memchr(base + i, Int32(UInt8.newline), value.end - i)
      let stop = found.map { $0.assumingMemoryBound(to: UInt8.self) - base + 1 }
      writer.out.appendCopy(from: i, count: (stop ?? value.end) - i)
      guard let stop else { break }
      layout &+= shift
      if shift > 0 {
        writer.out.writeRepeated(.space, count: shift)
        i = stop
      } else {
        i = stop - shift
      }
    }
  }

  // MARK: Copying input values

  mutating func copy(_ value: TapeNode) {
    beginValue()
    let nodes = value.nodes
    var j = value.index
    guard TapeCursor.isContainer(nodes.rawKind(j)) else {
      writeScalar(nodes, j)
      return
    }
    let stop = nodes.next(j)
    copying.removeAll(keepingCapacity: true)
    while j < stop {
      let kind = nodes.rawKind(j)
      if kind == Tape.Kind.end.rawValue {
        let closed = copying.removeLast()
        if closed.started, let indent { newline(indent: indent, depth: frames.count + copying.count) }
        writer.out.writeByte(closed.isObject ? .closeBrace : .closeBracket)
        j &+= 1
        continue
      }
      if let top = copying.indices.last {
        if copying[top].started { writer.out.writeByte(.comma) }
        copying[top].started = true
        if let indent { newline(indent: indent, depth: frames.count + copying.count) }
        if copying[top].isObject {
          writeString(nodes, j)
          colon()
          j &+= 1
        }
      }
      guard TapeCursor.isContainer(nodes.rawKind(j)) else {
        writeScalar(nodes, j)
        j &+= 1
        continue
      }
      let isObject = nodes.rawKind(j) == Tape.Kind.object.rawValue
      opens(at: frames.count + copying.count)
      if isObject, nodes.count(j) > 1,
        duplicates.hasDuplicates(objectAt: j, nodes: nodes)
      {
        needsTree = true
      }
      if nodes.count(j) == 0 {
        writer.writeASCII(isObject ? "{}" : "[]")
        j = nodes.next(j)
      } else {
        writer.out.writeByte(isObject ? .openBrace : .openBracket)
        copying.append((isObject, false))
        j &+= 1
      }
    }
  }

  /// A scalar node written as the writer writes its decoded value.
  @inline(__always)
  private mutating func writeScalar(_ nodes: TapeCursor, _ j: Int) {
    switch nodes.kind(j) {
    case .string: writeString(nodes, j)
    case .number:
      // Integer syntax that fits 64 bits (`flags` 0) is written back digit for digit, except `-0`.
      let count = nodes.aux(j)
      let start = nodes.base + nodes.offset(j)
      if nodes.flags(j) == 0, count != 2 || start[0] != .minus {
        writer.out.writeBytes(UnsafeRawBufferPointer(start: start, count: count))
      } else if !writer.writeNumber(nodes.number(j)) {
        needsTree = true
      }
    case .true: writer.writeASCII("true")
    case .false: writer.writeASCII("false")
    case .null: writer.writeASCII("null")
    default: preconditionFailure("containers are copied by the caller")
    }
  }

  /// A string node (a value or a key) written as the writer writes its decoded text.
  @inline(__always)
  private mutating func writeString(_ nodes: TapeCursor, _ j: Int) {
    guard nodes.flags(j) & (Tape.Flag.hasEscapes | Tape.Flag.json5) == 0 else {
      writer.writeString(nodes.string(j))
      return
    }
    // No escapes: the bytes are the decoded text.
    writer.out.writeByte(.quote)
    StringEscaping.appendEscaped(
      UnsafeRawBufferPointer(start: nodes.base + nodes.offset(j), count: nodes.aux(j)), to: &writer.out,
      escapesSlashes: writer.configuration.escapesSlashes, asciiOnly: writer.configuration.asciiOnly)
    writer.out.writeByte(.quote)
  }
}
