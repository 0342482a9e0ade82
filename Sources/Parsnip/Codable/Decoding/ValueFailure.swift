import Foundation

/// Why a value could not be read, found on the hot path without building any text; the container that asked turns
/// it into a `DecodingError` with the coding path, only when it is thrown.
struct ValueFailure: Error {
  enum Reason {
    /// The value has another JSON type (`valueNotFound` when it is `null`).
    case mismatch
    /// The value has the right JSON type but does not fit (a number out of range, a malformed date...).
    case corrupted(String)
  }

  var reason: Reason
  /// The type that was asked for (`[String: Any]` / `[Any]` for containers, as in Foundation).
  var expected: Any.Type
  var node: Int

  static func mismatch(_ expected: Any.Type, _ node: Int) -> ValueFailure {
    ValueFailure(reason: .mismatch, expected: expected, node: node)
  }

  static func corrupted(_ message: String, _ expected: Any.Type, _ node: Int) -> ValueFailure {
    ValueFailure(reason: .corrupted(message), expected: expected, node: node)
  }
}
