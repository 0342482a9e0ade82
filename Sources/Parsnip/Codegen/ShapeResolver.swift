/// Turns merged ``InferredShape``s into Swift declarations: picks each place's type by the inference rules, makes
/// identical shapes one declaration, and names every declaration deterministically.
struct ShapeResolver {
  private(set) var declarations: [SwiftDeclaration] = []
  /// Structural signature → declaration, so identical shapes share one type.
  private var bySignature: [String: Int] = [:]

  /// Resolves the samples' shape into declarations, the first of which is the root named `rootName`.
  static func declarations(for shape: InferredShape, rootName: String) -> [SwiftDeclaration] {
    var resolver = ShapeResolver()
    let root = resolver.type(of: shape, suggestion: rootName, parent: "", depth: 0)
    let rootIndex: Int
    if case .declared(let index) = root, case .structure = resolver.declarations[index].kind {
      rootIndex = index
    } else if case .declared(let index) = root, case .union = resolver.declarations[index].kind {
      rootIndex = index
    } else {
      rootIndex = resolver.declare(.alias(root), candidates: [rootName], depth: 0, signature: nil)
    }
    resolver.assignNames(root: rootIndex, rootName: rootName)
    // The root first, then in naming order.
    var ordered = resolver.declarations.indices.sorted {
      (resolver.declarations[$0].depth, $0) < (resolver.declarations[$1].depth, $1)
    }
    ordered.removeAll { $0 == rootIndex }
    ordered.insert(rootIndex, at: 0)
    return resolver.renumbered(ordered)
  }

  // MARK: Types

  /// The type of the values seen at one place, without the `Optional` that nulls or missing members add.
  private mutating func type(
    of shape: InferredShape, suggestion: String, parent: String, depth: Int
  ) -> SwiftTypeReference {
    guard shape.kindCount == 1 else { return .json }
    if shape.bools > 0 { return .bool }
    if shape.integers + shape.bigIntegers + shape.decimals > 0 {
      if shape.decimals > 0 { return .double }
      if shape.bigIntegers > 0 { return shape.bigIntegerDigits <= 38 ? .decimal : .number }
      return .int
    }
    if let strings = shape.strings {
      if strings.allDates { return .date }
      if strings.allURLs { return .url }
      return .string
    }
    if let arrays = shape.arrays {
      guard let element = arrays.element else { return .array(.json) }
      let elementType = type(
        of: element, suggestion: SwiftNaming.elementTypeName(suggestion), parent: parent, depth: depth + 1)
      return .array(element.nulls > 0 && elementType != .json ? .optional(elementType) : elementType)
    }
    return objectType(shape.objects!, suggestion: suggestion, parent: parent, depth: depth)
  }

  private mutating func objectType(
    _ objects: ObjectStatistics, suggestion: String, parent: String, depth: Int
  ) -> SwiftTypeReference {
    if let union = unionType(objects, suggestion: suggestion, parent: parent, depth: depth) { return union }
    let objects = objects.flattened()
    if let values = Self.mapValues(objects) {
      let valueType = type(
        of: values, suggestion: SwiftNaming.elementTypeName(suggestion), parent: parent, depth: depth + 1)
      return .dictionary(values.nulls > 0 && valueType != .json ? .optional(valueType) : valueType)
    }
    return structure(objects, suggestion: suggestion, parent: parent, depth: depth)
  }

  /// The one shape of a map's values, when the objects are used as maps: past the key budget, keys that look like
  /// ids, many keys each in few of the objects, or only ever empty.
  private static func mapValues(_ objects: ObjectStatistics) -> InferredShape? {
    if let values = objects.mapValues { return values }
    let fields = objects.fields
    let sparse = fields.count >= 32 && objects.count >= 2 && fields.allSatisfy { $0.present * 2 < objects.count }
    guard fields.isEmpty || sparse || fields.allSatisfy({ looksLikeID($0.key) }) else { return nil }
    let values = InferredShape()
    for field in fields { values.merge(field.shape) }
    return values
  }

  /// Digits, a UUID or another key that starts with a digit: a key that names an entry, not a property.
  static func looksLikeID(_ key: String) -> Bool {
    guard let first = key.utf8.first else { return false }
    if first.isDigit { return true }
    let hex = key.utf8.allSatisfy { $0.isDigit || $0.hexValue != nil || $0 == UInt8(ascii: "-") }
    return hex && key.utf8.count >= 16 && key.utf8.contains(where: \.isDigit)
  }

  private mutating func structure(
    _ objects: ObjectStatistics, suggestion: String, parent: String, depth: Int
  ) -> SwiftTypeReference {
    var names = SwiftNaming.UniqueNames(reserved: SwiftNaming.reservedMemberNames)
    var properties: [SwiftDeclaration.Property] = []
    for field in objects.fields {
      let name = names.claim(SwiftNaming.propertyName(field.key))
      let shape = field.shape
      let optional = field.present < objects.count || shape.nulls > 0
      var usesFallback = false
      var type: SwiftTypeReference
      if !optional, let enumType = stringEnum(shape, key: field.key, parent: suggestion, depth: depth + 1) {
        type = enumType
        usesFallback = true
      } else {
        type = self.type(of: shape, suggestion: SwiftNaming.typeName(field.key), parent: suggestion, depth: depth + 1)
        if optional { type = .optional(type) }
      }
      properties.append(.init(key: field.key, name: name, type: type, usesFallback: usesFallback))
    }
    let signature =
      "S("
      + properties.sorted { $0.key < $1.key }
      .map { "\(SwiftNaming.stringLiteral($0.key)):\($0.type.signature)\($0.usesFallback ? "!" : "")" }
      .joined(separator: ",") + ")"
    return .declared(
      declare(
        .structure(properties), candidates: candidates(suggestion, parent), depth: depth,
        signature: signature))
  }

