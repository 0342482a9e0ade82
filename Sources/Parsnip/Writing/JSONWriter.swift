#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// One open array or object.
  private struct Frame {
    var elements: [JSON]
    var members: [JSONObject.Member]
    /// Position of the next child to write; the child being written is `next - 1`.
    var next: Int
    let count: Int
    let isObject: Bool
  }

  var out: OutputBuffer
  let configuration: Configuration

  init(out: OutputBuffer, configuration: Configuration) {
    self.out = out
    self.configuration = configuration
  }

  /// Writes `root` and everything in it.
  mutating func write(_ root: JSON) throws(JSONWritingError) {
    let indent = configuration.indent
    let maximumDepth = configuration.maximumDepth
    var stack: [Frame] = []
    var value = root
    nextValue: while true {
      switch value {
      case .null: writeASCII("null")
      case .bool(let b): if b { writeASCII("true") } else { writeASCII("false") }
      case .number(let number):
        guard writeNumber(number) else { throw numberError(number, path: path(stack)) }
      case .string(let string): writeString(string)
      case .array(let elements):
        // Empty containers count as a level too, as in the parser.
        guard stack.count < maximumDepth else { throw depthError(path: path(stack)) }
        if elements.isEmpty {
          writeASCII("[]")
        } else {
          out.writeByte(.openBracket)
          stack.append(Frame(elements: elements, members: [], next: 1, count: elements.count, isObject: false))
          if let indent { writeNewline(indent: indent, depth: stack.count) }
          value = elements[0]
          continue nextValue
        }
      case .object(let object):
        guard stack.count < maximumDepth else { throw depthError(path: path(stack)) }
        if object.isEmpty {
          writeASCII("{}")
        } else {
          let members = orderedMembers(object)
          out.writeByte(.openBrace)
          stack.append(Frame(elements: [], members: members, next: 1, count: members.count, isObject: true))
          if let indent { writeNewline(indent: indent, depth: stack.count) }
          writeKey(members[0].key)
          value = members[0].value
          continue nextValue
        }
      }
      // The value is complete: go to the next sibling, closing every container that has none.
      while let top = stack.indices.last {
        let next = stack[top].next
        if next < stack[top].count {
          stack[top].next = next &+ 1
          out.writeByte(.comma)
          if let indent { writeNewline(indent: indent, depth: stack.count) }
          if stack[top].isObject {
            let member = stack[top].members[next]
            writeKey(member.key)
            value = member.value
          } else {
            value = stack[top].elements[next]
          }
          continue nextValue
        }
        let isObject = stack[top].isObject
        stack.removeLast()
        if let indent { writeNewline(indent: indent, depth: stack.count) }
        out.writeByte(isObject ? .closeBrace : .closeBracket)
      }
      return
    }
  }

  // MARK: Pieces

  @inline(__always)
  private mutating func writeASCII(_ text: StaticString) {
    let n = text.utf8CodeUnitCount
    let p = out.reserve(n)
    p.update(from: text.utf8Start, count: n)
    out.count &+= n
  }

  @inline(__always)
  private mutating func writeNewline(indent: Int, depth: Int) {
    out.writeByte(.newline)
    out.writeRepeated(.space, count: indent &* depth)
  }

  @inline(__always)
  private mutating func writeString(_ string: String) {
    StringEscaping.appendQuoted(
      string, to: &out, escapesSlashes: configuration.escapesSlashes, asciiOnly: configuration.asciiOnly)
  }

  @inline(__always)
  private mutating func writeKey(_ key: String) {
    writeString(key)
    if configuration.indent != nil {
      let p = out.reserve(2)
      p[0] = .colon
      p[1] = .space
      out.count &+= 2
    } else {
      out.writeByte(.colon)
    }
  }

  /// Writes a number; `false` when it cannot be written (non-finite, or out of range in canonical mode).
  @inline(__always)
  private mutating func writeNumber(_ number: JSONNumber) -> Bool {
    if configuration.canonicalNumbers { return writeCanonicalNumber(number) }
    switch number.storage {
    case .int(let v):
      let p = out.reserve(20)
      out.count &+= NumberFormatting.writeInteger(v, to: p)
    case .double(let d):
      guard d.isFinite || configuration.allowsNonFinite else { return false }
      let p = out.reserve(NumberFormatting.maximumInlineLength)
      out.count &+= NumberFormatting.writeDouble(d, to: p)
    case .text(let text):
      var digits = text.value
      digits.withUTF8 { out.writeBytes(UnsafeRawBufferPointer($0)) }
    case .uint, .decimal:
      let p = out.reserve(NumberFormatting.maximumInlineLength)
      out.count &+= NumberFormatting.write(number, to: p)
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
    case .scalars: return object._members.sorted { KeyOrdering.utf8Precedes($0.key, $1.key) }
    case .utf16: return object._members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
    }
  }

  // MARK: Errors

  private func path(_ stack: [Frame]) -> [JSONWritingError.PathComponent] {
    stack.map { frame in
      frame.isObject ? .key(frame.members[frame.next - 1].key) : .index(frame.next - 1)
    }
  }

  private func numberError(_ number: JSONNumber, path: [JSONWritingError.PathComponent]) -> JSONWritingError {
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

/// Key comparisons for sorted output.
enum KeyOrdering {
  /// Whether `a` sorts before `b` by UTF-8 bytes, which is Unicode scalar order.
  @inline(__always)
  static func utf8Precedes(_ a: String, _ b: String) -> Bool {
    let result: Bool?? = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in
        let common = Swift.min(x.count, y.count)
        if common > 0 {
          let order = memcmp(x.baseAddress!, y.baseAddress!, common)
          if order != 0 { return order < 0 }
        }
        return x.count < y.count
      }
    }
    if let known = result ?? nil { return known }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}
