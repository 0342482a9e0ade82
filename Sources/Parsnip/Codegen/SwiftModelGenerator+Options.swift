extension SwiftModelGenerator {
  /// What the generated code looks like.
  ///
  /// ```swift
  /// var options = SwiftModelGenerator.Options(rootName: "Shop")
  /// options.declaration = .finalClass
  /// options.accessLevel = .public
  /// options.conformances = [.sendable, .equatable]
  /// ```
  public struct Options: Sendable, Hashable {
    /// The kind of type generated for objects.
    public enum Declaration: Sendable, Hashable {
      /// `struct`. The default.
      case `struct`
      /// `final class` (with `==` and `hash(into:)` written out when asked for).
      case finalClass
    }

    /// The coding layer the types conform to.
    public enum Layer: Sendable, Hashable {
      /// Plain `Codable` with `CodingKeys` where keys and property names differ, and a `<Root>Coding` enum whose
      /// decoders and encoders (Parsnip's and Foundation's) are set up for the types' dates. The default.
      case codable
      /// Parsnip's ``JSONModel``: keys that the model layer's snake_case conversion does not give are listed in
      /// `keyOverrides`.
      case jsonModel
    }

    /// The access level written on every generated declaration.
    public enum AccessLevel: String, Sendable, Hashable {
      /// No modifier. The default.
      case `internal`
      /// `public`.
      case `public`
      /// `package`.
      case `package`
    }

    /// Protocols the generated types conform to besides `Codable`.
    public struct Conformances: OptionSet, Sendable, Hashable {
      public let rawValue: Int
      /// Creates a set from its raw value.
      public init(rawValue: Int) { self.rawValue = rawValue }
      /// `Sendable` (left out for a `final class` with `var` properties, which cannot be `Sendable`).
      public static let sendable = Conformances(rawValue: 1)
      /// `Equatable`.
      public static let equatable = Conformances(rawValue: 2)
      /// `Hashable` (which includes `Equatable`).
      public static let hashable = Conformances(rawValue: 4)
    }

    /// The name of the type for a whole sample. Default `Root`.
    ///
    /// A name that is not an uppercase ASCII letter followed by letters, digits and `_`, or that the generated code
    /// uses itself (`String`, `Hasher`, `DecodingError`, ...), is made into one as keys are: `user` → `User`,
    /// `Hasher` → `HasherValue`.
    public var rootName: String
    /// `struct` or `final class`. Default `struct`.
    public var declaration: Declaration
    /// Whether properties are `var` rather than `let`. Default `false`. (`@UnknownFallback` properties are always
    /// `var`, as property wrappers require.)
    public var usesVar: Bool
    /// The access level. Default `internal`.
    public var accessLevel: AccessLevel
    /// `Codable` or ``JSONModel``. Default `Codable`.
    public var layer: Layer
    /// Extra conformances. Default `Sendable` and `Hashable`.
    public var conformances: Conformances
    /// Whether each object type gets a partial mirror beside it: `<Name>Partial`, a `Codable` struct whose every
    /// member is optional and whose members that fail to decode read as `nil`, to show a value while it streams
    /// (decode a ``PartialJSON`` snapshot into it). Members of generated object types are their mirrors. Default
    /// `false`.
    public var partialMirrors: Bool

    /// Creates options.
    /// - Parameters:
    ///   - rootName: The root type's name (default `Root`).
    ///   - declaration: `struct` (the default) or `final class`.
    ///   - usesVar: `var` properties instead of `let` (default `false`).
    ///   - accessLevel: The access level (default `internal`).
    ///   - layer: `Codable` (the default) or ``JSONModel``.
    ///   - conformances: Extra conformances (default `Sendable`, `Hashable`).
    ///   - partialMirrors: Whether each object type gets a partial mirror (default `false`).
    public init(
      rootName: String = "Root", declaration: Declaration = .struct, usesVar: Bool = false,
      accessLevel: AccessLevel = .internal, layer: Layer = .codable,
      conformances: Conformances = [.sendable, .hashable], partialMirrors: Bool = false
    ) {
      self.rootName = rootName
      self.declaration = declaration
      self.usesVar = usesVar
      self.accessLevel = accessLevel
      self.layer = layer
      self.conformances = conformances
      self.partialMirrors = partialMirrors
    }
  }
}
