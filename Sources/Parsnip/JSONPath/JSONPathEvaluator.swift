/// Evaluates a compiled query against a value of the node layer (RFC 9535 sections 2.3 and 2.5): a `JSON` tree,
/// or a `JSONDocument` read through its tape without building a tree.
///
/// Segments are applied one at a time to a nodelist held in a reusable buffer. Nodes are passed as they are (a
/// tree by reference count, a tape node as two words), never deep-copied; only the results and the values a
/// filter compares become trees. Result paths are recorded as rows of a parent-linked table (`PathTable`) and only
/// rendered when a caller asks for them. Descendant segments walk the value with an explicit stack, so a value
/// nested 100 000 levels deep cannot overflow the call stack; filter sub-queries reuse pooled buffers.
///
/// Every unit of work draws on `budget` (see `JSONPath.EvaluationOptions`): a node a selector produces, a child a
/// descendant walk visits, a candidate a filter tests, a comparison or function call, and long string or deep
/// container operations in proportion to their size. RFC 9535 nodelists keep duplicates, so stacked descendant
/// segments grow multiplicatively; the budget turns such a query into an error instead of a hang. When it runs
/// out, `BudgetExhausted` unwinds the evaluation, and the innermost segment being applied records itself in
/// `exhaustedSegment`. The error is empty, so throwing it costs the recursive functions no stack.
struct JSONPathEvaluator<Node: JSONNode> {
  /// A node: its value and its row in the path table (`-1` for the root or when paths are not recorded).
  typealias Item = (value: Node, row: Int)

  /// A child of a container: its value and where it is in the container.
  typealias Child = (value: Node, element: JSONPath.NormalizedPath.Element)

  /// One container being walked by a descendant segment: its children, collected when it is entered (a tape has
  /// no positional access), and the next one to visit.
  struct Frame {
    var children: [Child]
    var next: Int
    var row: Int
  }

  /// The argument of the whole query, `$`.
  let root: Node
  /// Whether the top-level query records result paths.
  let recordsPaths: Bool
  var parents: [Int] = []
  var elements: [JSONPath.NormalizedPath.Element] = []
  var bufferPool: [[Item]] = []
  var framePool: [[Frame]] = []
  var childPool: [[Child]] = []
  var regexScratch = RegularExpression.Scratch()
  var lastPattern: (source: String, regex: RegularExpression?)?
  /// The last container a filter built into a tree, by where it starts (see `tree(_:)`).
  var lastTree: (offset: Int, tree: JSON)?
  /// The nodes results may still build without charge (see `result(_:)`).
  var freeResultNodes: Int
  /// The work left; evaluation stops with `BudgetExhausted` when it would go below zero.
  var budget: Int
  /// The query text of the innermost segment being applied when the budget ran out.
  var exhaustedSegment: Range<Int>?
  /// Set when evaluation stopped at a pattern from the document that is too large to run, not at the budget.
  var patternTooLarge = false
  /// The most nodes one nodelist may hold.
  let maximumNodes: Int
  /// Set when evaluation stopped because a nodelist reached `maximumNodes`.
  var nodelistTooLong = false

  init(root: Node, recordsPaths: Bool, budget: Int, maximumNodes: Int = .max) {
    self.root = root
    self.freeResultNodes = root.treeCost
    self.recordsPaths = recordsPaths
    self.budget = Swift.max(budget, 0)
    self.maximumNodes = Swift.max(maximumNodes, 0)
  }

  /// Appends a selected node, failing once a nodelist would hold more than `maximumNodes` (memory, not work:
  /// each node costs a few dozen bytes, and its path as many again).
  @inline(__always)
  mutating func emit(_ value: Node, _ row: Int, into out: inout [Item]) throws(BudgetExhausted) {
    if out.count >= maximumNodes {
      nodelistTooLong = true
      throw BudgetExhausted()
    }
    out.append((value, row))
  }

