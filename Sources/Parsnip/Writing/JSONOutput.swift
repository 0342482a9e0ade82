import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where escaped strings go: the writer's ``OutputBuffer`` or a plain `[UInt8]` (for the Codable encoder).
protocol JSONOutput {
  /// Appends one byte.
  mutating func writeByte(_ byte: UInt8)
  /// Appends a run of bytes.
  mutating func writeBytes(_ bytes: UnsafeRawBufferPointer)
}

extension Array: JSONOutput where Element == UInt8 {
  @inline(__always) mutating func writeByte(_ byte: UInt8) { append(byte) }
  @inline(__always) mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
}
