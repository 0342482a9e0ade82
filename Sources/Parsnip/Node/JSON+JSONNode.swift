extension JSON: JSONNode {
  // `kind`, `stringValue`, `boolValue`, `numberValue`, `doubleValue` and `count` are the tree's public accessors.

  func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? { numberValue?.exactInteger(T.self) }

  func member(_ key: String) -> JSON? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  func element(_ position: Int) -> JSON? {
    guard case .array(let array) = self, position >= 0, position < array.count else { return nil }
    return array[position]
  }

  func forEachElement<E: Error>(_ body: (Int, JSON) throws(E) -> Void) throws(E) {
    guard case .array(let elements) = self else { return }
    for (k, element) in elements.enumerated() { try body(k, element) }
  }

  func forEachMember<E: Error>(_ body: (String, JSON) throws(E) -> Void) throws(E) {
    guard case .object(let object) = self else { return }
    for member in object.members { try body(member.key, member.value) }
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

  func field(_ position: Int) -> JSON {
    guard case .object(let object) = self else { preconditionFailure("fields are members of objects") }
    return object._members[position].value
  }

  func json() -> JSON { self }

  var treeCost: Int { 0 }

  var byteOffset: Int? { nil }
}
