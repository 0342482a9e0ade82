import Foundation

/// Mutable state of one streaming encode, kept behind a pointer so that the hot paths are plain memory accesses
/// (no exclusivity bookkeeping on class properties).
struct StreamCore {
  var output: OutputCore
  /// The slot whose value is expected next (a key or separator was written for it); `0` when none.
  var pendingSlot = 0
  var pendingKey: PathComponent = .none
  /// Set when containers were used in a way streaming cannot follow; the value is then re-encoded as a tree.
  var needsFallback = false
  /// Set when a container operation threw after writing a key or separator; if the error is caught and encoding
  /// goes on, the output is redone as a tree.
  var sawSwallowableError = false
  var finished = false
  /// Set when ``StreamEncoderState/takeData()`` handed the output buffer over to `Data`.
  var outputTaken = false
  /// Class instances being encoded, for cycle detection.
  var activeObjects: [ObjectIdentifier] = []
  /// Nesting of `encode(to:)` calls, bounded so that runaway recursion fails before the stack does.
  var callDepth = 0
  /// Whether the stack has room for deeper calls, whatever `callDepth`'s limit.
  var stack = StackGuard()
}

/// What a one-word type without its own fast path is.
enum OneWordKind {
  /// Encoded through its conformance.
  case plain
  /// An array of `Encodable` elements, written by its type's ``EncodableArray/encodeElements(at:into:depth:)``.
  case array(any EncodableArray.Type)
  /// A `[String: Value]` dictionary, written by its type's
  /// ``StringKeyedEncodableDictionary/encodeMembers(at:into:depth:)``.
  case dictionary(any StringKeyedEncodableDictionary.Type)
  /// A class instance, tracked for cycles.
  case object
}
