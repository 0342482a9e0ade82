import Parsnip

/// `parsnip jsonapi-build [--relationships NAMES] [--compact] [--json5] [FILE]`: builds a JSON:API compound
/// document from nested resources.
///
/// Exit status: 0 built; 1 a resource lacks a string `type` or `id` (the error names its JSON Pointer); 2 usage
/// errors, an unreadable input or invalid JSON.
struct JSONAPIBuildCommand: Command {
  static let name = "jsonapi-build"
  static let abstract = "Build a JSON:API document from nested resources."
  static let discussion = """
    Reads a resource (an object with 'type' and 'id') or an array of them, and
    prints a document with 'data' and a de-duplicated 'included'. Members
    holding resources are relationships unless --relationships names them.
    """
  static let synopsis = "jsonapi-build [--relationships NAMES] [--compact] [--json5] [FILE]"
  static let arguments = [(label: "FILE", help: "The resources; '-' or none reads standard input.")]
  static let options = [
    OptionSpec.option(
      "relationships", value: "NAMES", help: "Comma-separated member names that are relationships\n(default: any member holding resources)."),
    CommonOptions.compact,
    CommonOptions.json5,
    OptionSpec.help,
  ]

  var file: String?
  var buildOptions = JSONAPI.BuildOptions()
  var parsingOptions: JSON.ParsingOptions
  var writingOptions: JSON.WritingOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try CommonOptions.expectAtMost(1, positionals: arguments, names: "one FILE")
    file = arguments.positionals.first
    if let text = arguments.value("relationships") {
      let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard !names.contains(where: \.isEmpty) else {
        throw UsageError("invalid relationship list '\(text)' (expected comma-separated names)")
      }
      buildOptions.relationships = Set(names)
    }
    parsingOptions = CommonOptions.parsingOptions(arguments)
    writingOptions = arguments.has("compact") ? .compact : .pretty
  }

  func run(in context: CommandContext) -> ExitCode {
    guard let input = context.readInput(file) else { return .usageError }
    guard let resources = context.parse(input, options: parsingOptions) else { return .usageError }
    let document: JSON
    do throws(JSONAPIError) {
      document = try JSONAPI.build(resources, options: buildOptions)
    } catch {
      context.report("\(input.name): \(error)")
      return .failure
    }
    return context.emit(document, options: writingOptions) ? .success : .failure
  }
}
