/// A push reader of framed JSON streams: hand it bytes as they arrive, in chunks of any size, and take each value
/// out as soon as it is complete.
///
/// It reads JSON Lines, RFC 7464 JSON text sequences, server-sent events, concatenated values, and the elements of
/// a top-level array or of an array inside a big object (``JSONStreamFraming``). Each value's text goes through
/// the one scan pipeline that every Parsnip reader uses, into a ``JSON`` tree, a ``JSONDocument`` (no tree built),
/// or a `Decodable` type (``init(decoding:framing:decoder:errorPolicy:)``).
///
/// ```swift
/// let reader = JSONStreamReader<JSON>(framing: .arrayElements)
/// for chunk in ["[{\"id\":1},", "{\"id\"", ":2}]"] {
///   reader.append(Array(chunk.utf8))
///   while let element = try reader.next() {
///     print(element.index, element.value["id"])   // → 0 1, then 1 2
///   }
/// }
/// reader.finish()
/// while let element = try reader.next() { print(element.value) }   // the values the end completes, if any
/// ```
///
/// The reader resumes where it stopped: each byte is examined once for where values end, however the chunks
/// split it, and a value's text is parsed once, when it is complete. It holds the bytes appended and not yet
/// handed out: take the values out after each ``append(_:)-(UnsafeRawBufferPointer)`` and it holds at most the value being completed plus
/// the last chunk. A value longer than ``maximumValueLength`` is an error, and its bytes are dropped as they come.
///
/// Errors (``JSONStreamError``) name the byte offset, line and column in the stream and the value's index. A value
/// that is not valid JSON, does not decode, is too long or (RFC 7464) was cut short fails alone: under
/// ``JSONLines/ErrorPolicy/stop`` ``next()`` throws it and the following call reads on after it; under
/// ``JSONLines/ErrorPolicy/skip`` it is recorded in ``skipped``. Bytes that break the framing itself (an array's
/// missing comma, mismatched brackets in concatenated values) end the stream: ``next()`` throws that error, then
/// returns `nil`.
///
/// For an `AsyncSequence` of bytes or chunks, use `jsonValues(framing:)`, `jsonDocuments(framing:)` or
/// `jsonValues(_:framing:decoder:)` on the sequence (``AsyncJSONStream``), which drive this reader.
public final class JSONStreamReader<Value> {
  /// How values are delimited.
  public let framing: JSONStreamFraming
  /// Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  public var errorPolicy: JSONLines.ErrorPolicy
  /// The longest value read whole, in bytes. Default 1 GiB, as ``JSONLines/maximumLineLength``: a longer value is
  /// a ``JSONStreamError/Kind-swift.enum/valueTooLong`` error and its bytes are dropped, so memory stays bounded on
  /// endless input. For server-sent events it bounds an event's data and each of its lines. Read when the first
  /// bytes are appended.
  public var maximumValueLength: Int = 1 << 30
  /// The values that failed so far under ``JSONLines/ErrorPolicy/skip``, in order.
  public private(set) var skipped: [JSONStreamError] = []

  private let output: StreamOutput<Value>
  private var framerStorage: (any StreamFramer)?
  /// Set when the framing broke: nothing more is handed out.
  private var isBroken = false

  init(framing: JSONStreamFraming, output: StreamOutput<Value>, errorPolicy: JSONLines.ErrorPolicy) {
    self.framing = framing
    self.output = output
    self.errorPolicy = errorPolicy
  }

  private var framer: any StreamFramer {
    if let framerStorage { return framerStorage }
    let made: any StreamFramer
    switch framing.representation {
    case .lines: made = LineFramer(maximumValueLength: maximumValueLength, parsing: output.parsing)
    case .serverSentEvents: made = ServerSentEventFramer(maximumValueLength: maximumValueLength)
    case .textSequence, .concatenated, .arrayElements:
      made = StructuralFramer(framing: framing, maximumValueLength: maximumValueLength, parsing: output.parsing)
    }
    framerStorage = made
    return made
  }

  /// Adds the next bytes of the stream.
  ///
  /// The bytes are copied; take the values they complete out with ``next()`` before appending more, so the
  /// reader's memory stays at the value being completed plus one chunk.
  /// - Parameter bytes: The next chunk, of any size (an empty one changes nothing).
  public func append(_ bytes: UnsafeRawBufferPointer) {
    framer.push(bytes)
  }

