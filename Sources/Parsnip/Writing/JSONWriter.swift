/// Writes a `JSON` value as UTF-8 JSON text into an ``OutputBuffer``.
///
/// The walk is iterative, with an explicit stack of open containers on the heap, so deep values cost memory, not
/// call stack: a value nested 100 000 levels deep is written (or refused with `nestingTooDeep`) without risk of a
/// stack overflow, whatever ``JSON/WritingOptions/maximumDepth`` says. Paths for errors are rebuilt from that
/// stack only when an error is thrown.
struct JSONWriter {
  /// The resolved layout choices (canonical mode overrides the others).
  struct Configuration {
    /// Spaces per level; `nil` for compact output.
    var indent: Int?
    var keyOrder: KeyOrder
    var escapesSlashes: Bool
    var asciiOnly: Bool
    var canonicalNumbers: Bool
    var maximumDepth: Int
    /// Write NaN and infinities as `NaN`/`Infinity` instead of failing (for `description` only).
    var allowsNonFinite: Bool
    /// Foundation `JSONEncoder`'s bytes, for `JSON` values inside the Codable encoder's output: ` : ` after keys
    /// and an empty line inside empty containers when indenting, doubles laid out as Swift's `description`.
    var matchesJSONEncoder = false
    /// Non-finite doubles written as these strings (the encoder's `convertToString` strategy) instead of failing.
    var nonFiniteStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)? = nil
    /// Levels of indentation already open around the value (a value written inside the encoder's output).
    var baseDepth = 0
    /// Read payloads by address (StandardLibraryLayout.swift); `false` only to test the copying path.
    var readsPayloadsInPlace = JSON.storesPayloadsInPlace
    /// Read strings' bytes where they lie (StandardLibraryLayout.swift); `false` only to test the other path.
    var readsStringsInPlace = String.readsBytesInPlace
    /// Copy the bytes of keys written before (``WrittenKeyCache``); `false` only to test the writer without it.
    var cachesKeys = String.hasTwoWordLayout

    enum KeyOrder {
      case stored
      /// By Unicode scalar values (UTF-8 bytes).
      case scalars
      /// By UTF-16 code units (RFC 8785).
      case utf16
    }

    init(_ options: JSON.WritingOptions) {
      if options.isCanonical {
        indent = nil
        keyOrder = .utf16
        escapesSlashes = false
        asciiOnly = false
        canonicalNumbers = true
      } else {
        indent = options.indent.map { Swift.min(Swift.max($0, 0), 32) }
        keyOrder = options.sortsKeys ? .scalars : .stored
        escapesSlashes = options.escapesSlashes
        asciiOnly = options.asciiOnly
        canonicalNumbers = false
      }
      maximumDepth = options.maximumDepth
      allowsNonFinite = false
    }

