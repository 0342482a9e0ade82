import Foundation

/// What is made of one line, on whichever thread: its bytes, its one-based number and its offset in the input in,
/// the value or the line's error out. The serial iterators call the same functions (`JSONLines.parse`,
/// `JSONLines.check`, `DecodedJSONLines.decode`), so a line gives the same value or error either way.
///
/// Why `@unchecked Sendable` holds: `run` is `@Sendable`, checked by the compiler, except where made with
/// ``init(unchecked:)``, whose callers say why it may run on several threads at once.
struct LineTransform<Output>: @unchecked Sendable {  // `run` is checked `@Sendable` but for `init(unchecked:)`.
  let run: (UnsafeRawBufferPointer, Int, Int) -> Result<Output, JSONLinesError>

  init(_ run: @escaping @Sendable (UnsafeRawBufferPointer, Int, Int) -> Result<Output, JSONLinesError>) {
    self.run = run
  }

  /// A function the compiler cannot prove `Sendable`: one that uses a type parameter's conformance.
  init(unchecked run: @escaping (UnsafeRawBufferPointer, Int, Int) -> Result<Output, JSONLinesError>) {
    self.run = run
  }
}

/// What a line's transform makes: something that carries the line's number, which the parallel reader corrects
/// when the line was numbered within a part of the input (see ``ParallelLineReader``).
protocol NumberedLineOutput {
  var number: Int { get set }
}

/// JSON Lines parsed on ``JSONLines/jobs`` threads (the calling thread and `jobs - 1` workers), handed out in input
/// order.
///
/// A regular file or bytes in memory (a ``SharedInput``) are split into parts of at most
/// ``largestPart(chunkSize:)`` bytes (sized to hold about ``batchLines`` lines), and each part is read, split and
/// parsed by one thread, into that thread's own buffer, taking the lines that start in it
/// (`LineSplitter.init(_:part:chunkSize:maximumLineLength:provesInvalid:buffer:)`): the calling thread only hands
/// parts out and results back, so reading and newline search run on every core, each part's bytes in the cache of
/// the core that parses them. A part numbers its lines from 1; when its results are handed out, in order, the
/// numbers of the parts before it are known, and its values' and errors' line numbers are corrected. (Against
/// copying every line out on the calling thread, this took validation on two cores from about 1.5× to 1.8–2×; see
/// "JSON Lines in parts" in `Benchmarks/archive/RESULTS.md`.)
///
/// Any other input (a pipe, a terminal, a byte sequence) is read in order, on the calling thread:
/// it splits the input with the iterator's one `LineSplitter` and copies consecutive lines, up to
/// ``batchBytes`` of them, into a ``LineBatch``, which it queues for the workers; each batch is parsed by one thread,
/// which runs the transform on every line of it. The caller hands the results out batch by batch, in order; while
/// the oldest batch is not ready it parses queued batches itself (oldest first) rather than sleep, and it reads the
/// next batches while the workers parse. So the lines, their numbers and offsets, the blank lines skipped, the
/// lines over the length limit and the order are the splitter's, exactly as in the serial iterators; only where a
/// line is parsed changes.
///
/// Memory: at most ``windowSize`` (`2 × jobs + 4`) batches are queued, being parsed or waiting to be handed out,
/// plus the one being handed out, each with the values made from its lines. A worker's values stay held after they
/// are handed out, until that worker frees them before its next batch (see `retire`): at most ``windowSize``
/// batches more. A batch of copied lines holds at most `2 × batchBytes` of text (it closes once it holds
/// `batchBytes`), on top of the splitter's chunk; text buffers are reused from batch to batch, and a line of
/// ``batchBytes`` or more is not copied: the calling thread parses it where it lies, in its place in the order.
/// Parts hold no text once parsed: each of the `jobs` threads has one buffer of a little over a part, which grows
/// to hold a longer line while that line is parsed (up to ``JSONLines/maximumLineLength``, so `jobs` such lines at
/// once at most).
///
/// A batch goes on past the end of what the splitter holds only when more input is already there
/// (`LineSplitter.readMayWait`): the reader waits for input only when it has nothing else to hand out, so lines
/// arriving slowly through a pipe (`tail -f`) are handed out as soon as they are parsed. An input that fits one
/// batch is parsed on the calling thread, without starting workers.
final class ParallelLineReader<Output: NumberedLineOutput> {
  /// Text copied per batch before it is queued.
  static var batchBytes: Int { 1 << 20 }
  /// Lines per batch at most, so that tiny lines do not make huge result arrays.
  static var batchLines: Int { 16_384 }

