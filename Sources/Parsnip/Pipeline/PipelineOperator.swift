precedencegroup PipelinePrecedence {
  associativity: left
  higherThan: AssignmentPrecedence
  lowerThan: TernaryPrecedence
}

/// The pipeline: `value |> f` is `f(value)`, so that decoders read in the order they apply.
infix operator |> : PipelinePrecedence

/// Applies `transform` to `value`: `decode(User.init) |> required("name", .string)`,
/// `.string |> map { $0.lowercased() }`, `decodeUser |> JSONDecoding.array`.
/// - Parameters:
///   - value: The input (in pipelines, a decoder).
///   - transform: What to do with it (in pipelines, a step such as ``required(_:_:)``).
/// - Returns: `transform(value)`.
public func |> <Input, Output>(value: Input, transform: (Input) throws -> Output) rethrows -> Output {
  try transform(value)
}
