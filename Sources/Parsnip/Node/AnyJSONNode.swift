/// A node of either kind, for code that cannot be generic over ``JSONNode``: the decode pipeline's decoders are
/// stored closures, made once and run on text, documents and trees alike. Every member forwards to the node.
@usableFromInline enum AnyJSONNode: JSONNode {
  case tape(TapeNode)
  case tree(JSON)

  @usableFromInline var kind: JSON.Kind {
    switch self {
    case .tape(let node): node.kind
    case .tree(let json): json.kind
    }
  }

  @usableFromInline var isNull: Bool { kind == .null }

  @usableFromInline var stringValue: String? {
    switch self {
    case .tape(let node): node.stringValue
    case .tree(let json): json.stringValue
    }
  }

  @usableFromInline var boolValue: Bool? {
    switch self {
    case .tape(let node): node.boolValue
    case .tree(let json): json.boolValue
    }
  }

  var numberValue: JSONNumber? {
    switch self {
    case .tape(let node): node.numberValue
    case .tree(let json): json.numberValue
    }
  }

  @usableFromInline var doubleValue: Double? {
    switch self {
    case .tape(let node): node.doubleValue
    case .tree(let json): json.doubleValue
    }
  }

  @usableFromInline func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
    switch self {
    case .tape(let node): node.integer(type)
    case .tree(let json): json.integer(type)
    }
  }

  @usableFromInline var count: Int {
    switch self {
    case .tape(let node): node.count
    case .tree(let json): json.count
    }
  }

  func member(_ key: String) -> AnyJSONNode? {
    switch self {
    case .tape(let node): node.member(key).map(AnyJSONNode.tape)
    case .tree(let json): json.member(key).map(AnyJSONNode.tree)
    }
  }

  func element(_ position: Int) -> AnyJSONNode? {
    switch self {
    case .tape(let node): node.element(position).map(AnyJSONNode.tape)
    case .tree(let json): json.element(position).map(AnyJSONNode.tree)
    }
  }

  @usableFromInline func forEachElement<E: Error>(_ body: (Int, AnyJSONNode) throws(E) -> Void) throws(E) {
    switch self {
    case .tape(let node): try node.forEachElement { (k, element) throws(E) in try body(k, .tape(element)) }
    case .tree(let json): try json.forEachElement { (k, element) throws(E) in try body(k, .tree(element)) }
    }
  }

  @usableFromInline func forEachMember<E: Error>(_ body: (String, AnyJSONNode) throws(E) -> Void) throws(E) {
    switch self {
    case .tape(let node): try node.forEachMember { (key, value) throws(E) in try body(key, .tape(value)) }
    case .tree(let json): try json.forEachMember { (key, value) throws(E) in try body(key, .tree(value)) }
    }
  }

  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void) {
    switch self {
    case .tape(let node): node.forEachKey(body)
    case .tree(let json): json.forEachKey(body)
    }
  }

  func field(_ position: Int) -> AnyJSONNode {
    switch self {
    case .tape(let node): .tape(node.field(position))
    case .tree(let json): .tree(json.field(position))
    }
  }

  func json() -> JSON {
    switch self {
    case .tape(let node): node.json()
    case .tree(let json): json
    }
  }

  var treeCost: Int {
    switch self {
    case .tape(let node): node.treeCost
    case .tree: 0
    }
  }

  var byteOffset: Int? {
    switch self {
    case .tape(let node): node.byteOffset
    case .tree: nil
    }
  }
}
