import Foundation

/// A type that can be created without arguments.
///
/// A ``JSONModel`` that is also `DefaultInitializable` accepts JSON with members missing: each missing member
/// keeps the value that `init()` gives it, as SwiftJSONModel and Moonflower do. (Plain Codable would fail with
/// `keyNotFound`.) A struct whose stored properties all have default values gets `init()` for free.
///
/// ```swift
/// struct Book: JSONModel, DefaultInitializable {
///   var name: String?
///   var price = 100
/// }
/// try Book(json: ["name": "Data Mining"]).price  // → 100
/// ```
///
/// Members present with `null` are not missing: they decode as `nil` (or fail for a non-optional property).
public protocol DefaultInitializable {
  /// Creates a value with default property values.
  init()
}