    /// Compact, no depth limit, non-finite numbers spelled out: for `description`, which cannot fail.
    static var description: Configuration {
      var configuration = Configuration(.compact)
      configuration.maximumDepth = .max
      configuration.allowsNonFinite = true
      return configuration
    }
  }

  /// One open, non-empty array or object: where its children are, and which is next.
  ///
  /// Children are read through a pointer to the container's elements. Read through the array, each child would be
  /// copied (retained, then released) before the writer looks at it, because the compiler cannot prove that writing
  /// output leaves the array's memory alone, and that was a quarter of a write's instructions. The pointer outlives
  /// `withUnsafeBufferPointer`'s closure, which is sound here: an array of a non-class element type is always one
  /// native buffer (never bridged or copied lazily), and that buffer belongs to the value being written, which the
  /// caller holds unchanged for the whole write; a sorted copy of an object's members is kept alive by the writer
  /// (`ownsMembers`) until its frame closes.
  private struct Frame {
    /// An array's elements (`nil` for an object).
    let elements: UnsafePointer<JSON>?
    /// An object's members (`nil` for an array).
    let members: UnsafePointer<JSONObject.Member>?
    let count: Int
    /// Position of the next child to write; the child being written is `next - 1`.
    var next: Int
    let ownsMembers: Bool

    var isObject: Bool { members != nil }
  }

  /// The open frames, innermost last, in memory the writer manages (frames are plain values): no uniqueness check
  /// or bounds check when the top frame's position is saved.
  private typealias FrameStack = UnsafeStack<Frame>

  /// What writing a value without descending into it did.
  private enum Leaf {
    /// A scalar or an empty container, written.
    case written
    /// A non-empty container, opened (its bracket written, its frame pushed).
    case container
    /// A number that cannot be written (no payload: a trivial enum returns in a register).
    case unwritableNumber
    /// A container one level too deep.
    case tooDeep
  }

  var out: OutputBuffer
  let configuration: Configuration

  init(out: OutputBuffer, configuration: Configuration) {
    self.out = out
    self.configuration = configuration
  }

  /// Writes `root` and everything in it.
  ///
  /// Each open container is a frame; the children of the top frame are written in a tight loop with a local
  /// index, and the frame is only updated when the loop leaves it (into a child container, or with an error).
  mutating func write(_ root: JSON) throws(JSONWritingError) {
    let indent = configuration.indent
    var stack = FrameStack(capacity: 16)
    defer { stack.release() }
    var sortedMembers: [[JSONObject.Member]] = []
    switch withUnsafePointer(to: root, { writeLeaf(at: $0, depth: 0, stack: &stack, sortedMembers: &sortedMembers) }) {
    case .written: return
    case .container: break
    case .unwritableNumber: throw numberError(root, path: [])
    case .tooDeep: throw depthError(path: [])
    }
    var keys = WrittenKeyCache(isAvailable: configuration.cachesKeys)
    defer { keys.release() }
    frames: while stack.count > 0 {
      let depth = stack.count
      let top = stack.base + (depth &- 1)
      var i = top.pointee.next
      let count = top.pointee.count
      if top.pointee.isObject {
        let members = top.pointee.members.unsafelyUnwrapped
        while i < count {
          if i != 0 { out.writeByte(.comma) }
          if let indent { writeNewline(indent: indent, depth: depth) }
          writeKey(at: Self.key(of: members + i), cache: &keys)
          i &+= 1
          switch writeLeaf(
            at: Self.value(of: members + (i &- 1)), depth: depth, stack: &stack, sortedMembers: &sortedMembers)
          {
          case .written: continue
          case .container:
            // The child's frame is pushed (which may have moved the frames): this one is now below the top.
            stack.base[depth &- 1].next = i
            continue frames
          case .unwritableNumber:
            top.pointee.next = i
            throw numberError(members[i &- 1].value, path: path(stack))
          case .tooDeep:
            top.pointee.next = i
            throw depthError(path: path(stack))
          }
        }
      } else {
        let elements = top.pointee.elements.unsafelyUnwrapped
        while i < count {
          if i != 0 { out.writeByte(.comma) }
          if let indent { writeNewline(indent: indent, depth: depth) }
          i &+= 1
          switch writeLeaf(at: elements + (i &- 1), depth: depth, stack: &stack, sortedMembers: &sortedMembers) {
          case .written: continue
          case .container:
            // The child's frame is pushed (which may have moved the frames): this one is now below the top.
            stack.base[depth &- 1].next = i
            continue frames
          case .unwritableNumber:
            top.pointee.next = i
            throw numberError(elements[i &- 1], path: path(stack))
          case .tooDeep:
            top.pointee.next = i
            throw depthError(path: path(stack))
          }
        }
      }
      let isObject = top.pointee.isObject
      if top.pointee.ownsMembers { sortedMembers.removeLast() }
      stack.removeLast()
      if let indent { writeNewline(indent: indent, depth: depth &- 1) }
      out.writeByte(isObject ? .closeBrace : .closeBracket)
    }
  }

  /// Writes a scalar or an empty container; opens a non-empty container (its bracket, and its frame on `stack`).
  @inline(__always)
  private mutating func writeLeaf(
    at value: UnsafePointer<JSON>, depth: Int, stack: inout FrameStack, sortedMembers: inout [[JSONObject.Member]]
  ) -> Leaf {
    switch value.pointee {
    case .null: writeASCII("null")
    case .bool(let b): if b { writeASCII("true") } else { writeASCII("false") }
    case .number(let number): guard writeNumber(number) else { return .unwritableNumber }
    case .string:
      // By address where the layout allows (StandardLibraryLayout.swift): a copy of a large string is retained and
      // released.
      if configuration.readsPayloadsInPlace {
        writeString(at: JSON.payload(of: value, as: String.self))
      } else {
        writeStringCopying(value)
      }
    case .array, .object:
      // Empty containers count as a level too, as in the parser.
      guard depth < configuration.maximumDepth else { return .tooDeep }
      return openContainer(at: value, depth: depth, stack: &stack, sortedMembers: &sortedMembers)
    }
    return .written
  }

  /// Opens the array or object at `value` (its bracket, and its frame on `stack`), or writes it when it is empty.
  /// Out of line: containers are fewer than scalars, and inlined, this made the scalar paths slower.
  @inline(never)
  private mutating func openContainer(
    at value: UnsafePointer<JSON>, depth: Int, stack: inout FrameStack, sortedMembers: inout [[JSONObject.Member]]
  ) -> Leaf {
    let isObject: Bool
    if case .object = value.pointee { isObject = true } else { isObject = false }
    // The children's address and count. The tree holds their storage for the whole write, and `sortedMembers` a
    // sorted copy of an object's members until its frame closes.
    var first: UnsafeRawPointer? = nil
    var count = 0
    var ownsMembers = false
    if configuration.readsPayloadsInPlace, !isObject || configuration.keyOrder == .stored {
      // By address (StandardLibraryLayout.swift): a copy of the array would be retained and released.
      let (elements, n) = JSON.elements(ofArrayAt: value, as: JSON.self)
      (first, count) = (UnsafeRawPointer(elements), n)
    } else if case .object(let object) = value.pointee {
      ownsMembers = configuration.keyOrder != .stored && !object.isEmpty
      if ownsMembers { sortedMembers.append(orderedMembers(object)) }
      let members = ownsMembers ? sortedMembers[sortedMembers.count &- 1] : object._members
      (first, count) = (members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }, members.count)
    } else if case .array(let elements) = value.pointee {
      (first, count) = (elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }, elements.count)
    }
    guard count != 0 else {
      if isObject {
        writeEmpty(.openBrace, .closeBrace, depth: depth)
      } else {
        writeEmpty(.openBracket, .closeBracket, depth: depth)
      }
      return .written
    }
    stack.append(
      Frame(
        elements: isObject ? nil : first?.assumingMemoryBound(to: JSON.self),
        members: isObject ? first?.assumingMemoryBound(to: JSONObject.Member.self) : nil, count: count, next: 0,
        ownsMembers: ownsMembers))
    out.writeByte(isObject ? .openBrace : .openBracket)
    return .container
  }

  /// The key of the member at `member`, by address.
  @inline(__always)
  private static func key(of member: UnsafePointer<JSONObject.Member>) -> UnsafePointer<String> {
    UnsafeRawPointer(member).advanced(by: MemoryLayout<JSONObject.Member>.offset(of: \.key).unsafelyUnwrapped)
      .assumingMemoryBound(to: String.self)
  }

  /// The value of the member at `member`, by address.
  @inline(__always)
  private static func value(of member: UnsafePointer<JSONObject.Member>) -> UnsafePointer<JSON> {
    UnsafeRawPointer(member).advanced(by: MemoryLayout<JSONObject.Member>.offset(of: \.value).unsafelyUnwrapped)
      .assumingMemoryBound(to: JSON.self)
  }

  /// `[]` or `{}`; with indentation in `JSONEncoder`'s layout, an empty line between the brackets.
  @inline(__always)
  private mutating func writeEmpty(_ open: UInt8, _ close: UInt8, depth: Int) {
    out.writeByte(open)
    if configuration.matchesJSONEncoder, let indent = configuration.indent {
      out.writeByte(.newline)
      writeNewline(indent: indent, depth: depth)
    }
    out.writeByte(close)
  }

  // MARK: Pieces

  @inline(__always)
  mutating func writeASCII(_ text: StaticString) {
    let n = text.utf8CodeUnitCount
    let p = out.reserve(n)
    p.update(from: text.utf8Start, count: n)
    out.count &+= n
  }

  @inline(__always)
  mutating func writeNewline(indent: Int, depth: Int) {
    out.writeByte(.newline)
    out.writeRepeated(.space, count: indent &* (depth &+ configuration.baseDepth))
  }

  @inline(__always)
  mutating func writeString(_ string: String) {
    out.appendQuoted(string, escapesSlashes: configuration.escapesSlashes, asciiOnly: configuration.asciiOnly)
  }

  /// Writes the string of the `.string` value at `value`, through a copy.
  @inline(never)
  private mutating func writeStringCopying(_ value: UnsafePointer<JSON>) {
    if case .string(let string) = value.pointee { writeString(string) }
  }

  /// Writes the string at `string` from its bytes where they lie (StandardLibraryLayout.swift): a copy of a large
  /// string is retained and released.
  @inline(__always)
  mutating func writeString(at string: UnsafePointer<String>) {
    if configuration.readsStringsInPlace, !configuration.asciiOnly, let bytes = String.utf8InPlace(string) {
      out.appendQuoted(bytes, escapesSlashes: configuration.escapesSlashes)
    } else {
      writeString(string.pointee)
    }
  }

  /// Writes the key at `key` and what follows it.
  @inline(__always)
  mutating func writeKey(at key: UnsafePointer<String>) {
    writeString(at: key)
    writeColon()
  }

  /// What follows a key: `:`, or `: ` when indenting (` : ` in `JSONEncoder`'s layout).
  @inline(__always)
  mutating func writeColon() {
    if configuration.indent != nil {
      if configuration.matchesJSONEncoder {
        out.write(literal: 0x20_3A20, count: 3)
      } else {
        out.write(literal: 0x20_3A, count: 2)
      }
    } else {
      out.writeByte(.colon)
    }
  }

  /// Writes a number; `false` when it cannot be written (non-finite, or out of range in canonical mode).
  @inline(__always)
  mutating func writeNumber(_ number: JSONNumber) -> Bool {
    if configuration.canonicalNumbers { return writeCanonicalNumber(number) }
    switch number.storage {
    case .int(let v):
      let p = out.reserve(20)
      out.count &+= NumberFormatting.writeInteger(v, to: p)
    case .decimal(let significand, let exponent, let isNegative):
      let p = out.reserve(NumberFormatting.maximumInlineLength)
      out.count &+= NumberFormatting.writeDecimal(
        significand: significand, exponent: Int(exponent), isNegative: isNegative, to: p)
    case .double(let d):
      if _slowPath(!d.isFinite) {
        if let strings = configuration.nonFiniteStrings {
          writeString(d.isNaN ? strings.nan : d < 0 ? strings.negativeInfinity : strings.positiveInfinity)
          return true
        }
        guard configuration.allowsNonFinite else { return false }
      }
      let p = out.reserve(NumberFormatting.maximumInlineLength)
      out.count &+=
        configuration.matchesJSONEncoder
        ? NumberFormatting.writeDoubleInSwiftLayout(d, to: p) : NumberFormatting.writeDouble(d, to: p)
    case .uint(let v):
      let p = out.reserve(20)
      out.count &+= NumberFormatting.writeUnsigned(v, to: p)
    case .text(let text):
      var digits = text.value
      digits.withUTF8 { out.writeBytes(UnsafeRawBufferPointer($0)) }
    }
    return true
  }

  /// RFC 8785: the ECMAScript Number-to-String text of the nearest double.
  private mutating func writeCanonicalNumber(_ number: JSONNumber) -> Bool {
    let d: Double
    switch number.storage {
    case .int(let v) where v.magnitude <= 1 << 53:
      // Exact in a double, and below 1e21: the integer digits are the ECMAScript text.
      let p = out.reserve(20)
      out.count &+= NumberFormatting.writeInteger(v, to: p)
      return true
    case .double(let value): d = value
    default: d = number.doubleValue
    }
    guard d.isFinite else { return false }
    let p = out.reserve(NumberFormatting.maximumInlineLength)
    if d == 0 {
      p[0] = .zero  // -0 too
      out.count &+= 1
    } else {
      out.count &+= NumberFormatting.writeDouble(d, to: p)
    }
    return true
  }

  private func orderedMembers(_ object: JSONObject) -> [JSONObject.Member] {
    switch configuration.keyOrder {
    case .stored: return object._members
    case .scalars: return KeyOrdering.sorted(object._members, utf16: false)
    case .utf16: return KeyOrdering.sorted(object._members, utf16: true)
    }
  }

  // MARK: Errors

  /// The path of the child being written in the top frame (`next - 1` in every frame).
  private func path(_ stack: FrameStack) -> [JSONWritingError.PathComponent] {
    stack.map { frame in
      frame.isObject ? .key(frame.members.unsafelyUnwrapped[frame.next - 1].key) : .index(frame.next - 1)
    }
  }

  private func numberError(_ value: JSON, path: [JSONWritingError.PathComponent]) -> JSONWritingError {
    guard case .number(let number) = value else { preconditionFailure("only numbers are unwritable") }
    if case .double(let d) = number.storage, !d.isFinite {
      let name = d.isNaN ? "NaN" : d < 0 ? "-infinity" : "infinity"
      return JSONWritingError(
        kind: .nonFiniteNumber, message: "cannot write \(name): JSON has no representation for NaN or infinity",
        pathComponents: path)
    }
    return JSONWritingError(
      kind: .numberOutOfRange,
      message: "cannot write \(number) canonically: it is beyond the range of IEEE 754 doubles (RFC 8785)",
      pathComponents: path)
  }

  private func depthError(path: [JSONWritingError.PathComponent]) -> JSONWritingError {
    JSONWritingError(
      kind: .nestingTooDeep, message: "nesting deeper than \(configuration.maximumDepth) levels",
      pathComponents: path)
  }
}
