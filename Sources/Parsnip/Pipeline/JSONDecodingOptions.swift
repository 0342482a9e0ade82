/// How ``decodeJSON(_:with:options:)-(Data,_,_)`` runs a decoder.
public struct JSONDecodingOptions: Sendable, Hashable {
  /// Whether to go on after a failure and report every failure of the decode in one error
  /// (``JSONDecodingError/Kind-swift.enum/several(_:)``, in document order). Default `false`: stop at the first.
  public var accumulatesErrors: Bool
  /// How deep ``JSONDecoding/lazy(_:)`` decoders may recurse before failing with
  /// ``JSONDecodingError/Kind-swift.enum/nestingTooDeep(limit:)``, so that a deep tree ends in an error rather than a
  /// stack overflow. Default 512, the parser's default depth limit.
  public var maximumDepth: Int
  /// How text is parsed (grammar, JSON5, depth limit, duplicate keys).
  public var parsing: JSON.ParsingOptions

  /// Creates options.
  /// - Parameters:
  ///   - accumulatesErrors: Whether to report every failure instead of the first.
  ///   - maximumDepth: The recursion budget of `lazy` decoders.
  ///   - parsing: How text is parsed.
  public init(accumulatesErrors: Bool = false, maximumDepth: Int = 512, parsing: JSON.ParsingOptions = .default) {
    self.accumulatesErrors = accumulatesErrors
    self.maximumDepth = maximumDepth
    self.parsing = parsing
  }

  /// Stop at the first failure; default parsing.
  public static var `default`: JSONDecodingOptions { JSONDecodingOptions() }

  /// Report every failure.
  public static var accumulating: JSONDecodingOptions { JSONDecodingOptions(accumulatesErrors: true) }
}
