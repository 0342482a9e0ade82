/// How the values of a stream are delimited: the framing a ``JSONStreamReader`` reads.
///
/// ```swift
/// let reader = JSONStreamReader<JSON>(framing: .lines)
/// reader.append(Array("{\"a\":1}\n{\"a\"".utf8))
/// try reader.next()?.value   // → {"a":1}
/// try reader.next()          // → nil: the second value is not complete yet
/// ```
public struct JSONStreamFraming: Sendable, Hashable, CustomStringConvertible {
  enum Representation: Sendable, Hashable {
    case lines
    case textSequence
    case serverSentEvents
    case concatenated
    case arrayElements([PathStep])
  }

  /// One step of the path to the array whose elements ``arrayElements(at:)-(JSONPointer)`` reads.
  enum PathStep: Sendable, Hashable {
    /// An object member only.
    case key(String)
    /// An array element only.
    case index(Int)
    /// A JSON Pointer token: a member of an object, or the element of an array it reads as an index of.
    case token(String)
  }

  let representation: Representation

  /// JSON Lines (NDJSON): one value per line, lines ending at LF or CR LF; blank lines are skipped. A bad line is
  /// an error for that line only, so ``JSONLines/ErrorPolicy/skip`` reads on after it.
  public static let lines = JSONStreamFraming(representation: .lines)

  /// RFC 7464 JSON text sequences (`application/json-seq`): each text starts with RS (U+001E) and ends with LF.
  ///
  /// A text is handed out as soon as its value is complete. A text cut short (the next RS, or the end, comes
  /// inside its value, or right after a number or literal that no white space ended) is an error for that text,
  /// and reading goes on at the next RS (RFC 7464 §2.4).
  public static let textSequence = JSONStreamFraming(representation: .textSequence)

  /// Server-sent events (`text/event-stream`), read by the WHATWG HTML standard's rules: the `data` lines of an
  /// event joined with LF, its `event` and `id` fields, `retry`, comments, lines ending at LF, CR LF or CR, and a
  /// leading byte order mark. Each event with data is one value, its data parsed as JSON; the event's type and
  /// id are in ``JSONStreamElement/event``. Events without data are not handed out.
  public static let serverSentEvents = JSONStreamFraming(representation: .serverSentEvents)

  /// Values one after another, separated by white space where they would run together: `{}{} 3 "x"`.
  ///
  /// A value is handed out when it is complete: at its closing bracket or quote, or, for a number or literal, at
  /// the byte after it. A value that is not valid JSON but whose brackets balance is an error for that value;
  /// brackets that do not match stop the stream.
  public static let concatenated = JSONStreamFraming(representation: .concatenated)

  /// The elements of the top-level array, each handed out as it completes: `[{…}, {…}, …]` of any length, in the
  /// memory of one element.
  public static let arrayElements = JSONStreamFraming(representation: .arrayElements([]))

  /// The elements of the array at `pointer` inside the top-level value, each handed out as it completes:
  /// `/data` in `{"meta": {…}, "data": [{…}, …]}`.
  ///
  /// The values before and after the array are read past without being kept, and checked only as far as their
  /// brackets, strings and separators go; the elements are parsed in full. When the stream ends without the
  /// array having been found, ``JSONStreamReader/next()`` throws ``JSONStreamError/Kind-swift.enum/pathNotFound``.
  /// - Parameter pointer: Where the array is; a token reads as an index where it steps into an array.
  /// - Returns: The framing.
  public static func arrayElements(at pointer: JSONPointer) -> JSONStreamFraming {
    JSONStreamFraming(representation: .arrayElements(pointer.tokens.map { .token($0) }))
  }

  /// The elements of the array at `path` inside the top-level value, each handed out as it completes; see
  /// ``arrayElements(at:)-(JSONPointer)``.
  /// - Parameter path: Where the array is: `data`, `result.items`, `pages[2].rows`.
  /// - Returns: The framing.
  public static func arrayElements(at path: JSONKeyPath) -> JSONStreamFraming {
    JSONStreamFraming(
      representation: .arrayElements(
        path.components.map {
          switch $0 {
          case .key(let key): .key(key)
          case .index(let index): .index(index)
          }
        }))
  }

  /// The framing's name as `parsnip --framing` takes it: `lines`, `seq`, `sse`, `concat`, `array`, or
  /// `array:/POINTER`.
  public var description: String {
    switch representation {
    case .lines: return "lines"
    case .textSequence: return "seq"
    case .serverSentEvents: return "sse"
    case .concatenated: return "concat"
    case .arrayElements(let steps):
      if steps.isEmpty { return "array" }
      let tokens = steps.map { step -> String in
        switch step {
        case .key(let key), .token(let key): return key
        case .index(let index): return String(index)
        }
      }
      return "array:" + JSONPointer(tokens: tokens).description
    }
  }
}