  /// The input read in order, or `nil` for a shared one.
  private let splitter: LineSplitter?
  /// The input read in parts, or `nil`.
  private let shared: SharedInput?
  /// Where the next part starts in ``shared``.
  private var nextPart = 0
  /// How each part is read and split: parts of at most `largestPart` bytes, the next one of `partSize`.
  private let largestPart: Int
  private var partSize: Int
  private let maximumLineLength: Int
  private let provesInvalid: (UnsafeRawBufferPointer) -> Bool
  /// Lines (blank ones too) of the parts handed out before the current one.
  private var linesBefore = 0
  private let jobs: Int
  private let transform: LineTransform<Output>
  private var workers: LineWorkers<Output>?
  /// Batches queued or parsed, not yet handed out, in input order.
  private var window: [LineBatch<Output>] = []
  /// The batch being handed out.
  private var current: LineBatch<Output>?
  /// The input ended.
  private var ended = false
  /// A read failure met while reading ahead, thrown once the lines before it are handed out.
  private var readFailure: JSONLinesError?
  /// The text buffers of batches handed out, for the next batches: a fresh buffer costs a page fault per page.
  private var spareTexts: [UnsafeMutableRawBufferPointer] = []
  /// The buffer this thread reads parts into (each thread keeps its own, so that the bytes it reads stay in the
  /// cache of the core that parses them).
  private var partBuffer: UnsafeMutableRawBufferPointer?

  init(splitter: LineSplitter, jobs: Int, transform: LineTransform<Output>) {
    self.splitter = splitter
    shared = nil
    (largestPart, partSize, maximumLineLength, provesInvalid) = (0, 0, 0, { _ in false })
    self.jobs = jobs
    self.transform = transform
  }

  /// A reader of `input` in parts of at most `largestPart` bytes, each split as `JSONLines` splits a whole input.
  init(
    shared input: SharedInput, largestPart: Int, maximumLineLength: Int,
    provesInvalid: @escaping (UnsafeRawBufferPointer) -> Bool, jobs: Int, transform: LineTransform<Output>
  ) {
    splitter = nil
    shared = input
    (self.largestPart, self.maximumLineLength, self.provesInvalid) = (largestPart, maximumLineLength, provesInvalid)
    partSize = Swift.min(largestPart, 64 << 10)
    self.jobs = jobs
    self.transform = transform
  }

  /// The largest part a shared input is split into: the chunk size within 4 KiB ... ``batchBytes``.
  static func largestPart(chunkSize: Int) -> Int { Swift.min(Swift.max(chunkSize, 4096), batchBytes) }

  /// Sizes the next parts so that they hold about ``batchLines`` lines, as the parts handed out did (64 KiB until
  /// the first is), so that short lines do not make huge result arrays.
  private func adaptPartSize(bytes: Int, lines: Int) {
    guard bytes > 0 else { return }
    let size = Int(min(Double(Self.batchLines) * Double(bytes) / Double(Swift.max(lines, 1)), Double(largestPart)))
    partSize = Swift.max(size, Swift.min(4096, largestPart))
  }

  deinit {
    stopWorkers()
    for text in spareTexts { text.deallocate() }
    partBuffer?.deallocate()
  }

