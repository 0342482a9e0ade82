/// The work of one ``JSONAPI/flatten(_:options:)``: every resource validated and indexed by `(type, id)` first,
/// then the primary data flattened, resolving relationships through the index.
///
/// Without an include list, a resource flattened once is reused wherever it is referenced again (values are
/// immutable, so sharing is invisible), unless its flattening cut a cycle or hit the depth limit, which depend on
/// where it was reached. Reused resources are charged to the output budget each time, as if written again.
/// Pointers are built only for errors: on the success path they were most of the allocations.
struct JSONAPIFlattening {
  /// `(type, id)`, or `(type, lid)` for a resource that only has a local id.
  struct Key: Hashable {
    var type: String
    var id: String
  }

  private let document: JSONObject
  private let options: JSONAPI.FlattenOptions
  /// Where a resource object is: `data` (one resource, or element `position` of the array) or `included[position]`.
  struct Origin {
    var primary: Bool
    var position: Int?

    var pointer: JSONPointer {
      let base: JSONPointer = primary ? ["data"] : ["included"]
      return position.map { base.appending(index: $0) } ?? base
    }
  }

  /// A resource flattened without cuts, for reuse: how many relationship levels it resolved, and its budget cost.
  private struct Flattened {
    var value: JSON
    var height: Int
    var cost: Int
  }

  /// Resources of `data` and `included`, with where they are.
  private var index: [Key: (resource: JSONObject, origin: Origin)] = [:]
  /// Resources on the path being flattened (the cycle rule).
  private var path: Set<Key> = []
  private var budget: HypermediaBudget
  /// Resources already flattened, when there is no include list.
  private var reusable: [Key: Flattened] = [:]
  /// How many relationships were written as identifiers by the cycle or depth rule so far.
  private var cuts = 0

  init(_ value: JSON, options: JSONAPI.FlattenOptions) throws(JSONAPIError) {
    guard case .object(let document) = value else { throw JSONAPIError(.notAnObject(found: value.kind), at: .root) }
    self.document = document
    self.options = options
    budget = HypermediaBudget(limit: options.maximumOutputSize)
    guard let data = document["data"] else { throw JSONAPIError(.missingData, at: .root) }
    switch data {
    case .null: break
    case .object: try add(data, from: Origin(primary: true))
    case .array(let resources):
      for (k, resource) in resources.enumerated() { try add(resource, from: Origin(primary: true, position: k)) }
    default: throw JSONAPIError(.invalidData(found: data.kind), at: ["data"])
    }
    if let included = document["included"] {
      guard case .array(let resources) = included else {
        throw JSONAPIError(.invalidIncluded(found: included.kind), at: ["included"])
      }
      for (k, resource) in resources.enumerated() { try add(resource, from: Origin(primary: false, position: k)) }
    }
  }

  /// Validates a resource object and indexes it.
  private mutating func add(_ value: JSON, from origin: Origin) throws(JSONAPIError) {
    guard case .object(let resource) = value else {
      throw JSONAPIError(.notAnObject(found: value.kind), at: origin.pointer)
    }
    let key = try Self.key(of: resource, at: origin.pointer)
    for name in ["attributes", "relationships"] {
      if let member = resource[name], member.objectValue == nil {
        throw JSONAPIError(.notAnObject(found: member.kind), at: origin.pointer.appending(name))
      }
    }
    for relationship in resource["relationships"]?.objectValue?.members ?? [] {
      try Self.validate(relationship.value, at: origin.pointer.appending("relationships").appending(relationship.key))
    }
    if let first = index[key] {
      // Primary data may list a resource twice; `included` may not repeat a resource of either.
      if origin.primary, first.origin.primary { return }
      throw JSONAPIError(.duplicateResource(type: key.type, id: key.id, first: first.origin.pointer), at: origin.pointer)
    }
    index[key] = (resource, origin)
  }

  /// A relationship object: `data` (null, an identifier or an array of them), `links` or `meta`.
  private static func validate(_ value: JSON, at pointer: @autoclosure () -> JSONPointer) throws(JSONAPIError) {
    guard case .object(let relationship) = value else {
      throw JSONAPIError(.notAnObject(found: value.kind), at: pointer())
    }
    guard let data = relationship["data"] else {
      if relationship["links"] == nil, relationship["meta"] == nil {
        throw JSONAPIError(.emptyRelationship, at: pointer())
      }
      return
    }
    switch data {
    case .null: return
    case .object(let identifier): _ = try key(of: identifier, at: pointer().appending("data"))
    case .array(let identifiers):
      for (k, identifier) in identifiers.enumerated() {
        guard case .object(let object) = identifier else {
          throw JSONAPIError(.notAnObject(found: identifier.kind), at: pointer().appending("data").appending(index: k))
        }
        _ = try key(of: object, at: pointer().appending("data").appending(index: k))
      }
    default: throw JSONAPIError(.invalidLinkage(found: data.kind), at: pointer().appending("data"))
    }
  }

