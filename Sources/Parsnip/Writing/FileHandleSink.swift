import Foundation

/// Output held back until it is complete, up to `limit` bytes; past that it is dropped (the write becomes a check).
final class HeldOutput {
  static let defaultLimit = 16 << 20
  let limit: Int
  var bytes: [UInt8] = []
  private(set) var overflowed = false

  init(limit: Int) { self.limit = limit }

  func append(_ chunk: UnsafeRawBufferPointer) {
    guard !overflowed else { return }
    guard bytes.count + chunk.count <= limit else {
      overflowed = true
      bytes = []
      return
    }
    bytes.append(contentsOf: chunk)
  }
}

/// Forwards the writer's chunks to a file handle and remembers the first failure (then drops the rest).
final class FileHandleSink {
  let handle: FileHandle
  var error: (any Error)?

  init(_ handle: FileHandle) { self.handle = handle }

  func write(_ chunk: UnsafeRawBufferPointer) {
    guard error == nil, let base = chunk.baseAddress else { return }
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: chunk.count, deallocator: .none)
    do {
      try handle.write(contentsOf: data)
    } catch {
      self.error = error
    }
  }
}
