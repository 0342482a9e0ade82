#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A compiled schema: every schema object reachable from the root (subschemas, and the targets of references in any
/// document), as nodes that name each other by index. References are resolved when the schema is compiled, so a
/// reference cycle is a cycle of indices; validating reads each node's keywords in order, with no lookups by name.
final class SchemaProgram: Sendable {
  let nodes: [SchemaNode]
  let root: Int
  /// The schema resources (documents and subschemas with `$id`) in the order found: what dynamic scope records.
  let resources: [SchemaResource]
  /// Whether any node reads the dynamic scope (`$dynamicRef`, `$recursiveRef`): when not, validating keeps none.
  let usesDynamicScope: Bool
  /// Whether `format` asserts.
  let assertsFormats: Bool
  /// Whether any node has annotation keywords (for the `basic` output of valid instances).
  let hasAnnotations: Bool

  init(
    nodes: [SchemaNode], root: Int, resources: [SchemaResource], usesDynamicScope: Bool, assertsFormats: Bool,
    hasAnnotations: Bool
  ) {
    self.hasAnnotations = hasAnnotations
    self.nodes = nodes
    self.root = root
    self.resources = resources
    self.usesDynamicScope = usesDynamicScope
    self.assertsFormats = assertsFormats
  }
}

/// A schema resource as `$dynamicRef` and `$recursiveRef` see it: its anchors by name.
struct SchemaResource: Sendable {
  var uri: String
  /// `$dynamicAnchor` names and the nodes they mark (compiled on first use of the resource in dynamic scope).
  var dynamicAnchors: [String: Int] = [:]
  /// The resource's root node when it has `"$recursiveAnchor": true` (2019-09).
  var recursiveAnchor: Int?
}

/// One schema object or boolean schema.
struct SchemaNode: Sendable {
  /// `true` or `false` for a boolean schema (and for `{}`, which is `true`); `nil` for a schema with keywords.
  var constant: Bool?
  var keywords: [SchemaKeyword] = []
  /// Annotation keywords (`title`, `readOnly`, …) with their values, reported by the `basic` output of a valid
  /// instance; validation never reads them.
  var annotations: [(name: String, value: JSON)] = []
  /// The node's absolute location: its base URI, `#`, and the JSON Pointer from the base's resource.
  var location: String
  /// The resource this node belongs to (an index into ``SchemaProgram/resources``).
  var resource: Int
  /// Whether the node has `unevaluatedProperties` or `unevaluatedItems`, and so collects what its other keywords
  /// evaluate.
  var tracksEvaluation: Bool = false
  /// Whether the node starts a resource (a document root or a subschema with `$id`): entering it enters dynamic scope.
  var isResourceRoot: Bool = false
}

/// A keyword compiled: its name (for `keywordLocation`) and what it checks.
struct SchemaKeyword: Sendable {
  var name: String
  var operation: Operation

  enum Operation: Sendable {
    case type(SchemaTypes)
    case enumeration(SchemaEnumeration)
    case constant(JSON)
    case multipleOf(JSONNumber)
    /// The bound, and its nearest `Double`, which decides every instance whose nearest `Double` differs from it.
    case maximum(JSONNumber, Double, exclusive: Bool)
    case minimum(JSONNumber, Double, exclusive: Bool)
    case maxLength(Int)
    case minLength(Int)
    case pattern(SchemaPattern)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    case maxProperties(Int)
    case minProperties(Int)
    case required(SchemaNameTable)
    case dependentRequired([(name: String, required: [String])])
    case properties(SchemaProperties)
    case patternProperties([(pattern: SchemaPattern, node: Int)])
    /// `additionalProperties`, with the names and patterns of its siblings that it leaves alone.
    case additionalProperties(Int, properties: SchemaProperties?, patterns: [SchemaPattern])
    case propertyNames(Int)
    /// `prefixItems` (2020-12) or the array form of `items` (earlier drafts).
    case prefixItems([Int])
    /// `items` from position `from` on (2020-12 after `prefixItems`; the schema form of `items` earlier) or
    /// `additionalItems` after the array form of `items`.
    case items(Int, from: Int)
    /// `contains` with `minContains` and `maxContains` (1 and unbounded by default); `marksItems` in 2020-12, where
    /// the items it matches count as evaluated.
    case contains(Int, minimum: Int, maximum: Int?, marksItems: Bool)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    case dependentSchemas([(name: String, node: Int)])
    case ref(Int)
    /// `$dynamicRef`: its statically resolved node, and the anchor name when that node has a `$dynamicAnchor`
    /// of the same name (else it behaves as `$ref`).
    case dynamicRef(Int, anchor: String?)
    /// `$recursiveRef` (2019-09): its statically resolved node.
    case recursiveRef(Int)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)
    /// `format` as an assertion (compiled only when formats assert).
    case format(String)
  }
}

