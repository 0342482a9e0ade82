import Foundation

/// UTF-8 JSON text in contiguous memory, as ``ParsnipDecoder`` reads it: `Data`, `[UInt8]`, `ArraySlice<UInt8>`,
/// `ContiguousArray<UInt8>`, `String` and `Substring` conform.
///
/// Conform a buffer type of your own (a SwiftNIO `ByteBuffer`, say) by handing over its readable bytes, and the
/// decoder reads it without a copy:
///
/// ```swift
/// extension ByteBuffer: JSONText {
///   public func withJSONBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
///     try withUnsafeReadableBytes(body)
///   }
/// }
/// ```
public protocol JSONText {
  /// Calls `body` with the text's bytes, which stay valid only for the call.
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
}

extension Data: JSONText {
  /// Calls `body` with the data's bytes.
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  public func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try withUnsafeBytes(body)
  }
}

extension Array: JSONText where Element == UInt8 {
  /// Calls `body` with the array's bytes.
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  public func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try withUnsafeBytes(body)
  }
}

extension ArraySlice: JSONText where Element == UInt8 {
  /// Calls `body` with the slice's bytes.
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  public func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try withUnsafeBytes(body)
  }
}

extension ContiguousArray: JSONText where Element == UInt8 {
  /// Calls `body` with the array's bytes.
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  public func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try withUnsafeBytes(body)
  }
}

extension String: JSONText {
  /// Calls `body` with the string's UTF-8 bytes (made contiguous first when they are not, as for a bridged string).
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  public func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    var text = self
    return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
  }
}

extension Substring: JSONText {
  /// Calls `body` with the substring's UTF-8 bytes (made contiguous first when they are not).
  /// - Parameter body: What reads the bytes.
  /// - Returns: What `body` returns.
  public func withJSONBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    var text = self
    return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
  }
}
