import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only memory mapping of a whole file.
struct MappedFile {
  let bytes: UnsafeRawBufferPointer
  /// `false` when the file could not be mapped (pipes, devices, empty files) and was read into the heap.
  let isMapped: Bool

  /// Maps the file at `path`; an empty file gives an empty buffer without a mapping.
  init(path: String) throws {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
    let size = Int(info.st_size)
    if size == 0 || (info.st_mode & S_IFMT) != S_IFREG {
      // Pipes, devices and empty files: read them instead.
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(data.count, 1), alignment: 8)
      data.withUnsafeBytes { if $0.count > 0 { buffer.copyMemory(from: $0) } }
      bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<data.count])
      isMapped = false
      return
    }
    guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
      throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    bytes = UnsafeRawBufferPointer(start: p, count: size)
    isMapped = true
  }

  /// Releases a buffer made by `init(path:)`.
  static func release(_ bytes: UnsafeRawBufferPointer, isMapped: Bool) {
    guard let base = bytes.baseAddress else { return }
    if isMapped {
      munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    } else {
      base.deallocate()
    }
  }
}
