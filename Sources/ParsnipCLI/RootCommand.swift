/// The `parsnip` command itself: the dispatch table, `--help`, `help SUBCOMMAND` and `--version`.
enum RootCommand {
  /// The version printed by `parsnip --version`.
  static let version = "0.1.0"

  /// The subcommands, in the order the help lists them.
  static var commands: [any Command.Type] {
    [
      ValidateCommand.self, FormatCommand.self, QueryCommand.self, PatchCommand.self, DiffCommand.self,
      ExpandCommand.self, JSONAPIBuildCommand.self, URITemplateCommand.self,
      CodegenCommand.self,
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
    text += HelpLayout.row("help", "Show help for a subcommand.")
    text += """

        Inputs are files, or standard input for '-' or no file. Exit status: 0 on
        success, 1 for a negative answer (invalid document, nothing found, patch
        does not apply), 2 for a usage error, an unreadable file or an invalid
        expression.

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
      context.stdout.writeLine("parsnip \(version)")
      return .success
    case "help":
      return help(Array(arguments.dropFirst()), context: context)
    default:
      break
    }
    guard let command = command(named: first) else {
      let message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
      return usageError(UsageError(message), usage: usageLine, hint: "parsnip --help", context)
    }
    return run(command, Array(arguments.dropFirst()), context: context)
  }

  /// `parsnip help [SUBCOMMAND]`.
  private static func help(_ arguments: [String], context: CommandContext) -> ExitCode {
    guard let name = arguments.first else {
      context.stdout.write(helpText)
      return .success
    }
    guard arguments.count == 1, let command = command(named: name) else {
      let message =
        arguments.count == 1 ? "unknown subcommand '\(name)'" : "'help' takes one subcommand name"
      return usageError(
        UsageError(message), usage: "Usage: parsnip help [<subcommand>]", hint: "parsnip --help", context)
    }
    context.stdout.write(command.helpText)
    return .success
  }

  /// Parses a subcommand's arguments and runs it.
  private static func run(_ command: any Command.Type, _ arguments: [String], context: CommandContext) -> ExitCode {
    if ArgumentScanner.asksForHelp(arguments) {
      context.stdout.write(command.helpText)
      return .success
    }
    do throws(UsageError) {
      let parsed = try ArgumentScanner.scan(arguments, specs: command.options)
      let instance = try command.init(parsed)
      return instance.run(in: context)
    } catch {
      return usageError(error, usage: command.usageLine, hint: "parsnip help \(command.name)", context)
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
