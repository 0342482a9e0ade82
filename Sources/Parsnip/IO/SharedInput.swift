#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let r = SystemCall.retryingInterrupts {
      pread(fileDescriptor, space.baseAddress!, space.count, off_t(start + offset))
    }
    guard r >= 0 else { throw JSONLinesError(readFailure: "read error: \(SystemCall.errorDescription())") }
    return r
  }
}
