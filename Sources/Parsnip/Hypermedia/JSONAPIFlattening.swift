/// A resource's `(type, id)`, or `(type, lid)` for a resource that only has a local id.
struct JSONAPIKey: Hashable {
  var type: String
  var id: String

  /// The key of a resource or identifier, checking both are strings (`lid` when there is no `id`).
  init<Node: JSONNode>(of object: Node, at pointer: @autoclosure () -> JSONPointer) throws(JSONAPIError) {
    try self.init(object, object.resourceFields, at: pointer())
  }

  /// The key of a resource or identifier whose members were read.
  init<Node: JSONNode>(
    _ object: Node, _ fields: JSONAPIResourceFields, at pointer: @autoclosure () -> JSONPointer
  ) throws(JSONAPIError) {
    let (type, id) = try Self.check(object, fields, at: pointer())
    self.type = type.stringValue!
    self.id = id.stringValue!
  }

  /// Checks that a resource or identifier has a string `type` and a string `id` (or `lid`), and returns them
  /// without decoding them.
  @discardableResult
  static func check<Node: JSONNode>(
    _ object: Node, _ fields: JSONAPIResourceFields, at pointer: @autoclosure () -> JSONPointer
  ) throws(JSONAPIError) -> (type: Node, id: Node) {
    guard let type = object.field(fields.type) else { throw JSONAPIError(.missingMember("type"), at: pointer()) }
    guard type.kind == .string else {
      throw JSONAPIError(.memberNotAString("type", found: type.kind), at: pointer().appending("type"))
    }
    let idName: String
    let id: Node
    if let value = object.field(fields.id) {
      (idName, id) = ("id", value)
    } else if let value = object.field(fields.lid) {
      (idName, id) = ("lid", value)
    } else {
      throw JSONAPIError(.missingMember("id"), at: pointer())
    }
    guard id.kind == .string else {
      throw JSONAPIError(.memberNotAString(idName, found: id.kind), at: pointer().appending(idName))
    }
    return (type, id)
  }
}

/// The work of one ``JSONAPI/flatten(_:options:)``, over a tree or a document, into a tree or JSON text: every
/// resource validated and indexed by `(type, id)` first, then the primary data flattened, resolving relationships
/// through the index. The one implementation of the flatten rules: what it reads is a `JSONNode`, what it writes
/// a `JSONAPIOutput`, both called in output order.
///
/// Without an include list, a resource flattened once is reused wherever it is referenced again (values are
/// immutable, so sharing is invisible; text is copied), unless its flattening cut a cycle or hit the depth limit,
/// which depend on where it was reached. The output budget counts the bytes of the result's compact text as the
/// output reports them, reused resources each time (checked before they are copied); each resource is checked when
/// it is closed. Relationships are resolved recursively, one level per resource, and a ``StackGuard`` ends the
/// flatten with an error before the thread's stack would, whatever ``JSONAPI/FlattenOptions/maximumDepth`` allows. Pointers are built only for errors, and resources are numbered once so the cycle rule and reuse index
/// arrays instead of hashing keys again: on the success path those were most of the cost.
struct JSONAPIFlattening<Node: JSONNode, Output: JSONAPIOutput> where Output.Input == Node {
  /// Where a resource object is: `data` (one resource, or element `position` of the array) or `included[position]`.
  struct Origin {
    var primary: Bool
    var position: Int?

    var pointer: JSONPointer {
      let base: JSONPointer = primary ? ["data"] : ["included"]
      return position.map { base.appending(index: $0) } ?? base
    }
  }

  /// A resource flattened without cuts, for reuse: how many relationship levels it resolved, and its bytes.
  private struct Flattened {
    var value: Output.Written
    var height: Int
    var bytes: Int
  }

  private struct Resource {
    var key: JSONAPIKey
    /// Its members the flatten reads.
    var node: Node
    var fields: JSONAPIResourceFields
    var origin: Origin
    /// Whether a relationship has `links` or `meta` (the resource then has `_relationships`).
    var hasRelationshipExtras: Bool
    /// On the path being flattened (the cycle rule).
    var onPath = false
    var flattened: Flattened?
  }

