import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that could not be read: a missing file, a directory, a permission problem.
package struct FileReadError: Error, Sendable, Hashable {
  /// The name of the input as given.
  package var name: String
  /// The system's reason, for example `No such file or directory`.
  package var reason: String
  /// The `errno` value, when the system gave one.
  package var code: Int32 = 0

  package init(name: String, reason: String, code: Int32 = errno) {
    self.name = name
    self.reason = reason
    self.code = code
  }
}
