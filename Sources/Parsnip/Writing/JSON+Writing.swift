import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSON {
  /// The value as UTF-8 JSON text.
  ///
  /// ```swift
  /// let json: JSON = ["name": "Zoë", "tags": ["a", "b"], "ratio": 0.1]
  /// String(decoding: try json.bytes(), as: UTF8.self)  // → {"name":"Zoë","tags":["a","b"],"ratio":0.1}
  /// ```
  /// - Parameter options: Layout (default ``WritingOptions/compact``).
  /// - Returns: The text, with no trailing newline.
  /// - Throws: ``JSONWritingError`` for a NaN or infinite number, or nesting deeper than
  ///   ``WritingOptions/maximumDepth``, with the path of the offending value.
  public func bytes(options: WritingOptions = .compact) throws(JSONWritingError) -> [UInt8] {
    var writer = JSONWriter(out: OutputBuffer(reusing: estimatedSize), configuration: .init(options))
    defer { writer.out.release() }
    try writer.write(self)
    return writer.out.bytes()
  }

  /// The value as UTF-8 JSON text in a `Data`.
  ///
  /// ```swift
  /// let json: JSON = [1, 2.5, nil]
  /// try json.data().count  // → 12 ("[1,2.5,null]")
  /// ```
  /// - Parameter options: Layout (default ``WritingOptions/compact``).
  /// - Returns: The text, with no trailing newline.
  /// - Throws: ``JSONWritingError`` for a NaN or infinite number, or nesting deeper than
  ///   ``WritingOptions/maximumDepth``, with the path of the offending value.
  public func data(options: WritingOptions = .compact) throws(JSONWritingError) -> Data {
    var writer = JSONWriter(out: OutputBuffer(capacity: estimatedSize), configuration: .init(options))
    do {
      try writer.write(self)
    } catch {
      writer.out.release()
      throw error
    }
    // The buffer's memory becomes the Data's storage, without a copy.
    return writer.out.takeData()
  }

  /// The value as JSON text.
  ///
  /// ```swift
  /// let json: JSON = ["a": [1, 2], "b": [:]]
  /// try json.string(options: .pretty)
  /// // → {
  /// //     "a": [
  /// //       1,
  /// //       2
  /// //     ],
  /// //     "b": {}
  /// //   }
  /// ```
  /// - Parameter options: Layout (default ``WritingOptions/compact``).
  /// - Returns: The text, with no trailing newline.
  /// - Throws: ``JSONWritingError`` for a NaN or infinite number, or nesting deeper than
  ///   ``WritingOptions/maximumDepth``, with the path of the offending value.
  public func string(options: WritingOptions = .compact) throws(JSONWritingError) -> String {
    var writer = JSONWriter(out: OutputBuffer(reusing: estimatedSize), configuration: .init(options))
    defer { writer.out.release() }
    try writer.write(self)
    return writer.out.string()
  }

  /// Appends the value's JSON text to a byte array, for example to build JSON Lines in one buffer.
  ///
  /// ```swift
  /// var lines: [UInt8] = []
  /// for record in [["id": 1], ["id": 2]] as [JSON] {
  ///   try record.write(to: &lines)
  ///   lines.append(UInt8(ascii: "\n"))
  /// }
  /// String(decoding: lines, as: UTF8.self)  // → "{\"id\":1}\n{\"id\":2}\n"
  /// ```
  /// - Parameters:
  ///   - bytes: The array to append to; unchanged when an error is thrown.
  ///   - options: Layout (default ``WritingOptions/compact``).
  /// - Throws: ``JSONWritingError`` for a NaN or infinite number, or nesting deeper than
  ///   ``WritingOptions/maximumDepth``, with the path of the offending value.
  public func write(to bytes: inout [UInt8], options: WritingOptions = .compact) throws(JSONWritingError) {
    var writer = JSONWriter(out: OutputBuffer(reusing: estimatedSize), configuration: .init(options))
    defer { writer.out.release() }
    try writer.write(self)
    bytes.append(contentsOf: UnsafeBufferPointer(start: writer.out.base, count: writer.out.count))
  }

  /// Streams the value's JSON text to a file handle through a fixed 64 KiB buffer.
  ///
  /// The text is never held in memory as a whole: each time the buffer fills, it is written to `fileHandle` and
  /// reused, so writing a document of any size takes constant extra memory. No newline is added at the end.
  ///
  /// ```swift
  /// try json.write(to: FileHandle.standardOutput, options: .pretty)
  /// ```
  /// Nothing is written for a value that cannot be written whole (a NaN deep inside, nesting past the limit): up to
  /// 16 MiB of text is held in memory and written once complete; a longer text is written twice, first to nowhere,
  /// which finds any unwritable value before the first byte goes out, then to the handle. Use
  /// ``write(toFileAt:options:)`` for all-or-nothing file updates that a failing disk cannot break either.
  /// - Parameters:
  ///   - fileHandle: An open handle to write to.
  ///   - options: Layout (default ``WritingOptions/compact``).
  /// - Throws: ``JSONWritingError`` for an unwritable value (with its path), or the error the file handle
  ///   reports when writing fails.
  public func write(to fileHandle: FileHandle, options: WritingOptions = .compact) throws {
    let held = HeldOutput(limit: HeldOutput.defaultLimit)
    do {
      var writer = JSONWriter(out: OutputBuffer(streamingTo: held.append), configuration: .init(options))
      defer { writer.out.release() }
      try writer.write(self)
      writer.out.flush()
    }
    let sink = FileHandleSink(fileHandle)
    if held.overflowed {
      // Known to be writable now: stream it for real.
      var writer = JSONWriter(out: OutputBuffer(streamingTo: sink.write), configuration: .init(options))
      defer { writer.out.release() }
      try writer.write(self)
      writer.out.flush()
    } else {
      held.bytes.withUnsafeBytes { sink.write($0) }
    }
    if let error = sink.error { throw error }
  }

  /// Writes the value's JSON text to a file, atomically.
  ///
  /// The text streams into a temporary file beside the destination (through a 64 KiB buffer, as in
  /// ``write(to:options:)-(FileHandle,_)``), which then replaces the destination in one `rename`. If anything fails,
  /// the destination is left as it was and the temporary file is removed.
  ///
  /// ```swift
  /// try json.write(toFileAt: URL(fileURLWithPath: "out.json"), options: .pretty)
  /// ```
  /// - Parameters:
  ///   - url: A file URL; the file is created or replaced.
  ///   - options: Layout (default ``WritingOptions/compact``).
  /// - Throws: ``JSONWritingError`` for an unwritable value (with its path), or a file system error.
  public func write(toFileAt url: URL, options: WritingOptions = .compact) throws {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      do {
        try write(to: handle, options: options)
      } catch {
        try? handle.close()
        throw error
      }
      try handle.close()
      guard rename(temporary.path, url.path) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }

  /// A first guess of the output size, so small documents need no regrowth and large ones few.
  var estimatedSize: Int {
    switch self {
    case .null, .bool, .number: return 64
    case .string(let s): return s.utf8.count + 64
    case .array(let a): return Swift.min(a.count &* 24 &+ 64, 1 << 22)
    case .object(let o): return Swift.min(o.count &* 48 &+ 64, 1 << 22)
    }
  }
}
