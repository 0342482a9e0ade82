import Parsnip

/// `parsnip patch [--merge] [--compact] [--json5] PATCH_FILE [FILE]`: applies a JSON Patch (RFC 6902) or, with
/// `--merge`, a JSON merge patch (RFC 7396), and prints the result.
///
/// Exit status: 0 applied; 1 the patch is well formed but cannot apply (a failed `test`, a missing path); 2 the
/// patch is malformed, either input is not JSON or cannot be read. A merge patch always applies.
struct PatchCommand: Command {
  static let name = "patch"
  static let abstract = "Apply an RFC 6902 JSON Patch or RFC 7396 merge patch."
  static let discussion = """
    Prints the patched document. Exits 1 when the patch cannot apply (a failed
    'test', a missing path) and 2 when the patch is malformed or an input is not
    JSON.
    """
  static let synopsis = "patch [--merge] [--compact] [--json5] PATCH_FILE [FILE]"
  static let arguments = [
    (label: "PATCH_FILE", help: "The patch; '-' reads standard input."),
    (label: "FILE", help: "The document; '-' or none reads standard input."),
  ]
  static let options = [
    OptionSpec.flag("merge", help: "Apply a JSON merge patch (RFC 7396) instead."),
    CommonOptions.compact,
    CommonOptions.json5,
    OptionSpec.help,
  ]

  var patchFile: String
  var file: String?
  var merges: Bool
  var parsingOptions: JSON.ParsingOptions
  var writingOptions: JSON.WritingOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let patchFile = arguments.positionals.first else { throw UsageError("missing PATCH_FILE") }
    try CommonOptions.expectAtMost(2, positionals: arguments, names: "PATCH_FILE and one FILE")
    self.patchFile = patchFile
    file = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
    if CommandContext.isStandardInput(patchFile), CommandContext.isStandardInput(file) {
      throw UsageError("PATCH_FILE and FILE cannot both be standard input")
    }
    merges = arguments.has("merge")
    parsingOptions = CommonOptions.parsingOptions(arguments)
    writingOptions = arguments.has("compact") ? .compact : .pretty
  }

  func run(in context: CommandContext) -> ExitCode {
    // Either input unreadable or not JSON: exit 2, like a malformed patch.
    guard let patch = context.load(patchFile, options: parsingOptions),
      let document = context.load(file, options: parsingOptions)
    else { return .usageError }
    let result: JSON
    if merges {
      result = JSONMergePatch.apply(patch, to: document)
    } else {
      do throws(JSONPatchError) {
        result = try JSONPatch(patch).apply(to: document)
      } catch {
        if error.isMalformed {
          let name = CommandContext.isStandardInput(patchFile) ? FileBytes.standardInputName : patchFile
          context.report("\(name): invalid patch: \(error)")
          return .usageError
        }
        context.report("patch does not apply: \(error)")
        return .failure
      }
    }
    return context.emit(result, options: writingOptions) ? .success : .failure
  }
}
