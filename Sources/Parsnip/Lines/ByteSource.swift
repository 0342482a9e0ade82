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
  /// A regular file or bytes in memory, read at offsets, so that several threads can each read their own part.
  case shared(SharedInput)

  /// Opens a file for reading.
  static func file(_ url: URL) throws(JSONLinesError) -> ByteSource {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else {
      throw JSONLinesError(readFailure: "cannot open \(url.path): \(String(cString: strerror(errno)))")
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
      guard fstat(fd, &info) == 0, UInt32(info.st_mode) & 0o170000 == 0o100000 else { return nil }
      let start = Int(lseek(fd, 0, SEEK_CUR))
      guard start >= 0, Int(info.st_size) - start > minimumSize else { return nil }
      return SharedInput(fileDescriptor: fd, owned: owned, start: start, count: Int(info.st_size) - start)
    case .sequence, .shared:
      return nil
    }
  }
}

/// An input read at offsets by several threads at once (`pread(2)` for a file, a copy for memory), which never
/// moves a descriptor's offset.
///
/// Why `@unchecked Sendable` holds: every stored property is immutable, and `pread` on one descriptor from several
/// threads is safe; an owned descriptor is closed when the last part reading it is gone.
final class SharedInput: @unchecked Sendable {  // Immutable; `pread` needs no lock (see above).
  private let fileDescriptor: Int32?
  private let owned: Bool
  private let bytes: [UInt8]
  /// The file offset of the input's first byte.
  private let start: Int
  /// The input's size when reading started (a file may grow or shrink meanwhile: reads go on to its end).
  let count: Int

  init(bytes: [UInt8]) {
    (fileDescriptor, owned, self.bytes, start, count) = (nil, false, bytes, 0, bytes.count)
  }

  init(fileDescriptor: Int32, owned: Bool, start: Int, count: Int) {
    (self.fileDescriptor, self.owned, bytes, self.start, self.count) = (fileDescriptor, owned, [], start, count)
  }

  deinit {
    if owned, let fileDescriptor { close(fileDescriptor) }
  }

  /// Reads into `space` from `offset` of the input; 0 at its end.
  func read(into space: UnsafeMutableRawBufferPointer, at offset: Int) throws(JSONLinesError) -> Int {
    guard let fileDescriptor else {
      let n = Swift.min(space.count, Swift.max(bytes.count - offset, 0))
      bytes.withUnsafeBytes { all in
        if n > 0 { space.baseAddress!.copyMemory(from: all.baseAddress! + offset, byteCount: n) }
      }
      return n
    }
    var r: Int
    repeat {
      r = pread(fileDescriptor, space.baseAddress!, space.count, off_t(start + offset))
    } while r < 0 && errno == EINTR
    guard r >= 0 else { throw JSONLinesError(readFailure: "read error: \(String(cString: strerror(errno)))") }
    return r
  }
}
