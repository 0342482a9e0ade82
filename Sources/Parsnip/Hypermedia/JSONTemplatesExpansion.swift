/// The work of one ``JSONTemplates/expand(_:options:)-(JSON,_)``, over a tree or a document's tape alike (it reads
/// its input through the node layer; only the resources it writes become trees): the parsed links, an id index per linked collection, the
/// budget and the path of resources being expanded (for the cycle rule).
///
/// Linked resources are expanded recursively, one level per resource: the depth is bounded by
/// ``JSONTemplates/Options/maximumDepth`` and by a ``StackGuard``, each an error at the resource reached. Every value
/// built comes back with the bytes of its compact text (`Sized`), and each function charges the budget with the
/// bytes it added itself, so the budget counts the result's bytes exactly once as it grows.
struct JSONTemplatesExpansion<Node: JSONNode> {
  /// A value of the result and the bytes of its compact text, already charged to the budget.
  typealias Sized = (value: JSON, bytes: Int)

  /// One entry of the top-level `links`.
  struct Link {
    var field: String
    var template: URITemplate
    var target: String
    var pointer: JSONPointer
  }

  private let root: Node
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

  init(_ document: Node, options: JSONTemplates.Options) throws(JSONTemplatesError) {
    guard document.kind == .object else {
      throw JSONTemplatesError(.notAnObject(found: document.kind), at: .root)
    }
    self.root = document
    self.options = options
    budget = HypermediaBudget(limit: options.maximumOutputSize)
    guard let linksValue = document.member("links") else { return }
    guard linksValue.kind == .object else {
      throw JSONTemplatesError(.notAnObject(found: linksValue.kind), at: ["links"])
    }
    try linksValue.forEachMember { (key, value) throws(JSONTemplatesError) in try addLink(key, value) }
  }

  /// Parses the member `key` of the top-level `links`.
  private mutating func addLink(_ key: String, _ value: Node) throws(JSONTemplatesError) {
    let pointer: JSONPointer = ["links", key]
    // Split at the first '.' scalar: a combining mark after it must not hide it in one Character.
    let scalars = key.unicodeScalars
    guard let dot = scalars.firstIndex(of: "."), dot != scalars.startIndex,
      scalars.index(after: dot) != scalars.endIndex
    else { throw JSONTemplatesError(.invalidLinkKey(key), at: pointer) }
    let collection = String(scalars[..<dot])
    let field = String(scalars[scalars.index(after: dot)...])
    let href: String
    var target = field
    var templatePointer = pointer
    switch value.kind {
    case .string:
      href = value.stringValue!
    case .object:
      guard let text = value.member("href")?.stringValue else {
        throw JSONTemplatesError(.invalidLink, at: pointer)
      }
      href = text
      templatePointer = pointer.appending("href")
      if let type = value.member("type") {
        guard let name = type.stringValue else {
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

  /// The expanded document.
  mutating func run() throws(JSONTemplatesError) -> JSON {
    var result = JSONObject()
    try root.forEachMember { (key, value) throws(JSONTemplatesError) in
      guard key != "links" else { return }
      if links[key] != nil {
        result[key] = try expandCollection(key, value).value
      } else if !linked.contains(key) {
        result[key] = try charged(value.json(), at: [key]).value
      }
    }
    try charge(framingLength(of: result), at: .root)
    return .object(result)
  }

  private mutating func expandCollection(_ name: String, _ value: Node) throws(JSONTemplatesError) -> Sized {
    guard value.kind == .array else {
      throw JSONTemplatesError(.notAResource(found: value.kind), at: [name])
    }
    var expanded: [JSON] = []
    expanded.reserveCapacity(value.count)
    var bytes = 0
    try value.forEachElement { (index, element) throws(JSONTemplatesError) in
      let resource = try expandResource(name, index, element, depth: 0)
      expanded.append(resource.value)
      bytes &+= resource.bytes
    }
    let brackets = 2 &+ Swift.max(expanded.count - 1, 0)
    try charge(brackets, at: [name])
    return (.array(expanded), bytes &+ brackets)
  }

  /// A resource of a collection with links, its links resolved; `depth` linked resources contain it.
  private mutating func expandResource(
    _ collection: String, _ index: Int, _ node: Node, depth: Int
  ) throws(JSONTemplatesError) -> Sized {
    let pointer = JSONPointer(tokens: [collection, String(index)])
    // Only the resources written become trees.
    let value = node.json()
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
      let targetNode = root.member(link.target)?.element(index)
    else { return try charged(["href": .string(href)], at: pointer) }
    let expanded = try expandResource(link.target, index, targetNode, depth: depth + 1)
    guard case .object(var target) = expanded.value else {
      throw JSONTemplatesError(.notAResource(found: targetNode.kind), at: [link.target, String(index)])
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
    if let resources = root.member(collection), resources.kind == .array {
      resources.forEachElement { k, resource in
        if let id = Self.idText(resource.member("id")?.json()), built[id] == nil { built[id] = k }
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
