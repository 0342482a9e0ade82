/// Why a path could not be followed or an edit could not be made, and at which step (0-based): the one internal
/// path error. Each reader turns it into its public error in one place: ``SteppablePath/error(for:)`` for
/// ``JSONPointerError`` and ``JSONKeyPathError``, `DecodingState.decodingError(for:path:root:)` for the decoder.
struct PathFailure: Error, Equatable {
  enum Reason: Equatable {
    case keyNotFound(String)
    case indexOutOfRange(Int, count: Int)
    /// A pointer token that is not an array index (leading zero, sign, letters, too large).
    case invalidIndex(String)
    /// `-` used where an existing element is needed.
    case pastTheEnd(count: Int)
    /// The step needs a container of kind `expected` (or any container when `nil`) and found `found`.
    case notAContainer(expected: JSON.Kind?, found: JSON.Kind)
    case cannotRemoveRoot
    /// An edit would build containers nested deeper than this (``JSON/maximumSupportedDepth``).
    case nestingTooDeep(limit: Int)
    /// Text read on demand is not JSON where the walk went (only ``OnDemandReader`` nodes fail so).
    case malformed(JSONParseError)
  }

  var reason: Reason
  var step: Int
}
