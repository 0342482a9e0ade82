/// Compiles a schema and what it references into a ``SchemaProgram``.
///
/// Documents are scanned once for their resources (`$id`), anchors and dialects, by keyword (a `$id` inside `enum`
/// or an unknown keyword is not an identifier). Nodes are compiled from a work list, not by recursion, so a schema
/// nested 10 000 levels deep compiles without a deep stack, and a reference to a node being compiled is just its
/// index.
struct SchemaCompiler {
  /// A place in a loaded document: the document's index and the JSON Pointer tokens from its root.
  struct Location: Hashable {
    var document: Int
    var tokens: [String]

    func appending(_ more: String...) -> Location { Location(document: document, tokens: tokens + more) }
  }

  /// What scanning learned about a schema location.
  struct ScanInfo {
    var base: String
    var dialect: SchemaDialect
    var resource: Int
    /// Tokens from the resource's root to here.
    var resourceTokens: [String]
    var isResourceRoot: Bool
  }

  /// Compile budgets: a schema larger than this is an error (``JSONSchemaError/Kind/tooLarge``).
  static let maximumNodes = 1_000_000
  static let maximumDocuments = 10_000

  let options: JSONSchema.Options
  var documents: [JSON] = []
  /// Absolute URIs (without fragment) of resources, to their root locations.
  var resourceLocations: [String: Location] = [:]
  /// `URI#name` of anchors, to their locations and whether they are dynamic.
  var anchors: [String: (location: Location, dynamic: Bool)] = [:]
  var scanned: [Location: ScanInfo] = [:]
  var resources: [SchemaResource] = []
  /// Per resource, its dynamic anchors' locations (compiled at the end).
  var dynamicAnchorLocations: [[String: Location]] = []
  var recursiveAnchorLocations: [Location?] = []

  var nodes: [SchemaNode] = []
  var nodeIndex: [Location: Int] = [:]
  var nodeLocations: [Location] = []
  var pending: [(Location, Int)] = []
  var usesDynamicScope = false
  var hasAnnotations = false
  var assertsFormats: Bool
  /// The draft of the root schema.
  var rootDraft: JSONSchema.Draft

  init(options: JSONSchema.Options) {
    self.options = options
    self.assertsFormats = options.assertsFormats
    self.rootDraft = options.draft
  }

  /// The root's base URI when it has no absolute `$id`.
  static let defaultBase = ""

  /// Compiles `root` and everything it references.
  mutating func compile(root: JSON) throws(JSONSchemaError) -> SchemaProgram {
    let document = try addDocument(root, uri: Self.defaultBase)
    let location = Location(document: document, tokens: [])
    rootDraft = scanned[location]?.dialect.draft ?? options.draft
    let rootNode = try node(at: location)
    try drain()
    try rejectCyclesWithoutProgress()
    return SchemaProgram(
      nodes: nodes, root: rootNode, resources: resources, usesDynamicScope: usesDynamicScope,
      assertsFormats: assertsFormats, hasAnnotations: hasAnnotations)
  }

  /// Compiles queued nodes until none are left, then the dynamic anchors of every resource entered.
  private mutating func drain() throws(JSONSchemaError) {
    var resolvedResources = 0
    while true {
      while let (location, index) = pending.popLast() {
        nodes[index] = try compileNode(at: location)
      }
      guard usesDynamicScope, resolvedResources < resources.count else { return }
      while resolvedResources < resources.count {
        let r = resolvedResources
        for (name, location) in dynamicAnchorLocations[r] {
          resources[r].dynamicAnchors[name] = try node(at: location)
        }
        if let location = recursiveAnchorLocations[r] { resources[r].recursiveAnchor = try node(at: location) }
        resolvedResources += 1
      }
    }
  }

  /// The node index for a location, queued for compiling when new.
  mutating func node(at location: Location) throws(JSONSchemaError) -> Int {
    if let index = nodeIndex[location] { return index }
    guard nodes.count < Self.maximumNodes else {
      throw error(.tooLarge, "the schema has more than \(Self.maximumNodes) subschemas", at: location)
    }
    let index = nodes.count
    nodes.append(SchemaNode(constant: true, location: "", resource: 0))
    nodeIndex[location] = index
    nodeLocations.append(location)
    pending.append((location, index))
    return index
  }

  // MARK: Documents and references

  /// Loads a document under `uri` and scans it.
  mutating func addDocument(_ json: JSON, uri: String) throws(JSONSchemaError) -> Int {
    guard documents.count < Self.maximumDocuments else {
      throw JSONSchemaError(.tooLarge, "references reach more than \(Self.maximumDocuments) documents")
    }
    let index = documents.count
    documents.append(json)
    let location = Location(document: index, tokens: [])
    let dialect = try dialect(of: json, default: SchemaDialect(options.draft), isRoot: true, at: location)
    try scan(location, base: uri, dialect: dialect, resource: nil)
    if resourceLocations[uri] == nil { resourceLocations[uri] = location }
    return index
  }

