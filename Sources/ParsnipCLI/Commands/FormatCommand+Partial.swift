import Parsnip

/// `format --partial on|trailing-strings`: the snapshot of a document still being written (a language model's
/// output cut short), as `PartialJSON` takes it. No value yet (an empty text, `{"a` in either mode, `"ab` with `on`)
/// is reported as the error at the end of the text, exit 1.
extension FormatCommand {
  static let partial = OptionSpec.option(
    "partial", value: "MODE",
    help:
      "Print the snapshot of an incomplete document: on\n(incomplete values left out) or trailing-strings\n(an incomplete string kept as far as it goes)."
  )

  static func partialMode(_ arguments: ParsedArguments) throws(UsageError) -> PartialJSON.Mode? {
    guard let text = arguments.value(of: partial) else { return nil }
    if arguments[lines] { throw UsageError("'--partial' cannot be used with '--lines'") }
    if arguments.value(of: CommonOptions.framing) != nil {
      throw UsageError("'--partial' cannot be used with '--framing'")
    }
    if arguments[CommonOptions.json5] { throw UsageError("'--partial' cannot be used with '--json5'") }
    switch text {
    case "on": return .on
    case "trailing-strings": return .trailingStrings
    default: throw UsageError("invalid partial mode '\(text)' (expected on or trailing-strings)")
    }
  }

  func formatPartial(_ mode: PartialJSON.Mode, context: CommandContext) -> ExitCode {
    guard let input = context.readInput(file) else { return .usageError }
    var document = PartialJSON(mode: mode)
    let snapshot: JSON
    do throws(JSONParseError) {
      try input.withUnsafeBytes { buffer throws(JSONParseError) in try document.append(buffer) }
      snapshot = try document.snapshot()
    } catch {
      context.report(error, in: input.name)
      return .failure
    }
    return context.emit(snapshot, options: writingOptions) ? .success : .failure
  }
}
