extension ParsnipDecoder {
  /// What lenient decoding did during one decode: every element dropped, default applied and fallback used, with
  /// where it happened and why.
  ///
  /// Made by ``ParsnipDecoder/decodeWithReport(_:from:)``. Entries are in the order they happened.
  ///
  /// ```swift
  /// let (value, report) = try decoder.decodeWithReport(Feed.self, from: data)
  /// for entry in report.droppedElements { log(entry.path, entry.reason) }
  /// ```
  public struct Report: Sendable, CustomStringConvertible {
    /// One leniency applied.
    public struct Entry: Sendable, CustomStringConvertible {
      /// What was done.
      public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// ``LossyArray`` or ``LossyDictionary`` left out an element that failed to decode.
        case droppedElement
        /// ``DefaultValue`` supplied its default for a missing or `null` member.
        case appliedDefault
        /// ``UnknownFallback`` replaced a value it did not recognize with the type's fallback.
        case usedFallback

        /// `dropped element`, `applied default` or `used fallback`.
        public var description: String {
          switch self {
          case .droppedElement: "dropped element"
          case .appliedDefault: "applied default"
          case .usedFallback: "used fallback"
          }
        }
      }

      /// What was done.
      public let kind: Kind
      let components: [CodingPathComponent]
      /// Why: the error that was absorbed, or `key not found` / `value is null` for a default.
      public let reason: String

      init(kind: Kind, components: [CodingPathComponent], reason: String) {
        self.kind = kind
        self.components = components
        self.reason = reason
      }

      /// Where it happened, as a coding path.
      public var codingPath: [any CodingKey] { components.map(\.codingKey) }

      /// Where it happened, as text: `posts[1]`, `settings.theme`.
      public var path: String { CodingPathRendering.render(components) }

      /// `PATH: KIND: REASON`.
      public var description: String { "\(path.isEmpty ? "<root>" : path): \(kind): \(reason)" }
    }

    /// Every entry, in the order the leniency was applied.
    public let entries: [Entry]

    init(entries: [Entry]) { self.entries = entries }

    /// Whether decoding needed no leniency at all.
    public var isEmpty: Bool { entries.isEmpty }

    /// The elements left out by ``LossyArray`` and ``LossyDictionary``.
    public var droppedElements: [Entry] { entries.filter { $0.kind == .droppedElement } }

    /// The defaults supplied by ``DefaultValue``.
    public var appliedDefaults: [Entry] { entries.filter { $0.kind == .appliedDefault } }

    /// The fallbacks used by ``UnknownFallback``.
    public var usedFallbacks: [Entry] { entries.filter { $0.kind == .usedFallback } }

    /// One line per entry.
    public var description: String { entries.map(\.description).joined(separator: "\n") }
  }
}
