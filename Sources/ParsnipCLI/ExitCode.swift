/// The status a command ends with.
///
/// Scripts depend on these values, the same rule for every subcommand: 0 means the answer is yes (valid, found,
/// applied); 1 means the data is the problem (an input that is not valid JSON, nothing found, a patch that does not
/// apply); 2 means what the user wrote is (flags, an expression, a malformed patch or template), or a file cannot be
/// read or written.
struct ExitCode: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The process exit status.
  var rawValue: Int32

  /// Creates an exit code from a process status.
  init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// Everything went well (0).
  static let success = ExitCode(0)
  /// The data is the problem: an invalid document, nothing found, a patch that cannot apply (1).
  static let failure = ExitCode(1)
  /// The program is the problem (flags, an expression, a malformed patch or template), or a file cannot be read or
  /// written (2).
  static let usageError = ExitCode(2)

  /// Orders codes by severity, so the worst of several results is their maximum.
  static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

  var description: String { "\(rawValue)" }
}
