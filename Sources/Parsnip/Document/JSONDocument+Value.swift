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
    /// The tape's nodes, read through the one cursor.
    var nodes: TapeCursor { storage.nodes }

    /// The kind of this value.
    public var kind: JSON.Kind { nodes.jsonKind(index) }

    /// Whether this value is `null`.
    public var isNull: Bool { nodes.kind(index) == .null }

    /// The Boolean, when this value is `true` or `false` (``JSON/boolValue`` of the tree).
    public var boolValue: Bool? {
      switch nodes.kind(index) {
      case .true: true
      case .false: false
      default: nil
      }
    }

    /// The string, when this value is a string (``JSON/stringValue`` of the tree).
    public var stringValue: String? {
      guard nodes.kind(index) == .string else { return nil }
      return nodes.string(index)
    }

    /// The number, when this value is a number (``JSON/numberValue`` of the tree).
    public var numberValue: JSONNumber? {
      guard nodes.kind(index) == .number else { return nil }
      return nodes.number(index)
    }

    /// The number as an `Int`, when it is an integer that fits (``JSON/intValue`` of the tree).
    public var intValue: Int? {
      if let (magnitude, isNegative) = nodes.smallInteger(index) {
        return NumberParser.exactInteger(Int.self, magnitude: magnitude, isNegative: isNegative)
      }
      return numberValue?.intValue
    }

    /// The number as the nearest `Double`, when this value is a number (``JSON/doubleValue`` of the tree).
    public var doubleValue: Double? {
      guard nodes.kind(index) == .number else { return nil }
      // JSON5's `Infinity` and `NaN` are not number text: the lossless value reads them.
      guard nodes.flags(index) & Tape.Flag.json5 == 0 else { return numberValue?.doubleValue }
      let start = nodes.offset(index)
      let scanned = NumberParser.read(nodes.base, from: start, end: start + nodes.aux(index))
      return NumberParser.double(nodes.base, from: start, scanned)
    }

    /// The number of elements of an array or members of an object; `0` for any other value.
    ///
    /// A document keeps every member as written, so a repeated key counts each time (a `JSON` tree keeps one).
    public var count: Int {
      switch nodes.kind(index) {
      case .array, .object: nodes.count(index)
      default: 0
      }
    }

    /// The member for `key`, when this value is an object that has it (the last one when a key is repeated).
    ///
    /// Unlike the tree's subscript, which gives `null` for a missing member, a cursor gives `nil`: `null` is a
    /// value the document can hold.
    /// - Parameter key: The member name.
    /// - Complexity: O(*n*) in the number of members; nothing is decoded except keys with escapes.
    public subscript(key: String) -> Value? {
      guard nodes.kind(index) == .object else { return nil }
      return nodes.member(key, inObjectAt: index).map { Value(storage: storage, index: $0) }
    }

    /// The element at `position`, when this value is an array and the position is valid (`nil` otherwise, where
    /// the tree's subscript gives `null`).
    /// - Parameter position: A zero-based index.
    /// - Complexity: O(*position*): elements before it are skipped, not decoded.
    public subscript(position: Int) -> Value? {
      guard nodes.kind(index) == .array else { return nil }
      return nodes.element(position, inArrayAt: index).map { Value(storage: storage, index: $0) }
    }

    /// The elements of an array in order, when this value is an array (``JSON/arrayValue`` of the tree).
    public var arrayValue: [Value]? {
      guard nodes.kind(index) == .array else { return nil }
      var result: [Value] = []
      result.reserveCapacity(count)
      var j = index + 1
      let end = nodes.end(index)
      while j < end {
        result.append(Value(storage: storage, index: j))
        j = nodes.next(j)
      }
      return result
    }

    /// The members of an object in document order, repeated keys included, when this value is an object (the
    /// tree's ``JSON/objectValue`` keeps one member per key, so the cursor's list has its own name).
    public var members: [(key: String, value: Value)]? {
      guard nodes.kind(index) == .object else { return nil }
      var result: [(key: String, value: Value)] = []
      result.reserveCapacity(count)
      var j = index + 1
      let end = nodes.end(index)
      while j < end {
        result.append((nodes.string(j), Value(storage: storage, index: j + 1)))
        j = nodes.next(j + 1)
      }
      return result
    }

    /// Decodes this value and everything inside it into a ``JSON`` tree (of repeated keys, the last value at the
    /// first position, as ``JSON/ParsingOptions/DuplicateKeyPolicy/useLast`` builds it).
    /// - Returns: The value.
    public func json() -> JSON {
      // The document's text was checked when it was parsed; the tree builder fails only on a repeated key under
      // `.reject`, and it builds with the default options here.
      var builder = TreeBuilder(tape: tape, source: storage.bytes, options: .default)
      do { return try builder.value(at: index) } catch {
        preconditionFailure("building a document's tree failed: \(error)")
      }
    }

    /// The byte offset of this value in the document's text.
    public var byteOffset: Int { storage.text.inputOffset(ofNode: index) }
  }
}
