/// The keywords in force for one schema resource: its draft and the vocabularies its meta-schema declares.
struct SchemaDialect: Hashable, Sendable {
  var draft: JSONSchema.Draft
  var vocabularies: Vocabularies

  /// The vocabularies of the 2019-09 and 2020-12 specifications (draft 7 has them all, unnamed).
  struct Vocabularies: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    static let core = Vocabularies(rawValue: 1 << 0)
    static let applicator = Vocabularies(rawValue: 1 << 1)
    static let unevaluated = Vocabularies(rawValue: 1 << 2)
    static let validation = Vocabularies(rawValue: 1 << 3)
    static let metaData = Vocabularies(rawValue: 1 << 4)
    static let formatAnnotation = Vocabularies(rawValue: 1 << 5)
    static let formatAssertion = Vocabularies(rawValue: 1 << 6)
    static let content = Vocabularies(rawValue: 1 << 7)
    static let standard: Vocabularies = [
      .core, .applicator, .unevaluated, .validation, .metaData, .formatAnnotation, .content,
    ]
  }

  /// A draft with its meta-schema's vocabularies.
  init(_ draft: JSONSchema.Draft, vocabularies: Vocabularies = .standard) {
    self.draft = draft
    self.vocabularies = vocabularies
  }

  /// The draft a `$schema` value names, when it names one of the three (with or without an empty fragment).
  static func draft(forMetaSchema uri: String) -> JSONSchema.Draft? {
    switch SchemaURI.withoutFragment(uri) {
    case "https://json-schema.org/draft/2020-12/schema": .draft2020_12
    case "https://json-schema.org/draft/2019-09/schema": .draft2019_09
    case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema": .draft7
    default: nil
    }
  }

  /// The vocabulary a `$vocabulary` key names, `nil` when unknown.
  static func vocabulary(_ uri: String) -> Vocabularies? {
    for draft in ["2020-12", "2019-09"] {
      let prefix = "https://json-schema.org/draft/\(draft)/vocab/"
      guard uri.hasPrefix(prefix) else { continue }
      switch uri.dropFirst(prefix.count) {
      case "core": return .core
      case "applicator": return draft == "2019-09" ? [.applicator, .unevaluated] : .applicator
      case "unevaluated": return .unevaluated
      case "validation": return .validation
      case "meta-data": return .metaData
      case "format-annotation": return .formatAnnotation
      case "format-assertion": return .formatAssertion
      case "format": return .formatAnnotation
      case "content": return .content
      default: return nil
      }
    }
    return nil
  }

  var has2019: Bool { draft != .draft7 }
  var is2020: Bool { draft == .draft2020_12 }

  /// Whether a keyword is one of this dialect's applicators whose value is a schema (`.single`), an array of schemas
  /// (`.array`) or an object of schemas (`.map`); what resource scanning and pointer resolution follow.
  func subschemaShape(of keyword: String) -> SubschemaShape? {
    let applicator = vocabularies.contains(.applicator) || draft == .draft7
    switch keyword {
    case "$defs": return has2019 ? .map : nil
    case "definitions": return .map
    case "not", "if", "then", "else", "contains", "propertyNames", "additionalProperties":
      return applicator ? .single : nil
    case "allOf", "anyOf", "oneOf": return applicator ? .array : nil
    case "properties", "patternProperties": return applicator ? .map : nil
    case "dependentSchemas": return applicator && has2019 ? .map : nil
    case "dependencies": return draft == .draft7 ? .map : nil
    case "items": return applicator ? (is2020 ? .single : .singleOrArray) : nil
    case "prefixItems": return applicator && is2020 ? .array : nil
    case "additionalItems": return applicator && !is2020 ? .single : nil
    case "unevaluatedProperties", "unevaluatedItems":
      return vocabularies.contains(.unevaluated) && has2019 ? .single : nil
    case "contentSchema": return has2019 && vocabularies.contains(.content) ? .single : nil
    default: return nil
    }
  }

  enum SubschemaShape {
    case single, array, map, singleOrArray
  }
}
