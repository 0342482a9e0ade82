import Foundation
import Parsnip

/// Options shared by several subcommands, declared once so their help reads the same everywhere.
enum CommonOptions {
  /// `--json5`: accept JSON5 input.
  static let json5 = OptionSpec.flag(
    "json5", help: "Accept JSON5 (comments, trailing commas, unquoted\nkeys, single quotes, hexadecimal numbers).")
  /// `--lines`: one JSON value per line.
  static let lines = OptionSpec.flag("lines", help: "Treat each line as its own JSON value (JSON Lines).")
  /// `--framing KIND`: how the values of a stream are delimited.
  static let framing = OptionSpec.option(
    "framing", value: "KIND",
    help:
      "Read a stream of values as they arrive: lines (as\n--lines), seq (RFC 7464), sse (server-sent events),\nconcat (values one after another), array (the\nelements of the top-level array) or array:/POINTER\n(the elements of the array there)."
  )
  /// `--jobs N`: the threads that parse JSON Lines (`JSONLines.jobs`), for the commands that take `--lines`.
  static let jobs = OptionSpec.option(
    "jobs", value: "N", help: "With --lines: parse lines on N threads, output in\ninput order (default: one per core).")
  /// The most `--jobs` accepted: the library's own bound (a thread each, so a typo of a few digits must not start
  /// thousands).
  static let maximumJobs = JSONLines.maximumJobs
  /// `--compact`: one-line output.
  static let compact = OptionSpec.flag("compact", help: "Print on one line (default: indent 2).")
  /// The input file of commands that read one document.
  static let file = ArgumentSpec.optional("FILE", file: true, help: "The document; '-' or none reads standard input.")

  /// Parsing options for `--json5`.
  static func parsingOptions(_ arguments: ParsedArguments) -> JSON.ParsingOptions {
    JSON.ParsingOptions(allowsJSON5: arguments[json5])
  }

  /// `--json5` and `--compact`, as the commands that read documents and print one take them.
  struct Formats {
    /// How the input is parsed.
    var parsing: JSON.ParsingOptions
    /// How the output is written: indented by 2, or on one line.
    var writing: JSON.WritingOptions

    init(_ arguments: ParsedArguments) {
      parsing = CommonOptions.parsingOptions(arguments)
      writing = arguments[CommonOptions.compact] ? .compact : .pretty
    }
  }

  /// The one optional `FILE` of a command that reads one document.
  /// - Throws: ``UsageError`` when there are more positionals.
  static func optionalFile(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    try expectAtMost(1, positionals: arguments, names: "one FILE")
    return arguments.positionals.first
  }

  /// The positionals of a command that takes one required argument and an optional one (`EXPR [FILE]`).
  /// - Throws: ``UsageError`` when the first is missing or there are more than two.
  static func requiredAndOptional(
    _ arguments: ParsedArguments, required: String, optional: String
  ) throws(UsageError) -> (String, String?) {
    guard let first = arguments.positionals.first else { throw UsageError("missing \(required)") }
    try expectAtMost(2, positionals: arguments, names: "\(required) and one \(optional)")
    return (first, arguments.positionals.count > 1 ? arguments.positionals[1] : nil)
  }

  /// The framing of `--framing KIND` or `--lines` (the same as `--framing lines`), or `nil` for one document.
  /// - Throws: ``UsageError`` for an unknown kind, or `--lines` with another framing.
  static func framing(_ arguments: ParsedArguments) throws(UsageError) -> JSONStreamFraming? {
    let lines = arguments[CommonOptions.lines]
    guard let text = arguments.value(of: framing) else { return lines ? .lines : nil }
    let framing: JSONStreamFraming
    switch text {
    case "lines": framing = .lines
    case "seq": framing = .textSequence
    case "sse": framing = .serverSentEvents
    case "concat": framing = .concatenated
    case "array": framing = .arrayElements
    default:
      guard text.hasPrefix("array:"), let pointer = try? JSONPointer(String(text.dropFirst("array:".count))) else {
        throw UsageError(
          "invalid value '\(text)' for '--framing': expected lines, seq, sse, concat, array or array:/POINTER")
      }
      framing = .arrayElements(at: pointer)
    }
    if lines, framing != .lines { throw UsageError("'--lines' and '--framing \(text)' cannot be used together") }
    return framing
  }

  /// The threads for `--lines`: `--jobs N`, or one per core (`--jobs 1` reads serially, as without the option).
  /// - Parameter lines: Whether `--lines` was given; `--jobs` applies only then.
  /// - Throws: ``UsageError`` for a value that is not a whole number from 1 to ``maximumJobs``, or `--jobs` without
  ///   `--lines`.
  static func jobs(_ arguments: ParsedArguments, lines: Bool) throws(UsageError) -> Int {
    guard let text = arguments.value(of: jobs) else {
      // `ProcessInfo.processInfo` costs 1.6 MB of resident memory on Linux: only `--lines` pays for it.
      return lines ? ProcessInfo.processInfo.activeProcessorCount : 1
    }
    guard let count = Int(text), (1...maximumJobs).contains(count) else {
      throw UsageError("invalid value '\(text)' for '--jobs': expected a whole number from 1 to \(maximumJobs)")
    }
    if !lines { throw UsageError("'--jobs' applies with '--lines' only") }
    return count
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
