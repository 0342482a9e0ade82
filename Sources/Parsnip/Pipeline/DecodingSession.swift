/// What one run of a decoder shares: its options, how deep `lazy` decoders have recursed, how many recursive and
/// alternative decoders it has run (its budget), and where member searches in a document's objects left off.
@usableFromInline final class DecodingSession {
  @usableFromInline let accumulates: Bool
  @usableFromInline let maximumDepth: Int
  /// Levels of ``JSONDecoding/lazy(_:)`` entered, against `maximumDepth`.
  @usableFromInline var depth = 0
  /// Levels of recursion entered, `lazy` and ``JSONDecoding/andThen(_:)`` alike, for the stack guard.
  @usableFromInline var levels = 0
  /// Stops recursive decoders before the thread's stack ends, whatever `maximumDepth` allows. A level of a
  /// pipeline is a chain of closures (about 0.8 KB of stack in a release build, several KB in a debug one), so
  /// checks start early and come every other level.
  var stack = StackGuard(startDepth: 8, interval: 2, margin: 48 << 10)
  /// Levels entered and alternatives tried so far, against ``JSONDecodingOptions/maximumDecoderRuns``.
  var runs = 0
  let maximumRuns: Int

  /// Per object (direct-mapped by node index): where the next member search starts, and whether the object has
  /// no repeated key; read and written by `AnyJSONNode.memberOfObject(_:_:)`.
  static let hintSlots = 64
  let hintObjects: UnsafeMutablePointer<Int>
  let hintKeys: UnsafeMutablePointer<Int>
  let hintUnique: UnsafeMutablePointer<Bool>
  /// The document the hints are about (its storage's address).
  var hintStorage: UnsafeRawPointer?
  var duplicates = DuplicateKeyFinder()

  init(_ options: JSONDecodingOptions) {
    accumulates = options.accumulatesErrors
    maximumDepth = options.maximumDepth
    maximumRuns = options.maximumDecoderRuns
    hintObjects = .allocate(capacity: Self.hintSlots)
    hintObjects.initialize(repeating: -1, count: Self.hintSlots)
    hintKeys = .allocate(capacity: Self.hintSlots)
    hintKeys.initialize(repeating: 0, count: Self.hintSlots)
    hintUnique = .allocate(capacity: Self.hintSlots)
    hintUnique.initialize(repeating: false, count: Self.hintSlots)
  }

  /// Goes one level deeper into recursive decoders, a level of ``JSONDecoding/lazy(_:)`` (`isLazy`, counted against
  /// ``maximumDepth``) or of ``JSONDecoding/andThen(_:)``; the caller calls ``leave(isLazy:)`` when the level ends.
  /// Fails with ``JSONDecodingError/Kind-swift.enum/nestingTooDeep(limit:)`` past ``maximumDepth``, or, with the
  /// levels reached as the limit, where the thread's stack would end. Each level counts as a run against
  /// ``JSONDecodingOptions/maximumDecoderRuns`` (see ``countRun(_:)``).
  @usableFromInline func enter(_ input: AnyJSONNode, isLazy: Bool) throws(JSONDecodingError) {
    if isLazy, depth >= maximumDepth { throw JSONDecodingError(.nestingTooDeep(limit: maximumDepth), at: input) }
    guard stack.hasRoom(atDepth: levels + 1) else {
      throw JSONDecodingError(.nestingTooDeep(limit: levels), at: input)
    }
    try countRun(input)
    levels += 1
    if isLazy { depth += 1 }
  }

  /// Ends a level begun with ``enter(_:isLazy:)``.
  @inlinable func leave(isLazy: Bool) {
    levels -= 1
    if isLazy { depth -= 1 }
  }

  /// Counts one run of a decoder that may repeat work (a level of recursion, an alternative of
  /// ``JSONDecoding/oneOf(_:)``): past ``JSONDecodingOptions/maximumDecoderRuns`` the decode fails with
  /// ``JSONDecodingError/Kind-swift.enum/tooExpensive(limit:)``, so that alternatives which each decode a recursive
  /// member cost at most the budget, not time exponential in the depth.
  @usableFromInline func countRun(_ input: AnyJSONNode) throws(JSONDecodingError) {
    runs &+= 1
    if runs > maximumRuns { throw JSONDecodingError(.tooExpensive(limit: maximumRuns), at: input) }
  }

  /// Throws `error` at once, or adds it to `failure` when the session accumulates errors.
  /// A decode over its budget stops at once, accumulating or not.
  @inlinable func record(_ error: JSONDecodingError, into failure: inout JSONDecodingError?) throws(JSONDecodingError) {
    guard accumulates, !error.endsTheDecode else { throw error }
    JSONDecodingError.accumulate(error, into: &failure)
  }

  deinit {
    hintObjects.deallocate()
    hintKeys.deallocate()
    hintUnique.deallocate()
  }
}
