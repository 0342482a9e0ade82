/// The work of one ``JSONAPI/build(_:options:)``: each nested resource split into a resource object, the related
/// ones collected once each into `included`.
///
/// Every copy of a resource with more than its identifier is built and merged into the first: members that both
/// copies have must be equal (else ``JSONAPIError/Kind/conflictingResource(type:id:first:)``, naming both), members
/// of one only are kept. Nested resources are built recursively, one level per resource, within a ``StackGuard``.
struct JSONAPIBuilding {
  typealias Key = JSONAPIKey

  /// A resource's object as built so far (all its copies merged), and where its first copy is.
  private struct Entry {
    var object: JSONObject
    var pointer: JSONPointer
  }

  private let options: JSONAPI.BuildOptions
  private var entries: [Key: Entry] = [:]
  /// The related resources, in the order first met; the primary ones are not included.
  private var included: [Key] = []
  private var primary: Set<Key> = []
  /// Checked at every level from 8 on: each level is several large frames.
  private var stack = StackGuard(startDepth: 8, interval: 1)

  init(options: JSONAPI.BuildOptions) { self.options = options }

  mutating func run(_ resources: JSON) throws(JSONAPIError) -> JSON {
    // A flattened document (what `flatten` returns): its `data` is built, its other members kept.
    if case .object(let document) = resources, !Self.isResource(resources), let data = document["data"] {
      var out = JSONObject()
      for member in document.members where member.key != "included" {
        guard member.key == "data" else {
          out[member.key] = member.value
          continue
        }
        let built = try build(data, at: ["data"])
        for part in built.members { out[part.key] = part.value }
      }
      return .object(out)
    }
    return .object(try build(resources, at: .root))
  }

  /// `data` and `included` for nested resources at `pointer`.
  private mutating func build(_ resources: JSON, at pointer: JSONPointer) throws(JSONAPIError) -> JSONObject {
    var keys: [Key] = []
    switch resources {
    case .null: break
    case .object:
      keys = [try Key(of: resources, at: pointer)]
      primary.insert(keys[0])
      try merge(keys[0], try resourceObject(resources.objectValue!, at: pointer, depth: 0), at: pointer)
    case .array(let list):
      for (k, element) in list.enumerated() {
        guard case .object = element else {
          throw JSONAPIError(.notAnObject(found: element.kind), at: pointer.appending(index: k))
        }
        keys.append(try Key(of: element, at: pointer.appending(index: k)))
      }
      primary.formUnion(keys)
      for (k, element) in list.enumerated() {
        let at = pointer.appending(index: k)
        try merge(keys[k], try resourceObject(element.objectValue!, at: at, depth: 0), at: at)
      }
    default:
      throw JSONAPIError(.invalidData(found: resources.kind), at: pointer)
    }
    var document = JSONObject()
    let objects = keys.map { JSON.object(entries[$0]!.object) }
    document["data"] = resources.kind == .array ? .array(objects) : objects.first ?? .null
    let related = included.filter { !primary.contains($0) }
    if !related.isEmpty { document["included"] = .array(related.map { .object(entries[$0]!.object) }) }
    return document
  }

  /// Merges a copy of a resource into what was built for it.
  private mutating func merge(_ key: Key, _ object: JSONObject, at pointer: JSONPointer) throws(JSONAPIError) {
    guard var entry = entries[key] else {
      entries[key] = Entry(object: object, pointer: pointer)
      if !primary.contains(key) { included.append(key) }
      return
    }
    var added = false
    for member in object.members {
      guard let old = entry.object[member.key] else {
        entry.object[member.key] = member.value
        added = true
        continue
      }
      guard case .object(let oldFields) = old, case .object(let newFields) = member.value,
        member.key == "attributes" || member.key == "relationships"
      else {
        guard old == member.value else { throw conflict(key, entry, at: pointer, member.key) }
        continue
      }
      // Attributes and relationships merge by name; a name in both must hold the same value.
      var fields = oldFields
      for field in newFields.members {
        if let value = fields[field.key], value != field.value {
          throw conflict(key, entry, at: pointer, field.key)
        }
        fields[field.key] = field.value
      }
      entry.object[member.key] = .object(fields)
    }
    // A name may be an attribute in one copy and a relationship in the other.
    if case .object(let attributes) = entry.object["attributes"] ?? .null,
      case .object(let relationships) = entry.object["relationships"] ?? .null,
      let name = attributes.keys.first(where: { relationships[$0] != nil })
    {
      throw conflict(key, entry, at: pointer, name)
    }
    if added {
      // Members a later copy added go where a resource object has them.
      var ordered = JSONObject()
      for name in ["type", "id", "lid", "attributes", "relationships", "links", "meta"] {
        if let value = entry.object[name] { ordered[name] = value }
      }
      entry.object = ordered
    }
    entries[key] = entry
  }

