/// The values of a framed stream read from an `AsyncSequence` of bytes or of chunks: what `jsonValues(framing:)`,
/// `jsonDocuments(framing:)` and `jsonValues(_:framing:decoder:)` on such a sequence return.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(for: request)
/// for try await element in bytes.jsonValues(framing: .serverSentEvents) {
///   print(element.event?.type ?? "", element.value["delta"])
/// }
/// ```
///
/// Each iteration drives one ``JSONStreamReader``. It reads the base sequence only when its consumer asks for a
/// value and the bytes read so far complete none (backpressure: nothing is read ahead), and it holds what the
/// reader holds: the value being completed plus one chunk. From a sequence of bytes it gathers up to 64 KiB at a
/// time, but hands the bytes to the reader early at each byte that can end a value in the framing (LF; CR for
/// server-sent events; RS for text sequences; `,`, `]` and `}` for concatenated values and array elements), so a
/// value that arrives before a pause is handed out then. A cancelled task stops reading: `next()` throws
/// `CancellationError` before it would read again.
///
/// `next()` throws ``JSONStreamError`` as ``JSONStreamReader/next()`` does (a value skipped under
/// ``JSONLines/ErrorPolicy/skip`` is passed over unreported), the base sequence's errors, and `CancellationError`.
public struct AsyncJSONStream<Base: AsyncSequence, Value>: AsyncSequence {
  /// The element type: one value and where it came from.
  public typealias Element = JSONStreamElement<Value>

  /// Reads the next bytes from the base iterator into the reader; `false` at the end of the base sequence.
  @usableFromInline
  typealias Pull = (inout Base.AsyncIterator, JSONStreamReader<Value>, GatheredBytes) async throws -> Bool

  @usableFromInline let base: Base
  @usableFromInline let makeReader: (Int) -> JSONStreamReader<Value>
  @usableFromInline let pull: Pull

  /// The longest value read whole, in bytes; see ``JSONStreamReader/maximumValueLength``. Default 1 GiB.
  public var maximumValueLength: Int = 1 << 30

  @usableFromInline
  init(base: Base, makeReader: @escaping (Int) -> JSONStreamReader<Value>, pull: @escaping Pull) {
    self.base = base
    self.makeReader = makeReader
    self.pull = pull
  }

  /// Starts reading the base sequence.
  /// - Returns: The iterator.
  @inlinable
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(upstream: base.makeAsyncIterator(), reader: makeReader(maximumValueLength), pull: pull)
  }

  /// Reads values from the base sequence as they complete.
  public struct AsyncIterator: AsyncIteratorProtocol {
    @usableFromInline var upstream: Base.AsyncIterator
    @usableFromInline let reader: JSONStreamReader<Value>
    @usableFromInline let pull: Pull
    @usableFromInline let scratch = GatheredBytes()
    @usableFromInline var ended = false

    @usableFromInline
    init(upstream: Base.AsyncIterator, reader: JSONStreamReader<Value>, pull: @escaping Pull) {
      self.upstream = upstream
      self.reader = reader
      self.pull = pull
    }

    /// The next value, reading from the base sequence only as far as it needs.
    /// - Returns: The value, or `nil` at the end of the stream.
    /// - Throws: ``JSONStreamError``, the base sequence's error, or `CancellationError` when the task was cancelled
    ///   before a read.
    @inlinable
    public mutating func next() async throws -> Element? {
      while true {
        if let element = try reader.next() { return element }
        if ended { return nil }
        try Task.checkCancellation()
        if try await !pull(&upstream, reader, scratch) {
          ended = true
          reader.finish()
        }
      }
    }
  }
}

// Its two closures capture only `Sendable` values: the framing, the options, the policy, the decoder.
extension AsyncJSONStream: @unchecked Sendable where Base: Sendable {}

/// Where bytes from a sequence of bytes are gathered before they are handed to the reader: ``FlushBytes/gatherLimit``
/// of them at most (an array, whose every append checks its uniqueness, cost a third of the time byte by byte).
@usableFromInline
final class GatheredBytes {
  @usableFromInline let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: FlushBytes.gatherLimit)

  @usableFromInline init() {}

  deinit { bytes.deallocate() }
}

