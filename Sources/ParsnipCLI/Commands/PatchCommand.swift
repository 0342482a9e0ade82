import Parsnip

/// `parsnip patch [--merge] [--compact] [--json5] PATCH_FILE [FILE]`: applies a JSON Patch (RFC 6902) or, with
/// `--merge`, a JSON merge patch (RFC 7396), and prints the result.
///
/// Exit status: 0 applied; 1 the document is not JSON, or the patch is well formed but cannot apply (a failed
/// `test`, a missing path); 2 the patch is malformed (not JSON, or not a patch: it is the program) or an input
/// cannot be read. A merge patch always applies.
struct PatchCommand: Command {
  static let name = "patch"
  static let abstract = "Apply an RFC 6902 JSON Patch or RFC 7396 merge patch."
  static let discussion = """
    Prints the patched document. Exits 1 when the document is not JSON or the
    patch cannot apply (a failed 'test', a missing path), and 2 when the patch is
    malformed (not JSON, or not a patch).
    """
  static let arguments = [
    ArgumentSpec.required("PATCH_FILE", file: true, help: "The patch; '-' reads standard input."), CommonOptions.file,
  ]
  static let merge = OptionSpec.flag("merge", help: "Apply a JSON merge patch (RFC 7396) instead.")
  static let maxAddedBytes = OptionSpec.option(
    "max-added-bytes", value: "N",
    help: "The most bytes of values the patch may add (default\n1073741824); past it the patch does not apply.")
  static let options = [merge, CommonOptions.compact, CommonOptions.json5, maxAddedBytes, OptionSpec.help]

  var patchFile: String
  var file: String?
  var merges: Bool
  var formats: CommonOptions.Formats
  /// The limits of applying a JSON Patch: the library's defaults, `--max-added-bytes` for the bytes it adds.
  var applicationOptions = JSONPatch.ApplicationOptions()

  init(_ arguments: ParsedArguments) throws(UsageError) {
    (patchFile, file) = try CommonOptions.requiredAndOptional(arguments, required: "PATCH_FILE", optional: "FILE")
    if CommandContext.isStandardInput(patchFile), CommandContext.isStandardInput(file) {
      throw UsageError("PATCH_FILE and FILE cannot both be standard input")
    }
    merges = arguments[Self.merge]
    formats = CommonOptions.Formats(arguments)
    if let text = arguments.value(of: Self.maxAddedBytes) {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("invalid value '\(text)' for '--max-added-bytes': expected a whole number, 0 or more")
      }
      if merges { throw UsageError("'--max-added-bytes' applies to JSON Patch only, not with '--merge'") }
      applicationOptions.maximumAddedBytes = limit
    }
  }

  func run(in context: CommandContext) -> ExitCode {
    let patch: JSON
    let document: JSON
    do throws(LoadFailure) {
      patch = try context.load(patchFile, options: formats.parsing)
    } catch {
      // The patch is the program, not the data: one that is not JSON exits 2.
      return .usageError
    }
    do throws(LoadFailure) {
      document = try context.load(file, options: formats.parsing)
    } catch {
      return error.status
    }
    let result: JSON
    if merges {
      result = JSONMergePatch.apply(patch, to: document)
    } else {
      do throws(JSONPatchError) {
        result = try JSONPatch(patch).apply(to: document, options: applicationOptions)
      } catch {
        if error.isMalformed {
          context.report("\(CommandContext.displayName(patchFile)): invalid patch: \(error)")
          return .usageError
        }
        context.report("patch does not apply: \(error)")
        return .failure
      }
    }
    return context.emit(result, options: formats.writing) ? .success : .failure
  }
}
