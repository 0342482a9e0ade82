/// Where standard input comes from: the process's file descriptor 0, or bytes given by a test.
enum StandardInput {
  /// Read from a file descriptor (a file, as with `parsnip validate < big.json`, or a pipe).
  case fileDescriptor(Int32)
  /// Read from memory.
  case bytes([UInt8])

  /// The process's standard input.
  static var standard: StandardInput { .fileDescriptor(0) }
}
