import Foundation

/// A value under construction in the tree encoder. Containers are references so that nested containers and
/// super encoders can be filled in any order, as Codable allows.
enum TreeNode {
  case value(JSON)
  case object(TreeObject)
  case array(TreeArray)
  /// A super encoder's value, read when the tree is materialized.
  case deferred(TreeEncoder)
}

final class TreeObject {
  var keys: [String] = []
  var nodes: [TreeNode] = []
  private var index: [String: Int] = [:]

  /// Sets a member; a key set twice keeps its first position and its last value (as Foundation).
  func set(_ key: String, _ node: TreeNode) {
    if keys.count < 8 {
      if let position = keys.firstIndex(of: key) {
        nodes[position] = node
        return
      }
    } else {
      if index.isEmpty { for (position, existing) in keys.enumerated() { index[existing] = position } }
      if let position = index[key] {
        nodes[position] = node
        return
      }
      index[key] = keys.count
    }
    keys.append(key)
    nodes.append(node)
  }

  func node(forKey key: String) -> TreeNode? {
    if keys.count >= 8, !index.isEmpty { return index[key].map { nodes[$0] } }
    return keys.firstIndex(of: key).map { nodes[$0] }
  }
}

final class TreeArray {
  var nodes: [TreeNode] = []
}

/// Shared state of one tree encoding run.
final class TreeEncoderState {
  let options: EncoderOptions
  let userInfo: [CodingUserInfoKey: Any]
  /// Class instances being encoded, for cycle detection.
  var activeObjects: [ObjectIdentifier] = []
  /// An error noticed where Codable cannot throw (container requests); reported when `encode(to:)` returns.
  var deferredError: EncodingError?
  var callDepth = 0
  /// Whether the stack has room for deeper calls, whatever `callDepth`'s limit.
  var stack = StackGuard()

  init(options: EncoderOptions) {
    self.options = options
    var info = options.encoderUserInfo
    if let model = options.model { for (key, value) in model.userInfo where info[key] == nil { info[key] = value } }
    self.userInfo = info
  }

  static func encode<T: Encodable>(_ value: T, options: EncoderOptions) throws -> JSON {
    let state = TreeEncoderState(options: options)
    let root = TreeEncoder(state: state, codingPath: [], depth: 0, context: .root(options: options))
    let node = try root.encodeChild(value, key: nil, isTopLevel: true)
    return try state.materialize(node, depth: 0)
  }

  /// Turns the finished tree into a `JSON` value.
  func materialize(_ node: TreeNode, depth: Int) throws -> JSON {
    switch node {
    case .value(let json): return json
    case .deferred(let encoder): return try materialize(encoder.node ?? .value(.object([:])), depth: depth)
    case .array(let array):
      var elements: [JSON] = []
      elements.reserveCapacity(array.nodes.count)
      for element in array.nodes { elements.append(try materialize(element, depth: depth + 1)) }
      return .array(elements)
    case .object(let object):
      var members: [JSONObject.Member] = []
      members.reserveCapacity(object.keys.count)
      for (key, element) in zip(object.keys, object.nodes) {
        members.append(JSONObject.Member(key: key, value: try materialize(element, depth: depth + 1)))
      }
      return .object(JSONObject(uniqueMembers: members))
    }
  }

  /// The error for nesting that would overflow the thread's stack before reaching `maximumDepth`.
  func stackError(_ path: [any CodingKey]) -> EncodingError {
    options.stackError(path.last?.stringValue ?? "", codingPath: path, levels: path.count)
  }

  func depthError(_ path: [any CodingKey]) -> EncodingError {
    options.depthError(path.last?.stringValue ?? "", codingPath: path)
  }
}

/// How the keys of a tree encoder's keyed containers are written.
enum TreeKeyMode {
  /// By the encoder's key strategy (`ParsnipEncoder`).
  case strategy
  /// Verbatim (dictionary keys).
  case verbatim
  /// By a model type's key overrides, then the model configuration's key style; ignored keys are skipped.
  case model(any JSONModel.Type)
  /// By the model configuration's key style (plain structs inside models).
  case modelStyle
}

/// Per-encoder context: key mode and, inside models, the date format in force.
struct TreeContext {
  var keyMode: TreeKeyMode
  var dateFormat: String?

  static func root(options: EncoderOptions) -> TreeContext {
    if let model = options.model {
      return TreeContext(keyMode: .modelStyle, dateFormat: model.configuration.dateFormat)
    }
    return TreeContext(keyMode: .strategy, dateFormat: nil)
  }
}

