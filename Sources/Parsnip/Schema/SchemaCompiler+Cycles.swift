extension SchemaCompiler {
  /// The nodes a node applies to the same instance (references and in-place applicators).
  static func inPlaceTargets(_ node: SchemaNode) -> [Int] {
    var targets: [Int] = []
    for keyword in node.keywords {
      switch keyword.operation {
      case .ref(let target), .dynamicRef(let target, _), .recursiveRef(let target), .not(let target):
        targets.append(target)
      case .allOf(let nodes), .anyOf(let nodes), .oneOf(let nodes): targets += nodes
      case .conditional(let condition, let then, let otherwise):
        targets.append(condition)
        if let then { targets.append(then) }
        if let otherwise { targets.append(otherwise) }
      case .dependentSchemas(let dependencies): targets += dependencies.map(\.node)
      default: continue
      }
    }
    return targets
  }

  /// Rejects a cycle of references and in-place applicators (`{"$ref": "#"}`, or `a` → `allOf` → `b` → `$ref` →
  /// `a`): it applies the same schema to the same instance forever, so it is an error when compiled, not a hang or
  /// a stack overflow when validating. (A cycle through `properties` or `items` moves into the instance, and ends
  /// with it.) Iterative, so any depth of schema is checked on a small stack.
  mutating func rejectCyclesWithoutProgress() throws(JSONSchemaError) {
    // 0: not visited, 1: on the current path, 2: done.
    var state = [UInt8](repeating: 0, count: nodes.count)
    let targets: [[Int]] = nodes.map(Self.inPlaceTargets)
    for start in nodes.indices where state[start] == 0 {
      var stack: [(node: Int, next: Int)] = [(start, 0)]
      state[start] = 1
      while let (node, next) = stack.last {
        if next == targets[node].count {
          state[node] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let target = targets[node][next]
        switch state[target] {
        case 0:
          state[target] = 1
          stack.append((target, 0))
        case 1:
          throw error(
            .invalidSchema, "a cycle of references applies this schema to the same instance without end",
            at: nodeLocations[target])
        default:
          continue
        }
      }
    }
  }
}