  private let document: Node
  private let options: JSONAPI.FlattenOptions
  /// Resources of `data` and `included`, numbered in document order.
  private var resources: [Resource] = []
  private var numbers: [JSONAPIKey: Int] = [:]
  private let budget: HypermediaBudget
  /// Checked at every level from 8 on: each level is several large frames.
  private var stack = StackGuard(startDepth: 8, interval: 1)
  /// How many relationships were written as identifiers by the cycle or depth rule so far.
  private var cuts = 0
  /// Where the result goes.
  var output: Output

  init(_ value: Node, options: JSONAPI.FlattenOptions, output: Output) {
    document = value
    self.options = options
    budget = HypermediaBudget(limit: options.maximumOutputSize)
    self.output = output
  }

  /// Validates the document and numbers its resources.
  private mutating func index() throws(JSONAPIError) {
    let value = document
    guard value.isObject else { throw JSONAPIError(.notAnObject(found: value.kind), at: .root) }
    guard let data = value.member("data") else { throw JSONAPIError(.missingData, at: .root) }
    let included = value.member("included")
    let capacity = (data.kind == .array ? data.count : 1) + (included?.kind == .array ? included!.count : 0)
    resources.reserveCapacity(capacity)
    numbers.reserveCapacity(capacity)
    switch data.kind {
    case .null: break
    case .object: try add(data, from: Origin(primary: true))
    case .array:
      try data.forEachElement { (k, resource) throws(JSONAPIError) in
        try add(resource, from: Origin(primary: true, position: k))
      }
    default: throw JSONAPIError(.invalidData(found: data.kind), at: ["data"])
    }
    if let included {
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
    let fields = resource.resourceFields
    let key = try JSONAPIKey(resource, fields, at: origin.pointer)
    if let attributes = resource.field(fields.attributes) {
      guard attributes.isObject else {
        throw JSONAPIError(.notAnObject(found: attributes.kind), at: origin.pointer.appending("attributes"))
      }
      try Self.checkFieldNames(attributes, of: fields, at: origin.pointer.appending("attributes"))
    }
    var hasRelationshipExtras = false
    if let relationships = resource.field(fields.relationships) {
      guard relationships.isObject else {
        throw JSONAPIError(.notAnObject(found: relationships.kind), at: origin.pointer.appending("relationships"))
      }
      try Self.checkFieldNames(relationships, of: fields, at: origin.pointer.appending("relationships"))
      try relationships.forEachMember { (name, relationship) throws(JSONAPIError) in
        if try Self.validate(relationship, at: origin.pointer.appending("relationships").appending(name)) {
          hasRelationshipExtras = true
        }
      }
    }
    // One hash for the usual case, a new key; a repeated one gets its first number back.
    if let first = numbers.updateValue(resources.count, forKey: key) {
      numbers[key] = first
      // Primary data may list a resource twice; `included` may not repeat a resource of either.
      let firstOrigin = resources[first].origin
      if origin.primary, firstOrigin.primary { return }
      throw JSONAPIError(.duplicateResource(type: key.type, id: key.id, first: firstOrigin.pointer), at: origin.pointer)
    }
    resources.append(
      Resource(
        key: key, node: resource, fields: fields, origin: origin, hasRelationshipExtras: hasRelationshipExtras))
  }

  /// JSON:API's fields share one namespace with `type` and `id`: an attribute or relationship may not be named
  /// either, nor `lid` in a resource identified by its `lid`, since the flattened resource would lose its identity.
  private static func checkFieldNames(
    _ members: Node, of resource: JSONAPIResourceFields, at pointer: @autoclosure () -> JSONPointer
  ) throws(JSONAPIError) {
    let names = members.resourceFields
    var reserved: String?
    if names.type != nil {
      reserved = "type"
    } else if names.id != nil {
      reserved = "id"
    } else if names.lid != nil, resource.id == nil {
      reserved = "lid"
    }
    if let reserved { throw JSONAPIError(.reservedFieldName(reserved), at: pointer().appending(reserved)) }
  }

  /// A relationship object: `data` (null, an identifier or an array of them), `links` or `meta`. Returns whether
  /// it has `links` or `meta`.
  private static func validate(
    _ relationship: Node, at pointer: @autoclosure () -> JSONPointer
  ) throws(JSONAPIError) -> Bool {
    guard relationship.isObject else { throw JSONAPIError(.notAnObject(found: relationship.kind), at: pointer()) }
    let fields = relationship.relationshipFields
    let hasExtras = fields.links != nil || fields.meta != nil
    guard let data = relationship.field(fields.data) else {
      if !hasExtras { throw JSONAPIError(.emptyRelationship, at: pointer()) }
      return hasExtras
    }
    switch data.kind {
    case .null: break
    case .object: try JSONAPIKey.check(data, data.resourceFields, at: pointer().appending("data"))
    case .array:
      try data.forEachElement { (k, identifier) throws(JSONAPIError) in
        guard identifier.isObject else {
          throw JSONAPIError(.notAnObject(found: identifier.kind), at: pointer().appending("data").appending(index: k))
        }
        try JSONAPIKey.check(identifier, identifier.resourceFields, at: pointer().appending("data").appending(index: k))
      }
    default: throw JSONAPIError(.invalidLinkage(found: data.kind), at: pointer().appending("data"))
    }
    return hasExtras
  }

  /// Validates the document, then writes it with `data` flattened and `included` left out; nothing is written
  /// for an invalid document.
  mutating func run() throws(JSONAPIError) {
    try index()
    output.openObject()
    try document.forEachMember { (name, value) throws(JSONAPIError) in
      switch name {
      case "included": return
      case "data": break
      default:
        output.key(name)
        output.copy(value)
        return
      }
      output.key("data")
      switch value.kind {
      case .object:
        try flattenPrimary(value, from: Origin(primary: true))
      case .array:
        output.openArray()
        try value.forEachElement { (k, resource) throws(JSONAPIError) in
          try flattenPrimary(resource, from: Origin(primary: true, position: k))
        }
        output.closeArray()
      default:
        output.null()
      }
    }
    _ = output.closeObject()
    guard budget.allows(output.byteCount) else { throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: .root) }
  }

