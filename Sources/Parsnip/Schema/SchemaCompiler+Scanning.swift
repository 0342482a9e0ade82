extension SchemaCompiler {
  /// Records the base URI, dialect and resource of every schema under `start`, and the resources and anchors it
  /// defines. Follows only the keywords whose values are schemas in the dialect in force; iterative, so any depth
  /// scans on a small stack.
  mutating func scan(
    _ start: Location, base startBase: String, dialect startDialect: SchemaDialect, resource startResource: Int?,
    resourceTokens startTokens: [String] = []
  ) throws(JSONSchemaError) {
    guard let startValue = value(at: start) else { return }
    var stack: [(JSON, Location, String, SchemaDialect, Int?, [String])] = [
      (startValue, start, startBase, startDialect, startResource, startTokens)
    ]
    while let (json, location, inheritedBase, inheritedDialect, inheritedResource, inheritedTokens) = stack.popLast() {
      if scanned[location] != nil { continue }
      guard case .object(let object) = json else {
        let resource = inheritedResource ?? newResource(inheritedBase, at: location)
        scanned[location] = ScanInfo(
          base: inheritedBase, dialect: inheritedDialect, resource: resource, resourceTokens: inheritedTokens,
          isResourceRoot: inheritedResource == nil)
        continue
      }
      let dialect = try self.dialect(
        of: json, default: inheritedDialect, isRoot: inheritedResource == nil, at: location)
      var base = inheritedBase
      var resource = inheritedResource
      var tokens = inheritedTokens
      var anchorNames: [(String, Bool)] = []
      let refOverrides = dialect.draft == .draft7 && object["$ref"] != nil
      if !refOverrides, case .string(let id)? = object["$id"] {
        let resolved = SchemaURI.resolve(id, against: base)
        let (uri, fragment) = SchemaURI.splitFragment(resolved)
        if dialect.draft == .draft7 {
          if !id.hasPrefix("#") {
            base = uri
            resource = nil
          }
          if let fragment, !fragment.isEmpty, !fragment.hasPrefix("/") { anchorNames.append((fragment, false)) }
        } else {
          base = uri
          resource = nil
        }
      }
      if dialect.has2019, case .string(let name)? = object["$anchor"] { anchorNames.append((name, false)) }
      if dialect.is2020, case .string(let name)? = object["$dynamicAnchor"] { anchorNames.append((name, true)) }
      if resource == nil {
        resource = newResource(base, at: location)
        tokens = []
        if resourceLocations[base] == nil { resourceLocations[base] = location }
      }
      let resourceIndex = resource!
      for (name, dynamic) in anchorNames {
        let key = base + "#" + name
        if anchors[key] == nil { anchors[key] = (location, dynamic) }
        if dynamic { dynamicAnchorLocations[resourceIndex][name] = location }
      }
      if dialect.draft == .draft2019_09, tokens.isEmpty, object["$recursiveAnchor"] == .bool(true) {
        recursiveAnchorLocations[resourceIndex] = location
      }
      scanned[location] = ScanInfo(
        base: base, dialect: dialect, resource: resourceIndex, resourceTokens: tokens,
        isResourceRoot: tokens.isEmpty)
      if refOverrides { continue }
      for entry in object.members.reversed() {
        let (keyword, value) = (entry.key, entry.value)
        guard let shape = dialect.subschemaShape(of: keyword) else { continue }
        let at = location.appending(keyword)
        let here = tokens + [keyword]
        switch (shape, value) {
        case (.single, _), (.singleOrArray, .object), (.singleOrArray, .bool):
          stack.append((value, at, base, dialect, resourceIndex, here))
        case (.array, .array(let elements)), (.singleOrArray, .array(let elements)):
          for (k, element) in elements.enumerated().reversed() {
            stack.append((element, at.appending(String(k)), base, dialect, resourceIndex, here + [String(k)]))
          }
        case (.map, .object(let members)):
          for entry in members.members.reversed() {
            let (name, member) = (entry.key, entry.value)
            // Draft 7's `dependencies` mixes schemas and arrays of names.
            if case .array = member { continue }
            stack.append((member, at.appending(name), base, dialect, resourceIndex, here + [name]))
          }
        default: continue
        }
      }
    }
  }

  /// Starts a resource at `uri`.
  private mutating func newResource(_ uri: String, at location: Location) -> Int {
    resources.append(SchemaResource(uri: uri))
    dynamicAnchorLocations.append([:])
    recursiveAnchorLocations.append(nil)
    return resources.count - 1
  }

  /// What scanning recorded for a location; a location no scan reached (inside an unknown keyword, say) is
  /// scanned now, as a schema in the nearest scanned ancestor's resource.
  mutating func info(at location: Location) throws(JSONSchemaError) -> ScanInfo {
    if let info = scanned[location] { return info }
    var ancestor = location
    var below: [String] = []
    while !ancestor.tokens.isEmpty, scanned[ancestor] == nil {
      below.insert(ancestor.tokens.removeLast(), at: 0)
    }
    let parent =
      scanned[ancestor]
      ?? ScanInfo(
        base: Self.defaultBase, dialect: SchemaDialect(options.draft), resource: 0, resourceTokens: [],
        isResourceRoot: true)
    try scan(
      location, base: parent.base, dialect: parent.dialect, resource: parent.resource,
      resourceTokens: parent.resourceTokens + below)
    return scanned[location] ?? parent
  }
}
