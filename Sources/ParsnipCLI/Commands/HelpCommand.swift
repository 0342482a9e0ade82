/// `parsnip help [SUBCOMMAND]`: the help of a subcommand (`help help` included), or the root help.
///
/// A command like the others, so its own help, usage line and README row come from the same declarations.
struct HelpCommand: Command {
  static let name = "help"
  static let abstract = "Show help for a subcommand."
  static let discussion = ""
  static let arguments = [
    ArgumentSpec.optional("SUBCOMMAND", help: "The subcommand to describe; none shows the overview.")
  ]
  static let options = [OptionSpec.help]
  /// A misspelt subcommand is best answered with the list of them.
  static let helpHint = "parsnip --help"

  /// The subcommand to describe; `nil` for the root help.
  var command: (any Command.Type)?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try CommonOptions.expectAtMost(1, positionals: arguments, names: "one SUBCOMMAND")
    guard let name = arguments.positionals.first else { return }
    guard let command = RootCommand.command(named: name) else { throw UsageError("unknown subcommand '\(name)'") }
    self.command = command
  }

  func run(in context: CommandContext) -> ExitCode {
    context.stdout.write(command?.helpText ?? RootCommand.helpText)
    return .success
  }
}
