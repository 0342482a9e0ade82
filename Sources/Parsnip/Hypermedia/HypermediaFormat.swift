/// The hypermedia formats Parsnip expands, and how a document's format is told from its shape.
public enum HypermediaFormat: String, Sendable, Hashable, CaseIterable {
  /// JSON Templates Expander documents (``JSONTemplates``): a top-level `links` of `collection.field` templates.
  case jsonTemplates = "jte"
  /// JSON:API 1.1 documents (``JSONAPI``): a top-level `data`.
  case jsonAPI = "jsonapi"

  /// The default budget of an expansion's output, in bytes of its compact JSON text: 64 MiB
  /// (``JSONAPI/FlattenOptions/maximumOutputSize``, ``JSONTemplates/Options/maximumOutputSize``, and the whole
  /// output of `parsnip uri-template`).
  public static var defaultMaximumOutputSize: Int { 1 << 26 }

  /// The format of a document: JSON:API when it has a top-level `data`, JSON Templates Expander when its top-level
  /// `links` is an object with a `collection.field` key; otherwise `nil`.
  /// - Parameter document: The document.
  public static func detect(_ document: JSON) -> HypermediaFormat? {
    guard case .object(let object) = document else { return nil }
    if object["data"] != nil { return .jsonAPI }
    if case .object(let links) = object["links"] ?? .null,
      links.keys.contains(where: { $0.utf8.contains(UInt8(ascii: ".")) })
    {
      return .jsonTemplates
    }
    return nil
  }
}
