import Foundation
import Parsnip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: a file descriptor (standard output or error) through a buffer, or memory for tests.
final class OutputSink {
  private let fileDescriptor: Int32?
  private var buffer: [UInt8] = []
  /// Why a write to the descriptor failed (a closed pipe, a full disk), once one has; later writes are dropped.
  private(set) var failure: String?

  /// Whether a write has failed.
  var failed: Bool { failure != nil }

  /// Writes above this size go straight out instead of growing the buffer.
  private static let bufferLimit = 1 << 16

  private init(fileDescriptor: Int32?) {
    self.fileDescriptor = fileDescriptor
    if fileDescriptor != nil { buffer.reserveCapacity(Self.bufferLimit) }
  }

  /// Standard output.
  static func standardOutput() -> OutputSink { OutputSink(fileDescriptor: 1) }
  /// Standard error.
  static func standardError() -> OutputSink { OutputSink(fileDescriptor: 2) }
  /// Writes to an open file (which the caller closes after ``flush()``).
  static func file(descriptor: Int32) -> OutputSink { OutputSink(fileDescriptor: descriptor) }
  /// Collects everything in memory (see ``contents`` and ``text``).
  static func memory() -> OutputSink { OutputSink(fileDescriptor: nil) }

  /// Whether the sink is a terminal, where output should appear as soon as it is ready.
  var isTerminal: Bool { fileDescriptor.map { isatty($0) == 1 } ?? false }

  /// What was written to a memory sink.
  var contents: [UInt8] { buffer }
  /// What was written to a memory sink, as text.
  var text: String { String(decoding: buffer, as: UTF8.self) }

  /// A file handle for streaming writers, after flushing this sink's buffer; `nil` for a memory sink.
  var fileHandle: FileHandle? {
    guard let fileDescriptor else { return nil }
    flush()
    return FileHandle(fileDescriptor: fileDescriptor, closeOnDealloc: false)
  }

  /// Appends UTF-8 text.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Appends a line of text and a line feed.
  func writeLine(_ text: String) {
    write(text)
    buffer.append(0x0A)
    if fileDescriptor != nil, buffer.count >= Self.bufferLimit { flush() }
  }

  /// Appends bytes.
  func write(bytes: UnsafeRawBufferPointer) {
    if let fileDescriptor, buffer.count + bytes.count > Self.bufferLimit {
      flush()
      if bytes.count >= Self.bufferLimit {
        writeOut(fileDescriptor, bytes)
        return
      }
    }
    buffer.append(contentsOf: bytes)
  }

  /// Appends bytes.
  func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { write(bytes: $0) }
  }

  /// Appends a value written by the JSON writer into this sink's buffer, for a sink without a file handle to stream
  /// to (memory, in tests); nothing is appended when writing fails.
  /// - Throws: ``JSONWritingError`` for a value that cannot be written (a non-finite number, too deep).
  func write(_ json: JSON, options: JSON.WritingOptions) throws(JSONWritingError) {
    let start = buffer.count
    do {
      try json.write(to: &buffer, options: options)
    } catch {
      buffer.removeSubrange(start...)
      throw error
    }
    if fileDescriptor != nil, buffer.count >= Self.bufferLimit { flush() }
  }

  /// Sends buffered bytes to the descriptor (no-op for a memory sink).
  func flush() {
    guard let fileDescriptor, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { writeOut(fileDescriptor, $0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeOut(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
    guard !failed, var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = SystemCall.retryingInterrupts { systemWrite(fd, address, remaining) }
      if written < 0 {
        failure = SystemCall.errorDescription()
        return
      }
      address += written
      remaining -= written
    }
  }

  /// Records a failure reported by a writer that wrote to ``fileHandle``, so it is reported like the sink's own.
  func recordFailure(_ error: any Error) {
    if failure == nil { failure = systemReason(error) }
  }

  deinit { flush() }
}

/// The system's one-line reason for a file error (`No space left on device`), rather than the `NSError` dump its
/// description is on Linux.
func systemReason(_ error: any Error) -> String {
  var error = error as NSError
  while error.domain != NSPOSIXErrorDomain, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
    error = underlying
  }
  return error.domain == NSPOSIXErrorDomain
    ? SystemCall.errorDescription(Int32(error.code)) : error.localizedDescription
}

/// The C library's `write(2)`, named apart from the sink's `write` methods.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
