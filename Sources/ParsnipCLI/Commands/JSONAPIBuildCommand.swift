import Parsnip

/// `parsnip jsonapi-build [--relationships NAMES] [--compact] [--json5] [FILE]`: builds a JSON:API compound
/// document from nested resources.
///
/// Reads what `parsnip expand` prints for JSON:API as it is (a document with `data`), or nested resources.
/// `--relationships ""` names no relationships: every member is an attribute.
///
/// Exit status: 0 built; 1 invalid JSON, a resource lacks a string `type` or `id`, or two copies of a resource
/// differ (the error names their JSON Pointers); 2 usage errors or an unreadable input.
struct JSONAPIBuildCommand: Command {
  static let name = "jsonapi-build"
  static let abstract = "Build a JSON:API document from nested resources."
  static let discussion = """
    Reads a resource (an object with 'type' and 'id'), an array of them, or a
    document with 'data' as 'parsnip expand' prints it, and prints a document
    with 'data' and a de-duplicated 'included' (copies of a resource merged;
    copies that differ are an error). Members holding resources are
    relationships unless --relationships names them.
    """
  static let arguments = [
    ArgumentSpec.optional("FILE", file: true, help: "The resources; '-' or none reads standard input.")
  ]
  static let relationships = OptionSpec.option(
    "relationships", value: "NAMES",
    help: "Comma-separated member names that are relationships\n(default: any member holding resources; '' for none).")
  static let options = [relationships, CommonOptions.compact, CommonOptions.json5, OptionSpec.help]

  var file: String?
  var buildOptions = JSONAPI.BuildOptions()
  var formats: CommonOptions.Formats

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = try CommonOptions.optionalFile(arguments)
    if let text = arguments.value(of: Self.relationships) {
      // Split by scalars, as include lists are: a combining mark after ',' must not hide it.
      let names =
        text.isEmpty
        ? []
        : text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false).map {
          String(String.UnicodeScalarView($0))
        }
      guard !names.contains(where: \.isEmpty) else {
        throw UsageError("invalid relationship list '\(text)' (expected comma-separated names)")
      }
      buildOptions.relationships = Set(names)
    }
    formats = CommonOptions.Formats(arguments)
  }

  func run(in context: CommandContext) -> ExitCode {
    let resources: JSON
    do throws(LoadFailure) { resources = try context.load(file, options: formats.parsing) } catch {
      return error.status
    }
    let document: JSON
    do throws(JSONAPIError) {
      document = try JSONAPI.build(resources, options: buildOptions)
    } catch {
      context.report("\(CommandContext.displayName(file)): \(error)")
      return .failure
    }
    return context.emit(document, options: formats.writing) ? .success : .failure
  }
}
