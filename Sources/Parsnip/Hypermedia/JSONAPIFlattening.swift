/// The work of one ``JSONAPI/flatten(_:options:)``: every resource validated and indexed by `(type, id)` first,
/// then the primary data flattened, resolving relationships through the index.
struct JSONAPIFlattening {
  /// `(type, id)`, or `(type, lid)` for a resource that only has a local id.
  struct Key: Hashable {
    var type: String
    var id: String
  }

  private let document: JSONObject
  private let options: JSONAPI.FlattenOptions
  /// Resources of `data` and `included`, with where they are.
  private var index: [Key: (resource: JSONObject, pointer: JSONPointer)] = [:]
  /// Resources on the path being flattened (the cycle rule).
  private var path: Set<Key> = []
  private var budget: HypermediaBudget

  init(_ value: JSON, options: JSONAPI.FlattenOptions) throws(JSONAPIError) {
    guard case .object(let document) = value else { throw JSONAPIError(.notAnObject(found: value.kind), at: .root) }
    self.document = document
    self.options = options
    budget = HypermediaBudget(limit: options.maximumOutputSize)
    guard let data = document["data"] else { throw JSONAPIError(.missingData, at: .root) }
    switch data {
    case .null: break
    case .object: try add(data, at: ["data"], primary: true)
    case .array(let resources):
      for (k, resource) in resources.enumerated() { try add(resource, at: ["data", String(k)], primary: true) }
    default: throw JSONAPIError(.invalidData(found: data.kind), at: ["data"])
    }
    if let included = document["included"] {
      guard case .array(let resources) = included else {
        throw JSONAPIError(.invalidIncluded(found: included.kind), at: ["included"])
      }
      for (k, resource) in resources.enumerated() { try add(resource, at: ["included", String(k)], primary: false) }
    }
  }

  /// Validates a resource object and indexes it.
  private mutating func add(_ value: JSON, at pointer: JSONPointer, primary: Bool) throws(JSONAPIError) {
    guard case .object(let resource) = value else { throw JSONAPIError(.notAnObject(found: value.kind), at: pointer) }
    let key = try Self.key(of: resource, at: pointer)
    for name in ["attributes", "relationships"] {
      if let member = resource[name], member.objectValue == nil {
        throw JSONAPIError(.notAnObject(found: member.kind), at: pointer.appending(name))
      }
    }
    for relationship in resource["relationships"]?.objectValue?.members ?? [] {
      try Self.validate(relationship.value, at: pointer.appending("relationships").appending(relationship.key))
    }
    if let first = index[key] {
      // Primary data may list a resource twice; `included` may not repeat a resource of either.
      if primary, first.pointer.tokens.first == "data" { return }
      throw JSONAPIError(.duplicateResource(type: key.type, id: key.id, first: first.pointer), at: pointer)
    }
    index[key] = (resource, pointer)
  }

  /// A relationship object: `data` (null, an identifier or an array of them), `links` or `meta`.
  private static func validate(_ value: JSON, at pointer: JSONPointer) throws(JSONAPIError) {
    guard case .object(let relationship) = value else {
      throw JSONAPIError(.notAnObject(found: value.kind), at: pointer)
    }
    guard let data = relationship["data"] else {
      if relationship["links"] == nil, relationship["meta"] == nil {
        throw JSONAPIError(.emptyRelationship, at: pointer)
      }
      return
    }
    switch data {
    case .null: return
    case .object(let identifier): _ = try key(of: identifier, at: pointer.appending("data"))
    case .array(let identifiers):
      for (k, identifier) in identifiers.enumerated() {
        let at = pointer.appending("data").appending(index: k)
        guard case .object(let object) = identifier else { throw JSONAPIError(.notAnObject(found: identifier.kind), at: at) }
        _ = try key(of: object, at: at)
      }
    default: throw JSONAPIError(.invalidLinkage(found: data.kind), at: pointer.appending("data"))
    }
  }