  private mutating func flattenPrimary(_ resource: Node, from origin: Origin) throws(JSONAPIError) {
    let key = try JSONAPIKey(of: resource, at: origin.pointer)
    _ = try flatten(numbers[key]!, include: options.include, depth: 0)
  }

  /// Writes resource `number` flattened, or the copy flattened before when it may be reused at `depth`; returns
  /// how many relationship levels below it were resolved.
  private mutating func flatten(
    _ number: Int, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> Int {
    guard options.include == nil else { return try flattenAgain(number, include: include, depth: depth) }
    // Resolutions inside happen at depths `depth ..< depth + height`; each needs `< maximumDepth`.
    if let done = resources[number].flattened, done.height == 0 || depth + done.height - 1 < options.maximumDepth {
      // Checked before the copy, which may be large.
      guard budget.allows(output.byteCount &+ done.bytes) else {
        throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: resources[number].origin.pointer)
      }
      output.reuse(done.value)
      return done.height
    }
    let cutsBefore = cuts
    let mark = output.mark()
    let bytesBefore = output.byteCount
    let height = try flattenAgain(number, include: include, depth: depth)
    if cuts == cutsBefore {
      resources[number].flattened = Flattened(
        value: output.written(since: mark), height: height, bytes: output.byteCount - bytesBefore)
    }
    return height
  }

