import Foundation

extension JSONDocument {
  /// A position in a ``JSONDocument``: one value, read on demand.
  ///
  /// Reading a scalar decodes only that scalar; subscripts move through the structure without decoding anything
  /// they pass over.
  public struct Value: Sendable {
    let storage: Storage
    let index: Int

    var tape: Tape { storage.tape }

    /// The kind of this value.
    public var kind: JSON.Kind {
      switch tape.kind(index) {
      case .null: .null
      case .false, .true: .bool
      case .number: .number
      case .string: .string
      case .array: .array
      case .object, .end: .object
      }
    }

    /// Whether this value is `null`.
    public var isNull: Bool { tape.kind(index) == .null }

    /// The Boolean, when this value is `true` or `false`.
    public var bool: Bool? {
      switch tape.kind(index) {
      case .true: true
      case .false: false
      default: nil
      }
    }

    /// The string, when this value is a string.
    public var string: String? {
      guard tape.kind(index) == .string else { return nil }
      return StringDecoding.string(
        storage.base, from: tape.offset(index), count: tape.aux(index),
        flags: tape.flags(index))
    }

    /// The number, when this value is a number.
    public var number: JSONNumber? {
      guard tape.kind(index) == .number else { return nil }
      return TreeBuilder(tape: tape, source: storage.bytes, options: .default).number(at: index)
    }

    /// The number as an `Int`, when it is an integer that fits.
    public var int: Int? {
      guard tape.kind(index) == .number else { return nil }
      if tape.flags(index) == 0 {
        // Integer syntax with at most 19 digits: convert straight from the bytes.
        let start = tape.offset(index)
        if let scanned = try? NumberParser.scan(storage.base, from: start, end: start + tape.aux(index)) {
          return scanned.int64Value.flatMap { Int(exactly: $0) }
        }
      }
      return number?.intValue
    }

    /// The number as the nearest `Double`, when this value is a number.
    public var double: Double? {
      guard tape.kind(index) == .number else { return nil }
      let start = tape.offset(index)
      guard let scanned = try? NumberParser.scan(storage.base, from: start, end: start + tape.aux(index)) else {
        return number?.doubleValue
      }
      return NumberParser.double(storage.base, from: start, scanned)
    }

    /// The number of elements of an array or members of an object; `0` for any other value.
    ///
    /// A document keeps every member as written, so a repeated key counts each time (a `JSON` tree keeps one).
    public var count: Int {
      switch tape.kind(index) {
      case .array, .object: tape.containerCount(index)
      default: 0
      }
    }

    /// The member for `key`, when this value is an object that has it (the last one when a key is repeated).
    /// - Parameter key: The member name.
    /// - Complexity: O(*n*) in the number of members; nothing is decoded except keys with escapes.
    public subscript(key: String) -> Value? {
      guard tape.kind(index) == .object else { return nil }
      var key = key
      return key.withUTF8 { wanted in
        var found: Int?
        var j = index + 1
        let end = tape.aux(index)
        while j < end {
          if keyMatches(j, wanted) { found = j + 1 }
          j = tape.next(j + 1)
        }
        return found.map { Value(storage: storage, index: $0) }
      }
    }

    func keyMatches(_ j: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
      if tape.flags(j) & Tape.Flag.hasEscapes != 0 {
        let decoded = StringDecoding.slowpathUnescape(storage.base, from: tape.offset(j), count: tape.aux(j))
        return decoded.utf8.elementsEqual(wanted)
      }
      guard tape.aux(j) == wanted.count else { return false }
      return wanted.isEmpty || memcmp(storage.base + tape.offset(j), wanted.baseAddress!, wanted.count) == 0
    }

    /// The element at `position`, when this value is an array and the position is valid.
    /// - Parameter position: A zero-based index.
    /// - Complexity: O(*position*): elements before it are skipped, not decoded.
    public subscript(position: Int) -> Value? {
      guard tape.kind(index) == .array, position >= 0 else { return nil }
      var j = index + 1
      let end = tape.aux(index)
      var k = 0
      while j < end {
        if k == position { return Value(storage: storage, index: j) }
        k += 1
        j = tape.next(j)
      }
      return nil
    }

    /// The elements of an array in order; empty for any other value.
    public var elements: [Value] {
      guard tape.kind(index) == .array else { return [] }
      var result: [Value] = []
      result.reserveCapacity(count)
      var j = index + 1
      let end = tape.aux(index)
      while j < end {
        result.append(Value(storage: storage, index: j))
        j = tape.next(j)
      }
      return result
    }

    /// The members of an object in document order, repeated keys included; empty for any other value.
    public var members: [(key: String, value: Value)] {
      guard tape.kind(index) == .object else { return [] }
      var result: [(key: String, value: Value)] = []
      result.reserveCapacity(count)
      var j = index + 1
      let end = tape.aux(index)
      while j < end {
        let key = StringDecoding.string(
          storage.base, from: tape.offset(j), count: tape.aux(j),
          flags: tape.flags(j))
        result.append((key, Value(storage: storage, index: j + 1)))
        j = tape.next(j + 1)
      }
      return result
    }

    /// Decodes this value and everything inside it into a ``JSON`` tree.
    /// - Returns: The value.
    /// - Throws: Never for a document parsed with the default options; the signature leaves room for limits.
    public func json() throws(JSONParseError) -> JSON {
      var builder = TreeBuilder(tape: tape, source: storage.bytes, options: .default)
      return try builder.value(at: index)
    }

    /// The byte offset of this value in the document's text.
    public var byteOffset: Int { storage.text.inputOffset(ofNode: index) }
  }
}