  /// The next line's outcome, in input order; `nil` at the end of the input.
  /// - Throws: A read failure, after every line before it.
  func next() throws(JSONLinesError) -> Result<Output, JSONLinesError>? {
    while true {
      if let current {
        if let outcome = current.take() { return renumbered(consume outcome) }
        self.current = nil
        retire(current.takeOutcomes(), madeBy: current.maker)
        if let failure = current.readFailure {
          // The input cannot be read on: end here, after the lines before the failure.
          ended = true
          stopWorkers()
          throw failure.shifted(by: linesBefore)
        }
        linesBefore += current.lineCount
        if shared != nil { adaptPartSize(bytes: current.partBytes, lines: current.lineCount) }
      }
      fill()
      guard !window.isEmpty else {
        if let readFailure {
          self.readFailure = nil
          throw readFailure
        }
        if ended {
          stopWorkers()  // the workers free what they made and end, rather than wait for the iterator's end
          return nil
        }
        continue  // nothing gathered yet: with nothing in hand, the next gather may wait for input
      }
      // Wait for the oldest batch, parsing queued ones meanwhile (the oldest first: it may be the one waited for):
      // this thread is one of the `jobs`, and sleeping and waking costs more than parsing a batch here.
      let head = window.removeFirst()
      while !head.isFinished, let batch = workers?.takeQueued() {
        batch.run(transform, buffer: &partBuffer)
      }
      head.waitUntilFinished()
      if let text = head.takeText() { spareTexts.append(text) }
      current = head
    }
  }

  /// Frees the outcomes of a batch handed out on the thread that made them.
  ///
  /// The caller's copies of the values are usually dropped by now, so freeing the outcomes frees the values. A
  /// worker's values come from its allocator's arena: freed on this thread, glibc's `free` takes that arena's lock
  /// while the worker allocates from it, and two threads then spend their time waiting on it (see "JSON Lines:
  /// values freed where they were made" in `Benchmarks/archive/RESULTS.md`).
  private func retire(_ outcomes: SpentOutcomes<Output>?, madeBy maker: Int) {
    guard let outcomes else { return }
    if maker < 0 || workers?.retire(outcomes, to: maker) != true { outcomes.free() }
  }

  /// Drops the batches not started and waits for those being parsed: a part may still be reading the input, which
  /// the caller may close once the iteration ends.
  private func stopWorkers() {
    guard let workers else { return }
    let dropped = workers.close()
    for batch in window where !dropped.contains(where: { $0 === batch }) { batch.waitUntilFinished() }
    window = []
  }

  /// An outcome with the line numbers of the input (a part's are its own).
  @inline(__always)
  private func renumbered(_ outcome: consuming Result<Output, JSONLinesError>) -> Result<Output, JSONLinesError> {
    guard linesBefore != 0 else { return outcome }
    switch consume outcome {
    case .success(var output):
      output.number += linesBefore
      return .success(output)
    case .failure(let error):
      return .failure(error.shifted(by: linesBefore))
    }
  }

  /// Batches queued, being parsed or parsed, not yet handed out, at most: enough that a thread that finishes one
  /// finds the next waiting (fewer made the threads wait, and waking one costs more than parsing a batch).
  var windowSize: Int { 2 * jobs + 4 }

  /// Reads batches until ``windowSize`` are in hand, the input ends, or reading on would wait while there are lines
  /// to hand out.
  private func fill() {
    while window.count < windowSize, !ended, readFailure == nil {
      if shared != nil {
        queuePart()
      } else if !gather() {
        return
      }
    }
  }

  /// Queues the next part of the shared input (the last one reads on to the input's end, should it have grown).
  private func queuePart() {
    let lower = nextPart
    let upper = shared!.count - lower > partSize ? lower + partSize : Int.max
    nextPart = upper
    ended = upper == .max
    let chunkSize = largestPart + Swift.max(largestPart / 32, 4096)
    let batch = LineBatch<Output>(
      part: LineBatch.Part(
        input: shared!, range: lower..<upper, chunkSize: chunkSize, maximumLineLength: maximumLineLength,
        provesInvalid: provesInvalid))
    if workers == nil { workers = LineWorkers(count: jobs - 1, transform: transform) }
    workers!.submit(batch)
    window.append(batch)
  }

