/// One generated type: a struct (or class) of properties, a `String`-backed enum with a fallback case, an enum
/// over discriminated variants, or a type alias for a root that is not an object.
struct SwiftDeclaration {
  /// A stored property and the JSON member it is read from.
  struct Property {
    var key: String
    var name: String
    var type: SwiftTypeReference
    /// Wrapped in `@UnknownFallback` (a `String`-backed enum that reads unknown values as its fallback case).
    var usesFallback: Bool
  }

  /// A case of a `String`-backed enum.
  struct EnumCase {
    var name: String
    var rawValue: String
  }

  /// A case of a discriminated union: the discriminator's value and the struct it decodes.
  struct Variant {
    var value: String
    var name: String
    var payload: Int
  }

  enum Kind {
    case structure([Property])
    case stringEnum([EnumCase], fallback: String)
    case union(discriminator: String, [Variant])
    case alias(SwiftTypeReference)
  }

  var kind: Kind
  /// Names to try, best first; the last one is numbered when all are taken.
  var nameCandidates: [String]
  /// How deep in the samples the declaration was first met; shallower declarations choose their names first.
  var depth: Int
  /// Its place in the order the declarations were made: a declaration refers only to declarations of lower rank
  /// (they are made first), so walking by rank sees every type before its users.
  let rank: Int
  /// Filled in once every declaration is known.
  var name = ""
}
