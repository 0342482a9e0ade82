import Foundation

/// A model that keeps the JSON members it does not declare and writes them back, so decode → change → encode
/// loses nothing.
///
/// ```swift
/// struct Profile: UnknownFieldsPreserving {
///   var name = ""
///   var unknownFields: JSONObject = [:]
/// }
/// var profile = try Profile(json: ["name": "Ann", "theme": "dark"])
/// profile.unknownFields["theme"]  // → "dark"
/// profile.name = "Anna"
/// try profile.json()  // → {"name":"Anna","theme":"dark"}
/// ```
///
/// The `unknownFields` property itself is never encoded or decoded as a member. Unknown members are written after
/// the declared ones; a declared member of the same name wins.
public protocol UnknownFieldsPreserving: JSONModel {
  /// The members of the source JSON that the model does not declare, in document order.
  var unknownFields: JSONObject { get set }
}
