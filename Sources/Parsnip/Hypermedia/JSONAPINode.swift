#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a JSON:API flatten reads: a ``JSON`` tree, or a ``JSONDocument``'s tape (`JSONAPITapeNode`: text read
/// through the tape, so no input tree is built). One flattener serves both.
protocol JSONAPINode {
  var kind: JSON.Kind { get }
  /// The member `key` of an object (the last when a key repeats); `nil` when absent or not an object.
  func member(_ key: String) -> Self?
  /// Each member of an object in order, as the tree keeps them (a repeated key once, at its first position, with
  /// its last value); nothing for other kinds.
  func forEachMember<E: Error>(_ body: (String, Self) throws(E) -> Void) throws(E)
  /// Each element of an array in order (nothing for other kinds).
  func forEachElement<E: Error>(_ body: (Int, Self) throws(E) -> Void) throws(E)
  /// The string, when this is a string.
  var stringValue: String? { get }
  /// The number of elements or members of a container (a repeated key counted each time); 0 for other kinds.
  var count: Int { get }
  /// This value and everything in it as a tree, for the output.
  var tree: JSON { get }
  /// Each member's key as UTF-8 bytes, the key's length in bytes and the member's position for ``field(_:)``, in
  /// order (nothing for other kinds).
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void)
  /// The value at a position found by ``resourceFields`` or ``relationshipFields``.
  func field(_ position: Int) -> Self
}

extension JSONAPINode {
  // One pass over the members for all the names a flatten reads, keys compared by their bytes (as lookups do).

  /// Where the members of a resource object or identifier that the flatten reads are (none for other kinds).
  var resourceFields: JSONAPIResourceFields {
    var fields = JSONAPIResourceFields()
    forEachKey { key, count, position in fields.note(key, count: count, at: position) }
    return fields
  }

  /// Where the members of a relationship object are (none for other kinds).
  var relationshipFields: JSONAPIRelationshipFields {
    var fields = JSONAPIRelationshipFields()
    forEachKey { key, count, position in fields.note(key, count: count, at: position) }
    return fields
  }
}

/// Where the members of a resource object or an identifier that a flatten reads are, found in one pass (the last
/// of a repeated key, as ``JSONAPINode/member(_:)``): positions for ``JSONAPINode/field(_:)``, plain integers, so
/// that keeping and copying them costs nothing.
struct JSONAPIResourceFields {
  var type: Int?
  var id: Int?
  var lid: Int?
  var attributes: Int?
  var relationships: Int?
  var meta: Int?
  var links: Int?

  /// Notes member `key` (UTF-8, `count` bytes) at `position` if it is one of these.
  @inline(__always)
  mutating func note(_ key: UnsafePointer<UInt8>, count: Int, at position: Int) {
    switch count {
    case 2: if JSONAPIFieldName.equal(key, "id") { id = position }
    case 3: if JSONAPIFieldName.equal(key, "lid") { lid = position }
    case 4:
      if JSONAPIFieldName.equal(key, "type") {
        type = position
      } else if JSONAPIFieldName.equal(key, "meta") {
        meta = position
      }
    case 5: if JSONAPIFieldName.equal(key, "links") { links = position }
    case 10: if JSONAPIFieldName.equal(key, "attributes") { attributes = position }
    case 13: if JSONAPIFieldName.equal(key, "relationships") { relationships = position }
    default: break
    }
  }
}

/// Where the members of a relationship object are.
struct JSONAPIRelationshipFields {
  var data: Int?
  var links: Int?
  var meta: Int?

  @inline(__always)
  mutating func note(_ key: UnsafePointer<UInt8>, count: Int, at position: Int) {
    switch count {
    case 4:
      if JSONAPIFieldName.equal(key, "data") {
        data = position
      } else if JSONAPIFieldName.equal(key, "meta") {
        meta = position
      }
    case 5: if JSONAPIFieldName.equal(key, "links") { links = position }
    default: break
    }
  }
}

enum JSONAPIFieldName {
  /// Whether the key's bytes (the caller checked their count) are `name`'s.
  @inline(__always)
  static func equal(_ key: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
    memcmp(key, name.utf8Start, name.utf8CodeUnitCount) == 0
  }
}

extension JSONAPINode {
  var isObject: Bool { kind == .object }

  /// The value at a position, if there is one.
  @inline(__always)
  func field(_ position: Int?) -> Self? { position.map(field) }
}

extension JSON: JSONAPINode {
  // `member(_:)` is the path engine's (`PathNode`).

  func forEachMember<E: Error>(_ body: (String, JSON) throws(E) -> Void) throws(E) {
    guard case .object(let object) = self else { return }
    for member in object.members { try body(member.key, member.value) }
  }

  func forEachElement<E: Error>(_ body: (Int, JSON) throws(E) -> Void) throws(E) {
    guard case .array(let elements) = self else { return }
    for (k, element) in elements.enumerated() { try body(k, element) }
  }

  var tree: JSON { self }

  func field(_ position: Int) -> JSON {
    guard case .object(let object) = self else { preconditionFailure("fields are members of objects") }
    return object._members[position].value
  }

  /// Each member's key as UTF-8 bytes and its position.
  @inline(__always)
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void) {
    guard case .object(let object) = self else { return }
    object._members.withUnsafeBufferPointer { members in
      for k in members.indices {
        var key = members[k].key
        key.withUTF8 { body($0.baseAddress ?? TapeCursor.emptyBase, $0.count, k) }
      }
    }
  }
}