  /// Gathers one batch from the splitter and queues it (and, after it, a batch of one long line parsed in place).
  /// - Returns: Whether anything was queued: not when a read would have waited while lines were in hand.
  private func gather() -> Bool {
    let batch = LineBatch<Output>(text: spareTexts.popLast() ?? .allocate(byteCount: 2 * Self.batchBytes, alignment: 8))
    var inPlace: LineBatch<Output>?
    let (splitter, transform) = (self.splitter!, self.transform)
    let (byteLimit, lineLimit) = (Self.batchBytes, Self.batchLines)
    var mayRead = false
    while true {
      let full: Bool?
      do throws(JSONLinesError) {
        // Holding lines, read at most once: they go out before a read that could go on and on.
        let holdsLines = !batch.entries.isEmpty || !window.isEmpty
        full = try splitter.nextLines(mayRead: mayRead, readingOnce: holdsLines) { (piece, number) -> Bool in
          switch piece {
          case .tooLong(let error):
            batch.entries.append(.failed(error))
          case .line(let bytes):
            // Lines under `batchBytes` always fit: the batch holds twice that, and stops once half full.
            guard bytes.count < byteLimit else {
              inPlace = LineBatch(parsed: transform.run(bytes, number, splitter.lineStart))
              return false
            }
            batch.append(bytes, number: number, lineStart: splitter.lineStart)
          }
          return batch.entries.count < lineLimit && batch.used < byteLimit
        }
      } catch {
        readFailure = error  // met before any line of this batch: the splitter reads only before a first line
        break
      }
      if full != nil { break }
      if !splitter.stoppedBeforeRead {
        ended = true
        break
      }
      // The lines in hand go out before reading on through a line longer than a batch, or through the rest of a
      // line cut short up to a newline that endless input (`/dev/zero`) never brings: the serial reader has handed
      // them out (and the cut line's error) by then, so the parallel one does as well, whatever `jobs` is.
      if !batch.entries.isEmpty || !window.isEmpty, splitter.isDroppingLine || splitter.pendingLineBytes >= byteLimit {
        break
      }
      // The splitter must read: a read that may wait (a pipe with nothing in it yet) only when nothing else is
      // there to hand out; otherwise the lines in hand go first.
      mayRead = (window.isEmpty && batch.entries.isEmpty) || !splitter.readMayWait
      if !mayRead { break }
    }
    let hasLines = !batch.entries.isEmpty  // read before a worker may take the batch
    if hasLines {
      if ended, window.isEmpty, inPlace == nil {
        // The rest of the input: parse it here rather than hand it to a worker and wait.
        batch.run(transform, buffer: &partBuffer)
      } else {
        if workers == nil { workers = LineWorkers(count: jobs - 1, transform: transform) }
        workers!.submit(batch)
      }
      window.append(batch)
    }
    if let inPlace { window.append(inPlace) }
    return hasLines || inPlace != nil || ended
  }
}

/// One line of a ``LineBatch``. Not nested in the generic batch, which would make it generic too: appending one to
/// the batch's array asked the runtime for its metadata, per line.
enum BatchedLine {
  /// A line's text at `offset` in the batch's text, with its number and offset in the input.
  case text(offset: Int, count: Int, number: Int, lineStart: Int)
  /// A line that failed before parsing (over the length limit).
  case failed(JSONLinesError)
}

/// A run of consecutive lines copied out of the splitter's buffer, and what a worker made of them.
///
/// Why `@unchecked Sendable` holds: the reading thread fills ``text`` and ``entries`` before the batch is queued and
/// does not touch the batch again until ``isFinished`` is true; the one worker that takes the batch from the queue
/// runs ``run(_:)`` and then sets it (a releasing store, read with an acquiring load), which orders the worker's
/// writes before the reader's reads. A batch made already parsed (``init(parsed:)``) or run by the reader itself
/// never leaves the reading thread.
final class LineBatch<Output>: @unchecked Sendable {  // Handed from thread to thread, one at a time (see above).
  /// A part of a shared input, and how to split it.
  struct Part {
    let input: SharedInput
    let range: Range<Int>
    let chunkSize: Int
    let maximumLineLength: Int
    let provesInvalid: (UnsafeRawBufferPointer) -> Bool
  }

