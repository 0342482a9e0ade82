#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input that could not be read: a missing file, a directory, a permission problem. Exit status 2.
struct InputError: Error, Sendable, Equatable {
  /// The name of the input as the user wrote it.
  var name: String
  /// The system's reason, for example `No such file or directory`.
  var reason: String

  /// `cannot read 'NAME': REASON`.
  var message: String { "cannot read '\(name)': \(reason)" }
}

/// The bytes of one input, memory-mapped when the input is a regular file so large documents are neither copied
/// nor read twice; otherwise (pipes, terminals, tests) read into memory once.
final class InputBytes {
  /// The name used in diagnostics: the path as given, or `<stdin>`.
  let name: String
  private let mapped: UnsafeMutableRawPointer?
  private let mappedCount: Int
  private let owned: [UInt8]

  private init(name: String, mapped: UnsafeMutableRawPointer?, count: Int, owned: [UInt8]) {
    self.name = name
    self.mapped = mapped
    self.mappedCount = count
    self.owned = owned
  }

  /// Wraps bytes already in memory.
  convenience init(name: String, bytes: [UInt8]) {
    self.init(name: name, mapped: nil, count: 0, owned: bytes)
  }

  deinit {
    if let mapped { munmap(mapped, mappedCount) }
  }

  /// The number of bytes.
  var count: Int { mapped == nil ? owned.count : mappedCount }

  /// Calls `body` with the bytes, valid only during the call.
  func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    if let mapped {
      return try body(UnsafeRawBufferPointer(start: mapped, count: mappedCount))
    }
    let result: Result<R, E> = owned.withUnsafeBytes { buffer in
      Result { () throws(E) -> R in try body(buffer) }
    }
    return try result.get()
  }

  /// The display name of standard input.
  static let standardInputName = "<stdin>"

  /// Opens and maps (or reads) the file at `path`.
  /// - Parameter path: A file system path.
  /// - Returns: The file's bytes.
  /// - Throws: ``InputError`` when the file cannot be opened or read, or is a directory.
  static func file(atPath path: String) throws(InputError) -> InputBytes {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw InputError(name: path, reason: systemError()) }
    defer { close(fd) }
    return try read(fileDescriptor: fd, name: path)
  }

  /// Why a descriptor cannot be read as JSON text (it is a directory), or `nil`.
  static func unreadableReason(fileDescriptor fd: Int32) -> String? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return systemError() }
    return UInt32(info.st_mode) & 0o170000 == 0o040000 ? "Is a directory" : nil
  }

  /// Maps (when it is a regular file) or reads the rest of an open file descriptor, which stays open.
  /// - Parameters:
  ///   - fd: An open file descriptor.
  ///   - name: The name used in diagnostics.
  /// - Returns: The bytes.
  /// - Throws: ``InputError`` when reading fails or the descriptor is a directory.
  static func read(fileDescriptor fd: Int32, name: String) throws(InputError) -> InputBytes {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw InputError(name: name, reason: systemError()) }
    let type = UInt32(info.st_mode) & 0o170000
    if type == 0o040000 { throw InputError(name: name, reason: "Is a directory") }
    let position = lseek(fd, 0, SEEK_CUR)
    if type == 0o100000, position >= 0, Int(info.st_size) > Int(position) {
      // Map the whole file; a descriptor already advanced (stdin shared with another reader) maps from the start
      // and skips the consumed prefix, which keeps the mapping page-aligned.
      let size = Int(info.st_size)
      if let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0),
        address != UnsafeMutableRawPointer(bitPattern: -1)
      {
        if position == 0 {
          return InputBytes(name: name, mapped: address, count: size, owned: [])
        }
        let rest = Array(UnsafeRawBufferPointer(start: address + Int(position), count: size - Int(position)))
        munmap(address, size)
        return InputBytes(name: name, bytes: rest)
      }
    }
    return InputBytes(name: name, bytes: try readAll(fd, name: name))
  }

  /// Reads a descriptor to its end in large chunks.
  private static func readAll(_ fd: Int32, name: String) throws(InputError) -> [UInt8] {
    var bytes: [UInt8] = []
    let chunk = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = systemRead(fd, buffer, chunk)
      if count < 0 {
        if errno == EINTR { continue }
        throw InputError(name: name, reason: systemError())
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count))
    }
  }
}

/// The C library's `read(2)`, named apart from the static `read(fileDescriptor:name:)`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

/// The description of the current `errno`.
func systemError() -> String {
  String(cString: strerror(errno))
}
