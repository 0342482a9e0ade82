/// A resource's `(type, id)`, or `(type, lid)` for a resource that only has a local id.
struct JSONAPIKey: Hashable {
  var type: String
  var id: String

  /// The key of a resource or identifier, checking both are strings (`lid` when there is no `id`).
  init<Node: JSONAPINode>(of object: Node, at pointer: @autoclosure () -> JSONPointer) throws(JSONAPIError) {
    guard let type = object.member("type") else { throw JSONAPIError(.missingMember("type"), at: pointer()) }
    guard let typeName = type.stringValue else {
      throw JSONAPIError(.memberNotAString("type", found: type.kind), at: pointer().appending("type"))
    }
    let idName: String
    let id: Node
    if let value = object.member("id") {
      (idName, id) = ("id", value)
    } else if let value = object.member("lid") {
      (idName, id) = ("lid", value)
    } else {
      throw JSONAPIError(.missingMember("id"), at: pointer())
    }
    guard let idText = id.stringValue else {
      throw JSONAPIError(.memberNotAString(idName, found: id.kind), at: pointer().appending(idName))
    }
    self.type = typeName
    self.id = idText
  }
}

/// The work of one ``JSONAPI/flatten(_:options:)``, over a tree or a document: every resource validated and
/// indexed by `(type, id)` first, then the primary data flattened, resolving relationships through the index.
///
/// Without an include list, a resource flattened once is reused wherever it is referenced again (values are
/// immutable, so sharing is invisible), unless its flattening cut a cycle or hit the depth limit, which depend on
/// where it was reached. Reused resources are charged to the output budget each time, as if written again.
/// Pointers are built only for errors, and resources are numbered once so the cycle rule and reuse index arrays
/// instead of hashing keys again: on the success path those were most of the cost.
struct JSONAPIFlattening<Node: JSONAPINode> {
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

  private struct Resource {
    var key: JSONAPIKey
    var node: Node
    var origin: Origin
    /// On the path being flattened (the cycle rule).
    var onPath = false
    var flattened: Flattened?
  }

  private let document: Node
  private let options: JSONAPI.FlattenOptions
  /// Resources of `data` and `included`, numbered in document order.
  private var resources: [Resource] = []
  private var numbers: [JSONAPIKey: Int] = [:]
  private var budget: HypermediaBudget
  /// How many relationships were written as identifiers by the cycle or depth rule so far.
  private var cuts = 0

  init(_ value: Node, options: JSONAPI.FlattenOptions) throws(JSONAPIError) {
    guard value.isObject else { throw JSONAPIError(.notAnObject(found: value.kind), at: .root) }
    document = value
    self.options = options
    budget = HypermediaBudget(limit: options.maximumOutputSize)
    guard let data = value.member("data") else { throw JSONAPIError(.missingData, at: .root) }
    switch data.kind {
    case .null: break
    case .object: try add(data, from: Origin(primary: true))
    case .array:
      try data.forEachElement { (k, resource) throws(JSONAPIError) in
        try add(resource, from: Origin(primary: true, position: k))
      }
    default: throw JSONAPIError(.invalidData(found: data.kind), at: ["data"])
    }
    if let included = value.member("included") {
      guard included.kind == .array else {
        throw JSONAPIError(.invalidIncluded(found: included.kind), at: ["included"])
      }
      try included.forEachElement { (k, resource) throws(JSONAPIError) in
        try add(resource, from: Origin(primary: false, position: k))
      }
    }
  }

  /// Validates a resource object and numbers it.
  private mutating func add(_ resource: Node, from origin: Origin) throws(JSONAPIError) {
    guard resource.isObject else { throw JSONAPIError(.notAnObject(found: resource.kind), at: origin.pointer) }
    let key = try JSONAPIKey(of: resource, at: origin.pointer)
    if let attributes = resource.member("attributes"), !attributes.isObject {
      throw JSONAPIError(.notAnObject(found: attributes.kind), at: origin.pointer.appending("attributes"))
    }
    if let relationships = resource.member("relationships") {
      guard relationships.isObject else {
        throw JSONAPIError(.notAnObject(found: relationships.kind), at: origin.pointer.appending("relationships"))
      }
      try relationships.forEachMember { (name, relationship) throws(JSONAPIError) in
        try Self.validate(relationship, at: origin.pointer.appending("relationships").appending(name))
      }
    }
    if let first = numbers[key] {
      // Primary data may list a resource twice; `included` may not repeat a resource of either.
      let firstOrigin = resources[first].origin
      if origin.primary, firstOrigin.primary { return }
      throw JSONAPIError(.duplicateResource(type: key.type, id: key.id, first: firstOrigin.pointer), at: origin.pointer)
    }
    numbers[key] = resources.count
    resources.append(Resource(key: key, node: resource, origin: origin))
  }

  /// A relationship object: `data` (null, an identifier or an array of them), `links` or `meta`.
  private static func validate(_ relationship: Node, at pointer: @autoclosure () -> JSONPointer) throws(JSONAPIError) {
    guard relationship.isObject else { throw JSONAPIError(.notAnObject(found: relationship.kind), at: pointer()) }
    guard let data = relationship.member("data") else {
      if relationship.member("links") == nil, relationship.member("meta") == nil {
        throw JSONAPIError(.emptyRelationship, at: pointer())
      }
      return
    }
    switch data.kind {
    case .null: return
    case .object: _ = try JSONAPIKey(of: data, at: pointer().appending("data"))
    case .array:
      try data.forEachElement { (k, identifier) throws(JSONAPIError) in
        guard identifier.isObject else {
          throw JSONAPIError(.notAnObject(found: identifier.kind), at: pointer().appending("data").appending(index: k))
        }
        _ = try JSONAPIKey(of: identifier, at: pointer().appending("data").appending(index: k))
      }
    default: throw JSONAPIError(.invalidLinkage(found: data.kind), at: pointer().appending("data"))
    }
  }

