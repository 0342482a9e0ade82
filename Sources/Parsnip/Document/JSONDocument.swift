import Foundation

/// A parsed, read-only JSON document: the validated text plus its structural index.
///
/// Parsing to a `JSONDocument` validates the whole input (strict RFC 8259, like ``JSON/init(parsing:options:)-(ContiguousBytes,_)``)
/// but decodes no string and no number: it records where each value is. Reading a value decodes just that value,
/// and skipping a container is O(1). Use it when you read a few values out of a large document, or to decode
/// several types from one parse.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"user": {"name": "Ada", "langs": ["en", "fr"]}}"#)
/// document.root["user"]?["name"]?.stringValue   // → "Ada"
/// document.root["user"]?["langs"]?.count   // → 2
/// document.root.json()                     // → the whole tree as a JSON value
/// ```
///
/// A document is an immutable value; copies share storage, and it can be sent across concurrency domains.
public struct JSONDocument: Sendable {
  let storage: Storage

  /// Owns the user's text and what scanning it produced; its nodes are read as ``TapeNode``s.
  final class Storage: TapeText, @unchecked Sendable {  // Immutable; owns the text its pointers refer to.
    /// The user's text.
    let input: UnsafeRawBufferPointer
    let scan: Scan
    let release: @Sendable (UnsafeRawBufferPointer) -> Void

    init(input: UnsafeRawBufferPointer, scan: Scan, release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
      self.input = input
      self.scan = scan
      self.release = release
      // An array's buffer neither moves nor changes while the array is held, and `scan` holds it.
      let bytes = scan.normalized?.withUnsafeBytes { $0 } ?? input
      super.init(ScannedText(tape: scan.tape, source: bytes, input: input, offsets: scan.offsets))
    }

    deinit { release(input) }

    var tape: Tape { scan.tape }
  }

  /// Parses JSON text from a byte array, which the document keeps instead of copying.
  ///
  /// Arrays share their storage, so this costs one reference; a later change to the caller's array copies it on
  /// the caller's side and leaves the document as parsed.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing bytes: [UInt8], options: JSON.ParsingOptions = .default) throws(JSONParseError) {
    // A `[UInt8]` is always one native buffer (bridging from Objective-C copies non-class elements eagerly), and
    // that buffer neither moves nor changes while a reference to it is held; the document holds one in `release`.
    let buffer = bytes.withUnsafeBytes { $0 }
    try self.init(owning: buffer, options: options) { _ in withExtendedLifetime(bytes) {} }
  }

  /// Parses JSON text from bytes, copying them once into storage the document owns.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing bytes: some ContiguousBytes, options: JSON.ParsingOptions = .default) throws(JSONParseError) {
    let copy: UnsafeMutableRawBufferPointer = bytes.withUnsafeBytes { source in
      let buffer = UnsafeMutableRawBufferPointer(
        start: TapeMemory.allocateLarge(byteCount: Swift.max(source.count, 1)), count: source.count)
      if source.count > 0 { buffer.copyMemory(from: source) }
      return buffer
    }
    try self.init(owning: UnsafeRawBufferPointer(copy), options: options) { $0.deallocate() }
  }

  /// Parses JSON text from a string.
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing text: some StringProtocol, options: JSON.ParsingOptions = .default) throws(JSONParseError) {
    try self.init(parsing: Array(text.utf8), options: options)
  }

  /// Parses a file, or what a FIFO or character device yields until its end, reading it once into memory the
  /// document owns (files are read, not memory-mapped, so that a file truncated or rotated while it is read gives
  /// an error, never a crash). Text invalid within its first 64 KiB fails before the rest is read.
  /// - Parameters:
  ///   - url: A file URL.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` for invalid JSON; a `CocoaError` naming the path and the system's reason when
  ///   the file cannot be read (missing, a directory, no permission).
  public init(contentsOf url: URL, options: JSON.ParsingOptions = .default) throws {
    let file: FileBytes
    do {
      file = try FileBytes.read(path: url.path) { ScanPipeline.provesInvalid(prefix: $0, options: options) }
    } catch {
      let code: CocoaError.Code =
        switch error.code {
        case ENOENT: .fileReadNoSuchFile
        case EACCES, EPERM: .fileReadNoPermission
        default: .fileReadUnknown
        }
      throw CocoaError(
        code,
        userInfo: [
          NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "cannot read '\(url.path)': \(error.reason)",
          NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO),
        ])
    }
    try self.init(owning: file, options: options)
  }

  /// Parses bytes read from a file without copying them: the document keeps `file` alive.
  package init(owning file: FileBytes, options: JSON.ParsingOptions) throws(JSONParseError) {
    try self.init(owning: file.bytes, options: options) { _ in withExtendedLifetime(file) {} }
  }

  /// Takes ownership of `bytes`; `release` is called when the document is deallocated (or parsing fails).
  init(
    owning bytes: UnsafeRawBufferPointer, options: JSON.ParsingOptions,
    release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
  ) throws(JSONParseError) {
    do {
      storage = Storage(input: bytes, scan: try Scan(bytes, options: options), release: release)
    } catch {
      release(bytes)
      throw error
    }
    if options.duplicateKeys == .reject {
      let text = storage.text
      if let key = text.firstRepeatedKey() { throw text.duplicateKeyError(at: key) }
    }
  }

  /// The top-level value.
  public var root: Value { Value(storage: storage, index: 0) }

  /// The number of bytes of JSON text (as given, for JSON5).
  public var byteCount: Int { storage.input.count }
}
