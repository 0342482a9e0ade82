extension JSONSchema {
  /// The JSON Schema drafts Parsnip implements.
  public enum Draft: String, Sendable, Hashable, CaseIterable {
    /// Draft 2020-12, `https://json-schema.org/draft/2020-12/schema`.
    case draft2020_12 = "2020-12"
    /// Draft 2019-09, `https://json-schema.org/draft/2019-09/schema`.
    case draft2019_09 = "2019-09"
    /// Draft 7, `http://json-schema.org/draft-07/schema#`.
    case draft7 = "7"

    /// The draft's meta-schema URI, as `$schema` names it.
    public var metaSchemaURI: String {
      switch self {
      case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
      case .draft2019_09: "https://json-schema.org/draft/2019-09/schema"
      case .draft7: "http://json-schema.org/draft-07/schema#"
      }
    }
  }

  /// How a schema is compiled and how validation reports.
  public struct Options: Sendable {
    /// The draft of a schema without `$schema` (default: 2020-12). A `$schema` in the schema wins.
    public var draft: Draft = .draft2020_12
    /// The documents that references may name, beside the schema itself and the shipped meta-schemas (default:
    /// none). Nothing is ever fetched from the network.
    public var registry: Registry = Registry()
    /// Whether `format` is an assertion (default: `false`, an annotation, as 2020-12 specifies). A meta-schema
    /// whose `$vocabulary` requires format-assertion makes it one too. Unknown formats always pass.
    public var assertsFormats: Bool = false
    /// The most errors ``JSONSchema/validate(_:)-(JSON)`` collects for one instance (default: 100); validation
    /// stops collecting there.
    public var maximumErrors: Int = 100
    /// Whether ``JSONSchema/validate(_:)-(JSON)`` lists a valid instance's annotations (`title`, `default`,
    /// `readOnly`, …) in ``JSONSchema/Output/annotations`` (default: `false`: collecting them costs a second pass).
    public var collectsAnnotations: Bool = false
    /// Whether the schema is checked against its meta-schema before it is compiled (default: `true`).
    public var validatesSchema: Bool = true
    /// The most subschema evaluations one instance may cost (default: 10 000 000). A schema whose `anyOf` and
    /// `oneOf` nest so that the work grows exponentially stops there: the instance is invalid, with an error that
    /// says the budget was exceeded, instead of validation running for hours.
    public var evaluationBudget: Int = 10_000_000

    /// Options with the defaults.
    public init() {}

    /// Options with a draft for schemas without `$schema`, and optionally a registry.
    /// - Parameters:
    ///   - draft: The draft.
    ///   - registry: The documents references may name.
    ///   - assertsFormats: Whether `format` asserts.
    public init(draft: Draft, registry: Registry = Registry(), assertsFormats: Bool = false) {
      self.draft = draft
      self.registry = registry
      self.assertsFormats = assertsFormats
    }
  }
}

extension JSONSchema {
  /// The meta-schema of a draft, compiled: `JSONSchema.metaSchema(for: .draft2020_12).validate(schema)` checks a
  /// schema against its meta-schema.
  /// - Parameter draft: The draft.
  /// - Returns: The draft's meta-schema (compiled once, on first use).
  public static func metaSchema(for draft: Draft) -> JSONSchema { MetaSchemas.compiled(draft) }
}

extension SchemaCompiler {
  /// Checks a schema against its draft's meta-schema (the draft of its `$schema`, or of a custom meta-schema's
  /// `$schema`, else the options' draft).
  /// - Throws: ``JSONSchemaError/Kind/invalidSchema`` at the first error's location.
  mutating func checkAgainstMetaSchema(_ schema: JSON) throws(JSONSchemaError) {
    var draft = options.draft
    if case .object(let object) = schema, case .string? = object["$schema"] {
      let location = Location(document: 0, tokens: [])
      documents.append(schema)
      defer { documents.removeLast() }
      draft = try dialect(of: schema, default: SchemaDialect(draft), isRoot: true, at: location).draft
    }
    let output = MetaSchemas.compiled(draft).validate(schema)
    guard let first = output.errors.first else { return }
    throw JSONSchemaError(
      .invalidSchema, "the schema is not valid against the draft \(draft.rawValue) meta-schema: \(first.message)",
      at: first.instanceLocation, schemaLocation: first.absoluteKeywordLocation)
  }
}
