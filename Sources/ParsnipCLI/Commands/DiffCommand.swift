import Parsnip

/// `parsnip diff [--merge] [--compact] [--json5] A B`: prints the JSON Patch (RFC 6902) that turns `A` into `B`,
/// or with `--merge` the JSON merge patch (RFC 7396).
///
/// Decision: unlike `diff(1)`, the exit status is 0 whether or not the documents differ (an empty patch `[]`, or
/// `{}` for `--merge`, says they are equal); 1 when an input is not JSON, 2 when one cannot be read.
struct DiffCommand: Command {
  static let name = "diff"
  static let abstract = "Print the patch that turns one document into another."
  static let discussion = """
    Prints a JSON Patch (RFC 6902), or with --merge a JSON merge patch
    (RFC 7396), that turns A into B. Applying it with 'parsnip patch' to A gives B.
    """
  static let arguments = [
    ArgumentSpec.required("A", file: true, help: "The original document; '-' reads standard input."),
    ArgumentSpec.required("B", file: true, help: "The changed document; '-' reads standard input."),
  ]
  static let merge = OptionSpec.flag("merge", help: "Print a JSON merge patch (RFC 7396) instead.")
  static let options = [merge, CommonOptions.compact, CommonOptions.json5, OptionSpec.help]

  var original: String
  var changed: String
  var merges: Bool
  var formats: CommonOptions.Formats

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count >= 2 else {
      throw UsageError(arguments.positionals.isEmpty ? "missing A and B" : "missing B")
    }
    try CommonOptions.expectAtMost(2, positionals: arguments, names: "A and B")
    original = arguments.positionals[0]
    changed = arguments.positionals[1]
    if original == "-", changed == "-" { throw UsageError("A and B cannot both be standard input") }
    merges = arguments[Self.merge]
    formats = CommonOptions.Formats(arguments)
  }

  func run(in context: CommandContext) -> ExitCode {
    do throws(LoadFailure) {
      let a = try context.load(original, options: formats.parsing)
      let b = try context.load(changed, options: formats.parsing)
      let patch = merges ? JSONMergePatch.diff(from: a, to: b) : JSONPatch.diff(from: a, to: b).json
      return context.emit(patch, options: formats.writing) ? .success : .failure
    } catch {
      return error.status
    }
  }
}
