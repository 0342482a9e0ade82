/// What a schema's keywords evaluated in one instance, for `unevaluatedProperties` and `unevaluatedItems`: the
/// annotations of `properties`, `patternProperties`, `additionalProperties`, `prefixItems`, `items`, `contains`
/// and the `unevaluated*` keywords themselves, gathered through in-place applicators that succeeded.
struct EvaluatedSet {
  var allProperties = false
  var properties: Set<String> = []
  var allItems = false
  var itemPrefix = 0
  var items: Set<Int> = []

  mutating func merge(_ other: EvaluatedSet) {
    allProperties = allProperties || other.allProperties
    if !allProperties { properties.formUnion(other.properties) }
    allItems = allItems || other.allItems
    itemPrefix = Swift.max(itemPrefix, other.itemPrefix)
    if !allItems { items.formUnion(other.items) }
  }

  func hasProperty(_ name: String) -> Bool { allProperties || properties.contains(name) }
  func hasItem(_ k: Int) -> Bool { allItems || k < itemPrefix || items.contains(k) }
}

/// One validation of one instance against a ``SchemaProgram``: the program's nodes applied to the instance's
/// nodes (a tree's or a tape's, the same code).
///
/// Two modes. Checking stops at the first failure and records nothing (``JSONSchema/isValid(_:)-(JSON)``, and the
/// first pass of every validation). Collecting (run only for an instance found invalid, or for the annotations of a
/// valid one) keeps the keyword and instance paths and records errors, up to a cap.
///
/// Budgets: nodes evaluated per instance (``JSONSchema/Options/evaluationBudget``), evaluation depth
/// (``maximumDepth``), and the thread's stack (``StackGuard``). Past any of them the instance is invalid, with one
/// error that says which budget it exceeded.
struct SchemaEvaluation<N: JSONNode> {
  let program: SchemaProgram
  /// Whether paths are kept (collecting errors or annotations).
  let tracksPaths: Bool
  /// Whether failures are recorded now (off inside `not`, `anyOf`, `oneOf`, `if` and `contains`, whose
  /// subschemas may fail without the instance failing).
  var reporting: Bool
  var collectsAnnotations = false
  let maximumErrors: Int
  var errors: [JSONSchema.ValidationError] = []
  var annotations: [JSONSchema.Annotation] = []
  var keywordPath: [String] = []
  var instancePath: [String] = []
  var scratch = SchemaPattern.Scratch()
  /// Positions of names found in the object being checked (`properties`, `required`): a stack, so that nested
  /// objects take their slots above the outer ones.
  var slots: [Int] = []
  var dynamicScope: [Int] = []
  var depth = 0
  var steps = 0
  let budget: Int
  var stackGuard = StackGuard()
  /// The budget exceeded, once one is: from then on every node fails at once.
  var exhausted: String?
  var exhaustedAt: JSONSchema.ValidationError?

  /// Evaluation deeper than this (subschemas within subschemas, references followed, instance levels entered) is
  /// an error.
  static var maximumDepth: Int { 10_000 }

  init(program: SchemaProgram, collecting: Bool, maximumErrors: Int = 1, budget: Int = 10_000_000) {
    self.program = program
    self.tracksPaths = collecting
    self.reporting = collecting
    self.maximumErrors = Swift.max(1, maximumErrors)
    self.budget = budget
  }

  /// Validates from the program's root.
  mutating func validateRoot(_ instance: N) -> Bool { validateRoot(instance, node: program.root) }

  /// Validates against one node of the program.
  mutating func validateRoot(_ instance: N, node: Int) -> Bool {
    var evaluated: EvaluatedSet?
    return validate(instance, node, &evaluated)
  }

  /// The errors, with the budget error when one was exceeded.
  func errorList() -> [JSONSchema.ValidationError] {
    guard let exhaustedAt, !errors.contains(exhaustedAt) else { return errors }
    return errors.count < maximumErrors ? errors + [exhaustedAt] : errors
  }

  func annotationList() -> [JSONSchema.Annotation] { annotations }

  // MARK: Nodes

  /// Whether `instance` is valid against node `index`; merges what it evaluated into `evaluated` when valid and
  /// `evaluated` is being gathered.
  mutating func validate(_ instance: N, _ index: Int, _ evaluated: inout EvaluatedSet?) -> Bool {
    if let constant = program.nodes[index].constant {
      if !constant { fail(index, nil, "false schema allows nothing", instance) }
      return constant
    }
    if exhausted != nil { return false }
    steps &+= 1
    depth &+= 1
    defer { depth &-= 1 }
    guard steps <= budget, depth <= Self.maximumDepth, stackGuard.hasRoom(atDepth: depth) else {
      exhaust(index, instance)
      return false
    }
    var pushed = false
    if program.usesDynamicScope {
      let resource = program.nodes[index].resource
      if dynamicScope.last != resource {
        dynamicScope.append(resource)
        pushed = true
      }
    }
    defer { if pushed { dynamicScope.removeLast() } }
    let annotationMark = annotations.count
    var tracker: EvaluatedSet? = evaluated != nil || program.nodes[index].tracksEvaluation ? EvaluatedSet() : nil
    var valid = true
    let count = program.nodes[index].keywords.count
    var k = 0
    while k < count {
      if !apply(k, of: index, to: instance, &tracker) {
        valid = false
        if !reporting || errors.count >= maximumErrors { break }
      }
      k &+= 1
    }
    if valid {
      if evaluated != nil, let tracker { evaluated!.merge(tracker) }
      if collectsAnnotations { annotate(index, instance) }
    } else if annotations.count > annotationMark {
      annotations.removeSubrange(annotationMark...)
    }
    return valid
  }

