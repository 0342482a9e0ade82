import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where JSON Lines bytes come from: read in chunks, so memory stays bounded whatever the input size.
enum ByteSource: @unchecked Sendable {
  /// A file descriptor read with `read(2)`; closed at the end when `owned`.
  case descriptor(Int32, owned: Bool)
  /// Bytes already in memory.
  case memory([UInt8])
  /// Any sequence of bytes, pulled through a boxed iterator.
  case sequence(() -> UInt8?)

  /// Opens a file for reading.
  static func file(_ url: URL) throws(JSONLinesError) -> ByteSource {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else {
      throw JSONLinesError(readFailure: "cannot open \(url.path): \(String(cString: strerror(errno)))")
    }
    return .descriptor(fd, owned: true)
  }
}
