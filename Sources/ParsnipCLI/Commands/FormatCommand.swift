import Parsnip

/// `parsnip format [--indent N | --compact | --canonical] [--sort-keys] [--ascii] [--json5] [--lines | --framing KIND]
/// [--jobs N] [--partial MODE] [FILE]`: re-writes a document through the streaming writer.
///
/// Decisions: the output always ends with a line feed, also when compact; `--canonical` is RFC 8785 (JCS) output,
/// which already sorts keys (so `--sort-keys` changes nothing) and fixes string escaping (so `--ascii` is
/// refused); with `--lines` each value is written compact on its own line (JSON Lines in, JSON Lines out), so
/// `--indent` is refused there, and invalid lines are reported and skipped (exit 1). `--framing` does the same
/// for the values of any framed stream, each written as soon as it is complete.
struct FormatCommand: Command {
  static let name = "format"
  static let abstract = "Pretty-print, compact or canonicalize JSON."
  static let discussion = """
    Writes the document to standard output, indented by 2 spaces unless told
    otherwise, ending with a line feed. Invalid JSON prints an error and exits 1.
    """
  static let arguments = [CommonOptions.file]
  static let indent = OptionSpec.option("indent", value: "N", help: "Indent by N spaces, 0 to 16 (default: 2).")
  static let compact = OptionSpec.flag("compact", help: "Print on one line, without spaces.")
  static let canonical = OptionSpec.flag(
    "canonical",
    help:
      "Print RFC 8785 canonical JSON (compact, sorted keys;\nnumbers as doubles: integers past 2^53 are rounded,\nwith a warning at the first)."
  )
  static let sortKeys = OptionSpec.flag("sort-keys", help: "Sort object keys by Unicode code point.")
  static let ascii = OptionSpec.flag("ascii", help: "Escape every non-ASCII character as \\uXXXX.")
  static let lines = OptionSpec.flag(
    "lines", help: "Treat each line as its own JSON value (JSON Lines)\nand print one compact value per line.")
  static let options = [
    indent, compact, canonical, sortKeys, ascii, CommonOptions.json5, lines, CommonOptions.framing, CommonOptions.jobs,
    partial,
    OptionSpec.help,
  ]
  static let exclusiveGroups = [[indent, compact, canonical]]

  /// The largest indent accepted.
  static let maximumIndent = 16

  var file: String?
  var parsingOptions: JSON.ParsingOptions
  var writingOptions: JSON.WritingOptions
  /// `--lines` or `--framing KIND`; `nil` for one document.
  var framing: JSONStreamFraming?
  /// `--jobs N`: the threads that parse lines.
  var jobs: Int
  /// `--partial MODE`: print the snapshot of an incomplete document.
  var partialMode: PartialJSON.Mode?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    partialMode = try Self.partialMode(arguments)
    file = try CommonOptions.optionalFile(arguments)
    parsingOptions = CommonOptions.parsingOptions(arguments)
    framing = try CommonOptions.framing(arguments)
    let lines = framing != nil
    jobs = try CommonOptions.jobs(arguments, lines: framing == .lines)
    var options: JSON.WritingOptions
    if let text = arguments.value(of: Self.indent) {
      // One value per line is the point of --lines; an indented value would span several.
      if lines {
        let option = arguments[Self.lines] ? "--lines" : "--framing"
        throw UsageError("'--indent' cannot be used with '\(option)' (each value is printed on one line)")
      }
      guard let indent = Int(text), (0...Self.maximumIndent).contains(indent) else {
        throw UsageError("invalid indent '\(text)' (expected a number from 0 to \(Self.maximumIndent))")
      }
      options = .pretty(indent: indent)
    } else if arguments[Self.compact] {
      options = .compact
    } else if arguments[Self.canonical] {
      options = .canonical
    } else {
      options = lines ? .compact : .pretty
    }
    if arguments[Self.sortKeys] { options.sortsKeys = true }
    if arguments[Self.ascii] {
      // RFC 8785 fixes how strings are escaped; silently ignoring --ascii would surprise.
      if options.isCanonical { throw UsageError("'--ascii' cannot be used with '--canonical'") }
      options.asciiOnly = true
    }
    writingOptions = options
  }

  func run(in context: CommandContext) -> ExitCode {
    if let partialMode { return formatPartial(partialMode, context: context) }
    if let framing { return formatValues(framing, context: context) }
    if writingOptions.isCanonical { return formatCanonical(context: context) }
    let json: JSON
    do throws(LoadFailure) { json = try context.load(file, options: parsingOptions) } catch { return error.status }
    return context.emit(json, options: writingOptions) ? .success : .failure
  }

  /// `--canonical`: RFC 8785 writes every number as the shortest text of the nearest double, which changes the
  /// value of integers beyond 2^53 (64-bit ids, say). Said on standard error, once, at the first such integer
  /// (`FILE:LINE:COLUMN: warning: ...`, with how many more there are); the exit status is that of the formatting.
  private func formatCanonical(context: CommandContext) -> ExitCode {
    guard let input = context.readInput(file, parsedWith: parsingOptions) else { return .usageError }
    guard let document = context.document(input, options: parsingOptions) else { return .failure }
    let json = document.root.json()
    // An integer whose canonical text reads back as another integer. (A fraction's text may change digits beyond
    // a double's precision, `0.1000000000000000055` becoming `0.1`, but it stands for the same double.)
    let (count, first) = document.numbers { number in
      guard number.isInteger, let text = Self.canonicalText(of: number) else { return false }
      return (try? JSON(parsing: text))?.numberValue != number
    }
    if let first, let text = Self.canonicalText(of: first.number) {
      let others = count > 1 ? " (and \(count - 1) more integer\(count > 2 ? "s" : ""))" : ""
      context.emitDiagnostic(
        "\(input.name):\(first.line):\(first.column): warning: integer \(first.number) is written as \(text), the "
          + "nearest double, as RFC 8785 requires\(others)")
    }
    return context.emit(json, options: writingOptions) ? .success : .failure
  }

  /// A number as `--canonical` writes it, or `nil` when it cannot be written (not finite: the writer reports it).
  static func canonicalText(of number: JSONNumber) -> String? {
    try? JSON.number(number).string(options: .canonical)
  }

  private func formatValues(_ framing: JSONStreamFraming, context: CommandContext) -> ExitCode {
    var written = true
    let writingOptions = self.writingOptions
    // Each value is written out on the thread that parsed it; this thread only copies the text to the output.
    let outcome = context.forEachValue(
      file, framing: framing, options: parsingOptions, jobs: jobs,
      transform: { CommandContext.lineText($0, options: writingOptions) }
    ) { text, _ in
      if !context.emit(text) { written = false }
    }
    switch outcome {
    case .success(let allValid): return allValid && written ? .success : .failure
    case .failure(let error):
      context.report(error.message)
      return .usageError
    }
  }
}