  /// The error for a second copy of a resource whose member `name` (a nested resource's field, or `links` and
  /// `meta` as `_links` and `_meta`) differs from the first's.
  private func conflict(_ key: Key, _ first: Entry, at pointer: JSONPointer, _ name: String) -> JSONAPIError {
    let field = ["links": "_links", "meta": "_meta"][name] ?? name
    return JSONAPIError(
      .conflictingResource(type: key.type, id: key.id, first: first.pointer.appending(field)),
      at: pointer.appending(field))
  }

  /// Members that are not fields of the resource.
  private static let reserved: Set<String> = ["type", "id", "lid", "_meta", "_links", "_relationships"]

  /// Whether a value is a nested resource: an object with string `type` and string `id` (or `lid`).
  private static func isResource(_ value: JSON) -> Bool {
    guard case .object(let object) = value, case .string = object["type"] ?? .null else { return false }
    if case .string = object["id"] ?? .null { return true }
    if object["id"] == nil, case .string = object["lid"] ?? .null { return true }
    return false
  }

  /// A resource object: `type`, `id`, `attributes`, `relationships`, `links`, `meta`.
  private mutating func resourceObject(
    _ resource: JSONObject, at pointer: JSONPointer, depth: Int
  ) throws(JSONAPIError) -> JSONObject {
    guard stack.hasRoom(atDepth: depth) else { throw JSONAPIError(.nestingTooDeep(depth: depth), at: pointer) }
    let key = try Key(of: JSON.object(resource), at: pointer)
    var out = JSONObject()
    out["type"] = .string(key.type)
    let idName = resource["id"] == nil ? "lid" : "id"
    out[idName] = .string(key.id)
    var attributes = JSONObject()
    var relationships = JSONObject()
    let extras = resource["_relationships"]?.objectValue ?? JSONObject()
    for member in resource.members where !Self.reserved.contains(member.key) {
      let at = pointer.appending(member.key)
      guard let linkage = try linkage(member.key, member.value, at: at, depth: depth) else {
        attributes[member.key] = member.value
        continue
      }
      var relationship = JSONObject()
      relationship["data"] = linkage
      for extra in extras[member.key]?.objectValue?.members ?? [] { relationship[extra.key] = extra.value }
      relationships[member.key] = .object(relationship)
    }
    // Relationships with links or meta but no data.
    for extra in extras.members where relationships[extra.key] == nil {
      relationships[extra.key] = extra.value
    }
    if !attributes.isEmpty { out["attributes"] = .object(attributes) }
    if !relationships.isEmpty { out["relationships"] = .object(relationships) }
    if let links = resource["_links"] { out["links"] = links }
    if let meta = resource["_meta"] { out["meta"] = meta }
    return out
  }

  /// The relationship `data` for a member, or `nil` when the member is an attribute. Related resources with more
  /// than an identifier's members are added to `included`.
  private mutating func linkage(
    _ name: String, _ value: JSON, at pointer: JSONPointer, depth: Int
  ) throws(JSONAPIError) -> JSON? {
    let named = options.relationships?.contains(name)
    if named == false { return nil }
    switch value {
    case .object(let resource) where Self.isResource(value):
      return try identifier(resource, at: pointer, depth: depth)
    case .array(let elements) where named == true || (!elements.isEmpty && elements.allSatisfy(Self.isResource)):
      var identifiers: [JSON] = []
      for (k, element) in elements.enumerated() {
        guard Self.isResource(element), case .object(let resource) = element else {
          _ = try Key(of: JSON.object(element.objectValue ?? JSONObject()), at: pointer.appending(index: k))
          throw JSONAPIError(.notAnObject(found: element.kind), at: pointer.appending(index: k))
        }
        identifiers.append(try identifier(resource, at: pointer.appending(index: k), depth: depth))
      }
      return .array(identifiers)
    case .null where named == true:
      return .null
    default:
      if named == true {
        _ = try Key(of: JSON.object(value.objectValue ?? JSONObject()), at: pointer)
      }
      return nil
    }
  }

  /// The identifier of a related resource, its members (beyond the identifier's) built and merged.
  private mutating func identifier(
    _ resource: JSONObject, at pointer: JSONPointer, depth: Int
  ) throws(JSONAPIError) -> JSON {
    let key = try Key(of: JSON.object(resource), at: pointer)
    let idName = resource["id"] == nil ? "lid" : "id"
    if resource.count > 2 {
      try merge(key, try resourceObject(resource, at: pointer, depth: depth + 1), at: pointer)
    }
    return ["type": .string(key.type), .init(stringLiteral: idName): .string(key.id)]
  }
}
