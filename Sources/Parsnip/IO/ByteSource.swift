import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where JSON Lines bytes come from: read in chunks, so memory stays bounded whatever the input size.
enum ByteSource: @unchecked Sendable {  // One splitter reads it at a time.
  /// A file descriptor read with `read(2)`; closed at the end when `owned`.
  case descriptor(Int32, owned: Bool)
  /// Bytes already in memory.
  case memory([UInt8])
  /// Any sequence of bytes, pulled through a boxed iterator.
  case sequence(() -> UInt8?)
  /// Bytes handed to the splitter by ``LineSplitter/push(_:)`` as they arrive: the push reader's input. A read
  /// finds nothing, so the splitter reads only once the input has ended.
  case pushed
  /// A regular file or bytes in memory, read at offsets, so that several threads can each read their own part.
  case shared(SharedInput)

  /// Opens a file for reading.
  static func file(_ url: URL) throws(JSONLinesError) -> ByteSource {
    let fd = SystemCall.retryingInterrupts { open(url.path, O_RDONLY) }
    guard fd >= 0 else {
      throw JSONLinesError(readFailure: "cannot open \(url.path): \(SystemCall.errorDescription())")
    }
    return .descriptor(fd, owned: true)
  }

  /// The source as an input that threads read at offsets: bytes in memory, or a regular file from the
  /// descriptor's current offset (it takes over closing an owned descriptor); `nil` for pipes, terminals, devices
  /// and sequences, which are read in order only, and for inputs of `minimumSize` bytes or fewer.
  func shared(minimumSize: Int) -> SharedInput? {
    switch self {
    case .memory(let bytes):
      return bytes.count > minimumSize ? SharedInput(bytes: bytes) : nil
    case .descriptor(let fd, let owned):
      var info = stat()
      guard fstat(fd, &info) == 0, SystemCall.isRegularFile(info) else { return nil }
      let start = Int(lseek(fd, 0, SEEK_CUR))
      guard start >= 0, Int(info.st_size) - start > minimumSize else { return nil }
      return SharedInput(fileDescriptor: fd, owned: owned, start: start, count: Int(info.st_size) - start)
    case .sequence, .shared, .pushed:
      return nil
    }
  }
}
