/// The output budget shared by the hypermedia expanders, in bytes of the result's compact JSON text (what
/// ``JSON/bytes(options:)`` writes with ``JSON/WritingOptions/compact``): a document whose resources are
/// referenced many times, reference each other or repeat a long value cannot expand without bound. Values copied
/// from the input are measured exactly (escapes included), without writing them.
struct HypermediaBudget {
  /// The most bytes the output may take.
  let limit: Int
  /// The bytes counted so far.
  private(set) var spent = 0

  init(limit: Int) { self.limit = limit }

  /// Counts `bytes` more; `false` once over budget.
  mutating func charge(bytes: Int) -> Bool {
    spent &+= bytes
    return spent <= limit
  }

  /// Whether a result of `bytes` bytes fits.
  func allows(_ bytes: Int) -> Bool { bytes <= limit }

  /// Whether lengths are measured: an unlimited budget (`Int.max`) measures nothing, so it costs nothing.
  var measures: Bool { limit != .max }

  /// ``length(of:)-(String)``, or 0 when nothing is measured.
  func length(of string: String) -> Int { measures ? Self.length(of: string) : 0 }

  /// ``length(of:)-(JSON)``, or 0 when nothing is measured.
  func length(of value: JSON) -> Int { measures ? Self.length(of: value) : 0 }

  /// The bytes of `string` written as a JSON string, quotes and escapes included.
  static func length(of string: String) -> Int {
    var counter = ByteCounter()
    StringEscaping.appendQuoted(string, to: &counter)
    return counter.count
  }

  /// The bytes of `value`'s compact JSON text, walked with a stack of its own.
  static func length(of value: JSON) -> Int {
    var counter = ByteCounter()
    var number: [UInt8] = []
    var pending: [JSON] = [value]
    while let next = pending.popLast() {
      switch next {
      case .null: counter.count &+= 4
      case .bool(let flag): counter.count &+= flag ? 4 : 5
      case .number(let value):
        number.removeAll(keepingCapacity: true)
        NumberFormatting.append(value, to: &number)
        counter.count &+= number.count
      case .string(let text):
        StringEscaping.appendQuoted(text, to: &counter)
      case .array(let elements):
        // Brackets, and a comma between elements.
        counter.count &+= 2 &+ Swift.max(elements.count - 1, 0)
        pending.append(contentsOf: elements)
      case .object(let object):
        // Braces, a comma between members, a colon after each key.
        counter.count &+= 2 &+ Swift.max(object.count - 1, 0) &+ object.count
        for member in object.members {
          StringEscaping.appendQuoted(member.key, to: &counter)
          pending.append(member.value)
        }
      }
    }
    return counter.count
  }
}

/// A ``JSONOutput`` that only counts the bytes written to it: how long a value's text is, without writing it.
struct ByteCounter: JSONOutput {
  var count = 0
  @inline(__always) mutating func writeByte(_ byte: UInt8) { count &+= 1 }
  @inline(__always) mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) { count &+= bytes.count }
}
