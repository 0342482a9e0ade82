/// The compiled form of a JSONPath query (RFC 9535), produced by `JSONPathParser` and read by
/// `JSONPathEvaluator`. Every node is already well-typed: the parser rejects what the RFC rules out, so the
/// evaluator never meets, say, an uncompared literal or a non-singular comparison operand.
struct CompiledQuery: Sendable {
  /// `$` (absolute) or `@` (relative, only inside filters).
  var isAbsolute: Bool
  var segments: [CompiledSegment]
  /// The steps when every segment is a child segment with one name or index selector (RFC 9535 section 2.3.5.1):
  /// such a query selects at most one node and is evaluated by a direct walk.
  var singularSteps: [SingularStep]?

  init(isAbsolute: Bool, segments: [CompiledSegment]) {
    self.isAbsolute = isAbsolute
    self.segments = segments
    var steps: [SingularStep] = []
    steps.reserveCapacity(segments.count)
    for segment in segments {
      guard !segment.isDescendant, segment.isCompact, segment.selectors.count == 1 else {
        singularSteps = nil
        return
      }
      switch segment.selectors[0] {
      case .name(let name): steps.append(.name(name))
      case .index(let index): steps.append(.index(index))
      default:
        singularSteps = nil
        return
      }
    }
    singularSteps = steps
  }
}

/// One step of a singular query.
enum SingularStep: Sendable {
  case name(String)
  case index(Int)
}

/// A child segment `[...]` / `.name` / `.*`, or a descendant segment `..[...]` / `..name` / `..*`.
struct CompiledSegment: Sendable {
  var isDescendant: Bool
  var selectors: [CompiledSelector]
  /// No blank space inside the brackets. RFC 9535's singular-query grammar has no blank space inside
  /// `[...]`, so `@[ 'a' ]` selects like `@['a']` but is not a singular query.
  var isCompact = true
  /// Where the segment is in the query text (UTF-8 offsets), to name it when evaluation runs out of budget.
  var source: Range<Int> = 0..<0
}

enum CompiledSelector: Sendable {
  case name(String)
  case wildcard
  /// Within -(2^53-1) ... 2^53-1.
  case index(Int)
  case slice(start: Int?, end: Int?, step: Int?)
  case filter(FilterNode)
}

/// A logical expression: the body of a filter selector, or a `LogicalType` function argument.
indirect enum FilterNode: Sendable {
  case or([FilterNode])
  case and([FilterNode])
  case not(FilterNode)
  /// An existence test: true when the query selects at least one node.
  case exists(CompiledQuery)
  /// A function whose declared result is `LogicalType`, or `NodesType` converted to logical (non-empty).
  case test(FunctionCall)
  case comparison(ValueOperand, ComparisonOperator, ValueOperand)
}

/// Something that evaluates to a JSON value or to Nothing (`nil`): a comparison operand or a `ValueType`
/// function argument.
enum ValueOperand: Sendable {
  case literal(JSON)
  /// A singular query: its node's value, or Nothing when it selects no node.
  case singularQuery(CompiledQuery)
  /// A function whose declared result is `ValueType`.
  case function(FunctionCall)
}

enum ComparisonOperator: Sendable {
  case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

  var text: String {
    switch self {
    case .equal: "=="
    case .notEqual: "!="
    case .less: "<"
    case .lessOrEqual: "<="
    case .greater: ">"
    case .greaterOrEqual: ">="
    }
  }
}

/// A call to a function extension, type-checked against the function's declared parameter types.
struct FunctionCall: Sendable {
  var function: JSONPathFunction
  var arguments: [FunctionArgument]
  /// For `match()` and `search()` with a literal pattern: the pattern compiled once, or `nil` when it is not a
  /// valid I-Regexp (the call then always yields false, as RFC 9535 section 2.4.6 requires).
  var literalPattern: RegularExpression??
}

enum FunctionArgument: Sendable {
  case value(ValueOperand)
  case nodes(CompiledQuery)
  case logical(FilterNode)
}

/// The declared types of function parameters and results (RFC 9535 section 2.4.1).
enum FunctionType: Sendable, Hashable, CustomStringConvertible {
  /// A JSON value or Nothing.
  case value
  /// LogicalTrue or LogicalFalse.
  case logical
  /// A nodelist.
  case nodes

  var description: String {
    switch self {
    case .value: "ValueType"
    case .logical: "LogicalType"
    case .nodes: "NodesType"
    }
  }
}
