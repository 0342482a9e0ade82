import Foundation
import Testing

@testable import ParsnipCLI

/// What one `parsnip` invocation did: its exit status and everything it wrote.
struct CLIResult: Equatable, CustomStringConvertible {
  var status: Int32
  var stdout: String
  var stderr: String

  var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

  /// What a usage error of `command` prints: status 2, nothing on standard output, and on standard error the
  /// message, the command's usage line and where its help is.
  static func usageError(_ message: String, command: String, usage: String) -> CLIResult {
    CLIResult(
      status: 2, stdout: "",
      stderr: """
        parsnip: error: \(message)
        Usage: \(usage)
        See 'parsnip help \(command)' for more information.

        """)
  }

  /// The same result with every mention of `path` replaced by `name`.
  func named(_ name: String, for path: String) -> CLIResult {
    CLIResult(
      status: status, stdout: stdout.replacingOccurrences(of: path, with: name),
      stderr: stderr.replacingOccurrences(of: path, with: name))
  }
}

/// Runs `parsnip` in process (through `run(arguments:stdin:stdout:stderr:)`) and as the built executable.
enum CLI {
  /// Runs the command in process with in-memory streams.
  static func inProcess(_ arguments: [String], stdin: String = "") -> CLIResult {
    inProcess(arguments, stdinBytes: Array(stdin.utf8))
  }

  /// Runs the command in process with in-memory streams and raw standard input.
  static func inProcess(_ arguments: [String], stdinBytes: [UInt8]) -> CLIResult {
    let out = OutputSink.memory()
    let err = OutputSink.memory()
    let status = ParsnipCLI.run(arguments: arguments, stdin: .bytes(stdinBytes), stdout: out, stderr: err)
    return CLIResult(status: status.rawValue, stdout: out.text, stderr: err.text)
  }

  /// The `parsnip` executable built next to the test bundle (`swift build` builds it; `.ci/run` builds first), or
  /// `$PARSNIP_BINARY`.
  static let binary: URL? = {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["PARSNIP_BINARY"] {
      candidates.append(URL(fileURLWithPath: path))
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("parsnip"))
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("parsnip"))
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent("parsnip"))
    }
    candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/parsnip"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  static let binaryMissing = "the parsnip executable was not found next to the tests; run `swift build` first"

  /// Runs the executable as a subprocess in the package root, feeding `stdin` from a file (so the binary sees a
  /// regular file, as with `parsnip validate < file`).
  static func binary(_ arguments: [String], stdin: String = "") throws -> CLIResult {
    try binary(arguments, stdinBytes: Array(stdin.utf8))
  }

  /// Runs the executable with raw standard input bytes.
  /// - Parameters:
  ///   - stdoutPath: Where standard output goes instead of being collected (`/dev/full`); the result's `stdout` is
  ///     then empty.
  ///   - stdinPath: A file standard input reads instead of `stdinBytes` (`/dev/zero`).
  ///   - timeLimit: Seconds after which the process is terminated (SIGTERM, status 15), so a regression to
  ///     endless reading fails instead of hanging.
  static func binary(
    _ arguments: [String], stdinBytes: [UInt8], stdoutPath: String? = nil, stdinPath: String? = nil,
    timeLimit: Double = 120
  ) throws -> CLIResult {
    let binary = try #require(Self.binary, Comment(rawValue: binaryMissing))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("parsnip-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("stdin")
    let output = directory.appendingPathComponent("stdout")
    let errors = directory.appendingPathComponent("stderr")
    try Data(stdinBytes).write(to: input)
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    process.standardInput = try FileHandle(forReadingFrom: stdinPath.map(URL.init(fileURLWithPath:)) ?? input)
    process.standardOutput = try FileHandle(forWritingTo: stdoutPath.map(URL.init(fileURLWithPath:)) ?? output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    // A thread of its own: queues and the test pool may all be busy waiting on processes like this one.
    Thread.detachNewThread { [process] in
      let deadline = Date().addingTimeInterval(timeLimit)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      if process.isRunning { process.terminate() }
    }
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }

  /// Runs the executable with arguments given as bytes, which need not be UTF-8 (`Process` takes only strings):
  /// through `/bin/sh`, each argument written as `printf` octal escapes, in `directory` (where its output is
  /// collected in the files `stdout` and `stderr`).
  static func binary(byteArguments: [[UInt8]], in directory: String) throws -> CLIResult {
    let binary = try #require(Self.binary, Comment(rawValue: binaryMissing))
    let quoted = byteArguments.map { bytes in
      "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
    }
    let script = "exec \"$0\" " + quoted.joined(separator: " ") + " </dev/null >stdout 2>stderr"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, binary.path]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    try process.run()
    process.waitUntilExit()
    let read = { (name: String) in
      String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))) ?? Data(), as: UTF8.self)
    }
    return CLIResult(status: process.terminationStatus, stdout: read("stdout"), stderr: read("stderr"))
  }

  /// Runs both ways and checks that they agree; returns the in-process result.
  static func both(
    _ arguments: [String], stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    try both(arguments, stdinBytes: Array(stdin.utf8), sourceLocation: sourceLocation)
  }

  /// Runs the command both ways with raw standard input bytes and expects the same result.
  static func both(
    _ arguments: [String], stdinBytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    let local = inProcess(arguments, stdinBytes: stdinBytes)
    let external = try binary(arguments, stdinBytes: stdinBytes)
    #expect(local == external, "in process and executable differ", sourceLocation: sourceLocation)
    return local
  }

  /// The absolute path of a file under `Examples/`.
  static func example(_ name: String) -> String {
    Fixtures.packageRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
  }

  /// Writes `contents` to a new temporary file and returns its path; the caller removes it.
  static func temporaryFile(_ contents: String, suffix: String = ".json") throws -> String {
    try temporaryFile(bytes: Array(contents.utf8), suffix: suffix)
  }

  /// Writes bytes to a new temporary file and returns its path.
  static func temporaryFile(bytes: [UInt8], suffix: String = ".json") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-\(UUID().uuidString)\(suffix)")
    try Data(bytes).write(to: url)
    return url.path
  }
}