/// The `type` keyword's set of kinds.
struct SchemaTypes: OptionSet, Sendable {
  let rawValue: UInt8
  static let null = SchemaTypes(rawValue: 1 << 0)
  static let boolean = SchemaTypes(rawValue: 1 << 1)
  static let object = SchemaTypes(rawValue: 1 << 2)
  static let array = SchemaTypes(rawValue: 1 << 3)
  static let number = SchemaTypes(rawValue: 1 << 4)
  static let string = SchemaTypes(rawValue: 1 << 5)
  static let integer = SchemaTypes(rawValue: 1 << 6)

  static func named(_ name: String) -> SchemaTypes? {
    switch name {
    case "null": .null
    case "boolean": .boolean
    case "object": .object
    case "array": .array
    case "number": .number
    case "string": .string
    case "integer": .integer
    default: nil
    }
  }

  var names: [String] {
    let all: [(SchemaTypes, String)] = [
      (.null, "null"), (.boolean, "boolean"), (.object, "object"), (.array, "array"), (.number, "number"),
      (.string, "string"), (.integer, "integer"),
    ]
    return all.filter { contains($0.0) }.map(\.1)
  }
}

/// Names looked up by their UTF-8 bytes, as a tape gives an object's keys (no `String` made per key): an
/// open-addressing table of FNV-1a hashes.
final class SchemaNameTable: Sendable {
  let names: [String]
  private let utf8: [[UInt8]]
  private let slots: [Int32]
  private let mask: Int

  init(_ names: [String]) {
    self.names = names
    var size = 4
    while size < names.count * 2 { size <<= 1 }
    var slots = [Int32](repeating: -1, count: size)
    let utf8 = names.map { Array($0.utf8) }
    self.utf8 = utf8
    for (k, bytes) in utf8.enumerated() {
      var i = bytes.withUnsafeBufferPointer { Self.hash($0.baseAddress, $0.count) } & (size - 1)
      while slots[i] >= 0 {
        if utf8[Int(slots[i])] == bytes { break }  // a repeated name keeps its first position
        i = (i + 1) & (size - 1)
      }
      if slots[i] < 0 { slots[i] = Int32(k) }
    }
    self.slots = slots
    mask = size - 1
  }

  @inline(__always)
  static func hash(_ base: UnsafePointer<UInt8>?, _ count: Int) -> Int {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    guard let base else { return Int(truncatingIfNeeded: h) }
    for i in 0..<count { h = (h ^ UInt64(base[i])) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: h ^ (h >> 29))
  }

  /// The position of the name with these bytes, if it is one.
  @inline(__always)
  func position(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var i = Self.hash(base, count) & mask
    while true {
      let k = Int(slots[i])
      if k < 0 { return nil }
      let candidate = utf8[k]
      if candidate.count == count, candidate.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base, count) == 0 }) {
        return k
      }
      i = (i + 1) & mask
    }
  }

  /// The position of a name given as a string.
  func position(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { $0.count == 0 ? utf8.firstIndex(of: []) : position($0.baseAddress!, $0.count) }
  }
}

/// `properties`: names in schema order and their nodes (a class: keywords are read in place, one reference each).
final class SchemaProperties: Sendable {
  let table: SchemaNameTable
  let nodes: [Int]
  var names: [String] { table.names }

  init(_ members: [(String, Int)]) {
    table = SchemaNameTable(members.map(\.0))
    nodes = members.map(\.1)
  }

  @inline(__always)
  func position(of name: String) -> Int? { table.position(of: name) }
}

/// `enum`: the values, with a hash set for long lists of scalars.
struct SchemaEnumeration: Sendable {
  var values: [JSON]
  var set: Set<JSON>

  init(_ values: [JSON]) {
    self.values = values
    self.set = Set(values)
  }

  func contains(_ value: JSON) -> Bool { set.contains(value) }
}
