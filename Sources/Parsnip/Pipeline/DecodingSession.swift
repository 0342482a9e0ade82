/// What one run of a decoder shares: its options, how deep `lazy` decoders have recursed, and where member searches
/// in a document's objects left off.
@usableFromInline final class DecodingSession {
  @usableFromInline let accumulates: Bool
  @usableFromInline let maximumDepth: Int
  @usableFromInline var depth = 0

  /// Per object (direct-mapped by node index): where the next member search starts, and whether the object has
  /// no repeated key; read and written by `PipelineValue.memberOfObject(_:_:)`.
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
    hintObjects = .allocate(capacity: Self.hintSlots)
    hintObjects.initialize(repeating: -1, count: Self.hintSlots)
    hintKeys = .allocate(capacity: Self.hintSlots)
    hintKeys.initialize(repeating: 0, count: Self.hintSlots)
    hintUnique = .allocate(capacity: Self.hintSlots)
    hintUnique.initialize(repeating: false, count: Self.hintSlots)
  }

  /// Throws `error` at once, or adds it to `failure` when the session accumulates errors.
  @inlinable func record(_ error: JSONDecodingError, into failure: inout JSONDecodingError?) throws(JSONDecodingError) {
    guard accumulates else { throw error }
    failure = .combining(failure, error)
  }

  deinit {
    hintObjects.deallocate()
    hintKeys.deallocate()
    hintUnique.deallocate()
  }
}
