import Foundation

/// A parsed, read-only JSON document: the validated text plus its structural index.
///
/// Parsing to a `JSONDocument` validates the whole input (strict RFC 8259, like ``JSON/init(parsing:options:)``)
/// but decodes no string and no number: it records where each value is. Reading a value decodes just that value,
/// and skipping a container is O(1). Use it when you read a few values out of a large document, or to decode
/// several types from one parse.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"user": {"name": "Ada", "langs": ["en", "fr"]}}"#)
/// document.root["user"]?["name"]?.string   // → "Ada"
/// document.root["user"]?["langs"]?.count   // → 2
/// try document.root.json()                 // → the whole tree as a JSON value
/// ```
///
/// A document is an immutable value; copies share storage, and it can be sent across concurrency domains.
public struct JSONDocument: Sendable {
  let storage: Storage

  /// Owns the bytes the tape refers to.
  final class Storage: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    let tape: Tape
    let release: @Sendable (UnsafeRawBufferPointer) -> Void

    init(bytes: UnsafeRawBufferPointer, tape: Tape, release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
      self.bytes = bytes
      self.tape = tape
      self.release = release
    }

    deinit { release(bytes) }

    var base: UnsafePointer<UInt8> {
      bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    }
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

  /// Parses a file, memory-mapping it instead of reading it, so that a large file is neither copied nor read twice.
  /// - Parameters:
  ///   - url: A file URL.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` for invalid JSON; a Foundation file error when the file cannot be read.
  public init(contentsOf url: URL, options: JSON.ParsingOptions = .default) throws {
    let mapped = try MappedFile(path: url.path)
    let isMapped = mapped.isMapped
    try self.init(owning: mapped.bytes, options: options) { MappedFile.release($0, isMapped: isMapped) }
  }

  /// Takes ownership of `bytes`; `release` is called when the document is deallocated (or parsing fails).
  init(
    owning bytes: UnsafeRawBufferPointer, options: JSON.ParsingOptions,
    release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
  ) throws(JSONParseError) {
    var source = bytes
    var release = release
    if options.allowsJSON5 {
      // Keep the normalized strict text: the tape's offsets refer to it.
      let normalized: [UInt8]
      do { normalized = try JSON5.normalize(bytes, maximumDepth: options.maximumDepth) } catch {
        release(bytes)
        throw error
      }
      release(bytes)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(normalized.count, 1), alignment: 8)
      normalized.withUnsafeBytes { buffer.copyMemory(from: $0) }
      source = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<normalized.count])
      release = { $0.deallocate() }
    }
    let tape: Tape
    do {
      var scanner = Scanner(input: source, maxDepth: options.maximumDepth)
      scanner.allowsNonFiniteLiterals = options.allowsJSON5
      tape = try scanner.scanDocument()
      if options.duplicateKeys == .reject { try DuplicateKeyCheck.run(tape: tape, source: source) }
    } catch {
      release(source)
      throw error
    }
    storage = Storage(bytes: source, tape: tape, release: release)
  }

  /// The top-level value.
  public var root: Value { Value(storage: storage, index: 0) }

  /// The number of bytes of JSON text.
  public var byteCount: Int { storage.bytes.count }
}

/// Rejects objects with repeated keys (only when `duplicateKeys == .reject`).
enum DuplicateKeyCheck {
  static func run(tape: Tape, source: UnsafeRawBufferPointer) throws(JSONParseError) {
    let base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    var i = 0
    while i < tape.count {
      if tape.rawKind(i) == Tape.Kind.object.rawValue {
        var seen = Set<String>()
        var j = i + 1
        let end = tape.aux(i)
        while j < end {
          let key = StringDecoding.string(
            base, from: tape.offset(j), count: tape.aux(j), flags: tape.flags(j))
          if !seen.insert(key).inserted {
            throw JSONParseError(.duplicateKey, "duplicate key \"\(key)\" in object", at: tape.offset(j) - 1, in: source)
          }
          j = tape.next(j + 1)
        }
      }
      i += 1
    }
  }
}
