import Parsnip

/// Options shared by several subcommands, declared once so their help reads the same everywhere.
enum CommonOptions {
  /// `--json5`: accept JSON5 input.
  static let json5 = OptionSpec.flag(
    "json5", help: "Accept JSON5 (comments, trailing commas, unquoted\nkeys, single quotes, hexadecimal numbers).")
  /// `--lines`: one JSON value per line.
  static let lines = OptionSpec.flag("lines", help: "Treat each line as its own JSON value (JSON Lines).")
  /// `--compact`: one-line output.
  static let compact = OptionSpec.flag("compact", help: "Print on one line (default: indent 2).")
  /// The input file of commands that read one document.
  static let file = ArgumentSpec.optional("FILE", help: "The document; '-' or none reads standard input.")

  /// Parsing options for `--json5`.
  static func parsingOptions(_ arguments: ParsedArguments) -> JSON.ParsingOptions {
    JSON.ParsingOptions(allowsJSON5: arguments[json5])
  }

  /// Rejects more than `limit` positionals.
  static func expectAtMost(
    _ limit: Int, positionals arguments: ParsedArguments, names: String
  ) throws(UsageError) {
    if arguments.positionals.count > limit {
      let extra = arguments.positionals[limit]
      throw UsageError("unexpected argument '\(extra)' (expected \(names))")
    }
  }
}
