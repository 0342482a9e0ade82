#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Concatenated values, array elements (top-level or at a path) and RFC 7464 text sequences: the framings whose
/// values end where their structure says, found by the one ``StructuralTracker`` as each chunk is pushed.
///
/// Each pushed chunk is walked once, as it arrives; the values it completes are queued as ranges of the buffer,
/// which holds the bytes from the first value not yet handed out (or the value being completed) to the end. Bytes
/// before that are dropped once their lines are counted (``SourceLocation/advanced(to:in:origin:)``). A value that grows past the limit is
/// dropped as it comes and reported when it ends.
final class StructuralFramer: StreamFramer {
  private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  /// The stream offset of `buffer[0]`, and the number of bytes held.
  private var origin = 0
  private var filled = 0
  private var observer: FramingObserver
  private var tracker: StructuralTracker
  private var position = SourceLocation(byteOffset: 0, line: 1, column: 1)
  private var ended = false
  /// The framing broke: nothing more is walked.
  private var broken = false
  private var atStart = true
  private let maximumValueLength: Int
  private let maximumDepth: Int
  private let keyDepth: Int
  private let isTextSequence: Bool
  /// Text sequences: after an RS, and whether the rest of the record is passed over (it failed).
  private var inRecord = false
  private var skippingRecord = false
  /// Where the value that grew too long started.
  private var tooLongStart: SourceLocation?

  /// What ``next()`` hands out, in stream order.
  private enum Entry {
    case value(start: Int, end: Int, index: Int, location: SourceLocation)
    case failure(JSONStreamError)
  }
  private var queue: [Entry] = []
  private var queueHead = 0

  init(framing: JSONStreamFraming, maximumValueLength: Int, parsing: JSON.ParsingOptions) {
    self.maximumValueLength = Swift.max(maximumValueLength, 1)
    var steps: [JSONStreamFraming.PathStep]? = nil
    var isTextSequence = false
    switch framing.representation {
    case .arrayElements(let path): steps = path
    case .textSequence: isTextSequence = true
    case .lines, .serverSentEvents, .concatenated: break
    }
    self.isTextSequence = isTextSequence
    observer = FramingObserver(steps: steps, oneValuePerRecord: isTextSequence)
    // The scanner checks each value's own nesting; the tracker allows the levels above it too.
    maximumDepth = parsing.maximumDepth + (steps?.count ?? 0) + 1
    keyDepth = steps?.count ?? -1
    tracker = StructuralTracker(maximumDepth: maximumDepth)
    tracker.keyCollectionDepth = keyDepth
  }

  deinit { buffer.deallocate() }

  var capacity: Int { buffer.count }

  // MARK: - Input

  func push(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty, !ended else { return }
    let from = origin + filled
    store(bytes)
    if atStart {
      // A byte order mark before the first value is not part of it (it may arrive a byte at a time).
      let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
      let held = heldBytes
      if held.count < 3, held.elementsEqual(mark.prefix(held.count)) { return }
      atStart = false
      if held.count >= 3, held.prefix(3).elementsEqual(mark) {
        position.byteOffset += 3  // a byte order mark takes no column
        observer.base = 3
        walk(from: 3)
      } else {
        walk(from: 0)
      }
      return
    }
    walk(from: from)
  }

  func finish() {
    guard !ended else { return }
    ended = true
    if atStart {
      atStart = false
      walk(from: 0)  // fewer than three bytes, all of a byte order mark's start: not one
    }
    guard !broken else { return }
    if isTextSequence {
      endRecord(at: origin + filled, byRS: false)
      return
    }
    do throws(StructuralTracker.Failure) {
      try tracker.finish(&observer)
      drainObserver()
    } catch {
      drainObserver()
      fail(error)
      return
    }
    if let (kind, message) = observer.missingAtEnd() {
      queue.append(
        .failure(JSONStreamError(kind, message, at: location(of: origin + filled), valueIndex: observer.count)))
      broken = true
    }
  }

