extension SchemaEvaluation {
  // MARK: Objects

  mutating func applyProperties(
    _ properties: SchemaProperties, _ name: String, _ instance: N, _ tracker: inout EvaluatedSet?
  ) -> Bool {
    guard instance.kind == .object else { return true }
    let count = properties.nodes.count
    // One pass over the keys by their bytes, keeping each name's last position (the value a repeated key has),
    // then each property in schema order.
    let base = slots.count
    slots.append(contentsOf: repeatElement(-1, count: count))
    defer { slots.removeLast(count) }
    let table = properties.table
    instance.forEachKey { key, length, position in
      let k = length > 0 ? table.position(key, length) : table.position(of: "")
      if let k { slots[base + k] = position }
    }
    var valid = true
    for k in 0..<count {
      let position = slots[base + k]
      guard position >= 0 else { continue }
      let key = properties.names[k]
      tracker?.properties.insert(key)
      pushKeyword(name, key)
      pushInstance(key)
      let ok = child(instance.field(position), properties.nodes[k])
      popInstance()
      popKeyword(2)
      if !ok {
        valid = false
        if !reporting { return false }
      }
    }
    return valid
  }

  mutating func applyPatternProperties(
    _ patterns: [(pattern: SchemaPattern, node: Int)], _ name: String, _ instance: N, _ tracker: inout EvaluatedSet?
  ) -> Bool {
    guard instance.kind == .object else { return true }
    var valid = true
    var stop = false
    instance.forEachMember { key, value in
      guard !stop else { return }
      for (pattern, node) in patterns where matches(pattern, key, node, instance) {
        tracker?.properties.insert(key)
        pushKeyword(name, pattern.source)
        pushInstance(key)
        if !child(value, node) {
          valid = false
          if !reporting { stop = true }
        }
        popInstance()
        popKeyword(2)
        if stop { return }
      }
    }
    return valid
  }

  mutating func applyAdditionalProperties(
    _ node: Int, _ properties: SchemaProperties?, _ patterns: [SchemaPattern], _ owner: Int, _ name: String,
    _ instance: N, _ tracker: inout EvaluatedSet?
  ) -> Bool {
    guard instance.kind == .object else { return true }
    var valid = true
    var stop = false
    let rejectsAll = program.nodes[node].constant == false
    var extra: [String] = []
    instance.forEachMember { key, value in
      guard !stop else { return }
      if properties?.position(of: key) != nil { return }
      for pattern in patterns where matches(pattern, key, owner, instance) { return }
      if rejectsAll {
        // One message naming the unexpected members reads better than one per member from `false`.
        valid = false
        extra.append(key)
        if !reporting { stop = true }
        return
      }
      pushKeyword(name)
      pushInstance(key)
      if !child(value, node) {
        valid = false
        if !reporting { stop = true }
      }
      popInstance()
      popKeyword()
    }
    if !extra.isEmpty {
      let names = extra.map { JSON.string($0).description }.joined(separator: ", ")
      fail(
        owner, name, "additional properties are not allowed (\(names) \(extra.count == 1 ? "was" : "were") unexpected)",
        instance)
    }
    if valid { tracker?.allProperties = true }
    return valid
  }

  mutating func applyPropertyNames(_ node: Int, _ name: String, _ instance: N) -> Bool {
    guard instance.kind == .object else { return true }
    var valid = true
    var stop = false
    instance.forEachMember { key, _ in
      guard !stop else { return }
      // The key is a string instance of its own, not a node of this document: validated as a tree.
      var names = SchemaEvaluation<JSON>(
        program: program, collecting: tracksPaths, maximumErrors: maximumErrors, budget: budget)
      names.reporting = reporting
      names.dynamicScope = dynamicScope
      names.instancePath = instancePath
      names.keywordPath = keywordPath + (tracksPaths ? [name] : [])
      names.depth = depth
      names.steps = steps
      if !names.validateRoot(.string(key), node: node) {
        valid = false
        if !reporting { stop = true }
      }
      steps = names.steps
      if let reason = names.exhausted, exhausted == nil {
        exhausted = reason
        exhaustedAt = names.exhaustedAt.map {
          var error = $0
          error.byteOffset = instance.byteOffset
          return error
        }
      }
      for var error in names.errors where errors.count < maximumErrors {
        error.byteOffset = instance.byteOffset
        errors.append(error)
      }
    }
    return valid
  }

