/// Runs the `parsnip` command line: the whole tool, callable in process.
///
/// `@main` only forwards the process's arguments and streams here, so tests drive the exact same code with
/// in-memory streams.
/// ```swift
/// let out = OutputSink.memory(), err = OutputSink.memory()
/// run(arguments: ["validate", "-"], stdin: .bytes(Array("[1]".utf8)), stdout: out, stderr: err)  // → .success
/// ```
/// - Parameters:
///   - arguments: The arguments after the program name, for example `["format", "--compact", "a.json"]`.
///   - stdin: Standard input (default: the process's).
///   - stdout: Where results go.
///   - stderr: Where diagnostics go.
/// - Returns: The exit status: ``ExitCode/success``, ``ExitCode/failure`` or ``ExitCode/usageError`` (also when
///   standard output cannot be written).
func run(
  arguments: [String], stdin: StandardInput = .standard, stdout: OutputSink, stderr: OutputSink
) -> ExitCode {
  let context = CommandContext(stdin: stdin, stdout: stdout, stderr: stderr)
  defer { stderr.flush() }
  let status = RootCommand.main(arguments, context: context)
  stdout.flush()
  // Output that never arrived is a failure whatever the command thought: like an unreadable file, exit 2.
  if let failure = stdout.failure {
    context.report("cannot write to standard output: \(failure)")
    return max(status, .usageError)
  }
  return status
}
