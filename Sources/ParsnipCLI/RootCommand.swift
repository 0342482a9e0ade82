/// The `parsnip` command itself: the dispatch table, `--help` and `--version`.
enum RootCommand {
  /// The version printed by `parsnip --version`.
  static let version = "0.1.0"

  /// The subcommands, in the order the help lists them.
  static var commands: [any Command.Type] {
    [
      ValidateCommand.self, FormatCommand.self, QueryCommand.self, PatchCommand.self, DiffCommand.self,
      ExpandCommand.self, JSONAPIBuildCommand.self, URITemplateCommand.self,
      CodegenCommand.self, HelpCommand.self,
    ]
  }

  /// The synopsis of the root command.
  static let usageLine = "Usage: parsnip <subcommand> [options] [FILE ...]"

  /// The root help text, ending with a newline.
  static var helpText: String {
    var text = """
      OVERVIEW: Validate, format, query, patch and diff JSON documents.

      USAGE: parsnip <subcommand> [options] [FILE ...]

      OPTIONS:

      """
    text += HelpLayout.row("--version", "Show the version.")
    text += HelpLayout.row(OptionSpec.help.label, OptionSpec.help.help)
    text += "\nSUBCOMMANDS:\n"
    for command in commands { text += HelpLayout.row(command.name, command.abstract) }
    // The one exit-status rule of every subcommand; the README states it in the same words.
    text += """

        Inputs are files, or standard input for '-' or no file. Exit status: 0 on
        success; 1 when the data is the problem (an input that is not valid JSON,
        nothing found, a patch that does not apply); 2 when what you wrote is (the
        flags, an expression, a malformed patch or template) or when a file cannot
        be read or written.

        See 'parsnip help <subcommand>' for detailed help.

      """
    return text
  }

  /// Looks up a subcommand by name.
  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.name == name }
  }

  /// Runs `parsnip` with `arguments` (without the program name).
  static func main(_ arguments: [String], context: CommandContext) -> ExitCode {
    guard let first = arguments.first else {
      return usageError(UsageError("missing subcommand"), usage: usageLine, hint: "parsnip --help", context)
    }
    switch first {
    case "--help", "-h":
      context.stdout.write(helpText)
      return .success
    case "--version":
      if arguments.count > 1 {
        return usageError(
          UsageError("unexpected argument '\(arguments[1])' after '--version'"), usage: usageLine,
          hint: "parsnip --help", context)
      }
      context.stdout.writeLine("parsnip \(version)")
      return .success
    default:
      break
    }
    if CommandLineArguments.isByteNamed(first) {
      return usageError(CommandLineArguments.notText(first), usage: usageLine, hint: "parsnip --help", context)
    }
    guard let command = command(named: first) else {
      let message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
      return usageError(UsageError(message), usage: usageLine, hint: "parsnip --help", context)
    }
    return run(command, Array(arguments.dropFirst()), context: context)
  }

  /// Parses a subcommand's arguments and runs it.
  private static func run(_ command: any Command.Type, _ arguments: [String], context: CommandContext) -> ExitCode {
    if ArgumentScanner.asksForHelp(arguments) {
      context.stdout.write(command.helpText)
      return .success
    }
    do throws(UsageError) {
      return try command.parse(arguments).run(in: context)
    } catch {
      return usageError(error, usage: command.usageLine, hint: command.helpHint, context)
    }
  }

  /// Reports a usage error with the usage line and a pointer to the help; exit status 2.
  private static func usageError(
    _ error: UsageError, usage: String, hint: String, _ context: CommandContext
  ) -> ExitCode {
    context.report(error.message)
    context.stderr.writeLine(usage)
    context.stderr.writeLine("See '\(hint)' for more information.")
    context.stderr.flush()
    return .usageError
  }
}