  /// Adds the next bytes of the stream; see ``append(_:)-(UnsafeRawBufferPointer)``.
  /// - Parameter bytes: The next chunk: `[UInt8]`, `Data`, `ArraySlice<UInt8>`, or any collection of bytes.
  public func append(_ bytes: some Collection<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { framer.push(UnsafeRawBufferPointer($0)) }
    if done == nil { Array(bytes).withUnsafeBytes { framer.push($0) } }
  }

  /// Marks the end of the stream: the last value, if the end completes it (a number, a last line without its
  /// LF), can then be taken out, and a value left incomplete is an error from ``next()``.
  public func finish() {
    framer.finish()
  }

  /// The next complete value, or `nil` when the bytes appended so far complete no other value (or, after
  /// ``finish()``, when the stream has no more).
  /// - Returns: The value, its index and where it starts in the stream.
  /// - Throws: ``JSONStreamError`` for a value that failed (under ``JSONLines/ErrorPolicy/stop``), or for bytes
  ///   that break the framing.
  public func next() throws(JSONStreamError) -> JSONStreamElement<Value>? {
    while !isBroken {
      let framed: (FramedPiece, index: Int)?
      do throws(JSONStreamError) {
        framed = try framer.next()
      } catch {
        isBroken = true
        throw error
      }
      guard let (piece, index) = framed else { return nil }
      let failure: JSONStreamError
      switch piece {
      case .value(let bytes, let start, let event):
        do throws(StreamValueFailure) {
          let value = try output.make(bytes)
          return JSONStreamElement(
            value: value, index: index, byteOffset: start.byteOffset, line: start.line, event: event)
        } catch {
          let framer = self.framer
          failure = JSONStreamError(error, valueStart: start, valueIndex: index) {
            framer.location(of: $0, valueStart: start)
          }
        }
      case .failure(let error):
        failure = error
      }
      if errorPolicy == .stop { throw failure }
      skipped.append(failure)
    }
    return nil
  }

  /// The bytes of memory held for input not yet handed out (tests check the bound on it).
  var bufferCapacity: Int { framerStorage?.capacity ?? 0 }
}

extension JSONStreamReader where Value == JSON {
  /// A reader whose values are ``JSON`` trees.
  /// - Parameters:
  ///   - framing: How values are delimited.
  ///   - options: Grammar and limits for each value. Default: strict RFC 8259.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  public convenience init(
    framing: JSONStreamFraming, options: JSON.ParsingOptions = .default, errorPolicy: JSONLines.ErrorPolicy = .stop
  ) {
    self.init(framing: framing, output: .trees(options), errorPolicy: errorPolicy)
  }
}

extension JSONStreamReader where Value == JSONDocument {
  /// A reader whose values are ``JSONDocument``s: each value's text is scanned and kept, and no tree is built.
  /// - Parameters:
  ///   - framing: How values are delimited.
  ///   - options: Grammar and limits for each value. Default: strict RFC 8259.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  public convenience init(
    framing: JSONStreamFraming, options: JSON.ParsingOptions = .default, errorPolicy: JSONLines.ErrorPolicy = .stop
  ) {
    self.init(framing: framing, output: .documents(options), errorPolicy: errorPolicy)
  }
}

extension JSONStreamReader where Value: Decodable {
  /// A reader whose values are decoded straight from their text into `Value` (no `JSON` tree in between).
  ///
  /// ```swift
  /// struct Delta: Decodable { var text: String }
  /// let reader = JSONStreamReader(decoding: Delta.self, framing: .serverSentEvents)
  /// reader.append(Array("event: delta\ndata: {\"text\":\"Hi\"}\n\n".utf8))
  /// let element = try reader.next()
  /// element?.value.text    // → "Hi"
  /// element?.event?.type   // → "delta"
  /// ```
  /// - Parameters:
  ///   - type: The type of every value.
  ///   - framing: How values are delimited.
  ///   - decoder: Its strategies and options, read once now; its ``ParsnipDecoder/allowsJSON5`` applies.
  ///   - errorPolicy: Bad-value handling. Default ``JSONLines/ErrorPolicy/stop``.
  public convenience init(
    decoding type: Value.Type, framing: JSONStreamFraming, decoder: ParsnipDecoder = ParsnipDecoder(),
    errorPolicy: JSONLines.ErrorPolicy = .stop
  ) {
    self.init(framing: framing, output: .decoded(type, by: decoder), errorPolicy: errorPolicy)
  }
}