/// The bytes at which a sequence of bytes is handed to the reader before 64 KiB are gathered: those that can end
/// a value in the framing.
@usableFromInline
struct FlushBytes: Sendable {
  @usableFromInline let bits: UInt64
  @usableFromInline let highBits: UInt64

  @usableFromInline
  init(_ framing: JSONStreamFraming) {
    var bytes: [UInt8]
    switch framing.representation {
    case .lines: bytes = [.newline]
    case .serverSentEvents: bytes = [.newline, .carriageReturn]
    case .textSequence: bytes = [.newline, 0x1E]
    case .concatenated, .arrayElements: bytes = [.newline, .comma, .closeBracket, .closeBrace]
    }
    var (low, high): (UInt64, UInt64) = (0, 0)
    for b in bytes {
      if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
    }
    (bits, highBits) = (low, high)
  }

  @inlinable @inline(__always)
  func contains(_ b: UInt8) -> Bool {
    b < 64 ? bits >> UInt64(b) & 1 != 0 : b < 128 ? highBits >> UInt64(b &- 64) & 1 != 0 : false
  }

  /// The most bytes gathered before they are handed to the reader.
  @usableFromInline static let gatherLimit = 64 << 10
}

extension AsyncJSONStream where Base.Element == UInt8 {
  /// Gathers bytes from `upstream` into the reader: up to a flush byte or ``FlushBytes/gatherLimit`` of them.
  @inlinable
  static func pullBytes(flush: FlushBytes) -> Pull {
    { upstream, reader, scratch in
      let bytes = scratch.bytes
      var count = 0
      while let b = try await upstream.next() {
        bytes[count] = b
        count &+= 1
        if flush.contains(b) || count == FlushBytes.gatherLimit { break }
      }
      if count == 0 { return false }
      reader.append(UnsafeRawBufferPointer(start: bytes, count: count))
      return true
    }
  }
}

extension AsyncJSONStream where Base.Element: Collection, Base.Element.Element == UInt8 {
  /// Hands each chunk of `upstream` to the reader as it comes.
  @inlinable
  static func pullChunks() -> Pull {
    { upstream, reader, _ in
      guard let chunk = try await upstream.next() else { return false }
      reader.append(chunk)
      return true
    }
  }
}

extension AsyncSequence where Element == UInt8 {
  /// The values of the framed stream these bytes carry, as ``JSON`` trees, each as soon as it is complete.
  ///
  /// ```swift
  /// let handle = try FileHandle(forReadingFrom: url)
  /// for try await element in handle.bytes.jsonValues(framing: .arrayElements) {
  ///   print(element.index, element.value)
  /// }
  /// ```
  /// - Parameters:
  ///   - framing: How values are delimited.
  ///   - options: Grammar and limits for each value. Default: strict RFC 8259.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  /// - Returns: An asynchronous sequence of values; see ``AsyncJSONStream``.
  @inlinable
  public func jsonValues(
    framing: JSONStreamFraming, options: JSON.ParsingOptions = .default, errorPolicy: JSONLines.ErrorPolicy = .stop
  ) -> AsyncJSONStream<Self, JSON> {
    AsyncJSONStream(
      base: self,
      makeReader: {
        AsyncJSONStream<Self, JSON>.configured(
          JSONStreamReader(framing: framing, options: options, errorPolicy: errorPolicy), $0)
      },
      pull: AsyncJSONStream<Self, JSON>.pullBytes(flush: FlushBytes(framing)))
  }

  /// The values of the framed stream these bytes carry, as ``JSONDocument``s (no tree built).
  /// - Parameters:
  ///   - framing: How values are delimited.
  ///   - options: Grammar and limits for each value. Default: strict RFC 8259.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  /// - Returns: An asynchronous sequence of documents; see ``AsyncJSONStream``.
  @inlinable
  public func jsonDocuments(
    framing: JSONStreamFraming, options: JSON.ParsingOptions = .default, errorPolicy: JSONLines.ErrorPolicy = .stop
  ) -> AsyncJSONStream<Self, JSONDocument> {
    AsyncJSONStream(
      base: self,
      makeReader: {
        AsyncJSONStream<Self, JSONDocument>.configured(
          JSONStreamReader(framing: framing, options: options, errorPolicy: errorPolicy), $0)
      },
      pull: AsyncJSONStream<Self, JSONDocument>.pullBytes(flush: FlushBytes(framing)))
  }

