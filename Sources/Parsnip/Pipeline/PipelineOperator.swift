precedencegroup PipelinePrecedence {
  associativity: left
  higherThan: AssignmentPrecedence
  lowerThan: TernaryPrecedence
}

/// The pipeline: `decode(User.init) |> .required("name", .string)` applies a step (a ``PipelineArgument``) to the
/// decoder of a function, so that decoders read in the order they apply.
infix operator |> : PipelinePrecedence

/// Applies a step: decodes the next argument of the function that `function` decodes (see ``PipelineArgument``).
/// - Parameters:
///   - function: The pipeline so far: a decoder of a function still missing arguments.
///   - argument: How to decode its next argument.
/// - Returns: The pipeline with that argument applied.
@inlinable public func |> <Argument, Result>(
  function: JSONDecoding<(Argument) -> Result>, argument: PipelineArgument<Argument>
) -> JSONDecoding<Result> {
  applying(function, argument.decoder, step: argument.step)
}
