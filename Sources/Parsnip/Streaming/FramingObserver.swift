/// What the structural framer asks of the ``StructuralTracker``'s walk: where each value to hand out starts and
/// ends (the top-level values, or the elements of the array at the framing's path), and the failures of the
/// framing itself. Offsets are stream offsets.
struct FramingObserver: StructuralObserver {
  /// What the walk found, in stream order.
  enum Event {
    case value(start: Int, end: Int, index: Int)
    /// A value that ended after growing past the limit; its bytes are gone.
    case tooLong(start: Int, index: Int)
    case failure(JSONStreamError.Kind, String, offset: Int, index: Int)
  }

  /// The path to the array whose elements are the values; `nil` when the top-level values are.
  private let steps: [JSONStreamFraming.PathStep]?
  /// Added to the tracker's offsets (a text sequence's record starts a new tracker).
  var base = 0
  /// The values framed so far, handed out or failed.
  var count = 0
  /// Where the value being read started.
  private(set) var pendingStart: Int?
  /// The value being read grew past the limit: its end is reported as ``Event/tooLong(start:index:)``.
  var pendingTooLong = false
  var events: [Event] = []

  /// Text sequences: the record already gave a value, or failed (what else it holds is passed over).
  private var recordValues = 0
  private(set) var recordFailed = false

  // The path's state: the containers open along it, whether the key just read is the next step, the index of the
  // next element of each array open on it, and whether the array was reached, or the path failed.
  private var onPath = 0
  private var keyMatches = false
  private var elementIndex: [Int] = []
  private var isArray: [Bool] = []
  private(set) var found = false
  private var done = false
  private var topLevelSeen = false

  /// Text sequences: a record holds one value; another one fails the record.
  private let oneValuePerRecord: Bool

  init(steps: [JSONStreamFraming.PathStep]?, oneValuePerRecord: Bool = false) {
    self.steps = steps
    self.oneValuePerRecord = oneValuePerRecord
    if let steps {
      elementIndex = Array(repeating: 0, count: steps.count + 1)
      isArray = Array(repeating: false, count: steps.count + 1)
    }
  }

  /// Text sequences: a new record starts at stream offset `start`, read by a new tracker.
  mutating func beginRecord(base start: Int) {
    base = start
    pendingStart = nil
    pendingTooLong = false
    recordValues = 0
    recordFailed = false
  }

  /// Text sequences: the record failed; the rest of it is passed over.
  mutating func failRecord() {
    recordFailed = true
    pendingStart = nil
    pendingTooLong = false
  }

  mutating func valueStarted(
    at offset: Int, depth: Int, kind: StructuralTracker.ValueKind
  ) -> StructuralTracker.Reading {
    let offset = base + offset
    guard let steps else {
      guard !recordFailed else { return .skim }
      if oneValuePerRecord, recordValues > 0 {
        events.append(
          .failure(.invalidValue, "expected RS (U+001E) before another JSON text", offset: offset, index: count))
        count += 1
        failRecord()
        return .skim
      }
      pendingStart = offset
      return .skim
    }
    let target = steps.count
    if depth == target + 1, onPath == target + 1 {
      pendingStart = offset
      return .skim
    }
    if depth == 0, topLevelSeen {
      events.append(
        .failure(
          .invalidFraming, "expected the end of the stream after the top-level value", offset: offset, index: count))
      done = true
      return .skim
    }
    guard onPath == depth, !done else { return .skim }
    if depth == 0 {
      topLevelSeen = true
    } else {
      let matches: Bool
      if isArray[depth - 1] {
        matches = Self.step(steps[depth - 1], matchesIndex: elementIndex[depth - 1])
        elementIndex[depth - 1] += 1
      } else {
        matches = keyMatches
      }
      keyMatches = false
      guard matches else { return .skim }
    }
    if depth == target {
      guard kind == .array else {
        let what = kind == .object ? "an object" : kind == .string ? "a string" : "a number or literal"
        events.append(
          .failure(
            .invalidFraming, "expected an array \(placeDescription), found \(what)", offset: offset, index: count))
        done = true
        return .skim
      }
      found = true
    } else if kind != .object, kind != .array {
      return .skim  // the path cannot go on through a string, number or literal
    }
    isArray[depth] = kind == .array
    elementIndex[depth] = 0
    onPath = depth + 1
    return .events
  }

  mutating func valueEnded(at offset: Int, depth: Int) {
    let offset = base + offset
    guard let steps else {
      if depth == 0, !recordFailed, let start = pendingStart { finish(start, offset) }
      return
    }
    if depth == steps.count + 1, onPath == steps.count + 1, let start = pendingStart {
      finish(start, offset)
    } else if onPath == depth + 1 {
      onPath = depth
      if depth == steps.count { done = true }
    }
  }

  mutating func keyEnded(start: Int, end: Int, depth: Int, text: UnsafeRawBufferPointer) {
    guard let steps, onPath == depth, depth >= 1, depth <= steps.count, !done else { return }
    keyMatches = Self.step(steps[depth - 1], matchesKey: text)
  }

  private mutating func finish(_ start: Int, _ end: Int) {
    events.append(pendingTooLong ? .tooLong(start: start, index: count) : .value(start: start, end: end, index: count))
    count += 1
    recordValues += 1
    pendingStart = nil
    pendingTooLong = false
  }

  /// What is missing when the stream ends: the array, for the array framings (when nothing else failed).
  func missingAtEnd() -> (JSONStreamError.Kind, String)? {
    guard let steps, !found, !done else { return nil }
    if steps.isEmpty { return (.invalidFraming, "expected a top-level array, found the end of the stream") }
    return (.pathNotFound, "no array \(placeDescription) in the stream")
  }

  /// `at /a/b` or `at the top level`, for messages.
  private var placeDescription: String {
    guard let steps, !steps.isEmpty else { return "at the top level" }
    return "at " + JSONStreamFraming(representation: .arrayElements(steps)).description.dropFirst("array:".count)
  }

  private static func step(_ step: JSONStreamFraming.PathStep, matchesIndex index: Int) -> Bool {
    switch step {
    case .index(let wanted): return wanted == index
    case .token(let token): return ArrayIndex.token(token) == .index(index)
    case .key: return false
    }
  }

  /// Whether `text`, a key with its quotes, is the step's key (compared by Unicode scalars, escapes decoded).
  private static func step(_ step: JSONStreamFraming.PathStep, matchesKey text: UnsafeRawBufferPointer) -> Bool {
    let wanted: String
    switch step {
    case .key(let key), .token(let key): wanted = key
    case .index: return false
    }
    guard text.count >= 2 else { return false }
    let inner = UnsafeRawBufferPointer(rebasing: text[1..<(text.count - 1)])
    if !inner.contains(.backslash) { return inner.elementsEqual(wanted.utf8) }
    guard case .string(let key)? = try? JSON(parsing: text) else { return false }
    return key.unicodeScalars.elementsEqual(wanted.unicodeScalars)
  }
}