  /// Draws `units` from the budget: one subtraction and one branch on the normal path.
  @inline(__always)
  mutating func spend(_ units: Int = 1) throws(BudgetExhausted) {
    budget &-= units
    if budget < 0 { throw BudgetExhausted() }
  }

  /// Runs the top-level query and returns the resulting nodelist.
  mutating func run(_ query: CompiledQuery) throws(BudgetExhausted) -> [Item] {
    var current: [Item] = [(root, -1)]
    var next: [Item] = []
    for segment in query.segments {
      next.removeAll(keepingCapacity: true)
      for item in current {
        try apply(segment, to: item.value, row: item.row, recordsPaths: recordsPaths, into: &next, limit: .max)
      }
      swap(&current, &next)
      if current.isEmpty { break }
    }
    return current
  }

  /// The finished path table, shared by every result path.
  func pathTable() -> PathTable { PathTable(parents: parents, elements: elements) }

  // MARK: - Sub-queries (inside filters)

  /// Evaluates a filter query without recording paths, stopping once the final segment has `limit` nodes.
  /// The caller returns the buffer with `recycle(_:)`.
  mutating func subquery(_ query: CompiledQuery, current: Node, limit: Int) throws(BudgetExhausted) -> [Item] {
    var nodes = borrowBuffer()
    nodes.append((query.isAbsolute ? root : current, -1))
    var next = borrowBuffer()
    let last = query.segments.count - 1
    for (index, segment) in query.segments.enumerated() {
      let segmentLimit = index == last ? limit : .max
      next.removeAll(keepingCapacity: true)
      // An exhausted budget ends the whole evaluation, so the borrowed buffers need not go back to the pool.
      for item in nodes {
        try apply(segment, to: item.value, row: -1, recordsPaths: false, into: &next, limit: segmentLimit)
        if next.count >= segmentLimit { break }
      }
      swap(&nodes, &next)
      if nodes.isEmpty { break }
    }
    recycle(&next)
    return nodes
  }

  /// The number of nodes a filter query selects, counting at most `limit`.
  mutating func count(_ query: CompiledQuery, current: Node, limit: Int) throws(BudgetExhausted) -> Int {
    if let steps = query.singularSteps {
      return try singularValue(steps, of: query, current: current) == nil ? 0 : 1
    }
    var nodes = try subquery(query, current: current, limit: limit)
    let count = nodes.count
    recycle(&nodes)
    return count
  }

  /// The value of the only node a filter query selects, or Nothing (`nil`) when it selects none or several.
  mutating func onlyValue(_ query: CompiledQuery, current: Node) throws(BudgetExhausted) -> Node? {
    if let steps = query.singularSteps {
      return try singularValue(steps, of: query, current: current)
    }
    var nodes = try subquery(query, current: current, limit: 2)
    let value: Node? = nodes.count == 1 ? nodes[0].value : Optional.none
    recycle(&nodes)
    return value
  }

  /// Walks a singular query inside a filter, paying one unit plus one per eight steps (a step is a hash lookup,
  /// cheaper than visiting a node; a query can be long, so its length still counts).
  @inline(__always)
  mutating func singularValue(
    _ steps: [SingularStep], of query: CompiledQuery, current: Node
  ) throws(BudgetExhausted) -> Node? {
    try spend(1 &+ steps.count >> 3)
    return singularValue(steps, from: query.isAbsolute ? root : current)
  }

  /// Walks a singular query directly, without a nodelist.
  func singularValue(_ steps: [SingularStep], from start: Node) -> Node? {
    var node = start
    for step in steps {
      switch step {
      case .name(let name):
        guard let member = node.member(name) else { return nil }
        node = member
      case .index(let index):
        guard node.kind == .array else { return nil }
        guard let element = node.element(index >= 0 ? index : node.count + index) else { return nil }
        node = element
      }
    }
    return node
  }

  // MARK: - Segments and selectors

  // Filters nest: select → test → count → subquery → apply → select. The functions on that cycle stay small
  // and move their bulky cases into `@inline(never)` helpers, so each level of nesting costs little stack.

