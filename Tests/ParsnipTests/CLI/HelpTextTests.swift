import Testing

@testable import ParsnipCLI

/// The help texts, compared verbatim: they are part of the command-line interface.
@Suite struct HelpTextTests {
  static let rootHelp = """
    OVERVIEW: Validate, format, query, patch and diff JSON documents.

    USAGE: parsnip <subcommand> [options] [FILE ...]

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      validate                Check that documents are valid JSON.
      format                  Pretty-print, compact or canonicalize JSON.
      query                   Extract values by JSONPath, JSON Pointer or key path.
      patch                   Apply an RFC 6902 JSON Patch or RFC 7396 merge patch.
      diff                    Print the patch that turns one document into another.
      expand                  Expand JSON:API or JSON Templates Expander documents.
      jsonapi-build           Build a JSON:API document from nested resources.
      uri-template            Expand an RFC 6570 URI template.
      codegen                 Generate Swift model types from JSON samples.
      help                    Show help for a subcommand.

      Inputs are files, or standard input for '-' or no file. Exit status: 0 on
      success; 1 when the data is the problem (an input that is not valid JSON,
      nothing found, a patch that does not apply); 2 when what you wrote is (the
      flags, an expression, a malformed patch or template) or when a file cannot
      be read or written.

      See 'parsnip help <subcommand>' for detailed help.

    """

  static let validateHelp = """
    OVERVIEW: Check that documents are valid JSON.

    Exits 0 when every input is valid and 1 when any is not, printing one
    FILE:LINE:COLUMN: error: MESSAGE line per invalid input on standard error.
    Duplicate object keys are accepted, as RFC 8259 allows.

    With --schema, inputs are also validated against a JSON Schema (draft
    2020-12, 2019-09 or 7), one line per error on standard error:
    FILE:LINE:COLUMN: error: INSTANCE_POINTER: MESSAGE (KEYWORD_LOCATION).
    A schema that is invalid or holds an unresolvable reference exits 2.

    USAGE: parsnip validate [--json5] [--lines] [--framing KIND] [--jobs N]
                            [--schema SCHEMA] [--draft D] [--resolve PREFIX=DIR]
                            [--format-assertion] [--output FORMAT] [FILE ...]

    ARGUMENTS:
      FILE ...                Files to check; '-' or none reads standard input.

    OPTIONS:
      --json5                 Accept JSON5 (comments, trailing commas, unquoted
                              keys, single quotes, hexadecimal numbers).
      --lines                 Treat each line as its own JSON value (JSON Lines).
      --framing KIND          Read a stream of values as they arrive: lines (as
                              --lines), seq (RFC 7464), sse (server-sent events),
                              concat (values one after another), array (the
                              elements of the top-level array) or array:/POINTER
                              (the elements of the array there).
      --jobs N                With --lines: parse lines on N threads, output in
                              input order (default: one per core).
      --schema SCHEMA         Validate against the JSON Schema in this file.
      --draft D               With --schema: the draft of schemas without $schema:
                              2020-12 (default), 2019-09 or 7.
      --resolve PREFIX=DIR    With --schema: resolve references under the URI PREFIX
                              to files in DIR (repeatable; nothing is fetched).
      --format-assertion      With --schema: assert 'format' (default: annotate).
      --output FORMAT         With --schema: 'text' (default), or 'basic' to also
                              print the spec's basic output.
      -h, --help              Show help information.

    """

  static let formatHelp = """
    OVERVIEW: Pretty-print, compact or canonicalize JSON.

    Writes the document to standard output, indented by 2 spaces unless told
    otherwise, ending with a line feed. Invalid JSON prints an error and exits 1.

    USAGE: parsnip format [--indent N | --compact | --canonical] [--sort-keys]
                          [--ascii] [--json5] [--lines] [--framing KIND] [--jobs N]
                          [--partial MODE] [FILE]

    ARGUMENTS:
      FILE                    The document; '-' or none reads standard input.

    OPTIONS:
      --indent N              Indent by N spaces, 0 to 16 (default: 2).
      --compact               Print on one line, without spaces.
      --canonical             Print RFC 8785 canonical JSON (compact, sorted keys;
                              numbers as doubles: integers past 2^53 are rounded,
                              with a warning at the first).
      --sort-keys             Sort object keys by Unicode code point.
      --ascii                 Escape every non-ASCII character as \\uXXXX.
      --json5                 Accept JSON5 (comments, trailing commas, unquoted
                              keys, single quotes, hexadecimal numbers).
      --lines                 Treat each line as its own JSON value (JSON Lines)
                              and print one compact value per line.
      --framing KIND          Read a stream of values as they arrive: lines (as
                              --lines), seq (RFC 7464), sse (server-sent events),
                              concat (values one after another), array (the
                              elements of the top-level array) or array:/POINTER
                              (the elements of the array there).
      --jobs N                With --lines: parse lines on N threads, output in
                              input order (default: one per core).
      --partial MODE          Print the snapshot of an incomplete document: on
                              (incomplete values left out) or trailing-strings
                              (an incomplete string kept as far as it goes).
      -h, --help              Show help information.

    """

