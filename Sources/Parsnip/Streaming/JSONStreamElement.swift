/// One value of a framed stream and where it came from.
public struct JSONStreamElement<Value> {
  /// The value: a ``JSON`` tree, a ``JSONDocument`` or a decoded type, as the reader was made.
  public var value: Value
  /// The zero-based index of the value in the stream, counting values that failed too.
  public var index: Int
  /// The zero-based byte offset in the stream where the value's text starts (for server-sent events, where its
  /// first `data` line starts).
  public var byteOffset: Int
  /// The one-based line where the value's text starts (for JSON Lines, the line number).
  public var line: Int
  /// The event the value came in, for ``JSONStreamFraming/serverSentEvents``; `nil` for other framings.
  public var event: ServerSentEvent?
}

extension JSONStreamElement: Sendable where Value: Sendable {}

/// The fields of a server-sent event whose data a ``JSONStreamElement`` holds, by the WHATWG `text/event-stream`
/// rules.
public struct ServerSentEvent: Sendable, Hashable {
  /// The event's type: its last `event` field, or `message` when it had none.
  public var type: String
  /// The last event ID: the last `id` field so far in the stream (it carries over to later events), or `""`.
  public var lastEventID: String
  /// The reconnection time in milliseconds the stream last set with a `retry` field, or `nil` when none has.
  public var retry: Int?

  /// Creates the fields of an event.
  /// - Parameters:
  ///   - type: The event type.
  ///   - lastEventID: The last event ID.
  ///   - retry: The reconnection time in milliseconds.
  public init(type: String = "message", lastEventID: String = "", retry: Int? = nil) {
    self.type = type
    self.lastEventID = lastEventID
    self.retry = retry
  }
}
