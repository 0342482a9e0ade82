import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a file, a pipe or a device, read once into memory that this object owns: the one way Parsnip and
/// the `parsnip` tool take input from the file system.
///
/// Files are read, not memory-mapped. A mapped file that shrinks while it is in use (a log rotated or truncated)
/// kills the process with SIGBUS at the first access past its new end, and a ``JSONDocument`` reads its bytes for
/// as long as it lives, so no check at parse time could make a mapping safe. Reading costs the kernel one copy and
/// no more memory: mapped pages count as resident too. A file that shrinks while it is read gives the bytes that
/// were there (usually a parse error), never a crash.
package final class FileBytes: @unchecked Sendable {  // Immutable; owns (or maps) the bytes it points to.
  /// The name used in diagnostics: the path as given, or `<stdin>`.
  package let name: String
  /// The bytes, valid as long as this object lives.
  package let bytes: UnsafeRawBufferPointer
  private let owned: [UInt8]?

  /// Wraps bytes already in memory, without copying them.
  package init(name: String, bytes array: [UInt8]) {
    self.name = name
    owned = array
    // An array's buffer neither moves nor changes while the array is held, and `owned` holds it.
    bytes = array.withUnsafeBytes { $0 }
  }

  private init(name: String, memory: UnsafeMutableRawPointer, count: Int) {
    self.name = name
    owned = nil
    bytes = UnsafeRawBufferPointer(start: memory, count: count)
  }

  deinit {
    if owned == nil { bytes.baseAddress?.deallocate() }
  }

  /// The number of bytes.
  package var count: Int { bytes.count }

  /// Calls `body` with the bytes.
  package func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    try body(bytes)
  }

  /// The display name of standard input.
  package static let standardInputName = "<stdin>"

  /// The size of the first read, after which `stopsEarly` may end reading.
  static let firstChunk = 1 << 16

  /// Opens and reads the file at `path`.
  /// - Parameters:
  ///   - path: A file system path.
  ///   - stopsEarly: Called with the first 64 KiB (and, for input of unknown size, each time what was read doubles);
  ///     `true` keeps only those bytes (they already prove the input invalid, so reading on would only cost time
  ///     and memory).
  /// - Throws: ``FileReadError`` when the file cannot be opened or read, or is a directory.
  package static func read(
    path: String, stopsEarly: (UnsafeRawBufferPointer) -> Bool = { _ in false }
  ) throws(FileReadError) -> FileBytes {
    let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY) }
    guard fd >= 0 else { throw FileReadError(name: path, reason: SystemCall.errorDescription()) }
    defer { close(fd) }
    return try read(fileDescriptor: fd, name: path, stopsEarly: stopsEarly)
  }

  /// Why a descriptor cannot be read as JSON text (it is a directory), or `nil`.
  package static func unreadableReason(fileDescriptor fd: Int32) -> String? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return SystemCall.errorDescription() }
    return SystemCall.isDirectory(info) ? "Is a directory" : nil
  }

  /// Reads an open descriptor from its current position to its end (regular files, pipes, FIFOs, character
  /// devices alike); the descriptor stays open.
  /// - Parameters:
  ///   - fd: An open file descriptor.
  ///   - name: The name used in diagnostics.
  ///   - stopsEarly: See ``read(path:stopsEarly:)``.
  ///   - maximumSize: The most bytes kept. A regular file whose size (from `fstat`) is larger is not read past its
  ///     first 64 KiB, which `stopsEarly` judges first (an invalid start is reported as such); other input stops
  ///     once it grows past the limit. Either way, unless `stopsEarly` ended reading first, it throws
  ///     `EFBIG` "input larger than …", before the memory for the whole input is taken.
  /// - Throws: ``FileReadError`` when reading fails, the descriptor is a directory, or the input is larger than
  ///   `maximumSize`.
  package static func read(
    fileDescriptor fd: Int32, name: String, stopsEarly: (UnsafeRawBufferPointer) -> Bool = { _ in false },
    maximumSize: Int = .max
  ) throws(FileReadError) -> FileBytes {
    if let reason = unreadableReason(fileDescriptor: fd) {
      throw FileReadError(name: name, reason: reason, code: EISDIR)
    }
    var info = stat()
    var expected = 0
    if fstat(fd, &info) == 0, SystemCall.isRegularFile(info) {
      let position = lseek(fd, 0, SEEK_CUR)
      expected = Swift.max(0, Int(info.st_size) - Swift.max(0, Int(position)))
    }
    // Too large already: only the first chunk is read, for `stopsEarly` to judge.
    let oversized = expected > maximumSize
    // One byte more than a regular file's size, to see its end without growing.
    var capacity = oversized ? firstChunk : Swift.max(expected + 1, firstChunk)
    var memory = TapeMemory.allocateLarge(byteCount: capacity)
    var count = 0
    var nextCheck = firstChunk
    while true {
      if count == capacity {
        let larger = TapeMemory.allocateLarge(byteCount: capacity * 2)
        larger.copyMemory(from: memory, byteCount: count)
        memory.deallocate()
        memory = larger
        capacity *= 2
      }
      // The first read stops at 64 KiB so that an input invalid near its start fails before the rest is read.
      let want = count >= firstChunk ? capacity - count : Swift.min(capacity - count, firstChunk - count)
      let n = SystemCall.retryingInterrupts { Glibc_read(fd, memory + count, want) }
      if n < 0 {
        let code = errno
        memory.deallocate()
        throw FileReadError(name: name, reason: SystemCall.errorDescription(code), code: code)
      }
      if n == 0 { break }
      count += n
      if count > maximumSize || (oversized && count >= firstChunk) {
        if stopsEarly(UnsafeRawBufferPointer(start: memory, count: count)) { break }
        memory.deallocate()
        throw FileReadError(name: name, reason: "input larger than \(describeSize(maximumSize))", code: EFBIG)
      }
      // Input of unknown size (pipes, devices) is checked again each time it doubles (linear in all): endless
      // input (`/dev/zero`) stops as soon as what was read proves it invalid, instead of growing until memory runs
      // out. A regular file's size is known, so once is enough.
      if count >= nextCheck {
        nextCheck = expected > 0 ? .max : count * 2
        if stopsEarly(UnsafeRawBufferPointer(start: memory, count: count)) { break }
      }
    }
    return FileBytes(name: name, memory: memory, count: count)
  }
}

/// A size limit as messages give it: `4 GiB` for the scanner's (2^32 - 1 bytes), otherwise in bytes.
private func describeSize(_ limit: Int) -> String {
  let (gibibytes, rest) = limit.quotientAndRemainder(dividingBy: 1 << 30)
  return rest == (1 << 30) - 1 ? "\(gibibytes + 1) GiB" : "\(limit) bytes"
}

/// The C library's `read(2)`, named apart from the static `read(fileDescriptor:name:)`.
private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
