extension SchemaEvaluation {
  /// Applies keyword `k` of node `index` to `instance`.
  mutating func apply(_ k: Int, of index: Int, to instance: N, _ tracker: inout EvaluatedSet?) -> Bool {
    // Switched on in place: copying the keyword (its name and payload) cost a retain and release of each. The name
    // is read from `program`, a local, where needed (paths are kept only when collecting).
    let program = self.program
    let keywordIndex = k
    switch program.nodes[index].keywords[keywordIndex].operation {
    case .type(let types):
      if Self.matches(instance, types) { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is not of type \(Self.typeList(types))", instance)
      return false

    case .enumeration(let enumeration):
      if enumeration.contains(instance.json()) { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is not one of the enumerated values",
        instance)
      return false

    case .constant(let value):
      if instance.json() == value { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name, "\(Self.describe(instance)) is not the constant value",
        instance)
      return false

    case .multipleOf(let divisor):
      guard let number = instance.numberValue else { return true }
      if SchemaNumbers.isMultiple(number, of: divisor) { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name, "\(number) is not a multiple of \(divisor)", instance)
      return false

    case .maximum(let bound, let nearest, let exclusive):
      // Rounding to `Double` keeps order: when the two doubles differ, they order the exact values.
      guard let x = instance.doubleValue else { return true }
      if x < nearest { return true }
      if !(x > nearest), let number = instance.numberValue, let order = FilterComparison.compare(number, bound),
        exclusive ? order < 0 : order <= 0
      {
        return true
      }
      let relation = exclusive ? "less than" : "at most"
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is not \(relation) \(bound)", instance
      )
      return false

    case .minimum(let bound, let nearest, let exclusive):
      guard let x = instance.doubleValue else { return true }
      if x > nearest { return true }
      if !(x < nearest), let number = instance.numberValue, let order = FilterComparison.compare(number, bound),
        exclusive ? order > 0 : order >= 0
      {
        return true
      }
      let relation = exclusive ? "greater than" : "at least"
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is not \(relation) \(bound)", instance
      )
      return false

    case .maxLength(let limit):
      guard let string = instance.stringValue else { return true }
      if string.utf8.count <= limit || string.unicodeScalars.count <= limit { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is longer than \(limit) characters",
        instance)
      return false

    case .minLength(let limit):
      guard let string = instance.stringValue else { return true }
      if string.unicodeScalars.count >= limit { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is shorter than \(limit) characters",
        instance)
      return false

    case .pattern(let pattern):
      guard let string = instance.stringValue else { return true }
      if matches(pattern, string, index, instance) { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) does not match '\(pattern.source)'",
        instance)
      return false

    case .format(let format):
      guard program.assertsFormats, let string = instance.stringValue else { return true }
      if FormatAssertion.isValid(string, format: format) != false { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name, "\(Self.describe(instance)) is not a valid \(format)",
        instance)
      return false

    case .maxItems(let limit):
      guard instance.kind == .array, instance.count > limit else { return true }
      fail(index, program.nodes[index].keywords[keywordIndex].name, "array has more than \(limit) items", instance)
      return false

    case .minItems(let limit):
      guard instance.kind == .array, instance.count < limit else { return true }
      fail(index, program.nodes[index].keywords[keywordIndex].name, "array has fewer than \(limit) items", instance)
      return false

    case .uniqueItems:
      guard instance.kind == .array, instance.count > 1 else { return true }
      var seen = Set<JSON>()
      var duplicate: Int?
      instance.forEachElement { k, element in
        if duplicate == nil, !seen.insert(element.json()).inserted { duplicate = k }
      }
      guard let duplicate else { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "array has non-unique items (item \(duplicate) repeats an earlier one)", instance)
      return false

    case .maxProperties(let limit):
      guard instance.kind == .object, instance.count > limit else { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name, "object has more than \(limit) properties", instance)
      return false

    case .minProperties(let limit):
      guard instance.kind == .object, instance.count < limit else { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name, "object has fewer than \(limit) properties", instance)
      return false

    case .required(let table):
      guard instance.kind == .object else { return true }
      let names = table.names
      guard !names.isEmpty else { return true }
      // One pass over the keys, marking the names found (repeated keys and names count once).
      let base = slots.count
      slots.append(contentsOf: repeatElement(-1, count: names.count))
      var found = 0
      instance.forEachKey { key, count, position in
        if count > 0, let k = table.position(key, count), slots[base + k] < 0 {
          slots[base + k] = position
          found += 1
        } else if count == 0, let k = table.position(of: ""), slots[base + k] < 0 {
          slots[base + k] = position
          found += 1
        }
      }
      defer { slots.removeLast(names.count) }
      if found == names.count { return true }
      for k in names.indices where slots[base + k] < 0 {
        fail(
          index, program.nodes[index].keywords[keywordIndex].name, "\(JSON.string(names[k])) is a required property",
          instance)
        if !reporting { break }
      }
      return false

    case .dependentRequired(let dependencies):
      guard instance.kind == .object else { return true }
      var valid = true
      for (name, required) in dependencies where instance.member(name) != nil {
        for other in required where instance.member(other) == nil {
          valid = false
          fail(
            index, program.nodes[index].keywords[keywordIndex].name,
            "\(JSON.string(other)) is a required property when \(JSON.string(name)) is present",
            instance)
          if !reporting { return false }
        }
      }
      return valid