  /// Applies a segment to one node, appending the selected nodes to `out`. When the budget runs out below this
  /// segment and no inner segment has claimed it, this segment is the one that hit the limit.
  mutating func apply(
    _ segment: CompiledSegment, to value: Node, row: Int, recordsPaths: Bool, into out: inout [Item], limit: Int
  ) throws(BudgetExhausted) {
    do throws(BudgetExhausted) {
      for selector in segment.selectors {
        try select(selector, from: value, row: row, recordsPaths: recordsPaths, into: &out)
      }
      if segment.isDescendant {
        try applyToDescendants(segment, of: value, row: row, recordsPaths: recordsPaths, into: &out, limit: limit)
      }
    } catch {
      if exhaustedSegment == nil { exhaustedSegment = segment.source }
      throw error
    }
  }

  /// Section 2.5.2: visits the descendants in document order, each before its own descendants, and applies the
  /// selectors to each. Only non-empty containers can yield nodes, so only they are visited.
  @inline(never)
  mutating func applyToDescendants(
    _ segment: CompiledSegment, of value: Node, row: Int, recordsPaths: Bool, into out: inout [Item], limit: Int
  ) throws(BudgetExhausted) {
    guard value.count > 0 else { return }
    var stack = borrowFrames()
    stack.append(Frame(children: children(of: value), next: 0, row: row))
    while let top = stack.indices.last, out.count < limit {
      let index = stack[top].next
      guard index < stack[top].children.count else {
        recycle(&stack[top].children)
        stack.removeLast()
        continue
      }
      stack[top].next = index + 1
      try spend()
      let (child, element) = stack[top].children[index]
      guard child.count > 0 else { continue }
      let childRow = recordsPaths ? record(parent: stack[top].row, element) : -1
      for selector in segment.selectors {
        try select(selector, from: child, row: childRow, recordsPaths: recordsPaths, into: &out)
      }
      stack.append(Frame(children: children(of: child), next: 0, row: childRow))
    }
    for k in stack.indices { recycle(&stack[k].children) }
    recycle(&stack)
  }

  /// The elements or members of a container, in order, in a pooled buffer (see ``recycle(_:)-(inout [Child])``).
  mutating func children(of value: Node) -> [Child] {
    var children = childPool.popLast() ?? []
    if value.kind == .array {
      value.forEachElement { index, element in children.append((element, .index(index))) }
    } else {
      value.forEachMember { key, member in children.append((member, .name(key))) }
    }
    return children
  }

  /// Applies one selector to one node (section 2.3).
  mutating func select(
    _ selector: CompiledSelector, from value: Node, row: Int, recordsPaths: Bool, into out: inout [Item]
  ) throws(BudgetExhausted) {
    switch selector {
    case .name(let name):
      try selectMember(named: name, from: value, row: row, recordsPaths: recordsPaths, into: &out)
    case .wildcard:
      try selectChildren(of: value, row: row, recordsPaths: recordsPaths, into: &out)
    case .index(let index):
      try selectElement(at: index, from: value, row: row, recordsPaths: recordsPaths, into: &out)
    case .slice(let start, let end, let step):
      try selectSlice(
        start: start, end: end, step: step, from: value, row: row, recordsPaths: recordsPaths, into: &out)
    case .filter(let filter):
      try selectFiltered(filter, from: value, row: row, recordsPaths: recordsPaths, into: &out)
    }
  }

  @inline(never)
  mutating func selectMember(
    named name: String, from value: Node, row: Int, recordsPaths: Bool, into out: inout [Item]
  ) throws(BudgetExhausted) {
    guard let member = value.member(name) else { return }
    try spend()
    try emit(member, recordsPaths ? record(parent: row, .name(name)) : -1, into: &out)
  }