  /// The `(type, id)` of a resource or identifier, checking both are strings (`lid` when there is no `id`).
  static func key(of object: JSONObject, at pointer: @autoclosure () -> JSONPointer) throws(JSONAPIError) -> Key {
    guard let type = object["type"] else { throw JSONAPIError(.missingMember("type"), at: pointer()) }
    guard case .string(let typeName) = type else {
      throw JSONAPIError(.memberNotAString("type", found: type.kind), at: pointer().appending("type"))
    }
    let idName: String
    let id: JSON
    if let value = object["id"] {
      (idName, id) = ("id", value)
    } else if let value = object["lid"] {
      (idName, id) = ("lid", value)
    } else {
      throw JSONAPIError(.missingMember("id"), at: pointer())
    }
    guard case .string(let idText) = id else {
      throw JSONAPIError(.memberNotAString(idName, found: id.kind), at: pointer().appending(idName))
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
        result["data"] = try flattenPrimary(resource, from: Origin(primary: true))
      case .array(let resources):
        var flattened: [JSON] = []
        flattened.reserveCapacity(resources.count)
        for (k, resource) in resources.enumerated() {
          flattened.append(try flattenPrimary(resource.objectValue!, from: Origin(primary: true, position: k)))
        }
        result["data"] = .array(flattened)
      default:
        result["data"] = .null
      }
    }
    return .object(result)
  }

  private mutating func flattenPrimary(_ resource: JSONObject, from origin: Origin) throws(JSONAPIError) -> JSON {
    let key = try Self.key(of: resource, at: origin.pointer)
    return try flattenReusing(key, resource, from: origin, include: options.include, depth: 0).value
  }

  /// A resource flattened, or the copy flattened before when it may be reused at `depth`.
  private mutating func flattenReusing(
    _ key: Key, _ resource: JSONObject, from origin: Origin, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> (value: JSON, height: Int) {
    guard options.include == nil else {
      return try flatten(key, resource, from: origin, include: include, depth: depth)
    }
    // Resolutions inside happen at depths `depth ..< depth + height`; each needs `< maximumDepth`.
    if let done = reusable[key], done.height == 0 || depth + done.height - 1 < options.maximumDepth {
      guard budget.charge(cost: done.cost) else {
        throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: origin.pointer)
      }
      return (done.value, done.height)
    }
    let cutsBefore = cuts
    let spentBefore = budget.spent
    let flattened = try flatten(key, resource, from: origin, include: include, depth: depth)
    if cuts == cutsBefore {
      reusable[key] = Flattened(value: flattened.value, height: flattened.height, cost: budget.spent - spentBefore)
    }
    return flattened
  }

  /// One resource: `type`, `id`, attributes, resolved relationships, `_meta`, `_links`, `_relationships`; and how
  /// many relationship levels below it were resolved.
  private mutating func flatten(
    _ key: Key, _ resource: JSONObject, from origin: Origin, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> (value: JSON, height: Int) {
    path.insert(key)
    defer { path.remove(key) }
    var height = 0
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
      func at() -> JSONPointer { origin.pointer.appending("relationships").appending(member.key).appending("data") }
      switch data {
      case .object(let identifier):
        let related = try resolve(identifier, at: at(), resolves: resolves, include: below, depth: depth)
        out[member.key] = related.value ?? .null
        height = Swift.max(height, related.height)
      case .array(let identifiers):
        var values: [JSON] = []
        values.reserveCapacity(identifiers.count)
        for (k, identifier) in identifiers.enumerated() {
          let related = try resolve(
            identifier.objectValue!, at: at().appending(index: k), resolves: resolves, include: below, depth: depth)
          // Under `unresolved: .null`, a to-many relationship keeps only the resources it could resolve.
          if let value = related.value { values.append(value) }
          height = Swift.max(height, related.height)
        }
        out[member.key] = .array(values)
      default:
        out[member.key] = .null
      }
    }
    if let meta = resource["meta"] { out["_meta"] = meta }
    if let links = resource["links"] { out["_links"] = links }
    if !relationshipExtras.isEmpty { out["_relationships"] = .object(relationshipExtras) }
    guard budget.charge(members: out.count) else {
      throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: origin.pointer)
    }
    return (.object(out), height)
  }

  /// The related resource flattened (with its height plus one), its identifier, or `nil` (unresolved, with `.null`).
  private mutating func resolve(
    _ identifier: JSONObject, at pointer: @autoclosure () -> JSONPointer, resolves: Bool,
    include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> (value: JSON?, height: Int) {
    let key = try Self.key(of: identifier, at: pointer())
    guard let target = index[key] else {
      // Not `cond ? identifier : nil`: `JSON` is `ExpressibleByNilLiteral`, so that `nil` would be `.null`.
      let unresolved: JSON? = options.unresolved == .identifier ? Self.identifier(key, identifier) : Optional.none
      return (unresolved, 0)
    }
    guard resolves else { return (Self.identifier(key, identifier), 0) }
    guard depth < options.maximumDepth, !path.contains(key) else {
      cuts += 1
      return (Self.identifier(key, identifier), 0)
    }
    let flattened = try flattenReusing(key, target.resource, from: target.origin, include: include, depth: depth + 1)
    return (flattened.value, flattened.height + 1)
  }

  private static func identifier(_ key: Key, _ identifier: JSONObject) -> JSON {
    var out = JSONObject()
    out["type"] = .string(key.type)
    out[identifier["id"] == nil ? "lid" : "id"] = .string(key.id)
    return .object(out)
  }
}
