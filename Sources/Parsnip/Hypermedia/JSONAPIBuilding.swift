/// The work of one ``JSONAPI/build(_:options:)``: each nested resource split into a resource object, the related
/// ones collected once each into `included`.
struct JSONAPIBuilding {
  typealias Key = JSONAPIKey

  private let options: JSONAPI.BuildOptions
  private var included: [JSON] = []
  /// Resources already written: the primary data and `included`; the first occurrence wins.
  private var written: Set<Key> = []

  init(options: JSONAPI.BuildOptions) { self.options = options }

  mutating func run(_ resources: JSON) throws(JSONAPIError) -> JSON {
    var data = JSON.null
    switch resources {
    case .null: break
    case .object(let resource):
      written.insert(try Key(of: JSON.object(resource), at: .root))
      data = try resourceObject(resource, at: .root)
    case .array(let list):
      var objects: [JSON] = []
      for (k, element) in list.enumerated() {
        guard case .object(let resource) = element else {
          throw JSONAPIError(.notAnObject(found: element.kind), at: [String(k)])
        }
        written.insert(try Key(of: JSON.object(resource), at: [String(k)]))
      }
      for (k, element) in list.enumerated() { objects.append(try resourceObject(element.objectValue!, at: [String(k)])) }
      data = .array(objects)
    default:
      throw JSONAPIError(.invalidData(found: resources.kind), at: .root)
    }
    var document: JSONObject = ["data": data]
    if !included.isEmpty { document["included"] = .array(included) }
    return .object(document)
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
  private mutating func resourceObject(_ resource: JSONObject, at pointer: JSONPointer) throws(JSONAPIError) -> JSON {
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
      guard let linkage = try linkage(member.key, member.value, at: at) else {
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
    return .object(out)
  }

  /// The relationship `data` for a member, or `nil` when the member is an attribute. Related resources with more
  /// than an identifier's members are added to `included`.
  private mutating func linkage(_ name: String, _ value: JSON, at pointer: JSONPointer) throws(JSONAPIError) -> JSON? {
    let named = options.relationships?.contains(name)
    if named == false { return nil }
    switch value {
    case .object(let resource) where Self.isResource(value):
      return try identifier(resource, at: pointer)
    case .array(let elements) where named == true || (!elements.isEmpty && elements.allSatisfy(Self.isResource)):
      var identifiers: [JSON] = []
      for (k, element) in elements.enumerated() {
        guard Self.isResource(element), case .object(let resource) = element else {
          _ = try Key(of: JSON.object(element.objectValue ?? JSONObject()), at: pointer.appending(index: k))
          throw JSONAPIError(.notAnObject(found: element.kind), at: pointer.appending(index: k))
        }
        identifiers.append(try identifier(resource, at: pointer.appending(index: k)))
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

  /// The identifier of a related resource, including the resource the first time it is met.
  private mutating func identifier(_ resource: JSONObject, at pointer: JSONPointer) throws(JSONAPIError) -> JSON {
    let key = try Key(of: JSON.object(resource), at: pointer)
    let idName = resource["id"] == nil ? "lid" : "id"
    if !written.contains(key), resource.count > 2 {
      written.insert(key)
      included.append(try resourceObject(resource, at: pointer))
    }
    return ["type": .string(key.type), .init(stringLiteral: idName): .string(key.id)]
  }
}
