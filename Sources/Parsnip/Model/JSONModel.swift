import Foundation

/// A Codable model with the conveniences of SwiftJSONModel and Moonflower: build it from JSON, update it from
/// partial JSON, turn it back into JSON, with snake_case keys, per-type key overrides, ignored properties, date
/// formats, polymorphism, hooks and unknown-field preservation.
///
/// Conform a struct or a final class with synthesized `Codable`; every requirement has a default:
///
/// ```swift
/// struct Shop: JSONModel {
///   var isOpen = false
///   var shopId = 0
///   var shopName: String?
///   var isOldShop: Bool { shopId > 0 && shopId < 100_000_000 }  // computed: never encoded
/// }
/// let shop = try Shop(json: ["is_open": true, "shop_id": 200010000, "shop_name": "Wisdom Bookshop"])
/// shop.shopName        // → "Wisdom Bookshop"
/// try shop.json()      // → {"is_open":true,"shop_id":200010000,"shop_name":"Wisdom Bookshop"}
/// ```
///
/// Keys are converted from property names to snake_case both ways by default (``JSONModelConfiguration/keyStyle``);
/// ``keyOverrides`` names a JSON key for a property explicitly. Optional properties that are `nil` are written as
/// `null` by default, as Moonflower does (``JSONModelConfiguration/nullEncoding``).
///
/// Ignored properties are neither decoded nor encoded and keep their values. With Codable there are three ways:
/// - leave the property out of a hand-written `CodingKeys` enum (it needs a default value);
/// - wrap it in ``Ignored`` (`@Ignored var logo: Logo? = nil`), which keeps it out without a `CodingKeys` enum;
/// - list it in ``ignoredKeys``: it is skipped on encoding and reads as absent on decoding, so this suits optional
///   properties (a non-optional one would be a missing key; use one of the first two ways).
///
/// When a model is updated (``update(from:nullsRemoveMembers:configuration:)``), ignored properties keep their
/// current values.
///
/// > Note: In a struct with a stored property named `json` (or `jsonData`, `jsonString`, `dictionary`) and
/// > defaults for the others, `Model(json: value)` calls the memberwise initializer. Pass the configuration
/// > (`Model(json: value, configuration: nil)`) to call the model initializer.
///
/// Models nest: properties may be other models, arrays or dictionaries of models, optionals, enums with raw values,
/// `Date` (``dateFormat``), `URL`, `Data` (base64), `Decimal`, every integer width and floating-point type, and
/// ``JSON`` values. The hooks ``didDecode(from:)`` and ``willEncode(into:)`` run for nested models too.
public protocol JSONModel: Codable, SendableMetatype {
  /// JSON keys for properties whose key is not the converted property name: property name → JSON key.
  ///
  /// Default: empty. Example: `["name": "username", "commentID": "comment_id"]`.
  static var keyOverrides: [String: String] { get }

  /// Properties that are neither encoded nor decoded (see ``JSONModel`` for the ways to ignore a property).
  ///
  /// Default: empty.
  static var ignoredKeys: Set<String> { get }

  /// The date format for this type's `Date` properties, as a `DateFormatter` pattern read in the `en_US_POSIX`
  /// locale and UTC; `nil` uses the configuration's ``JSONModelConfiguration/dateFormat``.
  ///
  /// Default: `nil`.
  static var dateFormat: String? { get }

  /// The name written under the class key for polymorphic models (see ``PolymorphicJSONModel``).
  ///
  /// Default: the type's name, such as `"User"`. In a class hierarchy, a subclass's `static var` does not replace
  /// the base class's witness; declare `class var modelName` in the base class to override it, or register the
  /// subclass under another name (``JSONModelRegistry/register(_:as:)``).
  static var modelName: String { get }

  /// The configuration used by the conveniences of this type when none is passed.
  ///
  /// Default: ``JSONModelConfiguration/default``.
  static var modelConfiguration: JSONModelConfiguration { get }

  /// Called after the model was decoded, with the JSON object it was decoded from.
  ///
  /// Use it for additional setup, such as deriving values from members the model does not declare. Default: does
  /// nothing.
  /// - Parameter json: The source JSON of this model (for nested models, their own object).
  /// - Throws: Any error, which fails the decoding.
  mutating func didDecode(from json: JSON) throws

  /// Called after the model was encoded, to amend the outgoing JSON.
  ///
  /// The JSON already has converted keys, the class key and preserved unknown fields. Default: does nothing.
  /// - Parameter json: The model's JSON object, to change in place.
  /// - Throws: Any error, which fails the encoding.
  func willEncode(into json: inout JSON) throws
}

extension JSONModel {
  /// No overrides.
  public static var keyOverrides: [String: String] { [:] }
  /// No ignored properties.
  public static var ignoredKeys: Set<String> { [] }
  /// The configuration's format.
  public static var dateFormat: String? { nil }
  /// The type's name.
  public static var modelName: String { String(describing: self) }
  /// ``JSONModelConfiguration/default``.
  public static var modelConfiguration: JSONModelConfiguration { .default }
  /// Does nothing.
  /// - Parameter json: The source JSON.
  public mutating func didDecode(from json: JSON) throws {}
  /// Does nothing.
  /// - Parameter json: The outgoing JSON.
  public func willEncode(into json: inout JSON) throws {}
}
