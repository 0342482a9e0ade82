/// What a framer finds next in the bytes it holds.
enum FramedPiece {
  /// One value's whole text, where it starts in the stream, and the event it came in (server-sent events).
  case value(UnsafeRawBufferPointer, start: SourceLocation, event: ServerSentEvent?)
  /// A value that cannot be handed out (too long, cut short); the framer has moved past it.
  case failure(JSONStreamError)
}

/// The part of a ``JSONStreamReader`` that knows one framing: it holds the bytes pushed and not yet handed out,
/// finds where each value ends, and resumes where it stopped, so each byte is examined once however the bytes
/// were split.
protocol StreamFramer: AnyObject {
  /// Adds bytes at the end of the stream.
  func push(_ bytes: UnsafeRawBufferPointer)
  /// Marks the end of the stream.
  func finish()
  /// The next piece and the value's index in the stream; `nil` when the bytes held end before another value does
  /// (or the stream has ended). A value's bytes stay valid until the next call to ``push(_:)`` or `next()`.
  /// - Throws: ``JSONStreamError`` when the bytes break the framing; the framer hands out nothing more.
  func next() throws(JSONStreamError) -> (FramedPiece, index: Int)?
  /// The bytes of memory the framer holds for pending input.
  var capacity: Int { get }
  /// The place in the stream of `inner`, a location within the text of the value last handed out, which starts
  /// at `valueStart`.
  func location(of inner: SourceLocation, valueStart: SourceLocation) -> SourceLocation
}

extension StreamFramer {
  func location(of inner: SourceLocation, valueStart: SourceLocation) -> SourceLocation {
    valueStart.advanced(by: inner)
  }
}

/// JSON Lines through the one line splitter that `JSONLines` reads with, fed by ``LineSplitter/push(_:)``.
final class LineFramer: StreamFramer {
  private let splitter: LineSplitter
  private var ended = false
  private var count = 0

  init(maximumValueLength: Int, parsing: JSON.ParsingOptions) {
    splitter = LineSplitter(
      source: .pushed, chunkSize: 64 << 10, maximumLineLength: maximumValueLength,
      provesInvalid: { ScanPipeline.provesInvalid(prefix: $0, options: parsing) })
  }

  func push(_ bytes: UnsafeRawBufferPointer) { splitter.push(bytes) }
  func finish() { ended = true }
  var capacity: Int { splitter.capacity }

  func next() throws(JSONStreamError) -> (FramedPiece, index: Int)? {
    // A pushed source has no read errors, and this body throws none.
    let piece = try? splitter.nextLine(mayRead: ended) { (piece, number) -> FramedPiece in
      switch piece {
      case .line(let bytes):
        return .value(bytes, start: SourceLocation(byteOffset: splitter.lineStart, line: number, column: 1), event: nil)
      case .tooLong(let error):
        return .failure(
          JSONStreamError(
            kind: .valueTooLong, message: error.message, byteOffset: error.byteOffset, line: error.line, column: 1,
            valueIndex: count))
      }
    }
    guard let piece else { return nil }
    defer { count += 1 }
    return (piece, count)
  }
}