  /// The values of the framed stream these bytes carry, each decoded into `T` straight from its text.
  /// - Parameters:
  ///   - type: The type of every value.
  ///   - framing: How values are delimited.
  ///   - decoder: Its strategies and options, read when iteration starts.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  /// - Returns: An asynchronous sequence of decoded values; see ``AsyncJSONStream``.
  @inlinable
  public func jsonValues<T: Decodable>(
    _ type: T.Type, framing: JSONStreamFraming, decoder: ParsnipDecoder = ParsnipDecoder(),
    errorPolicy: JSONLines.ErrorPolicy = .stop
  ) -> AsyncJSONStream<Self, T> {
    AsyncJSONStream(
      base: self,
      makeReader: {
        AsyncJSONStream<Self, T>.configured(
          JSONStreamReader(decoding: T.self, framing: framing, decoder: decoder, errorPolicy: errorPolicy), $0)
      },
      pull: AsyncJSONStream<Self, T>.pullBytes(flush: FlushBytes(framing)))
  }
}

extension AsyncSequence where Element: Collection, Element.Element == UInt8 {
  /// The values of the framed stream these chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, …) carry, as
  /// ``JSON`` trees, each as soon as it is complete.
  /// - Parameters:
  ///   - framing: How values are delimited.
  ///   - options: Grammar and limits for each value. Default: strict RFC 8259.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  /// - Returns: An asynchronous sequence of values; see ``AsyncJSONStream``.
  @inlinable
  public func jsonValues(
    framing: JSONStreamFraming, options: JSON.ParsingOptions = .default, errorPolicy: JSONLines.ErrorPolicy = .stop
  ) -> AsyncJSONStream<Self, JSON> {
    AsyncJSONStream(
      base: self,
      makeReader: {
        AsyncJSONStream<Self, JSON>.configured(
          JSONStreamReader(framing: framing, options: options, errorPolicy: errorPolicy), $0)
      },
      pull: AsyncJSONStream<Self, JSON>.pullChunks())
  }

  /// The values of the framed stream these chunks carry, as ``JSONDocument``s (no tree built).
  /// - Parameters:
  ///   - framing: How values are delimited.
  ///   - options: Grammar and limits for each value. Default: strict RFC 8259.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  /// - Returns: An asynchronous sequence of documents; see ``AsyncJSONStream``.
  @inlinable
  public func jsonDocuments(
    framing: JSONStreamFraming, options: JSON.ParsingOptions = .default, errorPolicy: JSONLines.ErrorPolicy = .stop
  ) -> AsyncJSONStream<Self, JSONDocument> {
    AsyncJSONStream(
      base: self,
      makeReader: {
        AsyncJSONStream<Self, JSONDocument>.configured(
          JSONStreamReader(framing: framing, options: options, errorPolicy: errorPolicy), $0)
      },
      pull: AsyncJSONStream<Self, JSONDocument>.pullChunks())
  }

  /// The values of the framed stream these chunks carry, each decoded into `T` straight from its text.
  /// - Parameters:
  ///   - type: The type of every value.
  ///   - framing: How values are delimited.
  ///   - decoder: Its strategies and options, read when iteration starts.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  /// - Returns: An asynchronous sequence of decoded values; see ``AsyncJSONStream``.
  @inlinable
  public func jsonValues<T: Decodable>(
    _ type: T.Type, framing: JSONStreamFraming, decoder: ParsnipDecoder = ParsnipDecoder(),
    errorPolicy: JSONLines.ErrorPolicy = .stop
  ) -> AsyncJSONStream<Self, T> {
    AsyncJSONStream(
      base: self,
      makeReader: {
        AsyncJSONStream<Self, T>.configured(
          JSONStreamReader(decoding: T.self, framing: framing, decoder: decoder, errorPolicy: errorPolicy), $0)
      },
      pull: AsyncJSONStream<Self, T>.pullChunks())
  }
}

extension AsyncJSONStream {
  /// `reader` with its value length limit set.
  @usableFromInline
  static func configured(_ reader: JSONStreamReader<Value>, _ maximumValueLength: Int) -> JSONStreamReader<Value> {
    reader.maximumValueLength = maximumValueLength
    return reader
  }
}
