import Parsnip

/// `parsnip diff [--merge] [--compact] [--json5] A B`: prints the JSON Patch (RFC 6902) that turns `A` into `B`,
/// or with `--merge` the JSON merge patch (RFC 7396).
///
/// Decision: unlike `diff(1)`, the exit status is 0 whether or not the documents differ (an empty patch `[]`, or
/// `{}` for `--merge`, says they are equal); 2 when an input is not JSON or cannot be read.
struct DiffCommand: Command {
  static let name = "diff"
  static let abstract = "Print the patch that turns one document into another."
  static let discussion = """
    Prints a JSON Patch (RFC 6902), or with --merge a JSON merge patch
    (RFC 7396), that turns A into B. Applying it with 'parsnip patch' to A gives B.
    """
  static let synopsis = "diff [--merge] [--compact] [--json5] A B"
  static let arguments = [
    (label: "A", help: "The original document; '-' reads standard input."),
    (label: "B", help: "The changed document; '-' reads standard input."),
  ]
  static let options = [
    OptionSpec.flag("merge", help: "Print a JSON merge patch (RFC 7396) instead."),
    CommonOptions.compact,
    CommonOptions.json5,
    OptionSpec.help,
  ]

  var original: String
  var changed: String
  var merges: Bool
  var parsingOptions: JSON.ParsingOptions
  var writingOptions: JSON.WritingOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count >= 2 else {
      throw UsageError(arguments.positionals.isEmpty ? "missing A and B" : "missing B")
    }
    try CommonOptions.expectAtMost(2, positionals: arguments, names: "A and B")
    original = arguments.positionals[0]
    changed = arguments.positionals[1]
    if original == "-", changed == "-" { throw UsageError("A and B cannot both be standard input") }
    merges = arguments.has("merge")
    parsingOptions = CommonOptions.parsingOptions(arguments)
    writingOptions = arguments.has("compact") ? .compact : .pretty
  }

  func run(in context: CommandContext) -> ExitCode {
    // Either input unreadable or not JSON: exit 2, like an invalid expression.
    guard let a = context.load(original, options: parsingOptions), let b = context.load(changed, options: parsingOptions)
    else { return .usageError }
    let patch = merges ? JSONMergePatch.diff(from: a, to: b) : JSONPatch.diff(from: a, to: b).json
    return context.emit(patch, options: writingOptions) ? .success : .failure
  }
}