  /// The value at a location, if there is one.
  func value(at location: Location) -> JSON? {
    var value = documents[location.document]
    for token in location.tokens {
      switch value {
      case .object(let object):
        guard let next = object[token] else { return nil }
        value = next
      case .array(let array):
        guard case .index(let k) = ArrayIndex.token(token), k < array.count else { return nil }
        value = array[k]
      default: return nil
      }
    }
    return value
  }

  /// Resolves a reference against a base: the location it names and whether it names a `$dynamicAnchor`.
  mutating func resolve(
    _ reference: String, base: String, from origin: Location
  ) throws(JSONSchemaError) -> (location: Location, dynamicAnchor: String?) {
    let absolute = SchemaURI.resolve(reference, against: base)
    let (uri, fragment) = SchemaURI.splitFragment(absolute)
    if resourceLocations[uri] == nil {
      let document: JSON?
      if let builtin = MetaSchemas.document(for: uri) {
        document = builtin
      } else {
        do throws(JSONSchemaError) {
          document = try options.registry.document(for: uri)
        } catch {
          throw self.error(.unresolvableReference, error.message, at: origin)
        }
      }
      guard let document else {
        throw error(
          .unresolvableReference, "cannot resolve '\(reference)': no document is registered for \(uri)", at: origin)
      }
      _ = try addDocument(document, uri: uri)
    }
    guard let resource = resourceLocations[uri] else {
      throw error(.unresolvableReference, "cannot resolve '\(reference)'", at: origin)
    }
    guard let fragment, !fragment.isEmpty else { return (resource, nil) }
    if fragment.hasPrefix("/") {
      let pointer: JSONPointer
      do throws(JSONPointerError) {
        pointer = try JSONPointer(fragment: "#" + fragment)
      } catch {
        throw self.error(.unresolvableReference, "cannot resolve '\(reference)': \(error.description)", at: origin)
      }
      let target = Location(document: resource.document, tokens: resource.tokens + pointer.tokens)
      guard value(at: target) != nil else {
        throw error(.unresolvableReference, "cannot resolve '\(reference)': nothing at \(pointer)", at: origin)
      }
      return (target, nil)
    }
    guard let anchor = anchors[uri + "#" + fragment] else {
      throw error(
        .unresolvableReference, "cannot resolve '\(reference)': no anchor '\(fragment)' in \(uri)", at: origin)
    }
    return (anchor.location, anchor.dynamic ? fragment : nil)
  }

  /// An error at a location: located in the root schema when it is there.
  func error(_ kind: JSONSchemaError.Kind, _ message: String, at location: Location) -> JSONSchemaError {
    let info = scanned[location]
    let absolute = info.map { $0.base + JSONPointer(tokens: $0.resourceTokens).fragment }
    return JSONSchemaError(
      kind, message, at: location.document == 0 ? JSONPointer(tokens: location.tokens) : .root,
      schemaLocation: absolute)
  }

  // MARK: Dialects

  /// The dialect of a schema object: its `$schema` when it may have one here, else `inherited`.
  mutating func dialect(
    of json: JSON, default inherited: SchemaDialect, isRoot: Bool, at location: Location
  ) throws(JSONSchemaError) -> SchemaDialect {
    guard case .object(let object) = json, case .string(let uri)? = object["$schema"] else { return inherited }
    // Embedded resources may change dialect from 2019-09 on; draft 7 reads `$schema` at the root only.
    guard isRoot || (inherited.has2019 && object["$id"] != nil) else { return inherited }
    return try dialect(forMetaSchema: uri, at: location, depth: 0)
  }

  private mutating func dialect(
    forMetaSchema uri: String, at location: Location, depth: Int
  ) throws(JSONSchemaError) -> SchemaDialect {
    if let draft = SchemaDialect.draft(forMetaSchema: uri) { return SchemaDialect(draft) }
    let key = SchemaURI.withoutFragment(uri)
    var meta = MetaSchemas.document(for: key)
    do throws(JSONSchemaError) {
      if meta == nil { meta = try options.registry.document(for: key) }
    } catch {
      throw self.error(.unknownMetaSchema, error.message, at: location.appending("$schema"))
    }
    guard depth < 8, case .object(let object)? = meta else {
      throw error(.unknownMetaSchema, "unknown meta-schema '\(uri)'", at: location.appending("$schema"))
    }
    var dialect = SchemaDialect(.draft2020_12)
    if case .string(let parent)? = object["$schema"], parent != uri {
      dialect = try self.dialect(forMetaSchema: parent, at: location, depth: depth + 1)
    }
    if case .object(let vocabularies)? = object["$vocabulary"] {
      var enabled: SchemaDialect.Vocabularies = []
      for (vocabulary, required) in vocabularies.members.map({ ($0.key, $0.value) }) {
        if let known = SchemaDialect.vocabulary(vocabulary) {
          enabled.formUnion(known)
        } else if required == .bool(true) {
          throw error(
            .unsupportedVocabulary, "the meta-schema '\(uri)' requires the unknown vocabulary '\(vocabulary)'",
            at: location.appending("$schema"))
        }
      }
      if enabled.contains(.formatAssertion) { assertsFormats = true }
      dialect.vocabularies = enabled
    }
    return dialect
  }
}