  /// The bytes held, from stream offset `origin`.
  private var heldBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[0..<filled]) }

  /// Appends `bytes` to the buffer, first dropping what no value needs any more when room runs short.
  private func store(_ bytes: UnsafeRawBufferPointer) {
    if buffer.count - filled < bytes.count {
      var keep = origin + filled
      if queueHead < queue.count {
        for entry in queue[queueHead...] {
          if case .value(let start, _, _, _) = entry {
            keep = Swift.min(keep, start)
            break
          }
        }
      }
      if let start = observer.pendingStart, !observer.pendingTooLong { keep = Swift.min(keep, start) }
      position = position.advanced(to: keep, in: heldBytes, origin: origin)
      keep = Swift.min(keep, position.byteOffset)
      let drop = keep - origin
      // Compacting moves the value being read: only when that frees half the buffer, so each byte moves O(1) times.
      if drop > 0, drop >= buffer.count / 2 || filled - drop + bytes.count <= buffer.count / 2 {
        let rest = filled - drop
        if rest > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + drop, byteCount: rest) }
        origin = keep
        filled = rest
      }
    }
    if buffer.count - filled < bytes.count {
      var size = Swift.max(buffer.count * 2, 4096)
      while size - filled < bytes.count { size *= 2 }
      let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
      if filled > 0 { bigger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: filled) }
      buffer.deallocate()
      buffer = bigger
    }
    (buffer.baseAddress! + filled).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    filled += bytes.count
  }

  // MARK: - Walking

  /// Walks the held bytes from stream offset `from` to the end.
  private func walk(from start: Int) {
    var from = start
    let end = origin + filled
    while from < end, !broken {
      var stop = end
      if isTextSequence {
        let base = buffer.baseAddress! + (from - origin)
        if let rs = memchr(base, 0x1E, end - from) { stop = from + (UnsafeRawPointer(rs) - UnsafeRawPointer(base)) }
        if !inRecord, !skippingRecord, let stray = firstNonWhitespace(from, stop) {
          // Text before the first RS: an error for it, passed over up to the next RS.
          queue.append(
            .failure(
              JSONStreamError(
                .truncatedText, "expected RS (U+001E) before a JSON text", at: location(of: stray),
                valueIndex: observer.count)))
          observer.count += 1
          skippingRecord = true
        }
      }
      if stop > from, inRecord || !isTextSequence, !skippingRecord {
        let chunk = UnsafeRawBufferPointer(start: buffer.baseAddress! + (from - origin), count: stop - from)
        do throws(StructuralTracker.Failure) {
          try tracker.consume(chunk, &observer)
          drainObserver()
          checkLength(at: stop)
        } catch {
          drainObserver()
          fail(error)
        }
      }
      guard isTextSequence, stop < end else { return }
      endRecord(at: stop, byRS: true)
      startRecord(after: stop)
      from = stop + 1
    }
  }

  private func firstNonWhitespace(_ from: Int, _ end: Int) -> Int? {
    var i = from
    while i < end {
      if !buffer[i - origin].isJSONWhitespace { return i }
      i += 1
    }
    return nil
  }

  /// Text sequences: a record starts after the RS at `rs`, read by a new tracker.
  private func startRecord(after rs: Int) {
    inRecord = true
    skippingRecord = false
    tracker = StructuralTracker(maximumDepth: maximumDepth)
    observer.beginRecord(base: rs + 1)
  }

  /// Text sequences: the record ends at `end` (an RS, or the end of the stream). A value left open, or a number or
  /// literal that no white space ended, was cut short (RFC 7464 §2.4).
  private func endRecord(at end: Int, byRS: Bool) {
    defer { inRecord = false }
    guard inRecord, !skippingRecord, let start = observer.pendingStart else { return }
    let reason = byRS ? "the next RS (U+001E)" : "the end of the stream"
    queue.append(
      .failure(
        JSONStreamError(
          .truncatedText, "JSON text cut short by \(reason)", at: location(of: start), valueIndex: observer.count)))
    observer.count += 1
    observer.failRecord()
  }

  /// Moves what the walk found into the queue, each with its place.
  private func drainObserver() {
    guard !observer.events.isEmpty else { return }
    for event in observer.events {
      switch event {
      case .value(let start, let end, let index) where end - start > maximumValueLength:
        queue.append(
          .failure(
            JSONStreamError(
              .valueTooLong, "value longer than the maximum value length (\(maximumValueLength) bytes)",
              at: location(of: start), valueIndex: index)))
      case .value(let start, let end, let index):
        queue.append(.value(start: start, end: end, index: index, location: location(of: start)))
      case .tooLong(let start, let index):
        queue.append(
          .failure(
            JSONStreamError(
              .valueTooLong, "value longer than the maximum value length (\(maximumValueLength) bytes)",
              at: tooLongStart ?? location(of: start), valueIndex: index)))
        tooLongStart = nil
      case .failure(let kind, let message, let offset, let index):
        queue.append(.failure(JSONStreamError(kind, message, at: location(of: offset), valueIndex: index)))
        if isTextSequence {
          skippingRecord = true
        } else {
          broken = true
        }
      }
    }
    observer.events.removeAll(keepingCapacity: true)
  }

  /// Marks the value being read too long once it is, so its bytes are dropped as they come.
  private func checkLength(at end: Int) {
    if let start = observer.pendingStart, !observer.pendingTooLong, end - start > maximumValueLength {
      observer.pendingTooLong = true
      tooLongStart = location(of: start)
    }
  }

  /// A failure of the tracker. Inside a value, the value's text up to the bad byte goes to the scanner, which names
  /// the error as a whole parse does; between values it is the framing's. A text sequence reads on at the next
  /// RS; the other framings end.
  private func fail(_ failure: StructuralTracker.Failure) {
    let offset = observer.base + failure.byteOffset
    let index = observer.count
    if let start = observer.pendingStart, !observer.pendingTooLong {
      queue.append(
        .value(start: start, end: Swift.min(offset + 1, origin + filled), index: index, location: location(of: start)))
    } else {
      queue.append(
        .failure(JSONStreamError(.invalidFraming, failure.message, at: location(of: offset), valueIndex: index)))
    }
    observer.count += 1
    if isTextSequence {
      observer.failRecord()
      skippingRecord = true
    } else {
      broken = true
    }
  }

  // MARK: - Output

  func next() throws(JSONStreamError) -> (FramedPiece, index: Int)? {
    guard queueHead < queue.count else {
      if queueHead > 0 {
        queue.removeAll(keepingCapacity: queue.capacity <= 1024)
        queueHead = 0
      }
      return nil
    }
    let entry = queue[queueHead]
    queueHead += 1
    switch entry {
    case .failure(let error):
      if error.kind == .invalidFraming || error.kind == .pathNotFound { throw error }
      return (.failure(error), error.valueIndex)
    case .value(let start, let end, let index, let location):
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[(start - origin)..<(end - origin)])
      return (.value(bytes, start: location, event: nil), index)
    }
  }

  /// The line and column of stream offset `offset`; places are asked for in stream order.
  private func location(of offset: Int) -> SourceLocation {
    position = position.advanced(to: offset, in: heldBytes, origin: origin)
    return offset == position.byteOffset ? position : SourceLocation(byteOffset: offset, line: 1, column: 1)
  }
}