  /// A `String`-backed enum for a member that is always a string from a few identifier-like values, seen many
  /// times more often than it has values (`StringStatistics` keeps `distinct` only while every value could name a
  /// case).
  private mutating func stringEnum(
    _ shape: InferredShape, key: String, parent: String, depth: Int
  ) -> SwiftTypeReference? {
    guard shape.kindCount == 1, shape.nulls == 0, let strings = shape.strings, let distinct = strings.distinct,
      !strings.allDates, !strings.allURLs, distinct.count >= 2, strings.count >= 10, distinct.count * 3 <= strings.count
    else { return nil }
    var names = SwiftNaming.UniqueNames(reserved: SwiftNaming.reservedCaseNames)
    let values = distinct.keys.sorted()
    let cases = values.map { SwiftDeclaration.EnumCase(name: names.claim(SwiftNaming.propertyName($0)), rawValue: $0) }
    // The fallback case's raw value is its name: it must not be a value of the samples either.
    var fallback = "unknown"
    while !names.isFree(fallback) || distinct[fallback] != nil { fallback += "Value" }
    let signature = "E(" + values.map(SwiftNaming.stringLiteral).joined(separator: ",") + ")"
    return .declared(
      declare(
        .stringEnum(cases, fallback: fallback),
        candidates: candidates(SwiftNaming.typeName(key), parent), depth: depth, signature: signature))
  }

  /// An enum over the variants when every object carried the same discriminator and the variants' shapes differ.
  private mutating func unionType(
    _ objects: ObjectStatistics, suggestion: String, parent: String, depth: Int
  ) -> SwiftTypeReference? {
    guard let discriminator = objects.discriminator, objects.variants.count >= 2 else { return nil }
    let saved = self
    var variants: [SwiftDeclaration.Variant] = []
    var caseNames = SwiftNaming.UniqueNames(reserved: SwiftNaming.reservedCaseNames)
    var looseSignatures: Set<String> = []
    for value in objects.variants.keys.sorted() {
      let statistics = objects.variants[value]!
      let variantName = SwiftNaming.typeName(value)
      guard
        case .declared(let payload) = objectType(
          statistics, suggestion: variantName, parent: suggestion, depth: depth + 1),
        case .structure(let properties) = declarations[payload].kind
      else {
        self = saved
        return nil
      }
      looseSignatures.insert(
        properties.filter { $0.key != discriminator }.map { "\($0.key):\($0.type.unwrapped.signature)" }.sorted()
          .joined(separator: ","))
      let caseName = caseNames.claim(SwiftNaming.propertyName(value))
      variants.append(.init(value: value, name: caseName, payload: payload))
    }
    guard looseSignatures.count > 1 else {
      self = saved
      return nil
    }
    let signature =
      "U(\(discriminator):"
      + variants.map { "\(SwiftNaming.stringLiteral($0.value))=#\($0.payload)" }
      .joined(separator: ",") + ")"
    return .declared(
      declare(
        .union(discriminator: discriminator, variants), candidates: candidates(suggestion, parent),
        depth: depth, signature: signature))
  }

  // MARK: Declarations and names

  /// The name itself, then with the parent's in front (a reserved one is skipped when naming; see
  /// ``SwiftNaming/UniqueNames``).
  private func candidates(_ suggestion: String, _ parent: String) -> [String] {
    parent.isEmpty ? [suggestion] : [suggestion, parent + suggestion]
  }

  /// The declaration with this signature, or a new one.
  private mutating func declare(
    _ kind: SwiftDeclaration.Kind, candidates: [String], depth: Int, signature: String?
  ) -> Int {
    if let signature, let existing = bySignature[signature] {
      declarations[existing].depth = min(declarations[existing].depth, depth)
      return existing
    }
    declarations.append(
      SwiftDeclaration(kind: kind, nameCandidates: candidates, depth: depth, rank: declarations.count))
    if let signature { bySignature[signature] = declarations.count - 1 }
    return declarations.count - 1
  }

  /// Names the root `rootName`, then every other declaration, shallowest first, in the order they were met.
  private mutating func assignNames(root: Int, rootName: String) {
    var names = SwiftNaming.UniqueNames(reserved: SwiftNaming.reservedTypeNames.union([rootName, rootName + "Coding"]))
    declarations[root].name = rootName
    let order = declarations.indices.sorted { (declarations[$0].depth, $0) < (declarations[$1].depth, $1) }
    for index in order where index != root {
      declarations[index].name = names.claim(preferring: declarations[index].nameCandidates)
    }
  }

  /// The declarations in `order`, with every reference renumbered to match.
  private func renumbered(_ order: [Int]) -> [SwiftDeclaration] {
    var newIndex = [Int](repeating: 0, count: declarations.count)
    for (position, index) in order.enumerated() { newIndex[index] = position }
    func map(_ type: SwiftTypeReference) -> SwiftTypeReference {
      switch type {
      case .declared(let index): .declared(newIndex[index])
      case .array(let t): .array(map(t))
      case .dictionary(let t): .dictionary(map(t))
      case .optional(let t): .optional(map(t))
      default: type
      }
    }
    return order.map { index in
      var declaration = declarations[index]
      switch declaration.kind {
      case .structure(let properties):
        declaration.kind = .structure(
          properties.map {
            var p = $0; p.type = map(p.type); return p
          })
      case .union(let discriminator, let variants):
        declaration.kind = .union(
          discriminator: discriminator,
          variants.map {
            var v = $0; v.payload = newIndex[v.payload]; return v
          })
      case .alias(let type):
        declaration.kind = .alias(map(type))
      case .stringEnum:
        break
      }
      return declaration
    }
  }
}