  /// Writes one resource: `type`, `id`, attributes, resolved relationships, `_meta`, `_links`, `_relationships`;
  /// returns how many relationship levels below it were resolved.
  private mutating func flattenAgain(
    _ number: Int, include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> Int {
    let (key, resource, fields) = (resources[number].key, resources[number].node, resources[number].fields)
    let origin = resources[number].origin
    resources[number].onPath = true
    defer { resources[number].onPath = false }
    var height = 0
    output.openObject()
    output.key("type")
    output.string(key.type)
    output.key(fields.id == nil ? "lid" : "id")
    output.string(key.id)
    resource.field(fields.attributes)?.forEachMember { name, value in
      output.key(name)
      output.copy(value)
    }
    let relationships = resource.field(fields.relationships)
    try relationships?.forEachMember { (name, relationship) throws(JSONAPIError) in
      guard let data = relationship.member("data") else { return }
      let resolves = include == nil || include?[name] != nil
      let below = include?[name]
      func at() -> JSONPointer { origin.pointer.appending("relationships").appending(name).appending("data") }
      output.key(name)
      switch data.kind {
      case .object:
        let related = try resolve(data, at: at(), resolves: resolves, include: below, depth: depth)
        if related == nil { output.null() }
        height = Swift.max(height, related ?? 0)
      case .array:
        output.openArray()
        try data.forEachElement { (k, identifier) throws(JSONAPIError) in
          // Under `unresolved: .null`, a to-many relationship keeps only the resources it could resolve.
          let related = try resolve(
            identifier, at: at().appending(index: k), resolves: resolves, include: below, depth: depth)
          height = Swift.max(height, related ?? 0)
        }
        output.closeArray()
      default:
        output.null()
      }
    }
    if let meta = resource.field(fields.meta) {
      output.key("_meta")
      output.copy(meta)
    }
    if let links = resource.field(fields.links) {
      output.key("_links")
      output.copy(links)
    }
    if resources[number].hasRelationshipExtras, let relationships {
      output.key("_relationships")
      output.openObject()
      relationships.forEachMember { name, relationship in
        let extras = relationship.relationshipFields
        let (links, meta) = (relationship.field(extras.links), relationship.field(extras.meta))
        guard links != nil || meta != nil else { return }
        output.key(name)
        output.openObject()
        if let links {
          output.key("links")
          output.copy(links)
        }
        if let meta {
          output.key("meta")
          output.copy(meta)
        }
        _ = output.closeObject()
      }
      _ = output.closeObject()
    }
    _ = output.closeObject()
    guard budget.allows(output.byteCount) else {
      throw JSONAPIError(.outputTooLarge(limit: budget.limit), at: origin.pointer)
    }
    return height
  }

  /// Writes the related resource flattened (returning its height plus one) or its identifier (returning 0), or
  /// nothing (returning `nil`: unresolved, with `.null`).
  private mutating func resolve(
    _ identifier: Node, at pointer: @autoclosure () -> JSONPointer, resolves: Bool,
    include: JSONAPIIncludePaths?, depth: Int
  ) throws(JSONAPIError) -> Int? {
    let fields = identifier.resourceFields
    let key = try JSONAPIKey(identifier, fields, at: pointer())
    let isLocal = fields.id == nil
    guard let number = numbers[key] else {
      guard options.unresolved == .identifier else { return nil }
      writeIdentifier(key, local: isLocal)
      return 0
    }
    guard resolves else {
      writeIdentifier(key, local: isLocal)
      return 0
    }
    // An include list is followed as written, through cycles: its paths bound the depth.
    guard depth < options.maximumDepth, options.include != nil || !resources[number].onPath else {
      cuts += 1
      writeIdentifier(key, local: isLocal)
      return 0
    }
    guard stack.hasRoom(atDepth: depth + 1) else {
      throw JSONAPIError(.nestingTooDeep(depth: depth + 1), at: pointer())
    }
    return try flatten(number, include: include, depth: depth + 1) + 1
  }

  private mutating func writeIdentifier(_ key: JSONAPIKey, local: Bool) {
    output.openObject()
    output.key("type")
    output.string(key.type)
    output.key(local ? "lid" : "id")
    output.string(key.id)
    _ = output.closeObject()
  }
}