  private var text: UnsafeMutableRawBufferPointer?
  private(set) var used = 0
  var entries: [BatchedLine] = []
  /// The part this batch reads itself, or `nil` for a batch of copied lines.
  private var part: Part?
  /// The lines of ``part``, blank ones too, once run, and its size in bytes (0 for the last part, which reads on to
  /// the end).
  private(set) var lineCount = 0
  let partBytes: Int
  /// What stopped the reading of ``part``, after the outcomes of the lines before it.
  private(set) var readFailure: JSONLinesError?
  /// The outcomes, initialized by ``run(_:)``. ``take()`` copies them out; they are freed together, by the thread
  /// that made them (``ParallelLineReader``'s `retire`).
  private var results: UnsafeStack<Result<Output, JSONLinesError>>?
  private var taken = 0
  /// Set once the outcomes are in. The reader polls it between the batches it parses itself; polling the
  /// semaphore instead (`wait(timeout: .now())`) put the thread to sleep in the kernel until its already past
  /// deadline, a context switch per poll (see "JSON Lines: polls without a sleep" in `Benchmarks/archive/RESULTS.md`).
  /// Waited on (``waitUntilFinished()``) by a reader with nothing else to do.
  private let done = Lock(false)
  /// The worker that ran the batch, or -1 for the reading thread; written before the batch is marked finished.
  var maker = -1

  /// An empty batch that copies lines into `text` (at least `2 × batchBytes`), which it owns until ``takeText()``.
  init(text: UnsafeMutableRawBufferPointer) {
    self.text = text
    partBytes = 0
  }

  /// A batch that reads and splits `part` itself.
  init(part: Part) {
    self.part = part
    partBytes = part.range.upperBound == .max ? 0 : part.range.count
  }

  /// A batch of one line already parsed.
  init(parsed outcome: Result<Output, JSONLinesError>) {
    results = UnsafeStack(capacity: 1)
    results!.append(outcome)
    partBytes = 0
    markFinished()
  }

  deinit {
    text?.deallocate()
    takeOutcomes()?.free()
  }

  /// Copies a line in.
  func append(_ bytes: UnsafeRawBufferPointer, number: Int, lineStart: Int) {
    if !bytes.isEmpty { (text!.baseAddress! + used).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
    entries.append(.text(offset: used, count: bytes.count, number: number, lineStart: lineStart))
    used += bytes.count
  }

  /// Makes the outcome of every line; a part is read into `buffer`, the running thread's (allocated when `nil`
  /// or too small).
  func run(_ transform: LineTransform<Output>, buffer: inout UnsafeMutableRawBufferPointer?) {
    if let part { return run(part, transform, buffer: &buffer) }
    var outcomes = UnsafeStack<Result<Output, JSONLinesError>>(capacity: entries.count)
    // By index: `enumerated()` asked the runtime for its element tuple's metadata, and a witness table, per line.
    for k in entries.indices {
      switch entries[k] {
      case .text(let offset, let length, let number, let lineStart):
        let bytes = UnsafeRawBufferPointer(start: text!.baseAddress! + offset, count: length)
        outcomes.append(transform.run(bytes, number, lineStart))
      case .failed(let error):
        outcomes.append(.failure(error))
      }
    }
    results = outcomes
    entries = []
    markFinished()
  }

  /// Reads, splits and parses the lines of `part`.
  private func run(_ part: Part, _ transform: LineTransform<Output>, buffer: inout UnsafeMutableRawBufferPointer?) {
    let splitter = LineSplitter(
      part.input, part: part.range, chunkSize: part.chunkSize, maximumLineLength: part.maximumLineLength,
      provesInvalid: part.provesInvalid, buffer: buffer)
    buffer = nil
    var outcomes = UnsafeStack<Result<Output, JSONLinesError>>(capacity: 64)
    do throws(JSONLinesError) {
      while let outcome = try splitter.nextOutcome(transform) { outcomes.append(consume outcome) }
    } catch {
      readFailure = error
    }
    results = outcomes
    lineCount = splitter.lineNumber
    let used = splitter.takeBuffer()
    // A buffer grown for a long line is not kept.
    if used.count <= 2 * part.chunkSize { buffer = used } else { used.deallocate() }
    self.part = nil  // a batch waiting to be handed out does not hold the input (the reader closes it when it ends)
    markFinished()
  }

  private func markFinished() {
    done.withLock { $0 = true }
    done.wakeAll()
  }

  /// Whether the outcomes are in.
  var isFinished: Bool { done.withLock { $0 } }

  /// Waits until the outcomes are in.
  func waitUntilFinished() {
    done.withLock(when: { $0 }) { _ in }
  }

  /// Hands the text buffer over, once the batch is finished.
  func takeText() -> UnsafeMutableRawBufferPointer? {
    defer { text = nil }
    return text
  }

  /// Copies the next outcome out, or `nil` when all were taken.
  func take() -> Result<Output, JSONLinesError>? {
    guard let results, taken < results.count else { return nil }
    taken += 1
    return results[taken - 1]
  }

  /// Hands the outcomes over, to be freed.
  func takeOutcomes() -> SpentOutcomes<Output>? {
    defer { results = nil }
    return results.map { SpentOutcomes(results: $0) }
  }
}

/// The outcomes of a batch handed out, to be freed by the thread that made them.
///
/// Why `@unchecked Sendable` holds: the reader hands them over once every outcome was copied out, and keeps no
/// pointer to them.
struct SpentOutcomes<Output>: @unchecked Sendable {  // Handed over whole; nobody else keeps a pointer.
  let results: UnsafeStack<Result<Output, JSONLinesError>>

