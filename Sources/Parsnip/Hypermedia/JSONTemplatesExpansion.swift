/// The work of one ``JSONTemplates/expand(_:options:)``: the parsed links, an id index per linked collection, the
/// budget and the path of resources being expanded (for the cycle rule).
struct JSONTemplatesExpansion {
  /// One entry of the top-level `links`.
  struct Link {
    var field: String
    var template: URITemplate
    var target: String
    var pointer: JSONPointer
  }

  private let root: JSONObject
  private let options: JSONTemplates.Options
  /// Links by the collection they expand, in `links` order.
  private var links: [String: [Link]] = [:]
  /// Collections named as link targets, left out of the result unless they have links of their own.
  private var linked: Set<String> = []
  /// Per collection: id text → index of the resource.
  private var indexes: [String: [String: Int]] = [:]
  /// Resources being expanded, as "collection/index".
  private var path: Set<String> = []
  private var budget: HypermediaBudget

  init(_ document: JSON, options: JSONTemplates.Options) throws(JSONTemplatesError) {
    guard case .object(let root) = document else {
      throw JSONTemplatesError(.notAnObject(found: document.kind), at: .root)
    }
    self.root = root
    self.options = options
    budget = HypermediaBudget(limit: options.maximumOutputSize)
    guard let linksValue = root["links"] else { return }
    guard case .object(let object) = linksValue else {
      throw JSONTemplatesError(.notAnObject(found: linksValue.kind), at: ["links"])
    }
    for member in object.members {
      let pointer: JSONPointer = ["links", member.key]
      guard let dot = member.key.firstIndex(of: "."), dot != member.key.startIndex,
        member.key.index(after: dot) != member.key.endIndex
      else { throw JSONTemplatesError(.invalidLinkKey(member.key), at: pointer) }
      let collection = String(member.key[..<dot])
      let field = String(member.key[member.key.index(after: dot)...])
      let href: String
      var target = field
      var templatePointer = pointer
      switch member.value {
      case .string(let text):
        href = text
      case .object(let link):
        guard case .string(let text) = link["href"] ?? .null else {
          throw JSONTemplatesError(.invalidLink, at: pointer)
        }
        href = text
        templatePointer = pointer.appending("href")
        if let type = link["type"] {
          guard case .string(let name) = type else { throw JSONTemplatesError(.invalidLink, at: pointer.appending("type")) }
          target = name
        }
      default:
        throw JSONTemplatesError(.invalidLink, at: pointer)
      }
      let template: URITemplate
      do throws(URITemplateError) {
        template = try URITemplate(href)
      } catch {
        throw JSONTemplatesError(.invalidTemplate(error), at: templatePointer)
      }
      links[collection, default: []].append(Link(field: field, template: template, target: target, pointer: pointer))
      linked.insert(target)
    }
  }

  /// The expanded document.
  mutating func run() throws(JSONTemplatesError) -> JSON {
    var result = JSONObject()
    for member in root.members where member.key != "links" {
      if links[member.key] != nil {
        result[member.key] = try expandCollection(member.key, member.value)
      } else if !linked.contains(member.key) {
        result[member.key] = member.value
      }
    }
    return .object(result)
  }

  private mutating func expandCollection(_ name: String, _ value: JSON) throws(JSONTemplatesError) -> JSON {
    guard case .array(let resources) = value else {
      throw JSONTemplatesError(.notAResource(found: value.kind), at: [name])
    }
    var expanded: [JSON] = []
    expanded.reserveCapacity(resources.count)
    for index in resources.indices { expanded.append(try expandResource(name, index, resources[index])) }
    return .array(expanded)
  }

  /// A resource of a collection with links, its links resolved.
  private mutating func expandResource(
    _ collection: String, _ index: Int, _ value: JSON
  ) throws(JSONTemplatesError) -> JSON {
    let pointer = JSONPointer(tokens: [collection, String(index)])
    guard case .object(var resource) = value else {
      throw JSONTemplatesError(.notAResource(found: value.kind), at: pointer)
    }
    let key = "\(collection)/\(index)"
    guard let collectionLinks = links[collection], !path.contains(key) else {
      return try charged(value, at: pointer)
    }
    path.insert(key)
    defer { path.remove(key) }
    var ownLinks = JSONObject()
    if let linksValue = resource.removeValue(forKey: "links") {
      guard case .object(let object) = linksValue else {
        throw JSONTemplatesError(.notAResource(found: linksValue.kind), at: pointer.appending("links"))
      }
      ownLinks = object
    }
    let fields = resource
    for link in collectionLinks {
      let linkage = ownLinks.removeValue(forKey: link.field)
      resource[link.field] = try resolve(link, linkage, of: fields, collection: collection, at: pointer)
    }
    for member in ownLinks.members { resource[member.key] = member.value }
    return try charged(.object(resource), at: pointer)
  }