  @inline(never)
  mutating func selectChildren(
    of value: Node, row: Int, recordsPaths: Bool, into out: inout [Item]
  ) throws(BudgetExhausted) {
    switch value.kind {
    case .array:
      try value.forEachElement { (index, element) throws(BudgetExhausted) in
        try spend()
        try emit(element, recordsPaths ? record(parent: row, .index(index)) : -1, into: &out)
      }
    case .object:
      try value.forEachMember { (key, member) throws(BudgetExhausted) in
        try spend()
        try emit(member, recordsPaths ? record(parent: row, .name(key)) : -1, into: &out)
      }
    default:
      break
    }
  }

  @inline(never)
  mutating func selectElement(
    at index: Int, from value: Node, row: Int, recordsPaths: Bool, into out: inout [Item]
  ) throws(BudgetExhausted) {
    guard value.kind == .array else { return }
    let position = index >= 0 ? index : value.count + index
    guard let element = value.element(position) else { return }
    try spend()
    try emit(element, recordsPaths ? record(parent: row, .index(position)) : -1, into: &out)
  }

  /// Section 2.3.4.2.2: normalize the bounds, clamp them to the array, then step.
  @inline(never)
  mutating func selectSlice(
    start: Int?, end: Int?, step: Int?, from value: Node, row: Int, recordsPaths: Bool, into out: inout [Item]
  ) throws(BudgetExhausted) {
    guard value.kind == .array else { return }
    let step = step ?? 1
    guard step != 0 else { return }
    var array = children(of: value)
    defer { recycle(&array) }
    let length = array.count
    func normalized(_ i: Int) -> Int { i >= 0 ? i : length + i }
    if step > 0 {
      let lower = Swift.min(Swift.max(normalized(start ?? 0), 0), length)
      let upper = Swift.min(Swift.max(normalized(end ?? length), 0), length)
      var i = lower
      while i < upper {
        try spend()
        try emit(array[i].value, recordsPaths ? record(parent: row, .index(i)) : -1, into: &out)
        i += step
      }
    } else {
      let upper = Swift.min(Swift.max(normalized(start ?? length - 1), -1), length - 1)
      let lower = Swift.min(Swift.max(end.map(normalized) ?? -1, -1), length - 1)
      var i = upper
      while lower < i {
        try spend()
        try emit(array[i].value, recordsPaths ? record(parent: row, .index(i)) : -1, into: &out)
        i += step
      }
    }
  }

  /// Section 2.3.5.2: the children of the node for which the logical expression is true. Each candidate costs
  /// one unit, and each one selected another.
  mutating func selectFiltered(
    _ filter: FilterNode, from value: Node, row: Int, recordsPaths: Bool, into out: inout [Item]
  ) throws(BudgetExhausted) {
    guard value.count > 0 else { return }
    var candidates = children(of: value)
    defer { recycle(&candidates) }
    for (child, element) in candidates {
      try spend()
      guard try test(filter, current: child) else { continue }
      try spend()
      try emit(child, recordsPaths ? record(parent: row, element) : -1, into: &out)
    }
  }

  // MARK: - Paths and buffers

  @inline(__always)
  mutating func record(parent: Int, _ element: JSONPath.NormalizedPath.Element) -> Int {
    parents.append(parent)
    elements.append(element)
    return parents.count - 1
  }

  mutating func borrowBuffer() -> [Item] { bufferPool.popLast() ?? [] }

  /// Returns a buffer to the pool; the caller's variable is left empty so the pooled storage stays unique.
  mutating func recycle(_ buffer: inout [Item]) {
    buffer.removeAll(keepingCapacity: true)
    bufferPool.append(buffer)
    buffer = []
  }

  mutating func recycle(_ children: inout [Child]) {
    children.removeAll(keepingCapacity: true)
    childPool.append(children)
    children = []
  }

  mutating func borrowFrames() -> [Frame] { framePool.popLast() ?? [] }

  mutating func recycle(_ frames: inout [Frame]) {
    frames.removeAll(keepingCapacity: true)
    framePool.append(frames)
    frames = []
  }
}