  /// Validates an in-place subschema (same instance): what it evaluates counts for this node when it is valid.
  @inline(__always)
  mutating func inPlace(_ instance: N, _ index: Int, _ tracker: inout EvaluatedSet?) -> Bool {
    var local: EvaluatedSet? = tracker != nil ? EvaluatedSet() : nil
    let valid = validate(instance, index, &local)
    if valid, let local { tracker!.merge(local) }
    return valid
  }

  /// Validates a child instance (a member or an element) against a subschema.
  @inline(__always)
  mutating func child(_ instance: N, _ index: Int) -> Bool {
    var none: EvaluatedSet?
    return validate(instance, index, &none)
  }

  /// Validates with failures not recorded (a subschema that may fail while the instance is valid).
  @inline(__always)
  mutating func quietly(_ body: (inout Self) -> Bool) -> Bool {
    let was = reporting
    reporting = false
    defer { reporting = was }
    return body(&self)
  }

  // MARK: Paths and reports

  // Not variadic: a variadic call allocates its array even when no path is kept.
  @inline(__always) mutating func pushKeyword(_ token: @autoclosure () -> String) {
    if tracksPaths { keywordPath.append(token()) }
  }
  @inline(__always) mutating func pushKeyword(
    _ token: @autoclosure () -> String, _ second: @autoclosure () -> String
  ) {
    if tracksPaths {
      keywordPath.append(token())
      keywordPath.append(second())
    }
  }
  @inline(__always) mutating func popKeyword(_ count: Int = 1) {
    if tracksPaths { keywordPath.removeLast(count) }
  }
  @inline(__always) mutating func pushInstance(_ token: @autoclosure () -> String) {
    if tracksPaths { instancePath.append(token()) }
  }
  @inline(__always) mutating func popInstance() {
    if tracksPaths { instancePath.removeLast() }
  }

  /// Records a failure of keyword `keyword` of node `index` (`nil`: the node itself, a `false` schema).
  mutating func fail(_ index: Int, _ keyword: String?, _ message: @autoclosure () -> String, _ instance: N) {
    guard reporting, errors.count < maximumErrors else { return }
    errors.append(error(index, keyword, message(), instance))
  }

  func error(_ index: Int, _ keyword: String?, _ message: String, _ instance: N) -> JSONSchema.ValidationError {
    let location = program.nodes[index].location
    let absolute: String
    if let keyword {
      absolute = location + JSONPointer(tokens: [keyword]).fragment.dropFirst()
    } else {
      absolute = location
    }
    return JSONSchema.ValidationError(
      instanceLocation: JSONPointer(tokens: instancePath),
      keywordLocation: JSONPointer(tokens: keyword.map { keywordPath + [$0] } ?? keywordPath),
      absoluteKeywordLocation: absolute, message: message, byteOffset: instance.byteOffset)
  }

  /// Whether `pattern` matches somewhere in `string`; a pattern whose backtracking runs out of steps exhausts the
  /// evaluation (an error that names it), never a silent "no match".
  mutating func matches(_ pattern: SchemaPattern, _ string: String, _ index: Int, _ instance: N) -> Bool {
    do throws(RegularExpression.Failure) { return try pattern.matches(string, scratch: &scratch) } catch {
      exhaust(
        index, instance,
        reason: "pattern '\(pattern.source)' exceeded its budget of "
          + "\(RegularExpression.defaultBacktrackingBudget) backtracking steps")
      return false
    }
  }

  mutating func exhaust(_ index: Int, _ instance: N, reason given: String? = nil) {
    let reason =
      given
      ?? (steps > budget
        ? "validation exceeded its budget of \(budget) schema evaluations"
        : "validation exceeded the maximum evaluation depth (\(Self.maximumDepth) levels, or the thread's stack)")
    exhausted = reason
    exhaustedAt = error(index, nil, reason, instance)
    if reporting, errors.count < maximumErrors { errors.append(exhaustedAt!) }
  }

  mutating func annotate(_ index: Int, _ instance: N) {
    let node = program.nodes[index]
    for (name, value) in node.annotations {
      annotations.append(
        JSONSchema.Annotation(
          instanceLocation: JSONPointer(tokens: instancePath),
          keywordLocation: JSONPointer(tokens: keywordPath + [name]),
          absoluteKeywordLocation: node.location + JSONPointer(tokens: [name]).fragment.dropFirst(), value: value))
    }
  }

  /// A short rendering of an instance for messages: scalars as JSON (long strings cut), containers by kind.
  static func describe(_ instance: N) -> String {
    switch instance.kind {
    case .object: return "object"
    case .array: return "array"
    case .string:
      let text = instance.stringValue ?? ""
      let shown = text.unicodeScalars.count > 40 ? String(text.unicodeScalars.prefix(40)) + "…" : text
      return JSON.string(shown).description
    default: return instance.json().description
    }
  }
}