  mutating func applyUnevaluatedProperties(
    _ node: Int, _ name: String, _ instance: N, _ tracker: inout EvaluatedSet?
  ) -> Bool {
    guard instance.kind == .object else { return true }
    let evaluated = tracker ?? EvaluatedSet()
    guard !evaluated.allProperties else { return true }
    var valid = true
    var stop = false
    instance.forEachMember { key, value in
      guard !stop, !evaluated.properties.contains(key) else { return }
      pushKeyword(name)
      pushInstance(key)
      if !child(value, node) {
        valid = false
        if !reporting { stop = true }
      }
      popInstance()
      popKeyword()
    }
    if valid { tracker?.allProperties = true }
    return valid
  }

  // MARK: Arrays

  mutating func applyPrefixItems(_ nodes: [Int], _ name: String, _ instance: N, _ tracker: inout EvaluatedSet?) -> Bool
  {
    guard instance.kind == .array else { return true }
    var valid = true
    var stop = false
    instance.forEachElement { k, element in
      guard !stop, k < nodes.count else { return }
      pushKeyword(name, String(k))
      pushInstance(String(k))
      if !child(element, nodes[k]) {
        valid = false
        if !reporting { stop = true }
      }
      popInstance()
      popKeyword(2)
    }
    if tracker != nil { tracker!.itemPrefix = Swift.max(tracker!.itemPrefix, Swift.min(nodes.count, instance.count)) }
    return valid
  }

  mutating func applyItems(
    _ node: Int, from start: Int, _ name: String, _ instance: N, _ tracker: inout EvaluatedSet?
  )
    -> Bool
  {
    guard instance.kind == .array else { return true }
    var valid = true
    var stop = false
    if program.nodes[node].constant == true {
      tracker?.allItems = true
      return true
    }
    instance.forEachElement { k, element in
      guard !stop, k >= start else { return }
      pushKeyword(name)
      pushInstance(String(k))
      if !child(element, node) {
        valid = false
        if !reporting { stop = true }
      }
      popInstance()
      popKeyword()
    }
    if valid { tracker?.allItems = true }
    return valid
  }

  mutating func applyContains(
    _ node: Int, _ minimum: Int, _ maximum: Int?, _ marksItems: Bool, _ index: Int, _ name: String, _ instance: N,
    _ tracker: inout EvaluatedSet?
  ) -> Bool {
    guard instance.kind == .array else { return true }
    var matches = 0
    let marks = marksItems && tracker != nil
    var stop = false
    instance.forEachElement { k, element in
      guard !stop else { return }
      pushKeyword(name)
      pushInstance(String(k))
      if quietly({ $0.child(element, node) }) {
        matches += 1
        if marks { tracker!.items.insert(k) }
        if !marks, matches >= minimum, maximum == nil || matches > maximum! { stop = true }
      }
      popInstance()
      popKeyword()
    }
    if matches < minimum {
      let message =
        minimum == 1
        ? "array does not contain an item valid under the contains schema"
        : "array contains \(matches) items valid under the contains schema, fewer than \(minimum)"
      fail(index, minimum == 1 || name != "contains" ? name : "minContains", message, instance)
      return false
    }
    if let maximum, matches > maximum {
      fail(index, "maxContains", "array contains more than \(maximum) items valid under the contains schema", instance)
      return false
    }
    return true
  }

  mutating func applyUnevaluatedItems(
    _ node: Int, _ name: String, _ instance: N, _ tracker: inout EvaluatedSet?
  )
    -> Bool
  {
    guard instance.kind == .array else { return true }
    let evaluated = tracker ?? EvaluatedSet()
    guard !evaluated.allItems else { return true }
    var valid = true
    var stop = false
    instance.forEachElement { k, element in
      guard !stop, !evaluated.hasItem(k) else { return }
      pushKeyword(name)
      pushInstance(String(k))
      if !child(element, node) {
        valid = false
        if !reporting { stop = true }
      }
      popInstance()
      popKeyword()
    }
    if valid { tracker?.allItems = true }
    return valid
  }
}