  /// The value of a linked field: embedded resources with their `href`, or `{"href": ...}`.
  private mutating func resolve(
    _ link: Link, _ linkage: JSON?, of resource: JSONObject, collection: String, at pointer: JSONPointer
  ) throws(JSONTemplatesError) -> JSON {
    guard let linkage else {
      let href = try expand(link, id: nil, resource, collection: collection, at: pointer)
      return try charged(["href": .string(href)], at: pointer)
    }
    switch linkage {
    case .null:
      return .null
    case .string, .number:
      return try embed(link, id: linkage, resource, collection: collection, at: pointer)
    case .array(let ids):
      var embedded: [JSON] = []
      embedded.reserveCapacity(ids.count)
      for id in ids {
        guard Self.idText(id) != nil else {
          throw JSONTemplatesError(.invalidLinkage, at: pointer.appending("links").appending(link.field))
        }
        embedded.append(try embed(link, id: id, resource, collection: collection, at: pointer))
      }
      return .array(embedded)
    case .bool, .object:
      throw JSONTemplatesError(.invalidLinkage, at: pointer.appending("links").appending(link.field))
    }
  }

  /// One linked resource with its `href`, or an `href`-only object when no resource has the id.
  private mutating func embed(
    _ link: Link, id: JSON, _ resource: JSONObject, collection: String, at pointer: JSONPointer
  ) throws(JSONTemplatesError) -> JSON {
    let href = JSON.string(try expand(link, id: id, resource, collection: collection, at: pointer))
    guard let index = self.index(of: link.target)[Self.idText(id)!],
      case .array(let targets) = root[link.target] ?? .null
    else { return try charged(["href": href], at: pointer) }
    guard case .object(var target) = try expandResource(link.target, index, targets[index]) else {
      throw JSONTemplatesError(.notAResource(found: targets[index].kind), at: [link.target, String(index)])
    }
    target["href"] = href
    return .object(target)
  }

  /// Expands a link's template for a resource; `{collection.field}` is `id` when given.
  private func expand(
    _ link: Link, id: JSON?, _ resource: JSONObject, collection: String, at pointer: JSONPointer
  ) throws(JSONTemplatesError) -> String {
    let prefix = collection + "."
    var out: [UInt8] = []
    do throws(URITemplateError) {
      try link.template.expand(into: &out, maximumLength: options.maximumHrefLength) {
        (name) throws(URITemplateError) -> JSON? in
        guard name.hasPrefix(prefix) else { return nil }
        let field = String(name.dropFirst(prefix.count))
        if field == link.field, let id { return id }
        return resource[field]
      }
    } catch {
      throw JSONTemplatesError(.expansionFailed(template: link.template.text, error), at: pointer)
    }
    // A variable the resource lacks is an error here, not RFC 6570's silent undefined.
    for name in link.template.variableNames {
      let field = name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
      if name.hasPrefix(prefix), (field == link.field && id != nil) || resource[field] != nil { continue }
      throw JSONTemplatesError(.missingField(template: link.template.text, field: field), at: pointer)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Charges a written resource against the budget.
  private mutating func charged(_ value: JSON, at pointer: JSONPointer) throws(JSONTemplatesError) -> JSON {
    guard budget.charge(members: value.count) else {
      throw JSONTemplatesError(.outputTooLarge(limit: budget.limit), at: pointer)
    }
    return value
  }

  /// The id index of a collection, built on first use (the first resource with an id wins).
  private mutating func index(of collection: String) -> [String: Int] {
    if let built = indexes[collection] { return built }
    var built: [String: Int] = [:]
    if case .array(let resources) = root[collection] ?? .null {
      for (k, resource) in resources.enumerated() {
        if let id = Self.idText(resource["id"]), built[id] == nil { built[id] = k }
      }
    }
    indexes[collection] = built
    return built
  }

  /// Ids are strings or numbers; `"9"` and `9` name the same resource.
  static func idText(_ id: JSON?) -> String? {
    switch id {
    case .string(let text): text
    case .number(let number): number.description
    default: nil
    }
  }
}