  func free() { results.release() }
}

/// The worker threads of one parallel reader and the queue of batches they take from.
///
/// Why `@unchecked Sendable` holds: the queue, the closed flag and the spent outcomes are reached only under
/// ``state``'s lock; the transform may run on several threads (``LineTransform``); a batch is handed to exactly one
/// worker (see ``LineBatch``), and spent outcomes to the one that made them.
final class LineWorkers<Output>: @unchecked Sendable {  // Its state is reached only under `state`'s lock.
  private struct State {
    var queue: [LineBatch<Output>] = []
    var closed = false
    /// Per worker, the outcomes it made that were handed out, for it to free.
    var spent: [[SpentOutcomes<Output>]]
  }

  private let state: Lock<State>
  private let transform: LineTransform<Output>

  /// Starts `count` threads (none for 0), each with the stack of a main thread (decoding recurses per level of
  /// nesting).
  init(count: Int, transform: LineTransform<Output>) {
    self.transform = transform
    state = Lock(State(spent: Array(repeating: [], count: count)))
    for index in 0..<count {
      let thread = Thread { [self] in work(index) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Queues a batch for the next free worker.
  func submit(_ batch: LineBatch<Output>) {
    state.withLock { $0.queue.append(batch) }
    state.wakeOne()
  }

  /// Takes the oldest batch no worker has started, for the reading thread to parse.
  func takeQueued() -> LineBatch<Output>? {
    state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
  }

  /// Queues outcomes for worker `index` to free before its next batch.
  /// - Returns: `false` once the workers are closed: the caller frees them.
  func retire(_ outcomes: SpentOutcomes<Output>, to index: Int) -> Bool {
    state.withLock {
      guard !$0.closed else { return false }
      $0.spent[index].append(outcomes)
      return true
    }
  }

  /// Drops the batches not started, which it returns, and lets every thread end after the batch it is on (and after
  /// freeing what it was given to free).
  func close() -> [LineBatch<Output>] {
    let dropped = state.withLock {
      $0.closed = true
      let dropped = $0.queue
      $0.queue.removeAll()
      return dropped
    }
    state.wakeAll()
    return dropped
  }

  private func work(_ index: Int) {
    var buffer: UnsafeMutableRawBufferPointer?
    defer { buffer?.deallocate() }
    while true {
      let (retired, batch) = state.withLock(when: { !$0.queue.isEmpty || $0.closed }) {
        let retired = $0.spent[index]
        $0.spent[index] = []
        return (retired, $0.closed ? nil : $0.queue.removeFirst())
      }
      for outcomes in retired { outcomes.free() }
      guard let batch else { return }
      batch.maker = index
      batch.run(transform, buffer: &buffer)
    }
  }
}
