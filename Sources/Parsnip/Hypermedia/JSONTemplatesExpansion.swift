/// The work of one ``JSONTemplates/expand(_:options:)``: the parsed links, an id index per linked collection, the
/// budget and the path of resources being expanded (for the cycle rule).
///
/// Linked resources are expanded recursively, one level per resource: the depth is bounded by
/// ``JSONTemplates/Options/maximumDepth`` and by a ``StackGuard``, each an error at the resource reached. Every value
/// built comes back with the bytes of its compact text (`Sized`), and each function charges the budget with the
/// bytes it added itself, so the budget counts the result's bytes exactly once as it grows.
struct JSONTemplatesExpansion {
  /// A value of the result and the bytes of its compact text, already charged to the budget.
  typealias Sized = (value: JSON, bytes: Int)

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
  /// Checked at every level from 8 on: each level is several large frames.
  private var stack = StackGuard(startDepth: 8, interval: 1)

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
      // Split at the first '.' scalar: a combining mark after it must not hide it in one Character.
      let scalars = member.key.unicodeScalars
      guard let dot = scalars.firstIndex(of: "."), dot != scalars.startIndex,
        scalars.index(after: dot) != scalars.endIndex
      else { throw JSONTemplatesError(.invalidLinkKey(member.key), at: pointer) }
      let collection = String(scalars[..<dot])
      let field = String(scalars[scalars.index(after: dot)...])
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
          guard case .string(let name) = type else {
            throw JSONTemplatesError(.invalidLink, at: pointer.appending("type"))
          }
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
        result[member.key] = try expandCollection(member.key, member.value).value
      } else if !linked.contains(member.key) {
        result[member.key] = try charged(member.value, at: [member.key]).value
      }
    }
    try charge(framingLength(of: result), at: .root)
    return .object(result)
  }

  private mutating func expandCollection(_ name: String, _ value: JSON) throws(JSONTemplatesError) -> Sized {
    guard case .array(let resources) = value else {
      throw JSONTemplatesError(.notAResource(found: value.kind), at: [name])
    }
    var expanded: [JSON] = []
    expanded.reserveCapacity(resources.count)
    var bytes = 0
    for index in resources.indices {
      let resource = try expandResource(name, index, resources[index], depth: 0)
      expanded.append(resource.value)
      bytes &+= resource.bytes
    }
    let brackets = 2 &+ Swift.max(resources.count - 1, 0)
    try charge(brackets, at: [name])
    return (.array(expanded), bytes &+ brackets)
  }

  /// A resource of a collection with links, its links resolved; `depth` linked resources contain it.
  private mutating func expandResource(
    _ collection: String, _ index: Int, _ value: JSON, depth: Int
  ) throws(JSONTemplatesError) -> Sized {
    let pointer = JSONPointer(tokens: [collection, String(index)])
    guard case .object(var resource) = value else {
      throw JSONTemplatesError(.notAResource(found: value.kind), at: pointer)
    }
    let key = "\(collection)/\(index)"
    guard let collectionLinks = links[collection], !path.contains(key) else {
      return try charged(value, at: pointer)
    }
    guard depth <= options.maximumDepth, stack.hasRoom(atDepth: depth) else {
      throw JSONTemplatesError(.nestingTooDeep(depth: depth), at: pointer)
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
    // The bytes of the linked fields' values, charged where they were built.
    var linkedBytes: [String: Int] = [:]
    for link in collectionLinks {
      let linkage = ownLinks.removeValue(forKey: link.field)
      let linked = try resolve(link, linkage, of: fields, collection: collection, at: pointer, depth: depth)
      resource[link.field] = linked.value
      linkedBytes[link.field] = linked.bytes
    }
    for member in ownLinks.members {
      resource[member.key] = member.value
      linkedBytes[member.key] = nil
    }
    var bytes = framingLength(of: resource)
    var own = bytes
    for member in resource.members {
      if let linked = linkedBytes[member.key] {
        bytes &+= linked
      } else {
        let length = budget.length(of: member.value)
        bytes &+= length
        own &+= length
      }
    }
    try charge(own, at: pointer)
    return (.object(resource), bytes)
  }

  /// The value of a linked field: embedded resources with their `href`, or `{"href": ...}`.
  private mutating func resolve(
    _ link: Link, _ linkage: JSON?, of resource: JSONObject, collection: String, at pointer: JSONPointer, depth: Int
  ) throws(JSONTemplatesError) -> Sized {
    guard let linkage else {
      let href = try expand(link, id: nil, resource, collection: collection, at: pointer)
      return try charged(["href": .string(href)], at: pointer)
    }
    switch linkage {
    case .null:
      return try charged(.null, at: pointer)
    case .string, .number:
      return try embed(link, id: linkage, resource, collection: collection, at: pointer, depth: depth)
    case .array(let ids):
      var embedded: [JSON] = []
      embedded.reserveCapacity(ids.count)
      var bytes = 0
      for id in ids {
        guard Self.idText(id) != nil else {
          throw JSONTemplatesError(.invalidLinkage, at: pointer.appending("links").appending(link.field))
        }
        let one = try embed(link, id: id, resource, collection: collection, at: pointer, depth: depth)
        embedded.append(one.value)
        bytes &+= one.bytes
      }
      let brackets = 2 &+ Swift.max(ids.count - 1, 0)
      try charge(brackets, at: pointer)
      return (.array(embedded), bytes &+ brackets)
    case .bool, .object:
      throw JSONTemplatesError(.invalidLinkage, at: pointer.appending("links").appending(link.field))
    }
  }

  /// One linked resource with its `href`, or an `href`-only object when no resource has the id.
  private mutating func embed(
    _ link: Link, id: JSON, _ resource: JSONObject, collection: String, at pointer: JSONPointer, depth: Int
  ) throws(JSONTemplatesError) -> Sized {
    let href = try expand(link, id: id, resource, collection: collection, at: pointer)
    guard let index = self.index(of: link.target)[Self.idText(id)!],
      case .array(let targets) = root[link.target] ?? .null
    else { return try charged(["href": .string(href)], at: pointer) }
    let expanded = try expandResource(link.target, index, targets[index], depth: depth + 1)
    guard case .object(var target) = expanded.value else {
      throw JSONTemplatesError(.notAResource(found: targets[index].kind), at: [link.target, String(index)])
    }
    // The `href` member replaces one of that name, or is added with its comma.
    var added = budget.length(of: href)
    if let old = target["href"] {
      added &-= budget.length(of: old)
    } else if budget.measures {
      added &+= HypermediaBudget.length(of: "href") &+ 1 &+ (target.isEmpty ? 0 : 1)
    }
    target["href"] = .string(href)
    try charge(added, at: pointer)
    return (.object(target), expanded.bytes &+ added)
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

  /// A value written as it is, charged to the budget whole.
  private mutating func charged(_ value: JSON, at pointer: JSONPointer) throws(JSONTemplatesError) -> Sized {
    let bytes = budget.length(of: value)
    try charge(bytes, at: pointer)
    return (value, bytes)
  }

  /// Charges `bytes` more to the budget; an error at `pointer` once it is spent.
  private mutating func charge(_ bytes: Int, at pointer: JSONPointer) throws(JSONTemplatesError) {
    guard budget.charge(bytes: bytes) else {
      throw JSONTemplatesError(.outputTooLarge(limit: budget.limit), at: pointer)
    }
  }

  /// The bytes of an object's text other than its members' values: braces, keys, colons and commas.
  private func framingLength(of object: JSONObject) -> Int {
    guard budget.measures else { return 0 }
    var bytes = 2 &+ Swift.max(object.count - 1, 0) &+ object.count
    for member in object.members { bytes &+= budget.length(of: member.key) }
    return bytes
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
