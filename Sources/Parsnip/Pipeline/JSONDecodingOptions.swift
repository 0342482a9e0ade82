/// How ``decodeJSON(_:with:options:)-(Data,_,_)`` runs a decoder.
public struct JSONDecodingOptions: Sendable, Hashable {
  /// Whether to go on after a failure and report every failure of the decode in one error
  /// (``JSONDecodingError/Kind-swift.enum/several(_:)``, in document order). Default `false`: stop at the first.
  public var accumulatesErrors: Bool
  /// How deep ``JSONDecoding/lazy(_:)`` decoders may recurse before failing with
  /// ``JSONDecodingError/Kind-swift.enum/nestingTooDeep(limit:)``, so that a deep tree ends in an error rather than a
  /// stack overflow. Default 512, the parser's default depth limit. Whatever the limit, recursion (through `lazy` or
  /// ``JSONDecoding/andThen(_:)``) also stops with that error, its limit then the levels reached, where the thread's
  /// stack would end.
  public var maximumDepth: Int
  /// How many times one decode may run a decoder that can repeat work: each level that ``JSONDecoding/lazy(_:)``
  /// or ``JSONDecoding/andThen(_:)`` enters, and each alternative that ``JSONDecoding/oneOf(_:)`` tries. Past it the
  /// decode fails with ``JSONDecodingError/Kind-swift.enum/tooExpensive(limit:)``. Alternatives that each decode a
  /// recursive member before failing take time (and error memory) exponential in the depth, so a few hundred bytes
  /// could run for hours; the budget bounds that. Default ``defaultMaximumDecoderRuns`` (1 000 000: about as many
  /// recursive values as a 50 MB document holds); raise it for larger recursive documents.
  public var maximumDecoderRuns: Int
  /// How text is parsed (grammar, JSON5, depth limit, duplicate keys).
  public var parsing: JSON.ParsingOptions

  /// The default of ``maximumDecoderRuns``, 1 000 000.
  public static var defaultMaximumDecoderRuns: Int { 1_000_000 }

  /// Creates options.
  /// - Parameters:
  ///   - accumulatesErrors: Whether to report every failure instead of the first.
  ///   - maximumDepth: The recursion budget of `lazy` decoders.
  ///   - maximumDecoderRuns: How many recursive levels and alternatives one decode may run.
  ///   - parsing: How text is parsed.
  public init(
    accumulatesErrors: Bool = false, maximumDepth: Int = 512,
    maximumDecoderRuns: Int = JSONDecodingOptions.defaultMaximumDecoderRuns, parsing: JSON.ParsingOptions = .default
  ) {
    self.accumulatesErrors = accumulatesErrors
    self.maximumDepth = maximumDepth
    self.maximumDecoderRuns = maximumDecoderRuns
    self.parsing = parsing
  }

  /// Stop at the first failure; default parsing.
  public static var `default`: JSONDecodingOptions { JSONDecodingOptions() }

  /// Report every failure.
  public static var accumulating: JSONDecodingOptions { JSONDecodingOptions(accumulatesErrors: true) }
}
