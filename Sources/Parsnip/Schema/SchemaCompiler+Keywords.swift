extension SchemaCompiler {
  /// Compiles the schema at `location` into a node: its keywords in a fixed order (cheap assertions first, the
  /// `unevaluated*` keywords last, as they read what the others evaluated), subschemas as node indices.
  mutating func compileNode(at location: Location) throws(JSONSchemaError) -> SchemaNode {
    let info = try info(at: location)
    guard let json = value(at: location) else {
      throw error(.unresolvableReference, "no schema at \(JSONPointer(tokens: location.tokens))", at: location)
    }
    var node = SchemaNode(
      constant: nil, location: info.base + JSONPointer(tokens: info.resourceTokens).fragment,
      resource: info.resource)
    node.isResourceRoot = info.isResourceRoot
    let object: JSONObject
    switch json {
    case .bool(let value):
      node.constant = value
      return node
    case .object(let members):
      object = members
    default:
      throw error(.invalidSchema, "a schema must be an object or a Boolean", at: location)
    }
    try readKeywords(Site(object: object, location: location, info: info), into: &node)
    if node.keywords.isEmpty && node.annotations.isEmpty { node.constant = true }
    return node
  }

  /// One schema object being compiled.
  struct Site {
    let object: JSONObject
    let location: Location
    let info: ScanInfo
  }

  func invalid(_ keyword: String, _ message: String, _ site: Site) -> JSONSchemaError {
    error(.invalidSchema, "'\(keyword)' \(message)", at: site.location.appending(keyword))
  }

  mutating func subschema(_ site: Site, _ tokens: String...) throws(JSONSchemaError) -> Int {
    try node(at: Location(document: site.location.document, tokens: site.location.tokens + tokens))
  }

  func count(_ keyword: String, _ site: Site) throws(JSONSchemaError) -> Int? {
    guard let value = site.object[keyword] else { return nil }
    guard case .number(let n) = value, n.isInteger, !(n.doubleValue < 0) else {
      throw invalid(keyword, "must be a non-negative integer", site)
    }
    return n.exactInteger(Int.self) ?? .max
  }

  func number(_ keyword: String, _ site: Site) throws(JSONSchemaError) -> JSONNumber? {
    guard let value = site.object[keyword] else { return nil }
    guard case .number(let n) = value else { throw invalid(keyword, "must be a number", site) }
    return n
  }

  mutating func schemaArray(_ keyword: String, _ site: Site) throws(JSONSchemaError) -> [Int]? {
    guard let value = site.object[keyword] else { return nil }
    guard case .array(let elements) = value, !elements.isEmpty else {
      throw invalid(keyword, "must be a non-empty array of schemas", site)
    }
    var nodes: [Int] = []
    for k in elements.indices { nodes.append(try subschema(site, keyword, String(k))) }
    return nodes
  }

  mutating func schemaMap(_ keyword: String, _ site: Site) throws(JSONSchemaError) -> [(String, Int)]? {
    guard let value = site.object[keyword] else { return nil }
    guard case .object(let members) = value else { throw invalid(keyword, "must be an object of schemas", site) }
    var nodes: [(String, Int)] = []
    for (name, _) in members.members.map({ ($0.key, $0.value) }) {
      nodes.append((name, try subschema(site, keyword, name)))
    }
    return nodes
  }

  func pattern(_ source: String, _ keyword: String, _ site: Site) throws(JSONSchemaError) -> SchemaPattern {
    do throws(RegularExpression.Failure) {
      return try SchemaPattern.compile(source)
    } catch {
      let kind: JSONSchemaError.Kind = error.kind == .tooLarge ? .tooLarge : .invalidPattern
      throw self.error(
        kind, "'\(source)' is not a supported regular expression: \(error)", at: site.location.appending(keyword))
    }
  }

  func names(_ value: JSON, _ keyword: String, _ site: Site) throws(JSONSchemaError) -> [String] {
    guard case .array(let elements) = value else { throw invalid(keyword, "must be an array of strings", site) }
    var names: [String] = []
    for element in elements {
      guard case .string(let name) = element else { throw invalid(keyword, "must be an array of strings", site) }
      names.append(name)
    }
    return names
  }

  mutating func readKeywords(_ site: Site, into compiled: inout SchemaNode) throws(JSONSchemaError) {
    let object = site.object
    let location = site.location
    let info = site.info
    let dialect = info.dialect
    let applicator = dialect.draft == .draft7 || dialect.vocabularies.contains(.applicator)
    let validation = dialect.draft == .draft7 || dialect.vocabularies.contains(.validation)
    var keywords: [SchemaKeyword] = []
    func add(_ name: String, _ operation: SchemaKeyword.Operation) {
      keywords.append(SchemaKeyword(name: name, operation: operation))
    }

    // Draft 7: `$ref` overrides its siblings.
    if dialect.draft == .draft7, case .string(let reference)? = object["$ref"] {
      let target = try resolve(reference, base: info.base, from: location.appending("$ref"))
      add("$ref", .ref(try node(at: target.location)))
      compiled.keywords = keywords
      return
    }

    if validation {
      if let value = object["type"] {
        var types: SchemaTypes = []
        let names: [JSON] = if case .array(let list) = value { list } else { [value] }
        for name in names {
          guard case .string(let name) = name, let type = SchemaTypes.named(name) else {
            throw invalid("type", "must be a type name or an array of type names", site)
          }
          types.insert(type)
        }
        add("type", .type(types))
      }
      if let value = object["enum"] {
        guard case .array(let values) = value else { throw invalid("enum", "must be an array", site) }
        add("enum", .enumeration(SchemaEnumeration(values)))
      }
      if let value = object["const"] { add("const", .constant(value)) }
      if let n = try number("multipleOf", site) {
        guard
          n.doubleValue > 0
            || (!n.doubleValue.isNaN && DecimalDigits(n).digits.count > 0 && !DecimalDigits(n).isNegative)
        else { throw invalid("multipleOf", "must be greater than 0", site) }
        add("multipleOf", .multipleOf(n))
      }
      if let n = try number("maximum", site) { add("maximum", .maximum(n, n.doubleValue, exclusive: false)) }
      if let n = try number("exclusiveMaximum", site) {
        add("exclusiveMaximum", .maximum(n, n.doubleValue, exclusive: true))
      }
      if let n = try number("minimum", site) { add("minimum", .minimum(n, n.doubleValue, exclusive: false)) }
      if let n = try number("exclusiveMinimum", site) {
        add("exclusiveMinimum", .minimum(n, n.doubleValue, exclusive: true))
      }
      if let n = try count("maxLength", site) { add("maxLength", .maxLength(n)) }
      if let n = try count("minLength", site) { add("minLength", .minLength(n)) }
      if let value = object["pattern"] {
        guard case .string(let source) = value else { throw invalid("pattern", "must be a string", site) }
        add("pattern", .pattern(try pattern(source, "pattern", site)))
      }
    }
    if let value = object["format"] {
      guard case .string(let name) = value else { throw invalid("format", "must be a string", site) }
      if assertsFormats
        && (dialect.vocabularies.contains(.formatAnnotation) || dialect.vocabularies.contains(.formatAssertion)
          || dialect.draft == .draft7)
      {
        add("format", .format(name))
      } else if dialect.vocabularies.contains(.formatAnnotation) {
        compiled.annotations.append(("format", value))
      }
    }
    if validation {
      if let n = try count("maxItems", site) { add("maxItems", .maxItems(n)) }
      if let n = try count("minItems", site) { add("minItems", .minItems(n)) }
      if let value = object["uniqueItems"] {
        guard case .bool(let unique) = value else { throw invalid("uniqueItems", "must be a Boolean", site) }
        if unique { add("uniqueItems", .uniqueItems) }
      }
      if let n = try count("maxProperties", site) { add("maxProperties", .maxProperties(n)) }
      if let n = try count("minProperties", site) { add("minProperties", .minProperties(n)) }
      if let value = object["required"] {
        add("required", .required(SchemaNameTable(try names(value, "required", site))))
      }
      if dialect.has2019, let value = object["dependentRequired"] {
        guard case .object(let members) = value else { throw invalid("dependentRequired", "must be an object", site) }
        var dependencies: [(name: String, required: [String])] = []
        for (name, list) in members.members.map({ ($0.key, $0.value) }) {
          dependencies.append((name, try names(list, "dependentRequired", site)))
        }
        add("dependentRequired", .dependentRequired(dependencies))
      }
    }
    if applicator, dialect.draft == .draft7, let value = object["dependencies"] {
      guard case .object(let members) = value else { throw invalid("dependencies", "must be an object", site) }
      var required: [(name: String, required: [String])] = []
      var schemas: [(name: String, node: Int)] = []
      for (name, member) in members.members.map({ ($0.key, $0.value) }) {
        if case .array = member {
          required.append((name, try names(member, "dependencies", site)))
        } else {
          schemas.append((name, try subschema(site, "dependencies", name)))
        }
      }
      if !required.isEmpty { add("dependencies", .dependentRequired(required)) }
      if !schemas.isEmpty { add("dependencies", .dependentSchemas(schemas)) }
    }
    if applicator {
      var properties: SchemaProperties?
      if let members = try schemaMap("properties", site) {
        properties = SchemaProperties(members)
        add("properties", .properties(properties!))
      }
      var patterns: [SchemaPattern] = []
      if let members = try schemaMap("patternProperties", site) {
        var compiled: [(pattern: SchemaPattern, node: Int)] = []
        for (source, node) in members {
          let regex = try pattern(source, "patternProperties", site)
          compiled.append((regex, node))
          patterns.append(regex)
        }
        add("patternProperties", .patternProperties(compiled))
      }
      if object["additionalProperties"] != nil {
        add(
          "additionalProperties",
          .additionalProperties(try subschema(site, "additionalProperties"), properties: properties, patterns: patterns)
        )
      }
      if object["propertyNames"] != nil { add("propertyNames", .propertyNames(try subschema(site, "propertyNames"))) }
      if dialect.has2019, let members = try schemaMap("dependentSchemas", site) {
        add("dependentSchemas", .dependentSchemas(members.map { (name: $0.0, node: $0.1) }))
      }
      if dialect.is2020 {
        var prefix = 0
        if let nodes = try schemaArray("prefixItems", site) {
          prefix = nodes.count
          add("prefixItems", .prefixItems(nodes))
        }
        if object["items"] != nil { add("items", .items(try subschema(site, "items"), from: prefix)) }
      } else if let items = object["items"] {
        if case .array(let elements) = items {
          var nodes: [Int] = []
          for k in elements.indices { nodes.append(try subschema(site, "items", String(k))) }
          add("items", .prefixItems(nodes))
          if object["additionalItems"] != nil {
            add("additionalItems", .items(try subschema(site, "additionalItems"), from: nodes.count))
          }
        } else {
          add("items", .items(try subschema(site, "items"), from: 0))
        }
      }
      if object["contains"] != nil {
        let bounds = dialect.has2019 && validation
        let minimum = bounds ? try count("minContains", site) ?? 1 : 1
        let maximum = bounds ? try count("maxContains", site) : nil
        add(
          "contains",
          .contains(try subschema(site, "contains"), minimum: minimum, maximum: maximum, marksItems: dialect.is2020))
      }
    }
    if dialect.has2019 || dialect.draft == .draft7 {
      if case .string(let reference)? = object["$ref"] {
        let target = try resolve(reference, base: info.base, from: location.appending("$ref"))
        add("$ref", .ref(try node(at: target.location)))
      }
    }
    if dialect.is2020, case .string(let reference)? = object["$dynamicRef"] {
      let target = try resolve(reference, base: info.base, from: location.appending("$dynamicRef"))
      if target.dynamicAnchor != nil { usesDynamicScope = true }
      add("$dynamicRef", .dynamicRef(try node(at: target.location), anchor: target.dynamicAnchor))
    }
    if dialect.draft == .draft2019_09, case .string(let reference)? = object["$recursiveRef"] {
      let target = try resolve(reference, base: info.base, from: location.appending("$recursiveRef"))
      usesDynamicScope = true
      add("$recursiveRef", .recursiveRef(try node(at: target.location)))
    }
    if applicator {
      if let nodes = try schemaArray("allOf", site) { add("allOf", .allOf(nodes)) }
      if let nodes = try schemaArray("anyOf", site) { add("anyOf", .anyOf(nodes)) }
      if let nodes = try schemaArray("oneOf", site) { add("oneOf", .oneOf(nodes)) }
      if object["not"] != nil { add("not", .not(try subschema(site, "not"))) }
      if object["if"] != nil {
        let condition = try subschema(site, "if")
        let then = object["then"] != nil ? try subschema(site, "then") : nil
        let otherwise = object["else"] != nil ? try subschema(site, "else") : nil
        add("if", .conditional(if: condition, then: then, else: otherwise))
      }
    }
    if dialect.has2019 && dialect.vocabularies.contains(.unevaluated) {
      if object["unevaluatedProperties"] != nil {
        add("unevaluatedProperties", .unevaluatedProperties(try subschema(site, "unevaluatedProperties")))
        compiled.tracksEvaluation = true
      }
      if object["unevaluatedItems"] != nil {
        add("unevaluatedItems", .unevaluatedItems(try subschema(site, "unevaluatedItems")))
        compiled.tracksEvaluation = true
      }
    }
    if dialect.vocabularies.contains(.metaData) {
      for name in ["title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples"] {
        if let value = object[name] { compiled.annotations.append((name, value)) }
      }
    }
    if dialect.has2019 && dialect.vocabularies.contains(.content) {
      for name in ["contentMediaType", "contentEncoding"] {
        if let value = object[name] { compiled.annotations.append((name, value)) }
      }
      if object["contentSchema"] != nil { _ = try subschema(site, "contentSchema") }
    }
    if !compiled.annotations.isEmpty { hasAnnotations = true }
    compiled.keywords = keywords
  }
}
