/// The status a command ends with.
///
/// Scripts depend on these values: 0 means the answer is yes (valid, found, applied), 1 is a negative answer
/// (an invalid document, nothing found, a patch that does not apply) and 2 means the command could not do its
/// job at all (bad usage, an unreadable file, an invalid expression).
struct ExitCode: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The process exit status.
  var rawValue: Int32

  /// Creates an exit code from a process status.
  init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// Everything went well (0).
  static let success = ExitCode(0)
  /// A negative answer: an invalid document, nothing found, a patch that cannot apply (1).
  static let failure = ExitCode(1)
  /// Bad usage, an unreadable file, an invalid expression or patch (2).
  static let usageError = ExitCode(2)

  /// Orders codes by severity, so the worst of several results is their maximum.
  static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

  var description: String { "\(rawValue)" }
}