/// The tree-building `Encoder`: one per value, holding the value's node once it is encoded.
final class TreeEncoder: Encoder {
  let state: TreeEncoderState
  let codingPath: [any CodingKey]
  /// Containers open around this encoder's value.
  let depth: Int
  var context: TreeContext
  var node: TreeNode?

  init(state: TreeEncoderState, codingPath: [any CodingKey], depth: Int, context: TreeContext) {
    self.state = state
    self.codingPath = codingPath
    self.depth = depth
    self.context = context
  }

  var userInfo: [CodingUserInfoKey: Any] { state.userInfo }
  var options: EncoderOptions { state.options }

  /// Records an error to throw once `encode(to:)` returns (container requests cannot throw).
  func deferError(_ error: EncodingError) {
    if state.deferredError == nil { state.deferredError = error }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self, object: objectNode()))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    TreeValueContainer(encoder: self, array: arrayNode())
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TreeValueContainer(encoder: self, array: nil)
  }

  func objectNode() -> TreeObject {
    switch node {
    case .object(let object): return object
    case nil:
      if depth >= options.maximumDepth { self.deferError(state.depthError(codingPath)) }
      let object = TreeObject()
      node = .object(object)
      return object
    default:
      self.deferError(misuse("a keyed container was requested after this value was encoded as another kind"))
      return TreeObject()
    }
  }

  func arrayNode() -> TreeArray {
    switch node {
    case .array(let array): return array
    case nil:
      if depth >= options.maximumDepth { self.deferError(state.depthError(codingPath)) }
      let array = TreeArray()
      node = .array(array)
      return array
    default:
      self.deferError(misuse("an unkeyed container was requested after this value was encoded as another kind"))
      return TreeArray()
    }
  }

  func misuse(_ message: String) -> EncodingError {
    EncodingError.invalidValue(
      CodingPathRendering.message(codingPath),
      EncodingError.Context(codingPath: codingPath, debugDescription: "Invalid use of Encoder: \(message)."))
  }

  /// Sets this encoder's single value.
  func setSingleValue(_ value: TreeNode) {
    if node != nil {
      self.deferError(misuse("a single value container was asked to encode a second value"))
      return
    }
    node = value
  }

  // MARK: Children

  /// The node for a child value: leaves directly, everything else through its `encode(to:)`.
  func encodeChild<T: Encodable>(_ value: T, key: (any CodingKey)?, isTopLevel: Bool = false) throws -> TreeNode {
    if T.self == String.self { return .value(.string(checkedCast(value, to: String.self))) }
    if T.self == Int.self { return .value(.number(JSONNumber(checkedCast(value, to: Int.self)))) }
    if T.self == Bool.self { return .value(.bool(checkedCast(value, to: Bool.self))) }
    let path = key.map { codingPath + [$0] } ?? codingPath
    if T.self == Double.self { return try doubleNode(checkedCast(value, to: Double.self), path: path) }
    if let leaf = options.specialLeaf(value, dateFormat: context.dateFormat) {
      return try leafNode(leaf, path: path, key: key)
    }
    if let dictionary = value as? any StringKeyedEncodableDictionary {
      let child = makeChild(path: path, keyMode: .verbatim)
      try dictionary.encodeMembers(into: child)
      return child.node ?? .value(.object([:]))
    }
    if let model = state.options.model, let instance = value as? any JSONModel {
      return try model.encode(instance, through: self, path: path)
    }
    let child = makeChild(path: path, keyMode: plainKeyMode)
    try child.encodeThroughConformance(value)
    if child.node == nil && isTopLevel {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values.")
      )
    }
    return child.node ?? .value(.object([:]))
  }

  /// The key mode for a value that is neither a model nor a dictionary.
  var plainKeyMode: TreeKeyMode { options.model == nil ? .strategy : .modelStyle }

  func makeChild(path: [any CodingKey], keyMode: TreeKeyMode) -> TreeEncoder {
    let isContainerChild = path.count > codingPath.count
    return TreeEncoder(
      state: state, codingPath: path, depth: isContainerChild ? depth + 1 : depth,
      context: TreeContext(keyMode: keyMode, dateFormat: context.dateFormat))
  }

  /// Runs `value.encode(to: self)` with cycle and recursion checks, then reports deferred misuse errors.
  func encodeThroughConformance<T: Encodable>(_ value: T) throws {
    state.callDepth += 1
    defer { state.callDepth -= 1 }
    if state.callDepth > options.maximumCallDepth { throw state.depthError(codingPath) }
    if !state.stack.hasRoom(atDepth: state.callDepth) { throw state.stackError(codingPath) }
    if MemoryLayout<T>.size == MemoryLayout<Int>.size, T.self is AnyClass {
      let identity = ObjectIdentifier(value as AnyObject)
      if state.activeObjects.contains(identity) {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "Reference cycle: this \(type(of: value)) instance is already being encoded further "
              + "up the path \(CodingPathRendering.message(codingPath))."))
      }
      state.activeObjects.append(identity)
      defer { state.activeObjects.removeLast() }
      try value.encode(to: self)
    } else {
      try value.encode(to: self)
    }
    if let error = state.deferredError {
      state.deferredError = nil
      throw error
    }
  }

  func doubleNode(_ value: Double, path: @autoclosure () -> [any CodingKey]) throws -> TreeNode {
    if value.isFinite { return .value(.number(JSONNumber(value))) }
    return .value(.string(try options.nonConformingText(value, path: path())))
  }

  func floatNode(_ value: Float, path: @autoclosure () -> [any CodingKey]) throws -> TreeNode {
    guard value.isFinite else { return .value(.string(try options.nonConformingText(Double(value), path: path()))) }
    return .value(.number(JSONNumber(storage: .text(JSONNumberText(OutputCore.floatText(value))))))
  }

  private func leafNode(_ leaf: EncodedLeaf, path: [any CodingKey], key: (any CodingKey)?) throws -> TreeNode {
    switch leaf {
    case .string(let string): return .value(.string(string))
    case .double(let double): return try doubleNode(double, path: path)
    case .float(let float): return try floatNode(float, path: path)
    case .number(let number):
      if case .double(let double) = number.storage { return try doubleNode(double, path: path) }
      return .value(.number(number))
    case .json(let json):
      try checkFinite(json, path: path, depth: 0)
      return .value(json)
    case .custom(let body):
      let child = makeChild(path: path, keyMode: plainKeyMode)
      try child.encodeThroughConformance(CustomLeaf(body: body))
      return child.node ?? .value(.object([:]))
    }
  }

  /// Applies the non-conforming float strategy and the depth limit to a `JSON` value being embedded.
  private func checkFinite(_ json: JSON, path: [any CodingKey], depth: Int) throws {
    switch json {
    case .number(let number):
      if case .double(let double) = number.storage, !double.isFinite {
        _ = try options.nonConformingText(double, path: path)
      }
    case .array(let elements):
      if self.depth + depth >= options.maximumDepth { throw state.depthError(path) }
      for (index, element) in elements.enumerated() where element.isContainerOrNumber {
        try checkFinite(element, path: path + [PathCodingKey(index: index)], depth: depth + 1)
      }
    case .object(let object):
      if self.depth + depth >= options.maximumDepth { throw state.depthError(path) }
      for member in object.members where member.value.isContainerOrNumber {
        try checkFinite(member.value, path: path + [PathCodingKey(stringValue: member.key)], depth: depth + 1)
      }
    default: break
    }
  }

  /// Encodes a `[String: Value]` dictionary's members with verbatim keys.
  func encodeStringKeyedDictionary<Value: Encodable>(_ dictionary: [String: Value]) throws {
    let object = objectNode()
    for (key, value) in dictionary {
      object.set(key, try encodeChild(value, key: PathCodingKey(stringValue: key)))
    }
    if let error = state.deferredError {
      state.deferredError = nil
      throw error
    }
  }

  /// The member name for a key in this encoder's keyed containers, or `nil` when the key is ignored.
  func memberName<Key: CodingKey>(for key: Key) -> String? {
    switch context.keyMode {
    case .strategy: return options.convertedKey(key, path: codingPath)
    case .verbatim: return key.stringValue
    case .model(let type): return options.model?.memberName(for: key.stringValue, in: type)
    case .modelStyle: return options.model?.styledName(key.stringValue) ?? key.stringValue
    }
  }
}

extension JSON {
  fileprivate var isContainerOrNumber: Bool {
    switch self {
    case .array, .object, .number: true
    default: false
    }
  }
}

extension EncoderOptions {
  /// ``specialLeaf(_:)`` with a date format in force (model layer).
  func specialLeaf<T: Encodable>(_ value: T, dateFormat: String?) -> EncodedLeaf? {
    if let dateFormat, T.self == Date.self {
      return .string(ModelDateFormatting.string(from: checkedCast(value, to: Date.self), format: dateFormat))
    }
    return specialLeaf(value)
  }
}