  /// The document with `data` flattened and `included` left out.
  mutating func run() throws(JSONAPIError) -> JSON {
    var result = JSONObject()
    try document.forEachMember { (name, value) throws(JSONAPIError) in
      switch name {
      case "included": return
      case "data": break
      default:
        result[name] = value.tree
        return
      }
      switch value.kind {
      case .object:
        result["data"] = try flattenPrimary(value, from: Origin(primary: true))
      case .array:
        var flattened: [JSON] = []
        try value.forEachElement { (k, resource) throws(JSONAPIError) in
          flattened.append(try flattenPrimary(resource, from: Origin(primary: true, position: k)))
        }
        result["data"] = .array(flattened)
      default:
        result["data"] = .null
      }
    }
    return .object(result)
  }

  private mutating func flattenPrimary(_ resource: Node, from origin: Origin) throws(JSONAPIError) -> JSON {
    let key = try JSONAPIKey(of: resource, at: origin.pointer)
    return try flatten(numbers[key]!, include: options.include, depth: 0).value
  }

  /// Resource `number` flattened, or the copy flattened before when it may be reused at `depth`.
  private mutating func flatten(
    _ number: Int, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> (value: JSON, height: Int) {
    guard options.include == nil else { return try flattenAgain(number, include: include, depth: depth) }
    // Resolutions inside happen at depths `depth ..< depth + height`; each needs `< maximumDepth`.
    if let done = resources[number].flattened, done.height == 0 || depth + done.height - 1 < options.maximumDepth {
      guard budget.charge(cost: done.cost) else {
        throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: resources[number].origin.pointer)
      }
      return (done.value, done.height)
    }
    let cutsBefore = cuts
    let spentBefore = budget.spent
    let flattened = try flattenAgain(number, include: include, depth: depth)
    if cuts == cutsBefore {
      resources[number].flattened = Flattened(
        value: flattened.value, height: flattened.height, cost: budget.spent - spentBefore)
    }
    return flattened
  }

  /// One resource: `type`, `id`, attributes, resolved relationships, `_meta`, `_links`, `_relationships`; and how
  /// many relationship levels below it were resolved.
  private mutating func flattenAgain(
    _ number: Int, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> (value: JSON, height: Int) {
    let (key, resource, origin) = (resources[number].key, resources[number].node, resources[number].origin)
    resources[number].onPath = true
    defer { resources[number].onPath = false }
    var height = 0
    var out = JSONObject()
    out["type"] = .string(key.type)
    out[resource.member("id") == nil ? "lid" : "id"] = .string(key.id)
    resource.member("attributes")?.forEachMember { name, value in out[name] = value.tree }
    var relationshipExtras = JSONObject()
    try resource.member("relationships")?.forEachMember { (name, relationship) throws(JSONAPIError) in
      var extras = JSONObject()
      if let links = relationship.member("links") { extras["links"] = links.tree }
      if let meta = relationship.member("meta") { extras["meta"] = meta.tree }
      if !extras.isEmpty { relationshipExtras[name] = .object(extras) }
      guard let data = relationship.member("data") else { return }
      let resolves = include == nil || include?[name] != nil
      let below = include?[name]
      func at() -> JSONPointer { origin.pointer.appending("relationships").appending(name).appending("data") }
      switch data.kind {
      case .object:
        let related = try resolve(data, at: at(), resolves: resolves, include: below, depth: depth)
        out[name] = related.value ?? .null
        height = Swift.max(height, related.height)
      case .array:
        var values: [JSON] = []
        try data.forEachElement { (k, identifier) throws(JSONAPIError) in
          let related = try resolve(identifier, at: at().appending(index: k), resolves: resolves, include: below, depth: depth)
          // Under `unresolved: .null`, a to-many relationship keeps only the resources it could resolve.
          if let value = related.value { values.append(value) }
          height = Swift.max(height, related.height)
        }
        out[name] = .array(values)
      default:
        out[name] = .null
      }
    }
    if let meta = resource.member("meta") { out["_meta"] = meta.tree }
    if let links = resource.member("links") { out["_links"] = links.tree }
    if !relationshipExtras.isEmpty { out["_relationships"] = .object(relationshipExtras) }
    guard budget.charge(members: out.count) else {
      throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: origin.pointer)
    }
    return (.object(out), height)
  }

  /// The related resource flattened (with its height plus one), its identifier, or `nil` (unresolved, with `.null`).
  private mutating func resolve(
    _ identifier: Node, at pointer: @autoclosure () -> JSONPointer, resolves: Bool,
    include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> (value: JSON?, height: Int) {
    let key = try JSONAPIKey(of: identifier, at: pointer())
    let isLocal = identifier.member("id") == nil
    guard let number = numbers[key] else {
      // Not `cond ? identifier : nil`: `JSON` is `ExpressibleByNilLiteral`, so that `nil` would be `.null`.
      let unresolved: JSON? = options.unresolved == .identifier ? Self.identifier(key, local: isLocal) : Optional.none
      return (unresolved, 0)
    }
    guard resolves else { return (Self.identifier(key, local: isLocal), 0) }
    guard depth < options.maximumDepth, !resources[number].onPath else {
      cuts += 1
      return (Self.identifier(key, local: isLocal), 0)
    }
    let flattened = try flatten(number, include: include, depth: depth + 1)
    return (flattened.value, flattened.height + 1)
  }

  private static func identifier(_ key: JSONAPIKey, local: Bool) -> JSON {
    var out = JSONObject()
    out["type"] = .string(key.type)
    out[local ? "lid" : "id"] = .string(key.id)
    return .object(out)
  }
}