  /// The `(type, id)` of a resource or identifier, checking both are strings (`lid` when there is no `id`).
  static func key(of object: JSONObject, at pointer: JSONPointer) throws(JSONAPIError) -> Key {
    guard let type = object["type"] else { throw JSONAPIError(.missingMember("type"), at: pointer) }
    guard case .string(let typeName) = type else {
      throw JSONAPIError(.memberNotAString("type", found: type.kind), at: pointer.appending("type"))
    }
    let idName = object["id"] == nil && object["lid"] != nil ? "lid" : "id"
    guard let id = object[idName] else { throw JSONAPIError(.missingMember("id"), at: pointer) }
    guard case .string(let idText) = id else {
      throw JSONAPIError(.memberNotAString(idName, found: id.kind), at: pointer.appending(idName))
    }
    return Key(type: typeName, id: idText)
  }

  /// The document with `data` flattened and `included` left out.
  mutating func run() throws(JSONAPIError) -> JSON {
    var result = JSONObject()
    for member in document.members where member.key != "included" {
      guard member.key == "data" else {
        result[member.key] = member.value
        continue
      }
      switch member.value {
      case .object(let resource):
        result["data"] = try flatten(resource, at: ["data"], include: options.include, depth: 0)
      case .array(let resources):
        var flattened: [JSON] = []
        flattened.reserveCapacity(resources.count)
        for (k, resource) in resources.enumerated() {
          flattened.append(try flatten(resource.objectValue!, at: ["data", String(k)], include: options.include, depth: 0))
        }
        result["data"] = .array(flattened)
      default:
        result["data"] = .null
      }
    }
    return .object(result)
  }

  /// One resource: `type`, `id`, attributes, resolved relationships, `_meta`, `_links`, `_relationships`.
  private mutating func flatten(
    _ resource: JSONObject, at pointer: JSONPointer, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> JSON {
    let key = try Self.key(of: resource, at: pointer)
    path.insert(key)
    defer { path.remove(key) }
    var out = JSONObject()
    out["type"] = .string(key.type)
    out[resource["id"] == nil ? "lid" : "id"] = .string(key.id)
    for member in resource["attributes"]?.objectValue?.members ?? [] { out[member.key] = member.value }
    var relationshipExtras = JSONObject()
    for member in resource["relationships"]?.objectValue?.members ?? [] {
      guard case .object(let relationship) = member.value else { continue }
      var extras = JSONObject()
      if let links = relationship["links"] { extras["links"] = links }
      if let meta = relationship["meta"] { extras["meta"] = meta }
      if !extras.isEmpty { relationshipExtras[member.key] = .object(extras) }
      guard let data = relationship["data"] else { continue }
      let resolves = include == nil || include?[member.key] != nil
      let below = include?[member.key]
      let at = pointer.appending("relationships").appending(member.key).appending("data")
      switch data {
      case .object(let identifier):
        out[member.key] = try resolve(identifier, at: at, resolves: resolves, include: below, depth: depth) ?? .null
      case .array(let identifiers):
        var related: [JSON] = []
        related.reserveCapacity(identifiers.count)
        for (k, identifier) in identifiers.enumerated() {
          let value = try resolve(
            identifier.objectValue!, at: at.appending(index: k), resolves: resolves, include: below, depth: depth)
          if let value { related.append(value) }
        }
        out[member.key] = .array(related)
      default:
        out[member.key] = .null
      }
    }
    if let meta = resource["meta"] { out["_meta"] = meta }
    if let links = resource["links"] { out["_links"] = links }
    if !relationshipExtras.isEmpty { out["_relationships"] = .object(relationshipExtras) }
    guard budget.charge(members: out.count) else { throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: pointer) }
    return .object(out)
  }

  /// The related resource flattened, its identifier, or `nil` (unresolved, with `.null`).
  private mutating func resolve(
    _ identifier: JSONObject, at pointer: JSONPointer, resolves: Bool, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> JSON? {
    let key = try Self.key(of: identifier, at: pointer)
    guard let target = index[key] else {
      return options.unresolved == .identifier ? Self.identifier(key, identifier) : nil
    }
    guard resolves, depth < options.maximumDepth, !path.contains(key) else { return Self.identifier(key, identifier) }
    return try flatten(target.resource, at: target.pointer, include: include, depth: depth + 1)
  }

  private static func identifier(_ key: Key, _ identifier: JSONObject) -> JSON {
    var out = JSONObject()
    out["type"] = .string(key.type)
    out[identifier["id"] == nil ? "lid" : "id"] = .string(key.id)
    return .object(out)
  }
}