  static let queryHelp = """
    OVERVIEW: Extract values by JSONPath, JSON Pointer or key path.

    EXPR starting with '$' is a JSONPath query (RFC 9535) and prints the list of
    matches as a JSON array: [] and exit 1 when nothing matches. EXPR starting
    with '/', or empty, is a JSON Pointer (RFC 6901); anything else is a key path
    such as first.upperCase[0]. Both print the value they name, or exit 1 when
    there is none. With --lines, each line is queried on its own and a line
    without a result prints nothing (null with --null-missing; a JSONPath query
    prints []); the exit status is 1 only when no line has a result, like grep's.

    USAGE: parsnip query [--jsonpath | --pointer | --keypath] [--paths]
                         [--on-demand] [--compact] [--json5] [--lines]
                         [--framing KIND] [--null-missing] [--jobs N]
                         [--max-nodes N] [--max-path-bytes N] EXPR [FILE]

    ARGUMENTS:
      EXPR                    The JSONPath query, JSON Pointer or key path.
      FILE                    The document; '-' or none reads standard input.

    OPTIONS:
      --jsonpath              Read EXPR as a JSONPath query.
      --pointer               Read EXPR as a JSON Pointer ('#/...': URI fragment).
      --keypath               Read EXPR as a key path.
      --paths                 Print the normalized paths of JSONPath matches.
      --on-demand             Pointer and key path only: skip what the path does not
                              enter instead of validating the whole document.
      --compact               Print on one line (default: indent 2).
      --json5                 Accept JSON5 (comments, trailing commas, unquoted
                              keys, single quotes, hexadecimal numbers).
      --lines                 Query each line as its own JSON value (JSON Lines)
                              and print one compact result per line.
      --framing KIND          Read a stream of values as they arrive: lines (as
                              --lines), seq (RFC 7464), sse (server-sent events),
                              concat (values one after another), array (the
                              elements of the top-level array) or array:/POINTER
                              (the elements of the array there).
      --null-missing          With --lines: print null for a line without a result,
                              so output lines match input lines.
      --jobs N                With --lines: parse lines on N threads, output in
                              input order (default: one per core).
      --max-nodes N           JSONPath only: the most nodes a nodelist may hold
                              (default 10000000); past it the query fails, exit 2.
      --max-path-bytes N      With --paths: the most bytes of normalized paths
                              (default 268435456); past it the query fails, exit 2.
      -h, --help              Show help information.

    """

  static let patchHelp = """
    OVERVIEW: Apply an RFC 6902 JSON Patch or RFC 7396 merge patch.

    Prints the patched document. Exits 1 when the document is not JSON or the
    patch cannot apply (a failed 'test', a missing path), and 2 when the patch is
    malformed (not JSON, or not a patch).

    USAGE: parsnip patch [--merge] [--compact] [--json5] [--max-added-bytes N]
                         PATCH_FILE [FILE]

    ARGUMENTS:
      PATCH_FILE              The patch; '-' reads standard input.
      FILE                    The document; '-' or none reads standard input.

    OPTIONS:
      --merge                 Apply a JSON merge patch (RFC 7396) instead.
      --compact               Print on one line (default: indent 2).
      --json5                 Accept JSON5 (comments, trailing commas, unquoted
                              keys, single quotes, hexadecimal numbers).
      --max-added-bytes N     The most bytes of values the patch may add (default
                              1073741824); past it the patch does not apply.
      -h, --help              Show help information.

    """

