#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every system call on a file descriptor in Parsnip and the `parsnip` tool shares: the retry when a signal
/// interrupts it, the system's words for a failure, and the file-type tests on `fstat`'s answer.
package enum SystemCall {
  /// Calls `call` until it does not fail with `EINTR`: a signal that arrives during `open`, `read`, `pread` or
  /// `write` (a slow pipe, a FIFO, a terminal) interrupts the call without an error of the input's own.
  ///
  /// Not for `close(2)`, whose descriptor is already released when it reports `EINTR` on Linux.
  /// - Returns: The last call's result; when it is negative, `errno` is still the call's.
  @inline(__always)
  package static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    var result: Result
    repeat { result = call() } while result < 0 && errno == EINTR
    return result
  }

  /// The system's description of an error code, for example `No such file or directory`.
  package static func errorDescription(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  /// Whether `fstat`'s answer describes a regular file.
  static func isRegularFile(_ info: stat) -> Bool { UInt32(info.st_mode) & 0o170000 == 0o100000 }

  /// Whether `fstat`'s answer describes a directory.
  static func isDirectory(_ info: stat) -> Bool { UInt32(info.st_mode) & 0o170000 == 0o040000 }
}
