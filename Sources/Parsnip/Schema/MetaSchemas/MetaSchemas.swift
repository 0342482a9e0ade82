/// The meta-schemas of the three drafts, shipped inside the library: references to them resolve without a
/// registry, and ``JSONSchema/metaSchema(for:)`` validates a schema against its draft in one call.
enum MetaSchemas {
  /// Every shipped document by URI (without fragment), parsed once on first use.
  static let documents: [String: JSON] = {
    var documents: [String: JSON] = [:]
    for (uri, text) in draft2020_12 + draft2019_09 + draft7 {
      do {
        documents[uri] = try JSON(parsing: text)
      } catch {
        preconditionFailure("a shipped meta-schema is not JSON: \(uri): \(error)")
      }
    }
    return documents
  }()

  /// The shipped document with this URI (without fragment), if any.
  static func document(for uri: String) -> JSON? { documents[uri] }

  /// Each draft's meta-schema compiled, on first use.
  static let compiled2020_12 = compile(.draft2020_12)
  static let compiled2019_09 = compile(.draft2019_09)
  static let compiled7 = compile(.draft7)

  static func compiled(_ draft: JSONSchema.Draft) -> JSONSchema {
    switch draft {
    case .draft2020_12: compiled2020_12
    case .draft2019_09: compiled2019_09
    case .draft7: compiled7
    }
  }

  private static func compile(_ draft: JSONSchema.Draft) -> JSONSchema {
    var options = JSONSchema.Options(draft: draft)
    options.validatesSchema = false
    guard let document = documents[SchemaURI.withoutFragment(draft.metaSchemaURI)] else {
      preconditionFailure("no shipped meta-schema for draft \(draft.rawValue)")
    }
    do {
      return try JSONSchema(document, options: options)
    } catch {
      preconditionFailure("a shipped meta-schema does not compile: \(error)")
    }
  }
}