  static let diffHelp = """
    OVERVIEW: Print the patch that turns one document into another.

    Prints a JSON Patch (RFC 6902), or with --merge a JSON merge patch
    (RFC 7396), that turns A into B. Applying it with 'parsnip patch' to A gives B.

    USAGE: parsnip diff [--merge] [--compact] [--json5] A B

    ARGUMENTS:
      A                       The original document; '-' reads standard input.
      B                       The changed document; '-' reads standard input.

    OPTIONS:
      --merge                 Print a JSON merge patch (RFC 7396) instead.
      --compact               Print on one line (default: indent 2).
      --json5                 Accept JSON5 (comments, trailing commas, unquoted
                              keys, single quotes, hexadecimal numbers).
      -h, --help              Show help information.

    """

  static let helpHelp = """
    OVERVIEW: Show help for a subcommand.

    USAGE: parsnip help [SUBCOMMAND]

    ARGUMENTS:
      SUBCOMMAND              The subcommand to describe; none shows the overview.

    OPTIONS:
      -h, --help              Show help information.

    """

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func rootHelp(arguments: [String]) throws {
    #expect(try CLI.both(arguments) == CLIResult(status: 0, stdout: Self.rootHelp, stderr: ""))
  }

  @Test(arguments: [
    ("validate", validateHelp), ("format", formatHelp), ("query", queryHelp), ("patch", patchHelp),
    ("diff", diffHelp), ("help", helpHelp),
  ])
  func subcommandHelp(name: String, text: String) throws {
    let expected = CLIResult(status: 0, stdout: text, stderr: "")
    #expect(try CLI.both(["help", name]) == expected)
    #expect(CLI.inProcess([name, "--help"]) == expected)
    #expect(CLI.inProcess([name, "-h"]) == expected)
    // Help wins over other mistakes on the same line.
    #expect(CLI.inProcess([name, "--no-such-option", "--help", "x", "y", "z"]) == expected)
  }

  @Test func helpLinesFitEightyColumns() {
    for text in [RootCommand.helpText] + RootCommand.commands.map({ $0.helpText }) {
      for line in text.split(separator: "\n") {
        #expect(line.count <= 80, "\(line)")
      }
    }
  }

  @Test func version() throws {
    #expect(try CLI.both(["--version"]) == CLIResult(status: 0, stdout: "parsnip 0.1.0\n", stderr: ""))
  }

  @Test func versionTakesNoArgument() throws {
    let expected = CLIResult(
      status: 2, stdout: "",
      stderr: """
        parsnip: error: unexpected argument 'extra' after '--version'
        Usage: parsnip <subcommand> [options] [FILE ...]
        See 'parsnip --help' for more information.

        """)
    #expect(try CLI.both(["--version", "extra"]) == expected)
  }

  @Test func missingSubcommandIsAUsageError() throws {
    let expected = CLIResult(
      status: 2, stdout: "",
      stderr: """
        parsnip: error: missing subcommand
        Usage: parsnip <subcommand> [options] [FILE ...]
        See 'parsnip --help' for more information.

        """)
    #expect(try CLI.both([]) == expected)
  }

  @Test(arguments: [
    (["frobnicate"], "unknown subcommand 'frobnicate'"),
    (["--frobnicate"], "unknown option '--frobnicate'"),
  ])
  func unknownSubcommandIsAUsageError(arguments: [String], message: String) throws {
    let expected = CLIResult(
      status: 2, stdout: "",
      stderr: """
        parsnip: error: \(message)
        Usage: parsnip <subcommand> [options] [FILE ...]
        See 'parsnip --help' for more information.

        """)
    #expect(try CLI.both(arguments) == expected)
  }

  @Test func helpForUnknownSubcommandIsAUsageError() throws {
    let result = try CLI.both(["help", "frobnicate"])
    #expect(result.status == 2)
    #expect(
      result.stderr == """
        parsnip: error: unknown subcommand 'frobnicate'
        Usage: parsnip help [SUBCOMMAND]
        See 'parsnip --help' for more information.

        """)
  }

  @Test func subcommandUsageErrorShowsItsUsage() throws {
    let expected = CLIResult.usageError(
      "unknown option '--pretty'", command: "validate",
      usage:
        "parsnip validate [--json5] [--lines] [--framing KIND] [--jobs N] [--schema SCHEMA] [--draft D] [--resolve PREFIX=DIR] "
        + "[--format-assertion] [--output FORMAT] [FILE ...]")
    #expect(try CLI.both(["validate", "--pretty", "x.json"]) == expected)
  }
}
