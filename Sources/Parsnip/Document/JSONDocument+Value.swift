import Foundation

extension JSONDocument {
  /// A position in a ``JSONDocument``: one value, read on demand.
  ///
  /// Reading a scalar decodes only that scalar; subscripts move through the structure without decoding anything
  /// they pass over.
  public struct Value: Sendable {
    let storage: Storage
    let index: Int

    init(storage: Storage, index: Int) {
      self.storage = storage
      self.index = index
    }

    init(_ node: TapeNode, in storage: Storage) {
      self.init(storage: storage, index: node.index)
    }

    /// This value in the node layer (the storage, which the value holds, keeps it readable).
    var node: TapeNode { TapeNode(storage, index) }

    /// The kind of this value.
    public var kind: JSON.Kind { node.kind }

    /// Whether this value is `null`.
    public var isNull: Bool { node.isNull }

    /// The Boolean, when this value is `true` or `false` (``JSON/boolValue`` of the tree).
    public var boolValue: Bool? { node.boolValue }

    /// The string, when this value is a string (``JSON/stringValue`` of the tree).
    public var stringValue: String? { node.stringValue }

    /// The number, when this value is a number (``JSON/numberValue`` of the tree).
    public var numberValue: JSONNumber? { node.numberValue }

    /// The number as an `Int`, when it is an integer that fits (``JSON/intValue`` of the tree).
    public var intValue: Int? { node.integer(Int.self) }

    /// The number as the nearest `Double`, when this value is a number (``JSON/doubleValue`` of the tree).
    public var doubleValue: Double? { node.doubleValue }

    /// The number of elements of an array or members of an object; `0` for any other value.
    ///
    /// A key repeated in the text counts once, as in the `JSON` tree (see <doc:ParsingAndWriting#Repeated-keys>).
    public var count: Int { node.count }

    /// The member for `key`, when this value is an object that has it (the last one when a key is repeated).
    ///
    /// Unlike the tree's subscript, which gives `null` for a missing member, a cursor gives `nil`: `null` is a
    /// value the document can hold.
    /// - Parameter key: The member name.
    /// - Complexity: O(*n*) in the number of members; nothing is decoded except keys with escapes.
    public subscript(key: String) -> Value? {
      node.member(key).map { Value($0, in: storage) }
    }

    /// The element at `position`, when this value is an array and the position is valid (`nil` otherwise, where
    /// the tree's subscript gives `null`).
    /// - Parameter position: A zero-based index.
    /// - Complexity: O(*position*): elements before it are skipped, not decoded.
    public subscript(position: Int) -> Value? {
      node.element(position).map { Value($0, in: storage) }
    }

    /// The elements of an array in order, when this value is an array (``JSON/arrayValue`` of the tree).
    public var arrayValue: [Value]? {
      guard kind == .array else { return nil }
      var result: [Value] = []
      result.reserveCapacity(count)
      node.forEachElement { _, element in result.append(Value(element, in: storage)) }
      return result
    }

    /// The members of an object, when this value is an object, as the tree's ``JSON/objectValue`` has them: a key
    /// repeated in the text once, at its first position, with its last value.
    public var members: [(key: String, value: Value)]? {
      guard kind == .object else { return nil }
      var result: [(key: String, value: Value)] = []
      result.reserveCapacity(storage.nodes.count(index))
      node.forEachMember { key, value in result.append((key, Value(value, in: storage))) }
      return result
    }

    /// Decodes this value and everything inside it into a ``JSON`` tree (of repeated keys, the last value at the
    /// first position, as ``JSON/ParsingOptions/DuplicateKeyPolicy/useLast`` builds it).
    /// - Returns: The value.
    public func json() -> JSON { node.json() }

    /// The byte offset of this value in the document's text.
    public var byteOffset: Int { storage.text.inputOffset(ofNode: index) }
  }
}