    case .properties(let properties):
      return applyProperties(properties, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .patternProperties(let patterns):
      return applyPatternProperties(patterns, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .additionalProperties(let node, let properties, let patterns):
      return applyAdditionalProperties(
        node, properties, patterns, index, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .propertyNames(let node):
      return applyPropertyNames(node, program.nodes[index].keywords[keywordIndex].name, instance)

    case .dependentSchemas(let dependencies):
      guard instance.kind == .object else { return true }
      var valid = true
      for (name, node) in dependencies where instance.member(name) != nil {
        pushKeyword(program.nodes[index].keywords[keywordIndex].name, name)
        defer { popKeyword(2) }
        if !inPlace(instance, node, &tracker) {
          valid = false
          if !reporting { return false }
        }
      }
      return valid

    case .prefixItems(let nodes):
      return applyPrefixItems(nodes, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .items(let node, let from):
      return applyItems(node, from: from, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .contains(let node, let minimum, let maximum, let marksItems):
      return applyContains(
        node, minimum, maximum, marksItems, index, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .ref(let node):
      pushKeyword(program.nodes[index].keywords[keywordIndex].name)
      defer { popKeyword() }
      return inPlace(instance, node, &tracker)

    case .dynamicRef(let node, let anchor):
      var target = node
      if let anchor {
        for resource in dynamicScope {
          if let found = program.resources[resource].dynamicAnchors[anchor] {
            target = found
            break
          }
        }
      }
      pushKeyword(program.nodes[index].keywords[keywordIndex].name)
      defer { popKeyword() }
      return inPlace(instance, target, &tracker)

    case .recursiveRef(let node):
      var target = node
      if program.resources[program.nodes[node].resource].recursiveAnchor != nil {
        for resource in dynamicScope.reversed() {
          guard let anchored = program.resources[resource].recursiveAnchor else { break }
          target = anchored
        }
      }
      pushKeyword(program.nodes[index].keywords[keywordIndex].name)
      defer { popKeyword() }
      return inPlace(instance, target, &tracker)

    case .allOf(let nodes):
      var valid = true
      for (k, node) in nodes.enumerated() {
        pushKeyword(program.nodes[index].keywords[keywordIndex].name, String(k))
        defer { popKeyword(2) }
        if !inPlace(instance, node, &tracker) {
          valid = false
          if !reporting { return false }
        }
      }
      return valid

    case .anyOf(let nodes):
      var valid = false
      for (k, node) in nodes.enumerated() {
        pushKeyword(program.nodes[index].keywords[keywordIndex].name, String(k))
        defer { popKeyword(2) }
        if quietly({ $0.inPlace(instance, node, &tracker) }) {
          valid = true
          if tracker == nil { break }
        }
      }
      if valid { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) is not valid under any of the schemas", instance)
      return false

    case .oneOf(let nodes):
      var matched: [Int] = []
      for (k, node) in nodes.enumerated() {
        pushKeyword(program.nodes[index].keywords[keywordIndex].name, String(k))
        defer { popKeyword(2) }
        var local: EvaluatedSet? = tracker != nil ? EvaluatedSet() : nil
        if quietly({ $0.validate(instance, node, &local) }) {
          matched.append(k)
          if matched.count > 1 { break }
          if let local { tracker!.merge(local) }
        }
      }
      if matched.count == 1 { return true }
      let message =
        matched.isEmpty
        ? "\(Self.describe(instance)) is not valid under any of the schemas"
        : "\(Self.describe(instance)) is valid under more than one of the schemas (\(matched[0]) and \(matched[1]))"
      fail(index, program.nodes[index].keywords[keywordIndex].name, message, instance)
      return false

    case .not(let node):
      pushKeyword(program.nodes[index].keywords[keywordIndex].name)
      defer { popKeyword() }
      var none: EvaluatedSet?
      let matched = quietly { $0.validate(instance, node, &none) }
      if !matched { return true }
      fail(
        index, program.nodes[index].keywords[keywordIndex].name,
        "\(Self.describe(instance)) must not be valid under the schema",
        instance)
      return false

    case .conditional(let condition, let then, let otherwise):
      pushKeyword("if")
      let holds = quietly { $0.inPlace(instance, condition, &tracker) }
      popKeyword()
      if holds, let then {
        pushKeyword("then")
        defer { popKeyword() }
        return inPlace(instance, then, &tracker)
      }
      if !holds, let otherwise {
        pushKeyword("else")
        defer { popKeyword() }
        return inPlace(instance, otherwise, &tracker)
      }
      return true

    case .unevaluatedProperties(let node):
      return applyUnevaluatedProperties(node, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)

    case .unevaluatedItems(let node):
      return applyUnevaluatedItems(node, program.nodes[index].keywords[keywordIndex].name, instance, &tracker)
    }
  }

  /// Whether the instance is of one of the types (`integer`: any number with an integral value, `1.0` included).
  @inline(__always)
  static func matches(_ instance: N, _ types: SchemaTypes) -> Bool {
    switch instance.kind {
    case .null: return types.contains(.null)
    case .bool: return types.contains(.boolean)
    case .string: return types.contains(.string)
    case .array: return types.contains(.array)
    case .object: return types.contains(.object)
    case .number:
      if types.contains(.number) { return true }
      guard types.contains(.integer) else { return false }
      return instance.integer(Int64.self) != nil || instance.numberValue?.isInteger == true
    }
  }

  static func typeList(_ types: SchemaTypes) -> String {
    let names = types.names.map { JSON.string($0).description }
    return names.count == 1 ? names[0] : "any of " + names.joined(separator: ", ")
  }
}
