import Parsnip

/// `parsnip format [--indent N | --compact | --canonical] [--sort-keys] [--ascii] [--json5] [--lines] [FILE]`:
/// re-writes a document through the streaming writer.
///
/// Decisions: the output always ends with a line feed, also when compact; `--canonical` is RFC 8785 (JCS) output,
/// which already sorts keys (so `--sort-keys` changes nothing) and fixes string escaping (so `--ascii` is
/// refused); with `--lines` each value is written compact on its own line (JSON Lines in, JSON Lines out) unless
/// `--indent` asks otherwise, and invalid lines are reported and skipped (exit 1).
struct FormatCommand: Command {
  static let name = "format"
  static let abstract = "Pretty-print, compact or canonicalize JSON."
  static let discussion = """
    Writes the document to standard output, indented by 2 spaces unless told
    otherwise, ending with a line feed. Invalid JSON prints an error and exits 1.
    """
  static let synopsis =
    "format [--indent N | --compact | --canonical] [--sort-keys] [--ascii] [--json5] [--lines] [FILE]"
  static let arguments = [(label: "FILE", help: "The document; '-' or none reads standard input.")]
  static let options = [
    OptionSpec.option("indent", value: "N", help: "Indent by N spaces, 0 to 16 (default: 2)."),
    OptionSpec.flag("compact", help: "Print on one line, without spaces."),
    OptionSpec.flag("canonical", help: "Print RFC 8785 canonical JSON (compact, sorted keys)."),
    OptionSpec.flag("sort-keys", help: "Sort object keys by Unicode code point."),
    OptionSpec.flag("ascii", help: "Escape every non-ASCII character as \\uXXXX."),
    CommonOptions.json5,
    OptionSpec.flag(
      "lines", help: "Treat each line as its own JSON value (JSON Lines)\nand print one compact value per line."),
    OptionSpec.help,
  ]

  /// The largest indent accepted.
  static let maximumIndent = 16

  var file: String?
  var parsingOptions: JSON.ParsingOptions
  var writingOptions: JSON.WritingOptions
  var lines: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try CommonOptions.expectAtMost(1, positionals: arguments, names: "one FILE")
    try CommonOptions.expectOneOf(["indent", "compact", "canonical"], in: arguments)
    file = arguments.positionals.first
    parsingOptions = CommonOptions.parsingOptions(arguments)
    lines = arguments.has("lines")
    var options: JSON.WritingOptions
    if let text = arguments.value("indent") {
      guard let indent = Int(text), (0...Self.maximumIndent).contains(indent) else {
        throw UsageError("invalid indent '\(text)' (expected a number from 0 to \(Self.maximumIndent))")
      }
      options = .pretty(indent: indent)
    } else if arguments.has("compact") {
      options = .compact
    } else if arguments.has("canonical") {
      options = .canonical
    } else {
      options = lines ? .compact : .pretty
    }
    if arguments.has("sort-keys") { options.sortsKeys = true }
    if arguments.has("ascii") {
      // RFC 8785 fixes how strings are escaped; silently ignoring --ascii would surprise.
      if options.isCanonical { throw UsageError("'--ascii' cannot be used with '--canonical'") }
      options.asciiOnly = true
    }
    writingOptions = options
  }

  func run(in context: CommandContext) -> ExitCode {
    if lines { return formatLines(context: context) }
    guard let input = context.readInput(file, parsedWith: parsingOptions) else { return .usageError }
    guard let json = context.parse(input, options: parsingOptions) else { return .failure }
    return context.emit(json, options: writingOptions) ? .success : .failure
  }

  private func formatLines(context: CommandContext) -> ExitCode {
    var written = true
    let outcome = context.forEachLine(file, options: parsingOptions) { json, _ in
      if !context.emit(json, options: writingOptions, streams: false) { written = false }
    }
    switch outcome {
    case .success(let allValid): return allValid && written ? .success : .failure
    case .failure(let error):
      context.report(error.message)
      return .usageError
    }
  }
}
