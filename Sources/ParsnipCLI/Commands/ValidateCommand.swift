import Parsnip

/// `parsnip validate [--json5] [--lines | --framing KIND] [--jobs N] [--schema SCHEMA …] [FILE ...]`: checks that
/// documents are valid JSON, and with `--schema` that they are valid against a JSON Schema (``SchemaValidation``).
///
/// Every input is checked even after a failure, so one run reports every invalid file. The exit status is the
/// worst outcome: 2 if any input could not be read, else 1 if any was invalid, else 0. Valid inputs print nothing.
/// With `--lines`, lines are scanned without building values, on `--jobs` threads (one per core by default); the
/// diagnostics are the same, in the same order, for any number. With `--framing`, each value of the stream is
/// checked as it arrives (``JSONStreamReader``), and each bad one reported.
struct ValidateCommand: Command {
  static let name = "validate"
  static let abstract = "Check that documents are valid JSON."
  static let discussion = """
    Exits 0 when every input is valid and 1 when any is not, printing one
    FILE:LINE:COLUMN: error: MESSAGE line per invalid input on standard error.
    Duplicate object keys are accepted, as RFC 8259 allows.

    With --schema, inputs are also validated against a JSON Schema (draft
    2020-12, 2019-09 or 7), one line per error on standard error:
    FILE:LINE:COLUMN: error: INSTANCE_POINTER: MESSAGE (KEYWORD_LOCATION).
    A schema that is invalid or holds an unresolvable reference exits 2.
    """
  static let arguments = [
    ArgumentSpec.optional("FILE ...", file: true, help: "Files to check; '-' or none reads standard input.")
  ]
  static let options =
    [CommonOptions.json5, CommonOptions.lines, CommonOptions.framing, CommonOptions.jobs] + SchemaValidation.options
    + [OptionSpec.help]

  /// The inputs; empty means standard input.
  var files: [String]
  var parsingOptions: JSON.ParsingOptions
  /// `--lines` or `--framing KIND`; `nil` for whole documents.
  var framing: JSONStreamFraming?
  /// `--jobs N`: the threads that check lines.
  var jobs: Int
  /// `--schema` and its options, when given.
  var schema: SchemaValidation?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.positionals
    parsingOptions = CommonOptions.parsingOptions(arguments)
    framing = try CommonOptions.framing(arguments)
    jobs = try CommonOptions.jobs(arguments, lines: framing == .lines)
    schema = try SchemaValidation(arguments)
    // Schema validation reads whole documents or JSON Lines; the other framings are not wired to it yet.
    if schema != nil, let framing, framing != .lines {
      throw UsageError("'--schema' reads whole documents or '--lines', not '--framing \(framing)'")
    }
  }

  func run(in context: CommandContext) -> ExitCode {
    if let schema {
      return schema.run(files: files, parsing: parsingOptions, lines: framing == .lines, jobs: jobs, in: context)
    }
    var status = ExitCode.success
    for file in files.isEmpty ? [nil] : files.map(Optional.some) {
      let valid: Bool
      if let framing {
        switch context.validateValues(file, framing: framing, options: parsingOptions, jobs: jobs) {
        case .success(let allValid): valid = allValid
        case .failure(let error):
          context.report(error.message)
          status = max(status, .usageError)
          continue
        }
      } else {
        guard let input = context.readInput(file, parsedWith: parsingOptions) else {
          status = max(status, .usageError)
          continue
        }
        valid = context.document(input, options: parsingOptions) != nil
      }
      if !valid { status = max(status, .failure) }
    }
    return status
  }
}
