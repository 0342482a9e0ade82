/// Server-sent events by the WHATWG HTML standard's `text/event-stream` rules ("Interpreting an event stream"),
/// over the one line splitter, set to end lines at LF, CR LF or CR and to hand out blank lines (which dispatch).
final class ServerSentEventFramer: StreamFramer {
  private let splitter: LineSplitter
  private let maximumValueLength: Int
  private var ended = false
  private var count = 0
  private var atStart = true

  /// The data buffer: the `data` lines of the event being read, each followed by LF.
  private var data: [UInt8] = []
  /// Where each `data` line's value starts: in `data`, and in the stream.
  private var dataLines: [(dataOffset: Int, start: SourceLocation)] = []
  /// The event type buffer.
  private var type = ""
  /// The fields the stream carries from event to event.
  private var lastEventID = ""
  private var retry: Int?
  /// The event being read had a line or data over the limit: it is reported once, at its dispatch.
  private var tooLong: JSONStreamError?
  /// The event handed out last, whose data the piece points into: cleared on the next call.
  private var dispatched = false

  init(maximumValueLength: Int) {
    self.maximumValueLength = Swift.max(maximumValueLength, 1)
    var rules = LineSplitter.Rules()
    rules.breaksAtCarriageReturn = true
    rules.handsOutBlankLines = true
    splitter = LineSplitter(
      source: .pushed, chunkSize: 64 << 10, maximumLineLength: Swift.max(maximumValueLength, 1) + 8, rules: rules)
  }

  func push(_ bytes: UnsafeRawBufferPointer) { splitter.push(bytes) }
  func finish() { ended = true }
  var capacity: Int { splitter.capacity + data.capacity }

  func next() throws(JSONStreamError) -> (FramedPiece, index: Int)? {
    if dispatched {
      dispatched = false
      data.removeAll(keepingCapacity: data.capacity <= 1 << 20)
      dataLines.removeAll(keepingCapacity: true)
    }
    while true {
      // A pushed source has no read errors.
      guard let outcome = try? splitter.nextLine(mayRead: ended, { (piece, number) in line(piece, number) }) else {
        return nil  // the end of the stream discards an event not yet dispatched
      }
      guard let outcome else { continue }
      defer { count += 1 }
      return (outcome, count)
    }
  }

  /// Processes one line; the piece to hand out when it dispatched an event.
  private func line(_ piece: LineSplitter.Piece, _ number: Int) -> FramedPiece? {
    let bytes: UnsafeRawBufferPointer
    switch piece {
    case .tooLong(let error):
      if tooLong == nil {
        tooLong = JSONStreamError(
          kind: .valueTooLong, message: "event longer than the maximum value length (\(maximumValueLength) bytes)",
          byteOffset: error.byteOffset, line: error.line, column: 1, valueIndex: count)
      }
      return nil
    case .line(let line): bytes = line
    }
    var field = bytes
    var lineStart = splitter.lineStart
    if atStart {
      atStart = false
      if field.count >= 3, field[0] == 0xEF, field[1] == 0xBB, field[2] == 0xBF {
        field = UnsafeRawBufferPointer(rebasing: field[3...])
        lineStart += 3
      }
    }
    if field.isEmpty { return dispatch() }
    if field[0] == UInt8(ascii: ":") { return nil }  // a comment
    var value = UnsafeRawBufferPointer(start: nil, count: 0)
    var valueStart = field.count
    if let colon = field.firstIndex(of: .colon) {
      valueStart = colon + 1
      if valueStart < field.count, field[valueStart] == .space { valueStart += 1 }
      value = UnsafeRawBufferPointer(rebasing: field[valueStart...])
      field = UnsafeRawBufferPointer(rebasing: field[..<colon])
    }
    switch String(decoding: field, as: UTF8.self) {
    case "event":
      type = String(decoding: value, as: UTF8.self)
    case "data":
      if tooLong != nil { return nil }
      if data.count + value.count + 1 > maximumValueLength {
        tooLong = JSONStreamError(
          kind: .valueTooLong, message: "event longer than the maximum value length (\(maximumValueLength) bytes)",
          byteOffset: lineStart, line: number, column: 1, valueIndex: count)
        return nil
      }
      // The field name and colon before the value are ASCII; a byte order mark before them takes no column.
      let start = SourceLocation(byteOffset: lineStart + valueStart, line: number, column: 1 + valueStart)
      dataLines.append((data.count, start))
      data.append(contentsOf: value)
      data.append(.newline)
    case "id":
      if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
    case "retry":
      if !value.isEmpty, value.allSatisfy(\.isDigit), let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
        retry = milliseconds
      }
    default:
      break  // other fields are ignored
    }
    return nil
  }

  /// A blank line: hands out the event read so far, if it has data.
  private func dispatch() -> FramedPiece? {
    defer { type = "" }
    if let error = tooLong {
      tooLong = nil
      (data, dataLines) = ([], [])
      return .failure(error)
    }
    guard !data.isEmpty, let first = dataLines.first else { return nil }
    data.removeLast()  // the last LF
    dispatched = true
    let event = ServerSentEvent(type: type.isEmpty ? "message" : type, lastEventID: lastEventID, retry: retry)
    let bytes = data.withUnsafeBytes { $0 }  // kept alive by `data` until the next call
    return .value(bytes, start: first.start, event: event)
  }

  /// The place in the stream of `inner`, a location within the data of the event last handed out: the `data`
  /// line it is on.
  func location(of inner: SourceLocation, valueStart: SourceLocation) -> SourceLocation {
    guard inner.line >= 1, inner.line <= dataLines.count else { return valueStart.advanced(by: inner) }
    let line = dataLines[inner.line - 1]
    return SourceLocation(
      byteOffset: line.start.byteOffset + inner.byteOffset - line.dataOffset, line: line.start.line,
      column: line.start.column + inner.column - 1)
  }
}
