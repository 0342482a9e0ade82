#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONNode {
  // One pass over the members for all the names a flatten reads, keys compared by their bytes (as lookups do).

  /// Where the members of a resource object or identifier that the flatten reads are (none for other kinds).
  var resourceFields: JSONAPIResourceFields { fields() }

  /// Where the members of a relationship object are (none for other kinds).
  var relationshipFields: JSONAPIRelationshipFields { fields() }

  @inline(__always)
  private func fields<Fields: JSONAPIFieldSet>() -> Fields {
    var fields = Fields()
    forEachKey { key, count, position in fields.note(key, count: count, at: position) }
    return fields
  }
}

/// The members of one kind of JSON:API object that a flatten reads, noted in one pass over its keys.
protocol JSONAPIFieldSet {
  init()
  /// Notes member `key` (UTF-8, `count` bytes) at `position` if it is one of these.
  mutating func note(_ key: UnsafePointer<UInt8>, count: Int, at position: Int)
}

/// Where the members of a resource object or an identifier that a flatten reads are, found in one pass (the last
/// of a repeated key, as ``JSONNode/member(_:)``): positions for ``JSONNode/field(_:)``, plain integers, so
/// that keeping and copying them costs nothing.
struct JSONAPIResourceFields: JSONAPIFieldSet {
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
struct JSONAPIRelationshipFields: JSONAPIFieldSet {
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

extension JSONNode {
  var isObject: Bool { kind == .object }
}
