#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `parsnip` executable: forwards the process's arguments and standard streams to
/// ``run(arguments:stdin:stdout:stderr:)``.
@main
struct ParsnipMain {
  static func main() {
    let status = run(
      // As bytes: a file name need not be UTF-8 (`CommandLine.arguments` would decode it with U+FFFD).
      arguments: CommandLineArguments.current(),
      stdin: .standard,
      stdout: .standardOutput(),
      stderr: .standardError()
    )
    exit(status.rawValue)
  }
}
