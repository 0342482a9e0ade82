import Foundation

/// How the model layer maps models to JSON: key style, `nil` handling, dates, the class key and the registry.
///
/// The defaults follow Moonflower: snake_case keys, `null` for `nil`, dates as `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC.
/// Pass a configuration to any model convenience, or make it a type's default with
/// ``JSONModel/modelConfiguration``.
///
/// ```swift
/// var configuration = JSONModelConfiguration()
/// configuration.nullEncoding = .omit
/// configuration.classKey = "_mf_class_key"  // Moonflower's key
/// ```
public struct JSONModelConfiguration: Sendable {
  /// How property names become JSON keys.
  public enum KeyStyle: Sendable, Hashable {
    /// camelCase properties ↔ snake_case keys (`profilePicUrl` ↔ `profile_pic_url`), converted with the same
    /// rules as `ParsnipEncoder.KeyEncodingStrategy.convertToSnakeCase`. The default.
    case snakeCase
    /// Keys are the property names.
    case propertyNames
  }

  /// How a `nil` optional property is written.
  public enum NullEncoding: Sendable, Hashable {
    /// As `null`, as Moonflower does. The default.
    case null
    /// Left out.
    case omit
  }

  /// Key style. Default ``KeyStyle/snakeCase``.
  public var keyStyle: KeyStyle
  /// `nil` handling. Default ``NullEncoding/null``.
  public var nullEncoding: NullEncoding
  /// The date format of `Date` properties, a `DateFormatter` pattern read in the `en_US_POSIX` locale and UTC.
  ///
  /// Default `yyyy-MM-dd'T'HH:mm:ss'Z'` (Moonflower's). With this default, decoding also accepts fractional seconds
  /// and time zone offsets (any RFC 3339 date-time). A type can override it with ``JSONModel/dateFormat``.
  public var dateFormat: String
  /// The member that names a polymorphic model's type (see ``PolymorphicJSONModel``). Default `"_class"`, short
  /// and unlikely to clash with a property; use `"_mf_class_key"` to read and write Moonflower's JSON.
  public var classKey: String
  /// The types that the class key can name. Default: empty.
  public var registry: JSONModelRegistry
  /// The deepest nesting accepted when parsing text and when encoding. Default 512.
  public var maximumDepth: Int

  /// The default date format, `yyyy-MM-dd'T'HH:mm:ss'Z'`.
  public static let defaultDateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"

  /// Creates a configuration.
  /// - Parameters:
  ///   - keyStyle: Key style (default ``KeyStyle/snakeCase``).
  ///   - nullEncoding: `nil` handling (default ``NullEncoding/null``).
  ///   - dateFormat: Date format (default ``defaultDateFormat``).
  ///   - classKey: The class key (default `"_class"`).
  ///   - registry: Polymorphic types (default empty).
  ///   - maximumDepth: Nesting limit (default 512).
  public init(
    keyStyle: KeyStyle = .snakeCase, nullEncoding: NullEncoding = .null,
    dateFormat: String = JSONModelConfiguration.defaultDateFormat, classKey: String = "_class",
    registry: JSONModelRegistry = JSONModelRegistry(), maximumDepth: Int = 512
  ) {
    self.keyStyle = keyStyle
    self.nullEncoding = nullEncoding
    self.dateFormat = dateFormat
    self.classKey = classKey
    self.registry = registry
    self.maximumDepth = maximumDepth
  }

  /// The defaults.
  public static var `default`: JSONModelConfiguration { JSONModelConfiguration() }

  /// The `userInfo` key under which encoders and decoders driven by the model layer carry the configuration.
  public static let userInfoKey = CodingUserInfoKey(rawValue: "Parsnip.JSONModelConfiguration")!
}
